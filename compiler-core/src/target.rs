//! Target properties of a device image: what the compiler may assume about the
//! device that runs it (index width, optional arithmetic types).

use crate::bundle::Aspect;
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
    /// Whether a device of this target may have `aspect`. Kernels that
    /// need one it never has (fp64 on WebGPU) are compiled all the same, in
    /// an image of their own (post-link splits by aspects): launched on a
    /// device of the target they raise `errc::kernel_not_supported`, as on
    /// any device without the aspect, and the host device runs them.
    pub fn may_have(self, aspect: Aspect) -> bool {
        match self {
            TargetKind::SpirvVulkan => aspect != Aspect::ExtSycloneFpgaPipes,
            TargetKind::SpirvWebGpu => false,
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
    /// Whether the devices compute with 64-bit integers. Device code is
    /// lowered with them either way; post-link rewrites the kernels of
    /// images a target without them runs into pairs of 32-bit words
    /// (`passes::int64_pairs`).
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
                int64: true,
                float_atomic_add: true,
                narrow_storage: true,
            },
            TargetKind::SpirvWebGpu => TargetProperties {
                kind,
                index_bits: 32,
                int64: false,
                float_atomic_add: false,
                narrow_storage: false,
            },
        }
    }
}

/// The host the program's host pass compiles for. Its data model decides
/// the sizes of `long` and of pointers in both passes, and so the layout of
/// every class a kernel captures: the device pass must lay closures out as
/// the host compiler does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HostTarget {
    /// x86-64 Linux (LP64): `long` and pointers of 8 bytes.
    #[default]
    #[serde(rename = "x86_64-linux-gnu")]
    X86_64Linux,
    /// WebAssembly with WASI (ILP32), the browser playground's host: `long`
    /// and pointers of 4 bytes.
    #[serde(rename = "wasm32-wasi")]
    Wasm32Wasi,
}

impl HostTarget {
    pub fn from_triple(s: &str) -> Option<Self> {
        match s {
            "x86_64-linux-gnu" | "x86_64-pc-linux-gnu" | "x86_64-unknown-linux-gnu" => {
                Some(HostTarget::X86_64Linux)
            }
            "wasm32-wasi" | "wasm32-wasip1" | "wasm32-unknown-wasi" | "wasm32-unknown-wasip1" => {
                Some(HostTarget::Wasm32Wasi)
            }
            _ => None,
        }
    }
    /// Bytes of `long`, `unsigned long`, pointers and references.
    pub fn long_and_pointer_bytes(self) -> u32 {
        match self {
            HostTarget::X86_64Linux => 8,
            HostTarget::Wasm32Wasi => 4,
        }
    }

    /// The inline namespace the host's C++ library declares `std` in, which
    /// kernel names made of standard types carry: the wasm32 host's is
    /// libc++ built with ABI version 2 (`std::__2::vector`, as the WASI
    /// sysroot of the playground's clang has it); x86-64 Linux's is
    /// libstdc++, which has none.
    pub fn std_inline_namespace(self) -> Option<&'static str> {
        match self {
            HostTarget::X86_64Linux => None,
            HostTarget::Wasm32Wasi => Some("__2"),
        }
    }

    /// The host target of the compilation running on this thread
    /// ([`HostTarget::enter`]); x86-64 Linux outside one.
    pub fn current() -> HostTarget {
        CURRENT_HOST.with(|h| h.get())
    }

    /// Makes `self` the current host target until the guard drops. The
    /// data model is a property of the whole compilation, read by type
    /// sizes far from any options (`IntKind::size`).
    pub fn enter(self) -> HostTargetGuard {
        HostTargetGuard {
            previous: CURRENT_HOST.with(|h| h.replace(self)),
        }
    }
}

thread_local! {
    static CURRENT_HOST: std::cell::Cell<HostTarget> = const { std::cell::Cell::new(HostTarget::X86_64Linux) };
}

/// Restores the previous host target when dropped ([`HostTarget::enter`]).
pub struct HostTargetGuard {
    previous: HostTarget,
}

impl Drop for HostTargetGuard {
    fn drop(&mut self) {
        CURRENT_HOST.with(|h| h.set(self.previous));
    }
}
