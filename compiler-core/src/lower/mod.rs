//! Lowering of checked device code (the typed tree of the kernel entry
//! function and everything it calls) to the device IR, for one kernel:
//!
//! - kernel arguments are decomposed: scalars go to the parameter block,
//!   every global pointer (USM pointers, accessor data pointers) becomes a
//!   storage-buffer binding plus an element offset in the parameter block;
//! - calls are inlined (device code has no recursion);
//! - aggregates are split into scalar locals (scalar replacement);
//! - pointers are resolved to (binding, element index): a pointer whose
//!   allocation cannot be known at compile time is an error that says why.

mod atomic;
mod bit_cast;
mod bit_fields;
mod body;
mod byte_memory;
mod contraction;
mod decomposed_args;
mod destructors;
mod device_global;
mod external;
mod global_aggregate;
mod member_defaults;
mod memory_copy;
mod mutation;
mod param_array;
mod pointer_choice;
mod printf;
mod private_memory;
mod spec_constant;
mod subgroup;
mod subgroup_cluster;
mod subgroup_span;
mod subgroup_wide;
mod values;
mod work_group_scope;

use crate::bundle::{
    Access, BufferBinding, FunctionName, KernelAttributes, PointerOrigin, ScalarCopy,
};
use crate::diag::Diagnostic;
use crate::front::ast::AddressSpace;
use crate::front::ast::{BinOp, UnOp};
use crate::front::fp_contract::FpContractMap;
use crate::front::sema::free_function::FreeFunctionLaunch;
use crate::front::sema::thir::{self, ExprKind as TK, Stmt as TStmt};
use crate::front::sema::{ArgCopy, CaptureSource, ClassId, FuncId, Sema, Ty, VarId};
use crate::ir::{
    self, BinaryOp, Binding, BindingId, Builtin, Constant, Expr as IExpr, LocalId, ScalarType,
    Space, Stmt as IStmt, UnaryOp,
};
use crate::source::Span;
use crate::target::TargetProperties;
pub use decomposed_args::{HostDecomposition, DECOMPOSED_ARG};
pub use external::{function_display_name, lower_external_function};
use pointer_choice::ChoiceHints;
use std::collections::{HashMap, HashSet};
pub use subgroup::device_width_serves;
use values::{PlaceV, Slot, SlotId, Val};

/// Why a C++ type has no device scalar type.
enum NoScalar {
    /// A floating-point type the device does not have (`long double`).
    Unsupported,
    NotScalar,
}

/// What lowering one kernel produced.
pub struct LoweredKernel {
    pub kernel: ir::Kernel,
    pub buffers: Vec<BufferBinding>,
    pub scalars: Vec<ScalarCopy>,
    pub local_arrays: Vec<LocalArrayArg>,
    pub arg_sizes: Vec<u32>,
    /// The objects the host decomposes into argument [`DECOMPOSED_ARG`].
    pub decompositions: Vec<HostDecomposition>,
    pub uses_subgroups: bool,
    pub attributes: KernelAttributes,
    /// The `SYCL_EXTERNAL` functions of other units it calls, and where
    /// each is first called.
    pub callees: Vec<FunctionName>,
    pub callee_spans: Vec<Span>,
}

/// A `local_accessor` among the kernel arguments: the work-group binding
/// that holds its elements, and where its arena offset is in the host
/// arguments (see [`crate::bundle::LocalArray`]).
pub struct LocalArrayArg {
    pub binding: BindingId,
    pub arg: u32,
    pub offset: u32,
    pub elem_size: u32,
    pub name: String,
}

/// The work-group size of range and single_task kernels. 256 keeps a
/// memory-bound kernel at the H100's full bandwidth through Vulkan (64 gave
/// 1.26 TB/s, 256 2.70 TB/s in a plain wgpu vector add; docs/PERFORMANCE.md)
/// and is WebGPU's default limit of invocations per work-group.
pub const WORK_GROUP_SIZE: u32 = 256;

/// Elements of a work-group algorithm's scratch array: one per work-item of
/// the largest work-group (Vulkan devices allow 1024 invocations at most).
pub const GROUP_SCRATCH_ELEMENTS: u32 = 1024;

/// How the kernel's entry function takes its arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryShape {
    /// A `[[clang::sycl_kernel_entry_point]]` function of the SYCL header:
    /// its first parameter is the launch bounds (`detail::launch_bounds`),
    /// the rest the kernel object and special parameters.
    EntryPoint,
    /// A free-function kernel: the launch bounds come first as an implicit
    /// argument (nine `size_t`: global range, local range, offset), then the
    /// function's own parameters.
    FreeFunction(FreeFunctionLaunch),
}

/// What the lowering asks about a position in the sources.
#[derive(Clone, Copy)]
pub struct Sources<'a> {
    /// Whether a span is in the SYCL or model headers rather than user code.
    pub library_code: &'a dyn Fn(Span) -> bool,
    /// Whether floating-point arithmetic there may be contracted.
    pub fp_contract: &'a FpContractMap,
}

