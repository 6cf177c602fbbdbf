//! SPIR-V back end: turns the device IR ([`crate::ir`]) into one Vulkan-flavour
//! SPIR-V 1.3 module (Shader capability, logical addressing, GLSL450 memory
//! model) with one `GLCompute` entry point per kernel, built with `rspirv`.
//!
//! This module owns the module-level state (capabilities, types, constants,
//! global variables and the resource interface); [`expr`] emits expressions and
//! conversions, [`stmt`] emits statements and structured control flow.
//!
//! Resource interface (what the runtime binds):
//! - set 0, binding 0: the parameter block, a uniform buffer holding an array
//!   of `uvec4` (std140: stride 16), `ceil(param_block_size / 16)` long, at
//!   least one (always declared); uniform reads go through the constant cache;
//! - set 0, binding i+1: IR binding `i`, a storage buffer holding a runtime
//!   array of its element type, `NonWritable` unless the kernel writes it;
//! - an IR binding in work-group memory is a `Workgroup` array variable of
//!   the kernel's own, whose length is a `u32` constant emitted for it alone
//!   (one element): the runtime rewrites that constant to the launch's size
//!   ([`EmittedModule::array_lengths`] says which constant it is).
//!
//! Element indices are always converted to u32 before `OpAccessChain`: no
//! storage binding exceeds 4 GiB, so a u32 index reaches every element (even
//! of the byte views of 8-bit storage), and naga's bounds-check code (which compares
//! against a u32 `arrayLength`) stays valid on every target.

mod expr;
mod float_atomics;
mod narrow_storage;
mod stmt;
mod subgroup;
mod words;

pub use float_atomics::{float_atomic_add_widths, without_float_atomic_adds};
pub use narrow_storage::{narrow_storage_widths, without_narrow_storage, NarrowStorageError};

use std::collections::HashMap;

use rspirv::binary::Assemble;
use rspirv::dr::{Builder, Operand};
use rspirv::spirv::{
    self, AddressingModel, Capability, Decoration, ExecutionMode, ExecutionModel, FunctionControl,
    MemoryModel, StorageClass, Word,
};

use crate::ir::{BindingId, Builtin, Constant, Kernel, Module, ScalarType, Space, SpecConstant};
use crate::target::TargetProperties;

/// Work-group memory every WebGPU device has
/// (`maxComputeWorkgroupStorageSize`'s minimum).
const WEBGPU_WORKGROUP_BYTES: u32 = 16384;

/// Why a module could not be emitted: the IR broke one of its invariants.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpirvError {
    #[error("the module has no kernels (SPIR-V for Vulkan needs an entry point)")]
    NoKernels,
    #[error("two kernels are named `{0}`")]
    DuplicateKernel(String),
    #[error("kernel `{kernel}`: binding `{binding}` has bool elements, which storage buffers cannot hold")]
    BoolBinding { kernel: String, binding: String },
    #[error("kernel `{kernel}`: binding b{binding} does not exist")]
    NoSuchBinding { kernel: String, binding: u32 },
    #[error("kernel `{kernel}`: local %{local} does not exist")]
    NoSuchLocal { kernel: String, local: u32 },
    #[error("kernel `{kernel}`: binding `{binding}` is a narrow view of {bits}-bit elements, which only global memory of u32 values can be")]
    BadNarrowView {
        kernel: String,
        binding: String,
        bits: u32,
    },
    #[error("kernel `{kernel}`: store to binding `{binding}`, which is not marked as written")]
    StoreToReadOnly { kernel: String, binding: String },
    #[error("kernel `{kernel}`: parameter at byte offset {offset} ({ty}) is misaligned or outside the {size}-byte parameter block")]
    BadParam {
        kernel: String,
        offset: u32,
        ty: &'static str,
        size: u32,
    },
    #[error("kernel `{kernel}`: built-in component {dim} out of range (0..3)")]
    BadBuiltinComponent { kernel: String, dim: u8 },
    #[error("kernel `{kernel}`: work-group size {size:?} has a zero dimension")]
    BadWorkGroupSize { kernel: String, size: [u32; 3] },
    #[error("kernel `{kernel}`: {what}")]
    Type { kernel: String, what: String },
    #[error("kernel `{kernel}`: {what}")]
    ControlFlow { kernel: String, what: String },
    #[error("kernel `{kernel}`: calls `{function}`, which the device link did not resolve")]
    UnlinkedCall { kernel: String, function: String },
    #[error("kernel `{kernel}`: {source}")]
    NoWordForm {
        kernel: String,
        source: crate::passes::int64_pairs::NoWordForm,
    },
    #[error("SPIR-V builder: {0}")]
    Builder(String),
}

