//! The device IR: typed, structured control flow, no pointers. It is what the
//! lowering of outlined device code produces and what the back ends consume.
//!
//! Model (Vulkan/WebGPU have no raw pointers, see docs/ARCHITECTURE.md):
//! - global memory is a set of storage-buffer *bindings*, each a runtime array
//!   of one scalar element type; a global pointer has been resolved by the
//!   lowering into (binding, element index) pairs, so the IR only has
//!   `Load`/`Store` of a binding at an index;
//! - by-value kernel arguments live in the *parameter block* (binding 0, a
//!   uniform buffer); `Expr::Param` reads a scalar at a byte offset;
//! - local variables are mutable, typed scalars (`Local`); aggregates have
//!   been split into scalars (scalar replacement) by the lowering;
//! - control flow is a tree (`If`, `Loop` with `Break`/`Continue`, `Return`)
//!   that maps 1:1 onto SPIR-V structured control flow.

pub(crate) mod build;
mod math;
pub(crate) mod print;

pub use math::MathFn;

pub use print::print_module;

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ScalarType {
    Bool,
    I32,
    U32,
    I64,
    U64,
    F32,
    F64,
}

impl ScalarType {
    pub fn size(self) -> u32 {
        match self {
            ScalarType::Bool => 1,
            ScalarType::I32 | ScalarType::U32 | ScalarType::F32 => 4,
            ScalarType::I64 | ScalarType::U64 | ScalarType::F64 => 8,
        }
    }
    /// The unsigned integer type of this type's size (bit patterns).
    pub fn same_size_uint(self) -> ScalarType {
        if self.size() == 8 {
            ScalarType::U64
        } else {
            ScalarType::U32
        }
    }
    pub fn is_float(self) -> bool {
        matches!(self, ScalarType::F32 | ScalarType::F64)
    }
    pub fn is_signed_int(self) -> bool {
        matches!(self, ScalarType::I32 | ScalarType::I64)
    }
    pub fn is_unsigned_int(self) -> bool {
        matches!(self, ScalarType::U32 | ScalarType::U64)
    }
    pub fn is_int(self) -> bool {
        self.is_signed_int() || self.is_unsigned_int()
    }
    pub fn name(self) -> &'static str {
        match self {
            ScalarType::Bool => "bool",
            ScalarType::I32 => "i32",
            ScalarType::U32 => "u32",
            ScalarType::I64 => "i64",
            ScalarType::U64 => "u64",
            ScalarType::F32 => "f32",
            ScalarType::F64 => "f64",
        }
    }
}

/// A constant of a scalar type. Integers are stored as their bit pattern
/// (two's complement, truncated to the type's width).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Constant {
    Bool(bool),
    Int(ScalarType, u64),
    Float(ScalarType, f64),
}

impl Constant {
    /// The value's bits as its type stores them (f32: the low 32 bits).
    pub fn bits(&self) -> u64 {
        match *self {
            Constant::Bool(b) => b as u64,
            Constant::Int(_, v) => v,
            Constant::Float(ScalarType::F32, v) => (v as f32).to_bits() as u64,
            Constant::Float(_, v) => v.to_bits(),
        }
    }

    pub fn ty(&self) -> ScalarType {
        match *self {
            Constant::Bool(_) => ScalarType::Bool,
            Constant::Int(t, _) | Constant::Float(t, _) => t,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LocalId(pub u32);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BindingId(pub u32);

/// Compute built-ins, each a 3-component u32 vector read one component at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Builtin {
    GlobalInvocationId,
    LocalInvocationId,
    WorkgroupId,
    NumWorkgroups,
    /// The work-group size compiled into the entry point (a constant).
    WorkgroupSize,
    /// The invocation's index in its work-group, x fastest (SYCL's local
    /// linear id; component 0 only).
    LocalInvocationIndex,
    /// The invocation's index in its sub-group (component 0 only).
    SubgroupLocalId,
    /// The number of invocations in a sub-group.
    SubgroupSize,
    /// The sub-group's index in its work-group.
    SubgroupId,
    /// The number of sub-groups in a work-group.
    NumSubgroups,
}

impl Builtin {
    /// Sub-group built-ins need the device's sub-group support.
    pub fn is_subgroup(self) -> bool {
        matches!(
            self,
            Builtin::SubgroupLocalId
                | Builtin::SubgroupSize
                | Builtin::SubgroupId
                | Builtin::NumSubgroups
        )
    }
}

/// Whose clock a [`Stmt::ReadClock`] reads (`sycl_ext_oneapi_clock`'s
/// `clock_scope`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ClockScope {
    SubGroup,
    WorkGroup,
    Device,
}

/// The invocations a [`Stmt::Fence`] orders memory for (a sub-group fence
/// is a work-group one, which is stronger).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FenceScope {
    WorkGroup,
    Device,
}

