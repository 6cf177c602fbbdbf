//! The device-image bundle: the contract between compiler and runtime. The
//! driver serialises it (JSON) into the wrapper object; the runtime reads it
//! back when the program registers its images at load time. The format is
//! versioned ([`BUNDLE_FORMAT_VERSION`]) and documented field by field in
//! docs/ARCHITECTURE.md ("The device-image bundle").

use crate::postlink::SplitMode;
use crate::target::TargetKind;
use serde::{Deserialize, Serialize};

/// Version 4: images carry their specialization-constant map
/// ([`ImageProperties::spec_constants`]). Version 3: a bundle of a translation unit may carry relocatable device
/// code ([`RelocatableCode`]) for the device link. Version 2 gave images
/// their property sets (required aspects, split mode) and kernels their
/// attributes (`reqd_work_group_size`...).
pub const BUNDLE_FORMAT_VERSION: u32 = 5;

/// Why a serialised bundle cannot be read.
#[derive(Debug)]
pub enum BundleError {
    Malformed(serde_json::Error),
    /// Written by a compiler with another bundle format.
    Version {
        found: u32,
    },
}

impl std::fmt::Display for BundleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BundleError::Malformed(e) => write!(f, "malformed device-image bundle: {e}"),
            BundleError::Version { found } => write!(
                f,
                "device-image bundle format {found}, this runtime reads format {BUNDLE_FORMAT_VERSION} (recompile the program with this release's syclcc)"
            ),
        }
    }
}

impl std::error::Error for BundleError {}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DeviceBundle {
    pub format_version: u32,
    pub images: Vec<DeviceImage>,
    /// Device code the device link has still to finish, one entry per
    /// target; empty in a linked bundle (what the runtime registers).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub relocatable: Vec<RelocatableCode>,
}

/// The device code of a translation unit that needs other units (seed
/// 003's device link), for one target: the kernels that call `SYCL_EXTERNAL`
/// functions the unit does not define, and the `SYCL_EXTERNAL` functions it
/// defines. [`crate::device_link`] inlines the calls, then post-link and
/// code generation make the kernels' images.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RelocatableCode {
    pub target: TargetKind,
    /// The unit's `-fsycl-device-code-split=`, for the linked kernels.
    pub split: SplitMode,
    pub kernels: Vec<LinkableKernel>,
    pub functions: Vec<ExportedFunction>,
}

/// A lowered kernel before code generation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LinkableKernel {
    pub ir: crate::ir::Kernel,
    /// Its launch information (buffer access modes are final only once
    /// the calls are inlined).
    pub info: KernelInfo,
    /// The work-group bindings of its `local_accessor`s, in
    /// `info.local_arrays` order.
    pub local_bindings: Vec<crate::ir::BindingId>,
    /// Readable names of the functions its calls name (for messages).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub callees: Vec<FunctionName>,
}

/// A `SYCL_EXTERNAL` function defined by the unit: its device code, or why
/// the device compiler could not compile it (said when a kernel calls it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExportedFunction {
    pub name: FunctionName,
    pub code: Result<crate::ir::Function, String>,
}

/// A function's linker symbol and how C++ spells it (`scale(float, float)`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FunctionName {
    pub symbol: String,
    pub display: String,
}

impl DeviceBundle {
    /// A bundle of `images` with nothing left to link.
    pub fn linked(images: Vec<DeviceImage>) -> DeviceBundle {
        DeviceBundle {
            format_version: BUNDLE_FORMAT_VERSION,
            images,
            relocatable: vec![],
        }
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        serde_json::to_vec(self).expect("bundle serialises")
    }
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, BundleError> {
        #[derive(Deserialize)]
        struct Header {
            format_version: u32,
        }
        let header: Header = serde_json::from_slice(bytes).map_err(BundleError::Malformed)?;
        if header.format_version != BUNDLE_FORMAT_VERSION {
            return Err(BundleError::Version {
                found: header.format_version,
            });
        }
        serde_json::from_slice(bytes).map_err(BundleError::Malformed)
    }
}