impl From<rspirv::dr::Error> for SpirvError {
    fn from(e: rspirv::dr::Error) -> Self {
        SpirvError::Builder(format!("{e:?}"))
    }
}

/// A SPIR-V module and where its launch-time sizes are.
pub struct EmittedModule {
    pub words: Vec<u32>,
    /// Per kernel, in module order: (IR binding, result id of the `u32`
    /// constant that is its length) for each work-group binding.
    pub array_lengths: Vec<Vec<(BindingId, Word)>>,
    /// The specialization constants, by `SpecId`.
    pub spec_constants: Vec<SpecConstantId>,
}

/// Emit one SPIR-V module holding every kernel of `module` as a GLCompute entry point.
pub fn emit_module(module: &Module, target: &TargetProperties) -> Result<Vec<u32>, SpirvError> {
    Ok(emit(module, target)?.words)
}

/// [`emit_module`], with the ids of the launch-time array lengths.
///
/// `target` does not change the code: capabilities follow the types the IR
/// uses (`Int64`/`Float64` only where 64-bit types appear); the runtime keeps
/// images that need an aspect away from devices that lack it. Only Vulkan
/// images mark bindings `Coherent` (WebGPU has no such decoration).
pub fn emit(module: &Module, target: &TargetProperties) -> Result<EmittedModule, SpirvError> {
    if module.kernels.is_empty() {
        return Err(SpirvError::NoKernels);
    }
    let mut names = std::collections::HashSet::new();
    for k in &module.kernels {
        if !names.insert(k.name.as_str()) {
            return Err(SpirvError::DuplicateKernel(k.name.clone()));
        }
    }
    let mut e = Emitter::new();
    e.coherence = target.kind == crate::target::TargetKind::SpirvVulkan;
    let mut array_lengths = vec![];
    for k in &module.kernels {
        array_lengths.push(e.emit_kernel(k)?);
    }
    let spec_constants = e.spec_constants.iter().map(|(id, _)| id.clone()).collect();
    Ok(EmittedModule {
        words: e.finish().assemble(),
        array_lengths,
        spec_constants,
    })
}

/// The variable of an IR binding: a storage buffer holding a runtime array,
/// or a work-group array.
#[derive(Clone, Copy)]
struct BufferVar {
    var: Word,
    /// The element type of the IR.
    elem: ScalarType,
    /// The element type in SPIR-V: `elem`, or the unsigned integer of its
    /// size for a float binding accessed atomically (SPIR-V compare-exchange
    /// is integer-only; loads and stores bitcast) other than by float adds
    /// (`OpAtomicFAddEXT`, on a float element).
    storage: ScalarType,
    /// Elements stored as unsigned integers of this many bits (8, 16): a
    /// narrow view of byte-addressed memory, converted from and to `elem`.
    narrow_bits: Option<u32>,
    space: Space,
}

/// The type of an element of memory in SPIR-V.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Element {
    Scalar(ScalarType),
    /// An unsigned integer of 8 or 16 bits (8- and 16-bit storage).
    Narrow(u32),
}