/// A sub-group collective ([`Stmt::Subgroup`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SubgroupOp {
    /// The value of the invocation `operand` (uniform across the sub-group).
    Broadcast,
    /// The value of the invocation `operand` (any per invocation).
    Shuffle,
    /// The value of the invocation `local id ^ operand`.
    ShuffleXor,
    /// The value of the invocation `local id + operand`.
    ShuffleDown,
    /// The value of the invocation `local id - operand`.
    ShuffleUp,
    Reduce(GroupArith),
    InclusiveScan(GroupArith),
    ExclusiveScan(GroupArith),
    /// Is the (bool) value true in any / every invocation?
    Any,
    All,
    /// Word `operand` (0 to 3, a `u32`) of the mask of the invocations
    /// whose (bool) value is true: bit `i` for local id `i`.
    Ballot,
}

impl SubgroupOp {
    /// The operation of `__builtin_syclone_subgroup_OP` (`any`, `shuffle_xor`,
    /// `reduce_add`, `iscan_min`, `escan_xor`...).
    pub fn from_intrinsic(op: &str) -> Option<SubgroupOp> {
        Some(match op {
            "any" => SubgroupOp::Any,
            "all" => SubgroupOp::All,
            "ballot" => SubgroupOp::Ballot,
            "shuffle" => SubgroupOp::Shuffle,
            "shuffle_xor" => SubgroupOp::ShuffleXor,
            "shuffle_down" => SubgroupOp::ShuffleDown,
            "shuffle_up" => SubgroupOp::ShuffleUp,
            _ => {
                let (kind, arith) = op.split_once('_')?;
                let arith = match arith {
                    "add" => GroupArith::Add,
                    "mul" => GroupArith::Mul,
                    "min" => GroupArith::Min,
                    "max" => GroupArith::Max,
                    "and" => GroupArith::And,
                    "or" => GroupArith::Or,
                    "xor" => GroupArith::Xor,
                    _ => return None,
                };
                match kind {
                    "reduce" => SubgroupOp::Reduce(arith),
                    "iscan" => SubgroupOp::InclusiveScan(arith),
                    "escan" => SubgroupOp::ExclusiveScan(arith),
                    _ => return None,
                }
            }
        })
    }

    /// Does it take an invocation index, mask or shift besides the value?
    pub fn has_operand(self) -> bool {
        matches!(
            self,
            SubgroupOp::Broadcast
                | SubgroupOp::Shuffle
                | SubgroupOp::ShuffleXor
                | SubgroupOp::ShuffleDown
                | SubgroupOp::ShuffleUp
                | SubgroupOp::Ballot
        )
    }
}

/// The combining operation of a sub-group reduction or scan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GroupArith {
    Add,
    Mul,
    Min,
    Max,
    And,
    Or,
    Xor,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum UnaryOp {
    Neg,
    /// Logical not (bool).
    Not,
    /// Bitwise not (integers).
    BitNot,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    BitAnd,
    BitOr,
    BitXor,
    Shl,
    /// Arithmetic for signed, logical for unsigned operands.
    Shr,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    /// Both operands bool; no short-circuit (the lowering makes
    /// short-circuiting explicit with `If` when the right side has effects).
    LogicalAnd,
    LogicalOr,
}

impl BinaryOp {
    /// `+ - * /`: the operators with floating-point forms.
    pub fn is_float_arithmetic(self) -> bool {
        matches!(
            self,
            BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div
        )
    }

    pub fn is_comparison(self) -> bool {
        matches!(
            self,
            BinaryOp::Eq | BinaryOp::Ne | BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge
        )
    }
}