/// Lower the kernel whose entry function is `entry` to the IR.
///
/// Memory a kernel views as a type of another size (`(float4 *)` over a
/// `double *` argument) is lowered again with those bindings
/// byte-addressed, and pointer variables given a second allocation are
/// lowered again holding a choice (`pointer_choice.rs`); each attempt can
/// only add to the hints. An attempt takes the device diagnostics of the
/// functions it inlines: they are put back for the next.
pub fn lower_kernel(
    sema: &mut Sema,
    entry: FuncId,
    entry_name: &str,
    shape: EntryShape,
    target: &TargetProperties,
    sources: Sources<'_>,
    diags: &mut Vec<Diagnostic>,
) -> Option<LoweredKernel> {
    let kernel = KernelEntry {
        func: entry,
        name: entry_name,
        shape,
    };
    let mut hints = LoweringHints::default();
    loop {
        let mut attempt = vec![];
        let (lowered, wanted, taken) =
            lower_kernel_once(sema, &kernel, target, sources, &hints, &mut attempt);
        if hints.covers(&wanted) {
            diags.extend(attempt);
            return lowered;
        }
        hints.extend(wanted);
        for (f, d) in &taken {
            sema.funcs[f.0 as usize].diags = d.clone();
        }
    }
}

/// What one lowering of a kernel learnt for the next: bindings to address
/// by bytes, pointer slots that need a choice.
#[derive(Default)]
struct LoweringHints {
    bytes: HashSet<u32>,
    choices: ChoiceHints,
}

impl LoweringHints {
    fn covers(&self, wanted: &LoweringHints) -> bool {
        wanted.bytes.is_subset(&self.bytes)
            && wanted.choices.iter().all(|(slot, list)| {
                self.choices
                    .get(slot)
                    .is_some_and(|have| list.iter().all(|b| have.contains(b)))
            })
    }

    fn extend(&mut self, wanted: LoweringHints) {
        self.bytes.extend(wanted.bytes);
        for (slot, list) in wanted.choices {
            let have = self.choices.entry(slot).or_default();
            for b in list {
                if !have.contains(&b) {
                    have.push(b);
                }
            }
        }
    }
}

/// The function a kernel enters, its entry point name and how it is launched.
struct KernelEntry<'a> {
    func: FuncId,
    name: &'a str,
    shape: EntryShape,
}