/// One SPIR-V module and the kernels it defines.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DeviceImage {
    pub target: TargetKind,
    /// SPIR-V words.
    pub spirv: Vec<u32>,
    /// The property sets of the image (what DPC++'s sycl-post-link writes
    /// beside each split module).
    pub properties: ImageProperties,
    /// The kernels the image defines, with their parameter descriptors.
    pub kernels: Vec<KernelInfo>,
}

impl DeviceImage {
    /// The symbol table: the entry points the image defines, in order.
    pub fn symbol_table(&self) -> Vec<&str> {
        self.kernels
            .iter()
            .map(|k| k.entry_point.as_str())
            .collect()
    }
}

/// Properties of a whole image, decided by post-link.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ImageProperties {
    /// Optional device features every kernel of the image needs: a device
    /// without one of them cannot run the image (`errc::kernel_not_supported`).
    pub required_aspects: Vec<Aspect>,
    /// How post-link grouped the translation unit's kernels into images.
    pub split: SplitMode,
    /// The specialization-constant map: the scalars of the image's
    /// specialization constants, by `SpecId` (the index).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spec_constants: Vec<SpecConstantScalar>,
    /// The `assert`s in the image's kernels, by the id a failing one
    /// records (see `include/sycl/detail/device_assert.hpp`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub assert_sites: Vec<AssertSite>,
    /// The format strings and `%s` arguments of the image's kernel
    /// printfs, by the id a record names them with (see
    /// `include/sycl/detail/device_printf.hpp`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub printf_strings: Vec<PrintfString>,
}

impl ImageProperties {
    /// The aspects the image needs that no device of `target` has (fp64 on
    /// WebGPU, [`TargetKind::may_have`]): non-empty for an image a device
    /// of its target refuses at launch.
    pub fn aspects_lacking_on(&self, target: TargetKind) -> Vec<Aspect> {
        self.required_aspects
            .iter()
            .copied()
            .filter(|a| !target.may_have(*a))
            .collect()
    }
}

/// The mangled name of the runtime's assert record, the `device_global`
/// `sycl::detail::syclone_assert_record` (`include/sycl/detail/device_assert.hpp`).
pub const ASSERT_RECORD: &str = "_ZN4sycl6detail21syclone_assert_recordE";

/// The mangled name of the runtime's printf buffer, the `device_global`
/// `sycl::detail::syclone_printf_buffer` (`include/sycl/detail/device_printf.hpp`).
pub const PRINTF_BUFFER: &str = "_ZN4sycl6detail21syclone_printf_bufferE";

/// Bytes of the printf buffer: the words used, the dropped flag, then
/// records (`sycl::detail::printf_buffer`).
pub const PRINTF_BUFFER_BYTES: usize = 1 << 20;

/// A string of a kernel printf: a format, or a string literal printed by
/// `%s`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrintfString {
    /// A hash of the text ([`PrintfString::id_of`]).
    pub id: u32,
    pub text: String,
}

impl PrintfString {
    /// The 32-bit FNV-1a hash of the text (never 0).
    pub fn id_of(text: &str) -> u32 {
        let mut h: u32 = 0x811c_9dc5;
        for &b in text.as_bytes() {
            h = (h ^ u32::from(b)).wrapping_mul(0x0100_0193);
        }
        h.max(1)
    }
}

/// An `assert` of device code: its condition as written, and where it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AssertSite {
    /// A hash of the three strings ([`AssertSite::id_of`]).
    pub id: u32,
    pub expression: String,
    pub file: String,
    pub function: String,
}

impl AssertSite {
    /// The 32-bit FNV-1a hash of the expression, file and function, each
    /// ended by a 0 byte (never 0: a record holding 0 has no site).
    pub fn id_of(expression: &str, file: &str, function: &str) -> u32 {
        let mut h: u32 = 0x811c_9dc5;
        for part in [expression, file, function] {
            for &b in part.as_bytes().iter().chain(&[0u8]) {
                h = (h ^ u32::from(b)).wrapping_mul(0x0100_0193);
            }
        }
        h.max(1)
    }
}