/// Pure expressions (no side effects); a tree. Operand types always agree:
/// the lowering inserts `Convert` for C++'s implicit conversions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Expr {
    Const(Constant),
    Local(LocalId),
    /// A scalar of type `ty` at byte `offset` (4-aligned) of the parameter block.
    /// Types narrower than a word were widened by the lowering (bool: word != 0).
    Param {
        offset: u32,
        ty: ScalarType,
    },
    /// A scalar of type `ty` at byte `offset + 4 * word` of the parameter
    /// block, `word` (u32) computed at run time: an element of a captured
    /// array chosen by a run-time index.
    ParamAt {
        offset: u32,
        word: Box<Expr>,
        ty: ScalarType,
    },
    /// Component `dim` (0..3) of a built-in, as u32.
    Builtin(Builtin, u8),
    /// Element `index` (an integer of the target's index type) of a binding.
    Load {
        binding: BindingId,
        index: Box<Expr>,
    },
    Unary(UnaryOp, Box<Expr>),
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
    /// Floating-point arithmetic computed as written: the driver may
    /// neither fuse it with other operations nor reassociate it (SPIR-V
    /// `NoContraction`; `#pragma STDC FP_CONTRACT OFF` and its kin).
    Uncontracted(BinaryOp, Box<Expr>, Box<Expr>),
    /// Numeric conversion as C++ does it (float<->int truncates toward zero,
    /// int widening sign- or zero-extends by the source's signedness, bool->int 0/1,
    /// x->bool is x != 0).
    Convert(Box<Expr>, ScalarType),
    /// Bit-preserving reinterpretation between same-size types.
    Bitcast(Box<Expr>, ScalarType),
    /// `cond ? a : b` without side effects (both evaluated).
    Select(Box<Expr>, Box<Expr>, Box<Expr>),
    /// A math function of float operands of one type (the result's).
    Math(MathFn, Vec<Expr>),
    /// Scalar `index` of the kernel's specialization constants
    /// ([`Kernel::spec_constants`]): fixed for a launch, set by the host.
    SpecConst(u32),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Stmt {
    Assign {
        local: LocalId,
        value: Expr,
    },
    Store {
        binding: BindingId,
        index: Expr,
        value: Expr,
    },
    If {
        cond: Expr,
        then_block: Block,
        else_block: Block,
    },
    /// `body` runs repeatedly; `continuing` runs after `body` and after each
    /// `Continue` (the increment of a `for`). Exits only by `Break` or `Return`.
    Loop {
        body: Block,
        continuing: Block,
    },
    Break,
    Continue,
    /// Return from the kernel (device functions are inlined before the IR).
    Return,
    /// Work-group barrier: every work-item of the group reaches it before
    /// any continues, and the memory writes before it (work-group local and
    /// global) are visible to the group after it.
    Barrier,
    /// A memory fence (`sycl::atomic_fence`): the invocation's memory
    /// accesses before it happen before those after it, as seen by the
    /// invocations of `scope`; no invocation waits.
    Fence(FenceScope),
    /// An atomic access to element `index` of a binding (relaxed order;
    /// device scope for global memory, work-group scope for local memory).
    Atomic {
        op: AtomicOp,
        binding: BindingId,
        index: Expr,
        /// The operand: the value stored, exchanged or combined, the
        /// desired value of `CompareExchange`; None for `Load`.
        value: Option<Expr>,
        /// `CompareExchange`: the expected value, compared by bit pattern.
        expected: Option<Expr>,
        /// Receives the element's value before the operation.
        result: Option<LocalId>,
    },
    /// A collective over the invocation's sub-group, in uniform control flow
    /// of the sub-group; `result` receives it (of the value's type).
    Subgroup {
        op: SubgroupOp,
        value: Expr,
        /// The invocation index, xor mask or shift of the gathering operations.
        operand: Option<Expr>,
        result: LocalId,
    },
    /// Every invocation of the sub-group waits here.
    SubgroupBarrier,
    /// `local` (u64) receives a clock counter of `scope`
    /// (`sycl_ext_oneapi_clock`): it increases monotonically, and the
    /// invocations of the scope read the same counter.
    ReadClock {
        scope: ClockScope,
        local: LocalId,
    },
    /// Nothing at run time: the kernel needs a device with `aspect`
    /// (post-link lists it among the image's required aspects).
    RequireAspect(crate::bundle::Aspect),
    /// A call of a `SYCL_EXTERNAL` function that another translation unit
    /// defines ([`Function`]); the device link inlines it, and no call
    /// reaches a back end. `results` receive the function's results.
    Call {
        function: String,
        args: Vec<CallArg>,
        results: Vec<LocalId>,
    },
}