/// One lowering of a kernel, with the bindings in `bytes` byte-addressed;
/// also the bindings it found viewed as types of another size, and the
/// device diagnostics it took from the functions it inlined.
fn lower_kernel_once(
    sema: &mut Sema,
    kernel: &KernelEntry<'_>,
    target: &TargetProperties,
    sources: Sources<'_>,
    hints: &LoweringHints,
    diags: &mut Vec<Diagnostic>,
) -> (Option<LoweredKernel>, LoweringHints, TakenDiagnostics) {
    let &KernelEntry {
        func: entry,
        name: entry_name,
        shape,
    } = kernel;
    let mut lw = Lowerer::new(sema, target, sources);
    lw.decomposition_allowed = shape == EntryShape::EntryPoint;
    lw.forced_bytes = hints.bytes.clone();
    lw.forced_choices = hints.choices.clone();
    let Some(body) = lw.sema.func(entry).body.clone() else {
        return (None, LoweringHints::default(), vec![]);
    };
    let params = lw.sema.func(entry).params.clone();
    let span = lw.sema.func(entry).decl.span;
    let mut arg_sizes = vec![];
    let mut frame = Frame {
        vars: HashMap::new(),
        this_place: None,
        ret: None,
        uses: mutation::var_uses(lw.sema, &body, &lw.callee_summaries),
        scopes: destructors::CleanupScope::of_function(),
        work_group_scope: false,
    };
    let first_param = match shape {
        EntryShape::EntryPoint => 0,
        EntryShape::FreeFunction(_) => {
            // Nine `size_t`s of the host's data model: ranges, local ranges, offsets.
            let bounds = Ty::Array(Box::new(Ty::size_t()), 9);
            arg_sizes.push(
                lw.sema
                    .size_align(&bounds)
                    .map_or(0, |(size, _)| size as u32),
            );
            let val = lw.decompose_arg(&bounds, 0, 0, false, "launch bounds", span);
            lw.launch_bounds = val.scalars();
            1
        }
    };
    for (i, (v, ty)) in body.params.iter().zip(params.iter()).enumerate() {
        let size = lw.sema.size_align(ty).map(|x| x.0).unwrap_or(0) as u32;
        arg_sizes.push(size);
        let name = lw.sema.var(*v).name.to_string();
        let val = lw.decompose_arg(ty, first_param + i as u32, 0, false, &name, span);
        if i == 0 && shape == EntryShape::EntryPoint {
            lw.launch_bounds = val.scalars();
        }
        let slot = lw.value_slot(val);
        frame.vars.insert(*v, slot);
    }
    if lw.decomposed_size > 0 {
        arg_sizes.push(lw.decomposed_size);
    }
    // A kernel argument that cannot be passed: its uses would only repeat it.
    if lw.has_errors() {
        return failed(lw, diags);
    }
    lw.frames.push(frame);
    lw.inline_stack.push(entry);
    lw.note_kernel_attributes(entry);
    // Device diagnostics of the entry function's own body (a free-function
    // kernel's is the user's code).
    let entry_diags = lw.take_function_diags(entry);
    lw.source_errors |= entry_diags
        .iter()
        .any(|d| d.severity == crate::diag::Severity::Error);
    lw.diags.extend(entry_diags);
    lw.stmt(&body.stmt);
    let mut block = lw.with_prologue();
    if shape == EntryShape::FreeFunction(FreeFunctionLaunch::SingleTask) {
        block = only_first_work_item(block);
    }
    if lw.has_errors() {
        return failed(lw, diags);
    }
    let hints = lw.take_hints();
    diags.extend(lw.diags);
    for b in lw.buffers.iter_mut() {
        let ib = &lw.bindings[(b.binding - 1) as usize];
        b.access = match (ib.reads, ib.writes) {
            (true, true) => Access::ReadWrite,
            (true, false) => Access::Read,
            (false, true) => Access::Write,
            (false, false) => Access::None,
        };
    }
    // Whole uvec4s: the block is a std140 uniform array.
    let param_block_size = lw.param_size.div_ceil(16) * 16;
    let lowered = LoweredKernel {
        kernel: ir::Kernel {
            name: entry_name.to_string(),
            work_group_size: [WORK_GROUP_SIZE, 1, 1],
            param_block_size,
            bindings: lw.bindings,
            locals: lw.locals,
            body: block,
            spec_constants: lw.spec_constants,
            assert_sites: lw.assert_sites,
            printf_strings: lw.printf_strings,
        },
        buffers: lw.buffers,
        scalars: lw.scalars,
        local_arrays: lw.local_arrays,
        arg_sizes,
        decompositions: lw.decompositions,
        uses_subgroups: lw.uses_subgroups,
        attributes: lw.attributes,
        callees: lw.callees.iter().map(|(f, _)| f.clone()).collect(),
        callee_spans: lw.callees.iter().map(|(_, s)| *s).collect(),
    };
    (Some(lowered), hints, lw.taken_diags)
}

/// A lowering that failed: its diagnostics, and what it learnt for the next.
fn failed(
    mut lw: Lowerer,
    diags: &mut Vec<Diagnostic>,
) -> (Option<LoweredKernel>, LoweringHints, TakenDiagnostics) {
    let hints = lw.take_hints();
    diags.extend(lw.diags);
    (None, hints, lw.taken_diags)
}

/// `block` run by work-item 0 only: a single_task runs one work-group of
/// [`WORK_GROUP_SIZE`] items.
fn only_first_work_item(block: Vec<IStmt>) -> Vec<IStmt> {
    let gid = |d| Box::new(IExpr::Builtin(Builtin::GlobalInvocationId, d));
    let zero = || Box::new(IExpr::Const(Constant::Int(ScalarType::U32, 0)));
    let cond = IExpr::Binary(
        BinaryOp::LogicalAnd,
        Box::new(IExpr::Binary(BinaryOp::Eq, gid(0), zero())),
        Box::new(IExpr::Binary(BinaryOp::Eq, gid(1), zero())),
    );
    vec![IStmt::If {
        cond,
        then_block: block,
        else_block: vec![],
    }]
}

/// Functions and the device diagnostics a lowering took from them.
type TakenDiagnostics = Vec<(FuncId, Vec<Diagnostic>)>;

struct Frame {
    vars: HashMap<VarId, SlotId>,
    this_place: Option<PlaceV>,
    /// Where `return` stores and whether the function needs a return flag.
    ret: Option<RetInfo>,
    uses: mutation::VarUses,
    /// Its scopes and the objects they destroy, innermost last.
    scopes: Vec<destructors::CleanupScope>,
    /// A hierarchical kernel's work-group function, or one it calls that
    /// reaches per-work-item code, being lowered outside the statements its
    /// leader runs (see `work_group_scope.rs`).
    work_group_scope: bool,
}

#[derive(Clone)]
struct RetInfo {
    /// Slot receiving the return value (None for void).
    value: Option<SlotId>,
    /// A bool local set on return (multi-return functions), else direct.
    flag: Option<LocalId>,
    /// Returns a reference: the slot holds a pointer.
    by_ref: bool,
    /// A multi-return function returning a reference to private memory
    /// (which no pointer can hold): the places its returns named, and the
    /// local that says which one it returned (0: the pointer; k + 1: place
    /// k). See `Lowerer::returned_place`.
    private_returns: Option<(LocalId, Vec<values::PlaceV>)>,
}