impl Element {
    fn size(self) -> u32 {
        match self {
            Element::Scalar(t) => t.size(),
            Element::Narrow(bits) => bits / 8,
        }
    }

    fn name(self) -> String {
        match self {
            Element::Scalar(t) => t.name().to_string(),
            Element::Narrow(bits) => format!("u{bits}"),
        }
    }
}

/// A storage-buffer variable as kernels declare it; kernels of one module
/// whose bindings agree on all of it share the variable.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct BufferKey {
    binding: u32,
    elem: ScalarType,
    writable: bool,
    atomic: bool,
    aliased: bool,
    /// SPIR-V `Coherent`: other work-items' writes to the memory during
    /// the kernel reach this one's reads (see `coherent_binding`).
    coherent: bool,
    narrow_bits: Option<u32>,
}

/// Whether a global binding is `Coherent`: memory a `volatile T *` points
/// into, and memory a kernel that synchronizes its work-items (barriers,
/// fences, atomics) both reads and writes. Drivers may otherwise keep a
/// work-item's reads in a cache other work-groups' writes do not reach
/// (NVIDIA's L1), or hoist them out of loops, so that a loop waiting for
/// another work-item's plain store (a lock's release, a flag, a tree
/// node's child set by another work-group) never ends. Memory only read,
/// only written, or shared by kernels that never synchronize keeps its
/// caching.
/// A narrow view's stores stand for the atomic operations on words they
/// replace, which no cache hid either.
fn coherent_binding(bd: &crate::ir::Binding, synchronizes: bool) -> bool {
    bd.volatile || (synchronizes && ((bd.reads && bd.writes) || bd.narrow_bits.is_some()))
}

/// Module-level state: the builder plus caches so that every type, constant
/// and global variable is declared once.
struct Emitter {
    b: Builder,
    scalar_types: HashMap<ScalarType, Word>,
    /// (storage class, pointee) -> pointer type.
    pointer_types: HashMap<(StorageClass, Word), Word>,
    /// Block struct (one runtime array of the element) per element type,
    /// and whether it is accessed atomically (naga then gives its array
    /// atomic elements, so it is never shared with plain buffers).
    block_structs: HashMap<(Element, bool), Word>,
    constants: HashMap<(ScalarType, u64), Word>,
    /// Private variables holding the constants read as opaque values
    /// (`expr.rs`, `opaque_float`), by type and bits.
    opaque_constants: HashMap<(ScalarType, u64), Word>,
    /// Storage buffers by how kernels declare them.
    buffers: HashMap<BufferKey, Word>,
    /// Parameter-block uniform variables by their length in `uvec4`s.
    param_blocks: HashMap<u32, Word>,
    builtins: HashMap<spirv::BuiltIn, Word>,
    uvec3: Option<Word>,
    void: Word,
    void_fn: Word,
    uses_int64: bool,
    uses_float64: bool,
    uses_int64_atomics: bool,
    /// Widths (32, 64) of the float atomic adds emitted.
    float_atomic_add_widths: Vec<u32>,
    /// Widths (8, 16) of the narrow integers storage buffers hold.
    narrow_storage_widths: Vec<u32>,
    /// Capabilities the sub-group built-ins and collectives need.
    subgroup_capabilities: Vec<Capability>,
    /// A kernel reads a clock (`SPV_KHR_shader_clock`).
    uses_clock: bool,
    /// The GLSL.std.450 extended instruction set, imported on first use.
    glsl_std_450: Option<Word>,
    /// Specialization constants by (symbol, offset): one `OpSpecConstant`
    /// each, shared by the module's kernels, `SpecId` in order of first use.
    spec_constants: Vec<(SpecConstantId, Word)>,
    /// Whether bindings may be `Coherent` (Vulkan images; see
    /// [`coherent_binding`]).
    coherence: bool,
}

/// A specialization-constant scalar of an image: its `SpecId` is its index
/// in [`EmittedModule::spec_constants`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecConstantId {
    pub symbol: String,
    pub offset: u32,
    pub size: u32,
    pub ty: ScalarType,
    pub default: u64,
}

