//! The Syclone native runtime (`libsyclone_rt`): the C ABI of
//! `include/sycl/detail/runtime_abi.h` over wgpu/Vulkan devices and the host
//! CPU device.
//!
//! - `abi`: the `extern "C"` entry points (the only `unsafe` edge);
//! - `error`: typed errors, the thread-local last error and `errc` values;
//! - `registry`: device images registered at load time, kernels by key;
//! - `selector`: `ONEAPI_DEVICE_SELECTOR`;
//! - `device`: the device list and descriptors, the Vulkan devices (wgpu),
//!   the host CPU device, the profiling clock;
//! - `device_global`: `device_global` variables and their device copies;
//! - `device_assert`: failed `assert`s of device code, read at waits;
//! - `device_printf`: kernel printf output, printed at waits;
//! - `memory`: allocations, the address interval map, the coherence model;
//! - `sync`: waits, allocation, host access, release: the host/device
//!   synchronisation points;
//! - `launch`: kernel launches on either kind of device;
//! - `requirements`: what a kernel needs of the device and its launch;
//! - `usm`: USM copies, fills, prefetches, pointer queries;
//! - `queue`: queues, host tasks, barriers, and the scheduling model;
//! - `event`: events: status, waits, profiling;
//! - `kernel_compiler`: SYCL source compiled at run time in the sandbox;
//! - `teardown`: whether the calling thread is ending (waits at `exit`).

pub mod abi;
pub mod device;
pub mod device_assert;
pub mod device_global;
pub mod device_printf;
pub mod direct_transfer;
pub mod error;
pub mod event;
pub mod kernel_compiler;
pub mod launch;
pub mod memory;
pub mod queue;
pub mod registry;
pub mod requirements;
pub mod scheduler;
pub mod selector;
pub mod sync;
pub mod teardown;
pub mod usm;

pub use abi::*;
pub use device::vulkan_adapter_names;
pub use error::{last_error_message, Errc, RtResult};