/// One flattened argument of a [`Stmt::Call`] (see [`Function`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum CallArg {
    Value(Expr),
    /// A pointer: the allocation it points into and the element index.
    Pointer {
        binding: BindingId,
        index: Expr,
    },
}

/// What an [`Stmt::Atomic`] does. Float elements support `Load`, `Store`,
/// `Exchange` and `CompareExchange` (the lowering builds float arithmetic
/// from compare-exchange loops); integers support every operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AtomicOp {
    Load,
    Store,
    Exchange,
    CompareExchange,
    Add,
    Sub,
    And,
    Or,
    Xor,
    Min,
    Max,
}

impl AtomicOp {
    pub fn name(self) -> &'static str {
        match self {
            AtomicOp::Load => "load",
            AtomicOp::Store => "store",
            AtomicOp::Exchange => "exchange",
            AtomicOp::CompareExchange => "compare_exchange",
            AtomicOp::Add => "add",
            AtomicOp::Sub => "sub",
            AtomicOp::And => "and",
            AtomicOp::Or => "or",
            AtomicOp::Xor => "xor",
            AtomicOp::Min => "min",
            AtomicOp::Max => "max",
        }
    }
}

pub type Block = Vec<Stmt>;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Local {
    pub name: String,
    pub ty: ScalarType,
}

/// An array of scalars a kernel addresses by element index: a storage
/// buffer (binding number `index + 1` in set 0 in SPIR-V; binding 0 is the
/// parameter block), or an array in work-group memory.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Binding {
    pub name: String,
    pub elem: ScalarType,
    pub reads: bool,
    pub writes: bool,
    #[serde(default)]
    pub space: Space,
    /// An array of this many elements, which the runtime does not size (the
    /// work-group algorithms' scratch, private arrays); None: sized at launch.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fixed_len: Option<u32>,
    /// Memory a `volatile T *` points into: every load and store of it
    /// happens, in program order (SPIR-V `Volatile` accesses), as
    /// warp-synchronous code ported from CUDA relies on.
    #[serde(default)]
    pub volatile: bool,
    /// Memory that another binding of the kernel also views (64-bit atomics
    /// on memory addressed in words): SPIR-V `Aliased`, so that accesses
    /// through one binding are not assumed independent of the other's.
    #[serde(default)]
    pub aliased: bool,
    /// A work-group array of one element per work-item (the exchange of
    /// sub-groups wider than the device's, `lower/subgroup_span.rs`),
    /// `fixed_len` of them at most: the runtime sizes it to the launch's
    /// work-group, or to one element on devices that never take the
    /// exchange.
    #[serde(default)]
    pub per_work_item: bool,
    /// A view of byte-addressed global memory (`lower/byte_memory.rs`)
    /// whose elements are unsigned integers of this many bits (8 or 16) in
    /// memory and `elem` (`u32`) values in the IR: a store keeps the
    /// value's low bits. Kernels store through it only where the device
    /// has 8- or 16-bit storage (`VK_KHR_8bit_storage`,
    /// `storageBuffer16BitAccess`), under the specialization constant that
    /// says so ([`crate::bundle::BYTE_STORE_SPEC`],
    /// [`crate::bundle::SHORT_STORE_SPEC`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub narrow_bits: Option<u32>,
}

/// Where a binding's elements live.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Space {
    /// Global memory: a storage buffer the runtime binds.
    #[default]
    Global,
    /// Work-group memory (a `local_accessor`): one array per work-group,
    /// whose length the runtime sets at launch.
    Workgroup,
    /// Per-work-item memory of `fixed_len` elements, zero-initialised: the
    /// characters of string literals, the state of `sycl::stream`.
    Private,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Kernel {
    /// SPIR-V entry point name.
    pub name: String,
    pub work_group_size: [u32; 3],
    /// Size of the parameter block in bytes (a multiple of 16; may be 0, the
    /// binding is still declared, 16 bytes long).
    pub param_block_size: u32,
    pub bindings: Vec<Binding>,
    pub locals: Vec<Local>,
    pub body: Block,
    /// The scalars of the specialization constants the kernel reads.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spec_constants: Vec<SpecConstant>,
    /// The `assert`s the kernel reaches.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub assert_sites: Vec<crate::bundle::AssertSite>,
    /// The strings of the printfs the kernel reaches.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub printf_strings: Vec<crate::bundle::PrintfString>,
}