impl Emitter {
    fn new() -> Self {
        let mut b = Builder::new();
        b.set_version(1, 3);
        b.capability(Capability::Shader);
        b.memory_model(AddressingModel::Logical, MemoryModel::GLSL450);
        let void = b.type_void();
        let void_fn = b.type_function(void, []);
        Emitter {
            b,
            scalar_types: HashMap::new(),
            pointer_types: HashMap::new(),
            block_structs: HashMap::new(),
            constants: HashMap::new(),
            opaque_constants: HashMap::new(),
            buffers: HashMap::new(),
            param_blocks: HashMap::new(),
            builtins: HashMap::new(),
            uvec3: None,
            void,
            void_fn,
            uses_int64: false,
            uses_float64: false,
            uses_int64_atomics: false,
            float_atomic_add_widths: vec![],
            narrow_storage_widths: vec![],
            subgroup_capabilities: vec![],
            uses_clock: false,
            glsl_std_450: None,
            spec_constants: vec![],
            coherence: false,
        }
    }

    fn glsl_std_450(&mut self) -> Word {
        match self.glsl_std_450 {
            Some(id) => id,
            None => {
                let id = self.b.ext_inst_import("GLSL.std.450");
                self.glsl_std_450 = Some(id);
                id
            }
        }
    }

    fn finish(mut self) -> rspirv::dr::Module {
        if self.uses_int64 {
            self.b.capability(Capability::Int64);
        }
        if self.uses_float64 {
            self.b.capability(Capability::Float64);
        }
        if self.uses_int64_atomics {
            self.b.capability(Capability::Int64Atomics);
        }
        if !self.float_atomic_add_widths.is_empty() {
            self.b.extension("SPV_EXT_shader_atomic_float_add");
        }
        for width in std::mem::take(&mut self.float_atomic_add_widths) {
            self.b.capability(if width == 64 {
                Capability::AtomicFloat64AddEXT
            } else {
                Capability::AtomicFloat32AddEXT
            });
        }
        for width in std::mem::take(&mut self.narrow_storage_widths) {
            if width == 8 {
                self.b.capability(Capability::StorageBuffer8BitAccess);
                self.b.extension("SPV_KHR_8bit_storage");
            } else {
                self.b.capability(Capability::StorageBuffer16BitAccess);
            }
        }
        for c in std::mem::take(&mut self.subgroup_capabilities) {
            self.b.capability(c);
        }
        if self.uses_clock {
            self.b.capability(Capability::ShaderClockKHR);
            self.b.extension("SPV_KHR_shader_clock");
        }
        self.b.module()
    }

    fn scalar(&mut self, t: ScalarType) -> Word {
        if let Some(&id) = self.scalar_types.get(&t) {
            return id;
        }
        let id = match t {
            ScalarType::Bool => self.b.type_bool(),
            ScalarType::I32 => self.b.type_int(32, 1),
            ScalarType::U32 => self.b.type_int(32, 0),
            ScalarType::I64 => {
                self.uses_int64 = true;
                self.b.type_int(64, 1)
            }
            ScalarType::U64 => {
                self.uses_int64 = true;
                self.b.type_int(64, 0)
            }
            ScalarType::F32 => self.b.type_float(32, None),
            ScalarType::F64 => {
                self.uses_float64 = true;
                self.b.type_float(64, None)
            }
        };
        self.scalar_types.insert(t, id);
        id
    }

    fn pointer(&mut self, class: StorageClass, pointee: Word) -> Word {
        if let Some(&id) = self.pointer_types.get(&(class, pointee)) {
            return id;
        }
        let id = self.b.type_pointer(None, class, pointee);
        self.pointer_types.insert((class, pointee), id);
        id
    }