struct Lowerer<'s> {
    sema: &'s mut Sema,
    sources: Sources<'s>,
    target: TargetProperties,
    locals: Vec<ir::Local>,
    bindings: Vec<Binding>,
    buffers: Vec<BufferBinding>,
    scalars: Vec<ScalarCopy>,
    local_arrays: Vec<LocalArrayArg>,
    param_size: u32,
    slots: Vec<Slot>,
    /// For a slot that is part `i` of an aggregate slot: that aggregate and
    /// `i` (what a downcast climbs back up).
    enclosing: HashMap<SlotId, (PlaceV, usize)>,
    frames: Vec<Frame>,
    blocks: Vec<Vec<IStmt>>,
    diags: Vec<Diagnostic>,
    /// Whether destroying an object of a class runs code, per class.
    destroys: HashMap<crate::front::sema::ClassId, bool>,
    /// The temporaries of the full-expressions being lowered, to destroy
    /// at their ends (see `destructors.rs`).
    temporaries: Vec<destructors::Owned>,
    inline_stack: Vec<FuncId>,
    /// The calls being inlined, outermost first (beside `inline_stack`).
    call_sites: Vec<Span>,
    loop_depth: u32,
    /// Sema reported errors in device code being lowered: lowering errors
    /// after that are consequences, not news, and are not reported.
    source_errors: bool,
    /// A sub-group built-in or collective was lowered.
    uses_subgroups: bool,
    /// The form of the collective being lowered, in a kernel that requires
    /// a sub-group width (`subgroup.rs`).
    subgroup_form: Option<subgroup::SubgroupForm>,
    /// The work-group arrays through which logical sub-groups wider than
    /// the device's exchange values, one per word (`subgroup_span.rs`).
    exchange_arrays: Vec<BindingId>,
    /// The launch bounds argument as six scalars (global range, local
    /// range), for `__builtin_syclone_launch_extent/local`.
    launch_bounds: Vec<IExpr>,
    /// The kernel attributes of the functions inlined so far.
    attributes: KernelAttributes,
    /// The `SYCL_EXTERNAL` functions of other units called so far, and
    /// where each was first called.
    callees: Vec<(FunctionName, Span)>,
    /// Const global variables device code has read, each computed once
    /// into storage by [`Lowerer::prologue`].
    globals: HashMap<VarId, SlotId>,
    /// Globals whose initializer is being lowered (one that uses itself is
    /// an error, not endless recursion).
    initializing_globals: HashSet<VarId>,
    /// What each function scanned so far does with its reference
    /// arguments (see `mutation.rs`).
    callee_summaries: mutation::CalleeSummaries,
    /// Statements that run before the body: the initializers of `globals`.
    prologue: Vec<IStmt>,
    /// The specialization-constant scalars the kernel reads.
    spec_constants: Vec<ir::SpecConstant>,
    /// Byte-addressed bindings (see `byte_memory.rs`).
    byte_addressed: HashSet<u32>,
    /// Byte-addressed bindings whose word-sized scalars may straddle two
    /// words (of packed classes: see `byte_memory.rs`).
    unaligned: HashSet<u32>,
    /// Bindings to make byte-addressed whatever their type: memory the
    /// kernel views as a type of another size.
    forced_bytes: HashSet<u32>,
    /// Bindings found viewed as a type of another size in this lowering.
    wanted_bytes: HashSet<u32>,
    /// Other views of global bindings' memory, by binding, element type
    /// and stored width: 64-bit views for 64-bit atomics and float views
    /// for float adds (`atomic.rs`), byte and 16-bit views for narrow
    /// stores (`byte_memory.rs`).
    memory_views: HashMap<(u32, ScalarType, Option<u32>), BindingId>,
    /// Pointer slots that hold a choice of allocations from their creation.
    forced_choices: ChoiceHints,
    /// Pointer slots found to need a choice in this lowering.
    wanted_choices: ChoiceHints,
    /// The device diagnostics taken from the functions inlined so far.
    taken_diags: TakenDiagnostics,
    /// The private arrays of string literals, by text.
    strings: HashMap<String, BindingId>,
    /// Per-work-item copies of values fixed for the whole launch whose
    /// address was taken (parts of captured objects), by type and value:
    /// every `&c.m` of one capture points into one copy, so such pointers
    /// compare and subtract (see `private_memory.rs`).
    launch_constant_copies: HashMap<String, PlaceV>,
    /// The scratch arrays of library code, by space and element type.
    scratch: Vec<(Space, ScalarType, BindingId)>,
    /// The `assert`s lowered so far.
    assert_sites: Vec<crate::bundle::AssertSite>,
    /// The printf strings lowered so far.
    printf_strings: Vec<crate::bundle::PrintfString>,
    /// Lowering a `SYCL_EXTERNAL` function for the device link (not a kernel).
    external: bool,
    /// Whether calling a function runs per-work-item code of a hierarchical
    /// kernel, by function (see `work_group_scope.rs`).
    reaches_work_items: HashMap<FuncId, bool>,
    /// The locals of work-group functions kept in work-group memory.
    shared_locals: HashSet<VarId>,
    /// Decomposing the parts of a kernel argument that is device copyable
    /// as a whole (its members need no check of their own).
    copied_whole: bool,
    /// Kernel arguments may be decomposed (see `decomposed_args.rs`): the
    /// kernel is a `[[clang::sycl_kernel_entry_point]]` function's.
    decomposition_allowed: bool,
    /// Bytes of argument [`DECOMPOSED_ARG`] laid out so far.
    decomposed_size: u32,
    /// The decompositions being lowered, innermost last, and those done.
    decomposing: Vec<HostDecomposition>,
    decompositions: Vec<HostDecomposition>,
}

