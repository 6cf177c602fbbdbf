//! The Syclone native runtime (`libsyclone_rt`): the C ABI of
//! `include/sycl/detail/runtime_abi.h` over wgpu/Vulkan devices and the host
//! CPU device.
//!
//! - `abi`: the `extern "C"` entry points (the only `unsafe` edge);
//! - `error`: typed errors, the thread-local last error and `errc` values;
//! - `registry`: device images registered at load time, kernels by key;
//! - `selector`: `ONEAPI_DEVICE_SELECTOR`;
//! - `device`: the Vulkan devices (wgpu) and the host CPU device;
//! - `memory`: allocations, the address interval map, the coherence model;
//! - `sync`: waits, allocation, release: the host/device synchronisation points;
//! - `launch`: kernel launches on either kind of device;
//! - `queue`: the queue and event objects.

pub mod abi;
pub mod device;
pub mod error;
pub mod launch;
pub mod memory;
pub mod queue;
pub mod registry;
pub mod selector;
pub mod sync;

pub use abi::*;
pub use device::vulkan_adapter_names;
pub use error::{last_error_message, Errc};