    fn uvec3(&mut self) -> Word {
        if let Some(id) = self.uvec3 {
            return id;
        }
        let u = self.scalar(ScalarType::U32);
        let id = self.b.type_vector(u, 3);
        self.uvec3 = Some(id);
        id
    }

    /// A constant of type `t` from its bit pattern (truncated to the width).
    /// The `OpSpecConstant` of `c`, declared on first use with the next
    /// `SpecId`; the same scalar read with another type is an error.
    fn spec_constant(&mut self, kernel: &str, c: &SpecConstant) -> Result<Word, SpirvError> {
        let ty = c.default.ty();
        let found = self
            .spec_constants
            .iter()
            .find(|(id, _)| id.symbol == c.symbol && id.offset == c.offset);
        if let Some((id, word)) = found {
            if id.ty != ty {
                return Err(SpirvError::Type {
                    kernel: kernel.to_string(),
                    what: format!(
                        "specialization constant {}+{} read as {} and as {}",
                        c.symbol,
                        c.offset,
                        id.ty.name(),
                        ty.name()
                    ),
                });
            }
            return Ok(*word);
        }
        let t = self.scalar(ty);
        let word = match c.default {
            Constant::Bool(true) => self.b.spec_constant_true(t),
            Constant::Bool(false) => self.b.spec_constant_false(t),
            _ if ty.size() == 4 => self.b.spec_constant_bit32(t, c.default.bits() as u32),
            _ => self.b.spec_constant_bit64(t, c.default.bits()),
        };
        let spec_id = self.spec_constants.len() as u32;
        self.b
            .decorate(word, Decoration::SpecId, [Operand::LiteralBit32(spec_id)]);
        self.spec_constants.push((
            SpecConstantId {
                symbol: c.symbol.clone(),
                offset: c.offset,
                size: c.size,
                ty,
                default: c.default.bits(),
            },
            word,
        ));
        Ok(word)
    }

    fn constant_bits(&mut self, t: ScalarType, bits: u64) -> Word {
        let bits = if t.size() == 4 {
            bits & 0xffff_ffff
        } else {
            bits
        };
        let key = (
            t,
            if t == ScalarType::Bool {
                (bits != 0) as u64
            } else {
                bits
            },
        );
        if let Some(&id) = self.constants.get(&key) {
            return id;
        }
        let ty = self.scalar(t);
        let id = match t {
            ScalarType::Bool if bits != 0 => self.b.constant_true(ty),
            ScalarType::Bool => self.b.constant_false(ty),
            _ if t.size() == 4 => self.b.constant_bit32(ty, bits as u32),
            _ => self.b.constant_bit64(ty, bits),
        };
        self.constants.insert(key, id);
        id
    }

    fn const_u32(&mut self, v: u32) -> Word {
        self.constant_bits(ScalarType::U32, v as u64)
    }

    /// Zero (or `false`, or `0.0`) of type `t`.
    fn zero(&mut self, t: ScalarType) -> Word {
        self.constant_bits(t, 0)
    }

    /// One (`1`, `1.0`; `true` for bool) of type `t`.
    fn one(&mut self, t: ScalarType) -> Word {
        let bits = match t {
            ScalarType::F32 => 1.0f32.to_bits() as u64,
            ScalarType::F64 => 1.0f64.to_bits(),
            _ => 1,
        };
        self.constant_bits(t, bits)
    }

    /// A module-scope `OpVariable`, placed among the globals even while a
    /// function body is being built (built-ins are declared on first use).
    fn global_variable(&mut self, ptr: Word, class: StorageClass) -> Word {
        self.global_variable_init(ptr, class, None)
    }

    /// A global variable with an optional initializer (a constant id).
    fn global_variable_init(&mut self, ptr: Word, class: StorageClass, init: Option<Word>) -> Word {
        let id = self.b.id();
        let mut operands = vec![Operand::StorageClass(class)];
        operands.extend(init.map(Operand::IdRef));
        let inst = rspirv::dr::Instruction::new(spirv::Op::Variable, Some(ptr), Some(id), operands);
        self.b.module_mut().types_global_values.push(inst);
        id
    }