impl<'s> Lowerer<'s> {
    fn new(sema: &'s mut Sema, target: &TargetProperties, sources: Sources<'s>) -> Lowerer<'s> {
        Lowerer {
            sema,
            sources,
            target: *target,
            locals: vec![],
            bindings: vec![],
            buffers: vec![],
            scalars: vec![],
            local_arrays: vec![],
            param_size: 0,
            slots: vec![],
            enclosing: HashMap::new(),
            copied_whole: false,
            decomposition_allowed: false,
            decomposed_size: 0,
            decomposing: vec![],
            decompositions: vec![],
            frames: vec![],
            blocks: vec![vec![]],
            diags: vec![],
            destroys: HashMap::new(),
            temporaries: vec![],
            inline_stack: vec![],
            call_sites: vec![],
            loop_depth: 0,
            source_errors: false,
            uses_subgroups: false,
            subgroup_form: None,
            exchange_arrays: vec![],
            launch_bounds: vec![],
            attributes: KernelAttributes::default(),
            callees: vec![],
            globals: HashMap::new(),
            initializing_globals: HashSet::new(),
            callee_summaries: mutation::CalleeSummaries::default(),
            prologue: vec![],
            spec_constants: vec![],
            byte_addressed: HashSet::new(),
            unaligned: HashSet::new(),
            forced_bytes: HashSet::new(),
            wanted_bytes: HashSet::new(),
            memory_views: HashMap::new(),
            forced_choices: ChoiceHints::new(),
            wanted_choices: ChoiceHints::new(),
            taken_diags: vec![],
            strings: HashMap::new(),
            launch_constant_copies: HashMap::new(),
            scratch: vec![],
            assert_sites: vec![],
            printf_strings: vec![],
            external: false,
            reaches_work_items: HashMap::new(),
            shared_locals: HashSet::new(),
        }
    }
}

