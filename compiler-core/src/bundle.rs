//! The device-image bundle: the contract between compiler and runtime. The
//! driver serialises it (JSON) into the wrapper object; the runtime reads it
//! back when the program registers its images at load time.

use crate::target::TargetKind;
use serde::{Deserialize, Serialize};

pub const BUNDLE_FORMAT_VERSION: u32 = 1;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DeviceBundle {
    pub format_version: u32,
    pub images: Vec<DeviceImage>,
}

impl DeviceBundle {
    pub fn to_bytes(&self) -> Vec<u8> {
        serde_json::to_vec(self).expect("bundle serialises")
    }
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, serde_json::Error> {
        serde_json::from_slice(bytes)
    }
}

/// One SPIR-V module and the kernels it defines.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DeviceImage {
    pub target: TargetKind,
    /// SPIR-V words.
    pub spirv: Vec<u32>,
    pub kernels: Vec<KernelInfo>,
}

/// Everything the runtime needs to launch one kernel.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KernelInfo {
    /// Lookup key: the host compiler's `typeid(KernelName*).name()`, i.e. `P`
    /// followed by the Itanium mangling of the kernel name type.
    pub key: String,
    /// Human-readable kernel name for messages (`VectorAdd`, `lambda at x.cpp:12:5`).
    pub display_name: String,
    /// SPIR-V entry point name.
    pub entry_point: String,
    /// 1, 2 or 3.
    pub dimensions: u32,
    /// The work-group size compiled into the entry point.
    pub work_group_size: [u32; 3],
    /// Byte size of each argument of the kernel entry function, in order; the
    /// host checks the sizes it passes against these.
    pub arg_sizes: Vec<u32>,
    /// Size in bytes of the by-value parameter block (binding 0, a uniform
    /// buffer: an array of 16-byte `uvec4`s; a multiple of 16, 0 for none —
    /// the runtime then binds 16 zero bytes).
    pub param_block_size: u32,
    /// Storage-buffer bindings 1.. in order.
    pub buffers: Vec<BufferBinding>,
    /// Bytes copied from the host arguments into the parameter block.
    pub scalars: Vec<ScalarCopy>,
    /// The kernel waits at work-group barriers.
    #[serde(default)]
    pub uses_barrier: bool,
    /// Work-group memory arrays (`local_accessor`s), sized at launch.
    #[serde(default)]
    pub local_arrays: Vec<LocalArray>,
    /// The kernel uses sub-group built-ins or collectives: devices without
    /// sub-group support cannot run it (`errc::kernel_not_supported`).
    #[serde(default)]
    pub uses_subgroups: bool,
}

/// A `local_accessor` captured by the kernel: an array in work-group memory.
/// On the host its closure member at `arg`/`offset` holds the byte offset
/// of its memory in the command group's local-memory arena (8 bytes, little
/// endian); the launch says how many bytes each arena offset has. The
/// runtime sets the array's length by rewriting the SPIR-V constant
/// `length_id` (a `u32`, emitted for this array alone) to `bytes / elem_size`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LocalArray {
    pub arg: u32,
    pub offset: u32,
    pub elem_size: u32,
    pub length_id: u32,
    /// For diagnostics: the capture or field name.
    pub name: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Access {
    Read,
    Write,
    ReadWrite,
    /// The kernel never dereferences the pointer.
    None,
}

impl Access {
    pub fn reads(self) -> bool {
        matches!(self, Access::Read | Access::ReadWrite)
    }
    pub fn writes(self) -> bool {
        matches!(self, Access::Write | Access::ReadWrite)
    }
}

/// Where a global-memory pointer comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PointerOrigin {
    /// A USM pointer captured by value.
    Usm,
    /// The data pointer inside a special subobject (`sycl::accessor`): the
    /// address of the buffer's host storage.
    Accessor,
}

/// A pointer found inside the host arguments that becomes a storage buffer.
/// The runtime reads the host address at `arg`/`offset`, finds the allocation
/// that contains it, binds that allocation at `binding` and writes the element
/// offset of the address into the parameter block at `offset_slot`
/// (`index_bytes` wide, little endian).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BufferBinding {
    pub binding: u32,
    pub arg: u32,
    pub offset: u32,
    pub origin: PointerOrigin,
    pub access: Access,
    /// Size of the element type the kernel indexes with.
    pub elem_size: u32,
    pub offset_slot: u32,
    pub index_bytes: u32,
    /// For diagnostics: the capture or field name.
    pub name: String,
}

/// `size` bytes at `arg`/`offset` in the host arguments go to `dest` in the
/// parameter block.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScalarCopy {
    pub arg: u32,
    pub offset: u32,
    pub size: u32,
    pub dest: u32,
}