    /// The SPIR-V type of an element of memory.
    fn element(&mut self, elem: Element) -> Word {
        match elem {
            Element::Scalar(t) => self.scalar(t),
            Element::Narrow(bits) => {
                if !self.narrow_storage_widths.contains(&bits) {
                    self.narrow_storage_widths.push(bits);
                }
                self.b.type_int(bits, 0)
            }
        }
    }

    /// The `Block` struct wrapping a runtime array of `elem`, decorated once.
    fn block_struct(&mut self, elem: Element, atomic: bool) -> Word {
        if let Some(&id) = self.block_structs.get(&(elem, atomic)) {
            return id;
        }
        let et = self.element(elem);
        // Explicit id: each block's array carries its own ArrayStride.
        let arr = self.b.id();
        self.b.type_runtime_array_id(Some(arr), et);
        self.b.decorate(
            arr,
            Decoration::ArrayStride,
            [Operand::LiteralBit32(elem.size())],
        );
        // Explicit id: structs are aggregates, and each one carries its own
        // decorations, so never let the builder merge two of them.
        let id = self.b.id();
        self.b.type_struct_id(Some(id), [arr]);
        self.b.decorate(id, Decoration::Block, []);
        self.b
            .member_decorate(id, 0, Decoration::Offset, [Operand::LiteralBit32(0)]);
        let atomic_name = if atomic { "_atomic" } else { "" };
        self.b
            .name(id, format!("Buffer_{}{atomic_name}", elem.name()));
        self.b.member_name(id, 0, "data");
        self.block_structs.insert((elem, atomic), id);
        id
    }

    /// The storage-buffer variable at set 0, `binding`; shared by kernels
    /// that declare the same binding identically.
    fn buffer(&mut self, key: BufferKey, name: &str) -> Word {
        if let Some(&id) = self.buffers.get(&key) {
            return id;
        }
        let BufferKey {
            binding,
            elem,
            writable,
            atomic,
            aliased,
            coherent,
            narrow_bits,
        } = key;
        let element = match narrow_bits {
            Some(bits) => Element::Narrow(bits),
            None => Element::Scalar(elem),
        };
        let st = self.block_struct(element, atomic);
        let ptr = self.pointer(StorageClass::StorageBuffer, st);
        let var = self.global_variable(ptr, StorageClass::StorageBuffer);
        self.b
            .decorate(var, Decoration::DescriptorSet, [Operand::LiteralBit32(0)]);
        self.b
            .decorate(var, Decoration::Binding, [Operand::LiteralBit32(binding)]);
        if !writable {
            self.b.decorate(var, Decoration::NonWritable, []);
        }
        if aliased {
            self.b.decorate(var, Decoration::Aliased, []);
        }
        if coherent {
            self.b.decorate(var, Decoration::Coherent, []);
        }
        self.b.name(var, name);
        self.buffers.insert(key, var);
        var
    }

    /// A work-group array of `elem` for one kernel binding, and the id of
    /// its length: a `u32` constant of its own (never shared, so that the
    /// runtime can rewrite it), `len` elements until then.
    fn workgroup_array(&mut self, elem: ScalarType, name: &str, len: u32) -> (Word, Word) {
        let u32_ty = self.scalar(ScalarType::U32);
        let length = self.b.id();
        self.b
            .module_mut()
            .types_global_values
            .push(rspirv::dr::Instruction::new(
                spirv::Op::Constant,
                Some(u32_ty),
                Some(length),
                vec![Operand::LiteralBit32(len)],
            ));
        let et = self.scalar(elem);
        let arr = self.b.type_array(et, length);
        let ptr = self.pointer(StorageClass::Workgroup, arr);
        let var = self.global_variable(ptr, StorageClass::Workgroup);
        self.b.name(var, name);
        (var, length)
    }