/// One scalar of a specialization constant in an image: the runtime sets
/// the `OpSpecConstant` decorated `SpecId` = its index in
/// [`ImageProperties::spec_constants`] from `size` bytes at `offset` of the
/// value the host set for `symbol` (little endian, widened to `ty`), or to
/// `default` when the host set none.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpecConstantScalar {
    /// The `specialization_id` variable's mangled name (`_ZL8coeff_id`).
    pub symbol: String,
    pub offset: u32,
    pub size: u32,
    pub ty: crate::ir::ScalarType,
    /// The bits of its default value (`ty`'s representation).
    pub default: u64,
}

/// The symbol of the specialization constant (a `bool`) that tells kernels
/// whether the device adds floats atomically in global memory itself
/// (Vulkan's `shaderBufferFloat32AtomicAdd`): the runtime sets it per
/// device; false keeps the compare-exchange loops. A device without the
/// feature also gets the image through [`crate::back::spirv::without_float_atomic_adds`].
pub const FLOAT_ATOMIC_ADD_SPEC: &str = "__syclone_device_float_atomic_add";

/// [`FLOAT_ATOMIC_ADD_SPEC`] for doubles (`shaderBufferFloat64AtomicAdd`).
pub const DOUBLE_ATOMIC_ADD_SPEC: &str = "__syclone_device_double_atomic_add";

/// The symbol of the specialization constant (a `bool`) that tells kernels
/// whether the device stores single bytes to storage buffers itself
/// (`storageBuffer8BitAccess`): then a `char` store is a byte store through
/// a view of the memory as bytes, else two atomic operations on its word
/// (see `lower/byte_memory.rs`). A device without the feature also gets the
/// image through [`crate::back::spirv::without_narrow_storage`].
pub const BYTE_STORE_SPEC: &str = "__syclone_device_8bit_storage";

/// [`BYTE_STORE_SPEC`] for 16-bit stores (`storageBuffer16BitAccess`).
pub const SHORT_STORE_SPEC: &str = "__syclone_device_16bit_storage";

/// Whether `symbol` is one of the specialization constants the runtime
/// sets from the device's features, never from the program.
pub fn is_device_feature_spec(symbol: &str) -> bool {
    [
        FLOAT_ATOMIC_ADD_SPEC,
        DOUBLE_ATOMIC_ADD_SPEC,
        BYTE_STORE_SPEC,
        SHORT_STORE_SPEC,
    ]
    .contains(&symbol)
}

/// An optional device feature (a SYCL 2020 aspect) device code can need.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Aspect {
    /// 64-bit floating point (`double`).
    Fp64,
    /// Atomic operations on 64-bit integers.
    Atomic64,
    /// `sycl_ext_oneapi_clock`'s clocks of each scope.
    ExtOneapiClockSubGroup,
    ExtOneapiClockWorkGroup,
    ExtOneapiClockDevice,
    /// `sycl::ext::intel::pipe`, which only the host device runs.
    ExtSycloneFpgaPipes,
}

impl Aspect {
    /// The aspect of `sycl::aspect`'s value `value` (as sycl.hpp numbers
    /// them), where device images record it.
    pub fn from_sycl(value: i128) -> Option<Aspect> {
        Some(match value {
            7 => Aspect::Fp64,
            8 => Aspect::Atomic64,
            21 => Aspect::ExtOneapiClockSubGroup,
            22 => Aspect::ExtOneapiClockWorkGroup,
            23 => Aspect::ExtOneapiClockDevice,
            24 => Aspect::ExtSycloneFpgaPipes,
            _ => return None,
        })
    }