/// One scalar of a specialization constant (SYCL 2020 4.9.5): a
/// `specialization_id` of a composite type has one per scalar member.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SpecConstant {
    /// The `specialization_id` variable's mangled name (`_ZL8coeff_id`),
    /// which is how the host names it too.
    pub symbol: String,
    /// Byte offset of the scalar in the value, and its size (host layout:
    /// a `bool` or `short` is narrower than its device type).
    pub offset: u32,
    pub size: u32,
    /// Its value when the host sets none (the `specialization_id`'s).
    pub default: Constant,
}

/// A `SYCL_EXTERNAL` function compiled for the device link: kernels of
/// other translation units call it ([`Stmt::Call`]) and the link inlines it.
///
/// Its C++ parameters are flattened, in declaration order, into scalars
/// and pointers (class members bases first then fields, array elements in
/// order; a reference parameter as the value it refers to); each pointer
/// parameter points into its own placeholder binding, which the link
/// replaces with the caller's allocation. `results` are the return
/// value's scalars, then those of each non-const reference parameter as the
/// function left them (copied back by the caller).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Function {
    /// The Itanium-mangled name, as the host compiler names the function.
    pub name: String,
    pub params: Vec<FunctionParam>,
    pub results: Vec<LocalId>,
    pub bindings: Vec<Binding>,
    pub locals: Vec<Local>,
    pub body: Block,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum FunctionParam {
    Value(LocalId),
    Pointer { binding: BindingId, index: LocalId },
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Module {
    pub kernels: Vec<Kernel>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub functions: Vec<Function>,
}

/// Calls `f` on every statement of `block`, nested ones included (a
/// statement before those inside it).
pub fn walk_stmts<'a>(block: &'a [Stmt], f: &mut impl FnMut(&'a Stmt)) {
    for s in block {
        f(s);
        match s {
            Stmt::If {
                then_block,
                else_block,
                ..
            } => {
                walk_stmts(then_block, f);
                walk_stmts(else_block, f);
            }
            Stmt::Loop { body, continuing } => {
                walk_stmts(body, f);
                walk_stmts(continuing, f);
            }
            _ => {}
        }
    }
}

/// The expressions a statement itself evaluates (not those of nested
/// blocks), by shared or by mutable reference: one body for
/// [`Stmt::exprs`] and [`Stmt::exprs_mut`].
macro_rules! own_exprs {
    ($stmt:expr, $as_ref:ident, $iter:ident) => {
        match $stmt {
            Stmt::Assign { value, .. } => vec![value],
            Stmt::Store { index, value, .. } => vec![index, value],
            Stmt::If { cond, .. } => vec![cond],
            Stmt::Atomic {
                index,
                value,
                expected,
                ..
            } => [Some(index), value.$as_ref(), expected.$as_ref()]
                .into_iter()
                .flatten()
                .collect(),
            Stmt::Subgroup { value, operand, .. } => [Some(value), operand.$as_ref()]
                .into_iter()
                .flatten()
                .collect(),
            Stmt::Call { args, .. } => args
                .$iter()
                .map(|a| match a {
                    CallArg::Value(e) | CallArg::Pointer { index: e, .. } => e,
                })
                .collect(),
            Stmt::Loop { .. }
            | Stmt::Break
            | Stmt::Continue
            | Stmt::Return
            | Stmt::Barrier
            | Stmt::Fence(_)
            | Stmt::SubgroupBarrier
            | Stmt::ReadClock { .. }
            | Stmt::RequireAspect(_) => vec![],
        }
    };
}

impl Stmt {
    /// The expressions the statement itself evaluates (not those of nested blocks).
    pub fn exprs(&self) -> Vec<&Expr> {
        own_exprs!(self, as_ref, iter)
    }

    /// [`Stmt::exprs`], to change.
    pub fn exprs_mut(&mut self) -> Vec<&mut Expr> {
        own_exprs!(self, as_mut, iter_mut)
    }
}

impl Expr {
    /// The expression with every expression inside it rebuilt by `f`,
    /// innermost first (`f` sees each node with its operands rebuilt).
    pub fn map(self, f: &mut impl FnMut(Expr) -> Expr) -> Expr {
        let mut sub = |b: Box<Expr>| Box::new(b.map(f));
        let rebuilt = match self {
            e @ (Expr::Const(_)
            | Expr::Local(_)
            | Expr::Param { .. }
            | Expr::Builtin(..)
            | Expr::SpecConst(_)) => e,
            Expr::ParamAt { offset, word, ty } => Expr::ParamAt {
                offset,
                word: sub(word),
                ty,
            },
            Expr::Load { binding, index } => Expr::Load {
                binding,
                index: sub(index),
            },
            Expr::Unary(op, a) => Expr::Unary(op, sub(a)),
            Expr::Binary(op, a, b) => {
                let a = sub(a);
                Expr::Binary(op, a, sub(b))
            }
            Expr::Uncontracted(op, a, b) => {
                let a = sub(a);
                Expr::Uncontracted(op, a, sub(b))
            }
            Expr::Convert(a, ty) => Expr::Convert(sub(a), ty),
            Expr::Bitcast(a, ty) => Expr::Bitcast(sub(a), ty),
            Expr::Select(c, a, b) => {
                let c = sub(c);
                let a = sub(a);
                Expr::Select(c, a, sub(b))
            }
            Expr::Math(m, args) => Expr::Math(m, args.into_iter().map(|a| a.map(f)).collect()),
        };
        f(rebuilt)
    }

    /// Calls `f` on this expression and every expression inside it.
    pub fn walk<'a>(&'a self, f: &mut impl FnMut(&'a Expr)) {
        f(self);
        match self {
            Expr::Const(_)
            | Expr::Local(_)
            | Expr::Param { .. }
            | Expr::Builtin(..)
            | Expr::SpecConst(_) => {}
            Expr::Load { index, .. } | Expr::ParamAt { word: index, .. } => index.walk(f),
            Expr::Unary(_, a) | Expr::Convert(a, _) | Expr::Bitcast(a, _) => a.walk(f),
            Expr::Binary(_, a, b) | Expr::Uncontracted(_, a, b) => {
                a.walk(f);
                b.walk(f);
            }
            Expr::Select(c, a, b) => {
                c.walk(f);
                a.walk(f);
                b.walk(f);
            }
            Expr::Math(_, args) => args.iter().for_each(|a| a.walk(f)),
        }
    }
}

impl Kernel {
    /// The bindings the kernel accesses atomically.
    pub fn atomic_bindings(&self) -> Vec<BindingId> {
        let mut out = vec![];
        walk_stmts(&self.body, &mut |s| {
            if let Stmt::Atomic { binding, .. } = s {
                if !out.contains(binding) {
                    out.push(*binding);
                }
            }
        });
        out
    }

    /// The float bindings the kernel adds to atomically (`OpAtomicFAddEXT`;
    /// see `lower/atomic.rs`): views that no other atomic touches.
    pub fn float_add_bindings(&self) -> Vec<BindingId> {
        let mut out = vec![];
        walk_stmts(&self.body, &mut |s| {
            if let Stmt::Atomic {
                op: AtomicOp::Add,
                binding,
                ..
            } = s
            {
                if self.bindings[binding.0 as usize].elem.is_float() && !out.contains(binding) {
                    out.push(*binding);
                }
            }
        });
        out
    }

    /// The bytes of the arrays each work-item keeps in private memory.
    pub fn private_bytes(&self) -> u32 {
        self.bindings
            .iter()
            .filter(|b| b.space == Space::Private)
            .map(|b| b.fixed_len.unwrap_or(1).saturating_mul(b.elem.size()))
            .fold(0, u32::saturating_add)
    }

    /// The bytes of the work-group arrays whose length the compiler fixes
    /// (`group_local_memory`, the work-group algorithms' scratch), in
    /// 32-bit words as the SPIR-V back end declares them.
    pub fn fixed_local_bytes(&self) -> u32 {
        self.bindings
            .iter()
            .filter(|b| b.space == Space::Workgroup && !b.per_work_item)
            .filter_map(|b| b.fixed_len.map(|n| n.saturating_mul(b.elem.size())))
            .map(|bytes| bytes.div_ceil(4).saturating_mul(4))
            .fold(0, u32::saturating_add)
    }

    /// Whether the kernel waits at work-group barriers (the host device then
    /// runs the items of a work-group concurrently).
    pub fn uses_barrier(&self) -> bool {
        let mut found = false;
        walk_stmts(&self.body, &mut |s| found |= matches!(s, Stmt::Barrier));
        found
    }

    /// Whether work-items of the kernel may wait for or synchronize with
    /// each other: a barrier, a fence or an atomic access.
    pub fn synchronizes(&self) -> bool {
        let mut found = false;
        walk_stmts(&self.body, &mut |s| {
            found |= matches!(s, Stmt::Barrier | Stmt::Fence(_) | Stmt::Atomic { .. })
        });
        found
    }

    /// Whether the kernel uses sub-group built-ins or collectives.
    pub fn uses_subgroups(&self) -> bool {
        let mut found = false;
        walk_stmts(&self.body, &mut |s| {
            found |= matches!(s, Stmt::Subgroup { .. } | Stmt::SubgroupBarrier);
            for e in s.exprs() {
                e.walk(&mut |e| found |= matches!(e, Expr::Builtin(b, _) if b.is_subgroup()));
            }
        });
        found
    }

    /// Every scalar type the kernel's values, variables and memory have.
    pub fn scalar_types(&self) -> Vec<ScalarType> {
        let mut out: Vec<ScalarType> = self.locals.iter().map(|l| l.ty).collect();
        out.extend(self.bindings.iter().map(|b| b.elem));
        walk_stmts(&self.body, &mut |s| {
            for e in s.exprs() {
                e.walk(&mut |e| match e {
                    Expr::Const(c) => out.push(c.ty()),
                    Expr::Param { ty, .. }
                    | Expr::ParamAt { ty, .. }
                    | Expr::Convert(_, ty)
                    | Expr::Bitcast(_, ty) => out.push(*ty),
                    Expr::SpecConst(i) => out.push(self.spec_constants[*i as usize].default.ty()),
                    _ => {}
                });
            }
        });
        out.sort_by_key(|t| t.name());
        out.dedup();
        out
    }

    pub fn local(&self, id: LocalId) -> &Local {
        &self.locals[id.0 as usize]
    }

    /// The type of an expression in this kernel.
    pub fn type_of(&self, e: &Expr) -> ScalarType {
        self.types().type_of(e)
    }

    fn types(&self) -> Types<'_> {
        Types {
            bindings: &self.bindings,
            locals: &self.locals,
            spec_constants: &self.spec_constants,
        }
    }
}