    /// A zero-initialised per-invocation array of `len` `elem`s.
    fn private_array(&mut self, elem: ScalarType, name: &str, len: u32) -> Word {
        let length = self.const_u32(len);
        let et = self.scalar(elem);
        let arr = self.b.type_array(et, length);
        let ptr = self.pointer(StorageClass::Private, arr);
        let zero = self.b.constant_null(arr);
        let id = self.global_variable_init(ptr, StorageClass::Private, Some(zero));
        self.b.name(id, name);
        id
    }

    /// The `uvec4` type.
    fn uvec4(&mut self) -> Word {
        let u = self.scalar(ScalarType::U32);
        self.b.type_vector(u, 4)
    }

    /// The uniform parameter block at set 0, binding 0, `len` `uvec4`s long.
    fn param_block(&mut self, len: u32) -> Word {
        if let Some(&id) = self.param_blocks.get(&len) {
            return id;
        }
        let v4 = self.uvec4();
        let n = self.const_u32(len);
        let arr = self.b.type_array(v4, n);
        self.b
            .decorate(arr, Decoration::ArrayStride, [Operand::LiteralBit32(16)]);
        let id = self.b.id();
        self.b.type_struct_id(Some(id), [arr]);
        self.b.decorate(id, Decoration::Block, []);
        self.b
            .member_decorate(id, 0, Decoration::Offset, [Operand::LiteralBit32(0)]);
        self.b.name(id, format!("Params_{len}"));
        self.b.member_name(id, 0, "words");
        let ptr = self.pointer(StorageClass::Uniform, id);
        let var = self.global_variable(ptr, StorageClass::Uniform);
        self.b
            .decorate(var, Decoration::DescriptorSet, [Operand::LiteralBit32(0)]);
        self.b
            .decorate(var, Decoration::Binding, [Operand::LiteralBit32(0)]);
        self.b.name(var, "params");
        self.param_blocks.insert(len, var);
        var
    }

    /// The `Input` uvec3 variable of a compute built-in.
    fn builtin_var(&mut self, which: Builtin) -> Option<Word> {
        let (bi, name) = match which {
            Builtin::GlobalInvocationId => {
                (spirv::BuiltIn::GlobalInvocationId, "gl_GlobalInvocationID")
            }
            Builtin::LocalInvocationId => {
                (spirv::BuiltIn::LocalInvocationId, "gl_LocalInvocationID")
            }
            Builtin::WorkgroupId => (spirv::BuiltIn::WorkgroupId, "gl_WorkGroupID"),
            Builtin::NumWorkgroups => (spirv::BuiltIn::NumWorkgroups, "gl_NumWorkGroups"),
            Builtin::WorkgroupSize
            | Builtin::LocalInvocationIndex
            | Builtin::SubgroupLocalId
            | Builtin::SubgroupSize
            | Builtin::SubgroupId
            | Builtin::NumSubgroups => return None,
        };
        if let Some(&id) = self.builtins.get(&bi) {
            return Some(id);
        }
        let v3 = self.uvec3();
        let ptr = self.pointer(StorageClass::Input, v3);
        let var = self.global_variable(ptr, StorageClass::Input);
        self.b
            .decorate(var, Decoration::BuiltIn, [Operand::BuiltIn(bi)]);
        self.b.name(var, name);
        self.builtins.insert(bi, var);
        Some(var)
    }