    /// The name of `sycl::aspect::NAME`.
    pub fn name(self) -> &'static str {
        match self {
            Aspect::Fp64 => "fp64",
            Aspect::Atomic64 => "atomic64",
            Aspect::ExtOneapiClockSubGroup => "ext_oneapi_clock_sub_group",
            Aspect::ExtOneapiClockWorkGroup => "ext_oneapi_clock_work_group",
            Aspect::ExtOneapiClockDevice => "ext_oneapi_clock_device",
            Aspect::ExtSycloneFpgaPipes => "ext_syclone_fpga_pipes",
        }
    }
}

/// Kernel attributes (SYCL 2020 section 5.8.1) the runtime enforces.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct KernelAttributes {
    /// `[[sycl::reqd_work_group_size(...)]]`: the only local range the
    /// kernel may be launched with (SYCL order, one extent per dimension).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reqd_work_group_size: Option<Vec<u32>>,
    /// `[[sycl::reqd_sub_group_size(N)]]`: the sub-group size the kernel
    /// was written for; a device whose sub-groups differ cannot run it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reqd_sub_group_size: Option<u32>,
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
    /// The `u32` length constants (each emitted for its array alone) of the
    /// work-group arrays through which sub-groups wider than the device's
    /// exchange values (`lower/subgroup_span.rs`): one element per
    /// work-item of the launch where a device width is narrower than
    /// `attributes.reqd_sub_group_size`, one element elsewhere (the
    /// exchange is never taken there).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub exchange_arrays: Vec<u32>,
    /// The kernel uses sub-group built-ins or collectives: devices without
    /// sub-group support cannot run it (`errc::kernel_not_supported`).
    #[serde(default)]
    pub uses_subgroups: bool,
    /// Bytes of the work-group arrays of fixed length (`group_local_memory`,
    /// the work-group algorithms' scratch): counted with the local
    /// accessors against the device's work-group memory.
    #[serde(default)]
    pub fixed_local_bytes: u32,
    /// Bytes of the arrays each work-item keeps in private memory: devices
    /// whose drivers fail beyond some amount cannot run it.
    #[serde(default)]
    pub private_bytes: u32,
    /// The kernel's attributes.
    #[serde(default)]
    pub attributes: KernelAttributes,
    /// Launched in work-groups of `work_group_size` (`parallel_for` over a
    /// range, `single_task`), so that the runtime can build its pipeline
    /// before the first launch; nd_range and hierarchical kernels get their
    /// work-group size from the launch.
    #[serde(default)]
    pub compiled_work_groups: bool,
}

impl KernelInfo {
    /// Whether `other` launches like this kernel: equal but for the ids of
    /// the SPIR-V constants it names (`length_id`, `exchange_arrays`), which
    /// each image assigns itself. The same kernel compiled in two
    /// translation units (a kernel template in a header) differs in those.
    pub fn launches_like(&self, other: &KernelInfo) -> bool {
        fn without_ids(k: &KernelInfo) -> KernelInfo {
            let mut k = k.clone();
            for array in &mut k.local_arrays {
                array.length_id = 0;
            }
            for id in &mut k.exchange_arrays {
                *id = 0;
            }
            k
        }
        without_ids(self) == without_ids(other)
    }
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
    /// No argument: the device's storage of the `device_global` variable
    /// [`BufferBinding::device_global`] names, which the runtime keeps.
    DeviceGlobal,
}

/// The element offset the runtime writes for a USM pointer argument that is
/// null (truncated to the binding's `index_bytes`): kernels test pointers
/// against null by comparing with it.
pub const NULL_POINTER_INDEX: u64 = u64::MAX;

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
    /// With [`PointerOrigin::DeviceGlobal`]: the variable's mangled name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub device_global: Option<String>,
}

/// `size` bytes at `arg`/`offset` in the host arguments go to `dest` in the
/// parameter block. A value narrower than its 4-byte slot is zero-extended,
/// or sign-extended when `sign_extend` (a signed `char` or `short`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScalarCopy {
    pub arg: u32,
    pub offset: u32,
    pub size: u32,
    pub dest: u32,
    pub sign_extend: bool,
}