/// What the type of an expression depends on: a kernel's bindings, locals
/// and specialization constants, borrowed (lowering asks for types while it
/// builds them, and a copy would cost the kernel's size on every question).
pub struct Types<'a> {
    pub bindings: &'a [Binding],
    pub locals: &'a [Local],
    pub spec_constants: &'a [SpecConstant],
}

impl Types<'_> {
    /// The type of `e`.
    pub fn type_of(&self, e: &Expr) -> ScalarType {
        match e {
            Expr::Const(c) => c.ty(),
            Expr::Local(l) => self.locals[l.0 as usize].ty,
            Expr::Param { ty, .. } | Expr::ParamAt { ty, .. } => *ty,
            Expr::Builtin(..) => ScalarType::U32,
            Expr::Load { binding, .. } => self.bindings[binding.0 as usize].elem,
            Expr::Unary(UnaryOp::Not, _) => ScalarType::Bool,
            Expr::Unary(_, a) => self.type_of(a),
            Expr::Uncontracted(_, a, _) => self.type_of(a),
            Expr::Binary(op, a, _) => {
                if op.is_comparison() || matches!(op, BinaryOp::LogicalAnd | BinaryOp::LogicalOr) {
                    ScalarType::Bool
                } else {
                    self.type_of(a)
                }
            }
            Expr::Convert(_, t) | Expr::Bitcast(_, t) => *t,
            Expr::Select(_, a, _) => self.type_of(a),
            Expr::Math(_, args) => args.first().map_or(ScalarType::F32, |a| self.type_of(a)),
            Expr::SpecConst(i) => self.spec_constants[*i as usize].default.ty(),
        }
    }
}