    fn emit_kernel(&mut self, k: &Kernel) -> Result<Vec<(BindingId, Word)>, SpirvError> {
        if k.work_group_size.contains(&0) {
            return Err(SpirvError::BadWorkGroupSize {
                kernel: k.name.clone(),
                size: k.work_group_size,
            });
        }
        let params = self.param_block(k.param_block_size.div_ceil(16).max(1));
        let mut bindings = Vec::with_capacity(k.bindings.len());
        let mut array_lengths = vec![];
        // Work-group arrays sized at launch (local accessors) get a default
        // length that shares WebGPU's guaranteed work-group memory among
        // them: the runtime replaces it, and images used as they are (WGSL
        // for the browser, validation) stay valid for constant indices.
        let sized_at_launch = k
            .bindings
            .iter()
            .filter(|b| b.space == Space::Workgroup && b.fixed_len.is_none())
            .count()
            .max(1) as u32;
        let atomic = k.atomic_bindings();
        let float_added = k.float_add_bindings();
        let synchronizes = k.synchronizes();
        for (i, bd) in k.bindings.iter().enumerate() {
            let id = BindingId(i as u32);
            let is_atomic = atomic.contains(&id);
            let storage = if is_atomic && bd.elem.is_float() && !float_added.contains(&id) {
                bd.elem.same_size_uint()
            } else {
                bd.elem
            };
            if is_atomic && storage.size() == 8 {
                self.uses_int64_atomics = true;
            }
            if bd.elem == ScalarType::Bool {
                return Err(SpirvError::BoolBinding {
                    kernel: k.name.clone(),
                    binding: bd.name.clone(),
                });
            }
            if let Some(bits) = bd.narrow_bits {
                let valid = matches!(bits, 8 | 16)
                    && bd.space == Space::Global
                    && bd.elem == ScalarType::U32
                    && !is_atomic;
                if !valid {
                    return Err(SpirvError::BadNarrowView {
                        kernel: k.name.clone(),
                        binding: bd.name.clone(),
                        bits,
                    });
                }
            }
            let var = match bd.space {
                Space::Global => {
                    let key = BufferKey {
                        binding: i as u32 + 1,
                        elem: storage,
                        writable: bd.writes,
                        atomic: is_atomic,
                        aliased: bd.aliased,
                        coherent: self.coherence && coherent_binding(bd, synchronizes),
                        narrow_bits: bd.narrow_bits,
                    };
                    self.buffer(key, &bd.name)
                }
                Space::Workgroup => {
                    let default_len =
                        (WEBGPU_WORKGROUP_BYTES / sized_at_launch / storage.size()).max(1);
                    let len = bd.fixed_len.unwrap_or(default_len);
                    let (var, length) = self.workgroup_array(storage, &bd.name, len);
                    array_lengths.push((BindingId(i as u32), length));
                    var
                }
                Space::Private => self.private_array(storage, &bd.name, bd.fixed_len.unwrap_or(1)),
            };
            bindings.push(BufferVar {
                var,
                elem: bd.elem,
                storage,
                narrow_bits: bd.narrow_bits,
                space: bd.space,
            });
        }
        let void = self.void;
        let fid = self
            .b
            .begin_function(void, None, FunctionControl::NONE, self.void_fn)?;
        self.b.name(fid, k.name.as_str());
        self.b.begin_block(None)?;
        let mut locals = Vec::with_capacity(k.locals.len());
        for l in &k.locals {
            let ty = l.ty;
            let st = self.scalar(ty);
            let ptr = self.pointer(StorageClass::Function, st);
            let init = self.zero(ty);
            let var = self
                .b
                .variable(ptr, None, StorageClass::Function, Some(init));
            self.b.name(var, l.name.as_str());
            locals.push(var);
        }
        let mut f = stmt::FnCtx {
            kernel: k,
            params,
            bindings,
            locals,
            loops: Vec::new(),
            interface: Vec::new(),
        };
        let open = self.emit_block(&mut f, &k.body)?;
        if open {
            self.b.ret()?;
        }
        self.b.end_function()?;

        self.b.entry_point(
            ExecutionModel::GLCompute,
            fid,
            k.name.as_str(),
            &f.interface,
        );
        self.b
            .execution_mode(fid, ExecutionMode::LocalSize, k.work_group_size);
        Ok(array_lengths)
    }
}

#[cfg(test)]
mod tests;