impl Lowerer<'_> {
    /// What this lowering learnt for the next (see `lower_kernel`).
    fn take_hints(&mut self) -> LoweringHints {
        LoweringHints {
            bytes: std::mem::take(&mut self.wanted_bytes),
            choices: std::mem::take(&mut self.wanted_choices),
        }
    }

    /// The device diagnostics of function `f`'s body, reported by the first
    /// lowering that inlines it (and kept to put back, see `lower_kernel`).
    fn take_function_diags(&mut self, f: FuncId) -> Vec<Diagnostic> {
        let taken = std::mem::take(&mut self.sema.funcs[f.0 as usize].diags);
        if !taken.is_empty() {
            self.taken_diags.push((f, taken.clone()));
        }
        taken
    }

    /// Takes the kernel attributes `f` is declared with (the kernel's call
    /// operator or free function); two different requirements are an error.
    fn note_kernel_attributes(&mut self, f: FuncId) {
        let mut errors = vec![];
        let found = self.sema.kernel_attributes(f, &mut errors);
        self.diags.extend(errors);
        let span = self.sema.func(f).decl.name.span;
        let current = &mut self.attributes;
        if let Some(size) = found.reqd_work_group_size {
            match &current.reqd_work_group_size {
                Some(other) if *other != size => self.diags.push(Diagnostic::error(
                    span,
                    format!(
                        "the kernel requires work-group size {size:?} here and {other:?} elsewhere"
                    ),
                )),
                _ => current.reqd_work_group_size = Some(size),
            }
        }
        if let Some(size) = found.reqd_sub_group_size {
            match current.reqd_sub_group_size {
                Some(other) if other != size => self.diags.push(Diagnostic::error(
                    span,
                    format!("the kernel requires sub-group size {size} here and {other} elsewhere"),
                )),
                _ => current.reqd_sub_group_size = Some(size),
            }
        }
    }

    fn has_errors(&self) -> bool {
        self.diags
            .iter()
            .any(|d| d.severity == crate::diag::Severity::Error)
    }

    fn error(&mut self, span: Span, msg: impl Into<String>) {
        let msg = msg.into();
        // An inconsistency after an error is that error's consequence.
        if self.source_errors || (msg.starts_with("internal:") && self.has_errors()) {
            return;
        }
        let mut d = Diagnostic::error(span, msg);
        // Say how device code reached here.
        if let Some(&f) = self.inline_stack.last() {
            let name = self.sema.func(f).decl.name.to_string_lossy();
            d = d.with_note(
                self.sema.func(f).decl.span,
                format!("in device function '{name}', called from a SYCL kernel"),
            );
        }
        // An error inside the headers: where the user's code called them.
        if (self.sources.library_code)(span) {
            if let Some(&site) = self
                .call_sites
                .iter()
                .rev()
                .find(|s| !(self.sources.library_code)(**s))
            {
                d = d.with_note(site, "called from here");
            }
        }
        self.diags.push(d);
    }

    fn emit(&mut self, s: IStmt) {
        self.blocks.last_mut().expect("block").push(s);
    }

    fn new_local(&mut self, name: &str, ty: ScalarType) -> LocalId {
        self.locals.push(ir::Local {
            name: name.to_string(),
            ty,
        });
        LocalId(self.locals.len() as u32 - 1)
    }

    fn index_type(&self) -> ScalarType {
        if self.target.index_bits == 64 {
            ScalarType::U64
        } else {
            ScalarType::U32
        }
    }

    /// The device scalar type of a C++ scalar type, reporting why there is
    /// none.
    fn scalar_of(&mut self, ty: &Ty, span: Span) -> Option<ScalarType> {
        match self.device_scalar(ty) {
            Ok(st) => Some(st),
            Err(NoScalar::Unsupported) => {
                let name = self.sema.ty_name(ty);
                self.error(
                    span,
                    format!("type '{name}' is not supported in device code yet"),
                );
                None
            }
            Err(NoScalar::NotScalar) if ty.is_error() => {
                if !self.has_errors() {
                    self.error(span, "the device compiler could not check this declaration: its type failed to resolve in host code (pass -Wsycl-host-code to see why)");
                }
                None
            }
            Err(NoScalar::NotScalar) => {
                let name = self.sema.ty_name(ty);
                self.error(span, format!("type '{name}' is not a scalar"));
                None
            }
        }
    }

    /// The device scalar type of a C++ scalar type.
    fn device_scalar(&self, ty: &Ty) -> Result<ScalarType, NoScalar> {
        Ok(match ty {
            Ty::Bool => ScalarType::Bool,
            Ty::Int(k) => {
                let s = k.size();
                let signed = k.signed();
                if s > 8 {
                    return Err(NoScalar::Unsupported);
                }
                if s == 8 {
                    if signed {
                        ScalarType::I64
                    } else {
                        ScalarType::U64
                    }
                } else if signed {
                    ScalarType::I32
                } else {
                    ScalarType::U32
                }
            }
            Ty::Enum(e) => {
                let k = self.sema.enums[e.0 as usize].underlying;
                return self.device_scalar(&Ty::Int(k));
            }
            Ty::Float(crate::front::sema::FloatKind::Float) => ScalarType::F32,
            Ty::Float(crate::front::sema::FloatKind::Double) => ScalarType::F64,
            Ty::Float(_) => return Err(NoScalar::Unsupported),
            _ => return Err(NoScalar::NotScalar),
        })
    }

    // ------------------------------------------------------------ kernel arguments

    fn param_slot(&mut self, size: u32) -> u32 {
        let align = size.clamp(4, 8);
        let off = self.param_size.div_ceil(align) * align;
        self.param_size = off + size.max(4);
        off
    }

    /// Decompose the host bytes of argument `arg` at `offset` (type `ty`) into a device value.
    /// Reports a kernel argument that may not be copied to the device.
    fn not_device_copyable(
        &mut self,
        ty: &Ty,
        name: &str,
        span: Span,
        why: String,
        at: Option<Span>,
    ) {
        if self.source_errors {
            return;
        }
        let ty_name = self.sema.ty_name(ty);
        let d = Diagnostic::error(
            span,
            format!("kernel argument '{name}' of type '{ty_name}' is not device copyable"),
        )
        .with_note(at.unwrap_or(span), why)
        .with_note(
            span,
            format!("if copying its bytes is correct, say so: specialize 'sycl::is_device_copyable<{ty_name}>' as 'std::true_type'"),
        );
        self.diags.push(d);
    }

    fn decompose_arg(
        &mut self,
        ty: &Ty,
        arg: u32,
        offset: u32,
        in_special: bool,
        name: &str,
        span: Span,
    ) -> Val {
        match ty {
            Ty::Bool | Ty::Int(_) | Ty::Float(_) | Ty::Enum(_) => {
                let Some(st) = self.scalar_of(ty, span) else {
                    return Val::Void;
                };
                let host_size = self.sema.size_align(ty).map(|x| x.0 as u32).unwrap_or(4);
                let dev_size = st.size().max(4);
                let dest = self.param_slot(dev_size);
                self.scalars.push(ScalarCopy {
                    arg,
                    offset,
                    size: host_size.min(dev_size),
                    dest,
                    sign_extend: host_size < dev_size && matches!(st, ScalarType::I32),
                });
                Val::Scalar(IExpr::Param {
                    offset: dest,
                    ty: st,
                })
            }
            Ty::Ptr {
                pointee,
                space: Some(AddressSpace::Local),
                ..
            } => {
                // A local_accessor's memory: an array in work-group memory.
                let Some(binding) = self.pointer_binding(pointee, name, Space::Workgroup, span)
                else {
                    return Val::Void;
                };
                let elem = self.bindings[binding.0 as usize].elem;
                self.local_arrays.push(LocalArrayArg {
                    binding,
                    arg,
                    offset,
                    elem_size: elem.size(),
                    name: name.to_string(),
                });
                Val::Ptr {
                    binding: Some(binding),
                    index: IExpr::Const(Constant::Int(self.index_type(), 0)),
                    elem: (**pointee).clone(),
                    choice: None,
                }
            }
            Ty::Ptr { pointee, .. } => {
                let Some(binding) = self.pointer_binding(pointee, name, Space::Global, span) else {
                    return Val::Void;
                };
                let elem_size = if self.byte_addressed.contains(&binding.0)
                    || matches!(**pointee, Ty::Class(_) | Ty::Array(..))
                {
                    self.sema.size_align(pointee).map_or(1, |x| x.0 as u32)
                } else {
                    self.bindings[binding.0 as usize].elem.size()
                };
                let it = self.index_type();
                let slot = self.param_slot(it.size());
                self.buffers.push(BufferBinding {
                    binding: binding.0 + 1,
                    arg,
                    offset,
                    origin: if in_special {
                        PointerOrigin::Accessor
                    } else {
                        PointerOrigin::Usm
                    },
                    access: Access::None,
                    elem_size,
                    offset_slot: slot,
                    index_bytes: it.size(),
                    name: name.to_string(),
                    device_global: None,
                });
                Val::Ptr {
                    binding: Some(binding),
                    index: IExpr::Param {
                        offset: slot,
                        ty: it,
                    },
                    elem: (**pointee).clone(),
                    choice: None,
                }
            }
            Ty::Class(c) => {
                let c = *c;
                self.sema.complete_class(c);
                let special = in_special || self.sema.class(c).is_special;
                if self.sema.is_host_only(c) {
                    self.host_object_arg(c, name, span);
                    return Val::Void;
                }
                if !special {
                    if let Some(found) = self.sema.decomposition(c) {
                        return self.decomposed_arg(c, found, (arg, offset), name, span);
                    }
                }
                let checked_before = self.copied_whole;
                if !special && !self.copied_whole {
                    match self.sema.kernel_arg_copy(ty, span) {
                        ArgCopy::Whole => self.copied_whole = true,
                        ArgCopy::ByMembers => {}
                        ArgCopy::Not { .. } if self.copied_by_decomposed_members(c, arg) => {}
                        ArgCopy::Not { why, at } => {
                            self.not_device_copyable(ty, name, span, why, at);
                            return Val::Void;
                        }
                    }
                }
                let val = self.decompose_class(c, arg, offset, special, name, span);
                self.copied_whole = checked_before;
                val
            }
            Ty::Array(e, n) => {
                let es = self.sema.size_align(e).map(|x| x.0 as u32).unwrap_or(0);
                let parts = (0..*n as u32)
                    .map(|i| self.decompose_arg(e, arg, offset + i * es, in_special, name, span))
                    .collect();
                Val::Agg(parts)
            }
            _ => {
                self.error(
                    span,
                    format!(
                        "kernel argument '{name}' of type '{}' cannot be passed to a kernel",
                        self.sema.ty_name(ty)
                    ),
                );
                Val::Void
            }
        }
    }

    /// The parts of a kernel argument of class `c`: its bases' and fields'.
    fn decompose_class(
        &mut self,
        c: ClassId,
        arg: u32,
        offset: u32,
        special: bool,
        name: &str,
        span: Span,
    ) -> Val {
        let bases = self.sema.class(c).bases.clone();
        let fields = self.sema.class(c).fields.clone();
        let mut parts = vec![];
        for (bc, boff) in bases {
            parts.push(self.decompose_arg(
                &Ty::Class(bc),
                arg,
                offset + boff as u32,
                special,
                name,
                span,
            ));
        }
        let closure = self.sema.class(c).closure.clone();
        let is_closure = closure.is_some();
        for (idx, f) in fields.into_iter().enumerate() {
            let fname = if is_closure {
                f.name.to_string()
            } else {
                format!("{name}.{}", f.name)
            };
            // Where the kernel uses a capture, else where it uses the enclosing one.
            let use_span = if is_closure { f.span } else { span };
            if f.ty.is_error() {
                // An entity whose type the device pass could not know
                // (tolerated in host code) reached the kernel.
                let declared = match closure.as_ref().map(|cl| cl.captures[idx].0) {
                    Some(CaptureSource::Var(v)) => Some(self.sema.var(v).span),
                    Some(_) => None,
                    None => Some(f.span),
                };
                let mut d = Diagnostic::error(
                    use_span,
                    format!("kernel argument '{fname}' has a type the device compiler does not know (a name from a header it does not model, or one it could not resolve)"),
                );
                if let Some(ds) = declared {
                    d = d.with_note(ds, format!("'{}' is declared here", f.name));
                }
                if !self.source_errors {
                    self.diags.push(d);
                }
                parts.push(Val::Void);
                continue;
            }
            if f.ty.is_ref() && &*f.name == "this" {
                self.error(f.span, "kernel captures 'this', a pointer to a host object; copy the members the kernel uses into local variables, or capture '*this' by copy ([*this])");
                parts.push(Val::Void);
                continue;
            }
            if f.ty.is_ref() {
                self.error(f.span, format!("kernel argument '{}' is captured by reference; SYCL kernels must capture by copy ([=])", f.name));
                parts.push(Val::Void);
                continue;
            }
            if let Some(bf) = self.sema.bit_field(c, idx) {
                parts.push(self.bit_field_arg(
                    &f.ty,
                    bf,
                    (arg, offset + f.offset as u32),
                    use_span,
                ));
                continue;
            }
            parts.push(self.decompose_arg(
                &f.ty,
                arg,
                offset + f.offset as u32,
                special,
                &fname,
                use_span,
            ));
        }
        Val::Agg(parts)
    }

    /// Reports a kernel argument that is a host object of the SYCL header.
    fn host_object_arg(&mut self, c: ClassId, name: &str, span: Span) {
        let ty_name = self.sema.class_name(c);
        let mut d = Diagnostic::error(
            span,
            format!("kernel argument '{name}' is a '{ty_name}', which exists only on the host; kernels cannot capture it"),
        );
        if matches!(&*self.sema.class(c).name, "host_accessor" | "buffer") {
            d = d.with_note(span, "kernels reach a buffer through a sycl::accessor made in the command group (sycl::accessor a(buf, h))");
        }
        if !self.source_errors {
            self.diags.push(d);
        }
    }

    /// A new binding of `elem` elements in `space`, not yet read or written.
    fn new_binding(&mut self, name: &str, elem: ScalarType, space: Space) -> BindingId {
        self.bindings.push(Binding {
            name: name.to_string(),
            elem,
            reads: false,
            writes: false,
            space,
            fixed_len: None,
            volatile: false,
            aliased: false,
            per_work_item: false,
            narrow_bits: None,
        });
        BindingId(self.bindings.len() as u32 - 1)
    }

    /// The binding a pointer to `pointee` points into: of its scalar type,
    /// or of words holding the host's bytes (see `byte_memory.rs`).
    fn pointer_binding(
        &mut self,
        pointee: &Ty,
        name: &str,
        space: Space,
        span: Span,
    ) -> Option<BindingId> {
        let forced = self.forced_bytes.contains(&(self.bindings.len() as u32));
        let elem = self.binding_elem(pointee, name, span)?;
        let elem = if forced { ScalarType::U32 } else { elem };
        let binding = self.new_binding(name, elem, space);
        if forced || self.is_byte_addressed(pointee) {
            self.byte_addressed.insert(binding.0);
            if self.has_misaligned_scalars(pointee) {
                self.unaligned.insert(binding.0);
            }
        }
        Some(binding)
    }

    fn binding_elem(&mut self, pointee: &Ty, name: &str, span: Span) -> Option<ScalarType> {
        if *pointee == Ty::Void {
            return Some(ScalarType::U32);
        }
        if !self.check_bit_fields_in_memory(pointee, span) {
            return None;
        }
        if self.is_byte_addressed(pointee) {
            let mut leaves = vec![];
            self.scalar_leaves(pointee, &mut leaves);
            for leaf in leaves {
                self.scalar_of(&leaf, span)?;
            }
            return Some(ScalarType::U32);
        }
        match pointee {
            Ty::Int(_) | Ty::Float(_) | Ty::Enum(_) => self.scalar_of(pointee, span),
            // A class or array of one 32- or 64-bit scalar type.
            Ty::Class(_) | Ty::Array(..) => match self.uniform_scalar(pointee) {
                Some(leaf) => self.scalar_of(&leaf, span),
                None => {
                    self.error(span, format!("'{name}' points to '{}': kernels can use pointers to classes and arrays of arithmetic scalars, but not to ones holding pointers or references", self.sema.ty_name(pointee)));
                    None
                }
            },
            _ => {
                self.error(span, format!("'{name}' points to '{}': only pointers to scalar types can be used in kernels yet", self.sema.ty_name(pointee)));
                None
            }
        }
    }
}
