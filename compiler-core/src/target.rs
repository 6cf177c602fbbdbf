//! Target properties of a device image: what the compiler may assume about the
//! device that runs it (index width, optional arithmetic types).

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TargetKind {
    /// Vulkan-flavour SPIR-V (Shader capability, logical addressing).
    #[serde(rename = "spirv64-vulkan")]
    SpirvVulkan,
    /// SPIR-V meant to be translated to WGSL for WebGPU.
    #[serde(rename = "spirv32-webgpu")]
    SpirvWebGpu,
}

impl TargetKind {
    pub fn triple(self) -> &'static str {
        match self {
            TargetKind::SpirvVulkan => "spirv64-vulkan",
            TargetKind::SpirvWebGpu => "spirv32-webgpu",
        }
    }
    pub fn from_triple(s: &str) -> Option<Self> {
        match s {
            "spirv64-vulkan" | "spirv64" | "vulkan" => Some(TargetKind::SpirvVulkan),
            "spirv32-webgpu" | "webgpu" => Some(TargetKind::SpirvWebGpu),
            _ => None,
        }
    }
}

/// Properties that decide how device code is lowered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TargetProperties {
    pub kind: TargetKind,
    /// Width of `size_t`/index arithmetic in device code: 32 or 64.
    pub index_bits: u32,
    pub fp64: bool,
    pub int64: bool,
    /// Float atomic adds on global memory may use the device's own
    /// instruction (`OpAtomicFAddEXT`) where it has one, chosen at launch
    /// (see `lower/atomic.rs`); otherwise, and always on WebGPU, they are
    /// compare-exchange loops.
    #[serde(default)]
    pub float_atomic_add: bool,
    /// Stores of 8- and 16-bit scalars to global memory may be plain byte
    /// (or 16-bit) stores where the device has 8- or 16-bit storage, chosen
    /// at launch (see `lower/byte_memory.rs`); otherwise, and always on
    /// WebGPU, they are atomic operations on their word.
    #[serde(default)]
    pub narrow_storage: bool,
}

impl TargetProperties {
    pub fn for_kind(kind: TargetKind) -> Self {
        match kind {
            TargetKind::SpirvVulkan => TargetProperties {
                kind,
                index_bits: 64,
                fp64: true,
                int64: true,
                float_atomic_add: true,
                narrow_storage: true,
            },
            TargetKind::SpirvWebGpu => TargetProperties {
                kind,
                index_bits: 32,
                fp64: false,
                int64: false,
                float_atomic_add: false,
                narrow_storage: false,
            },
        }
    }
}
