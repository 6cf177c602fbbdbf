//! Semantic analysis: scopes and name lookup, types and class layout,
//! templates (instantiation on use, deduction, partial specialization),
//! overload resolution, lambdas and their closure types, and the typed tree
//! (`thir`) of every function body that is checked.
//!
//! Host code is checked with the same rules, but its diagnostics are kept
//! with the function and only reported if the function turns out to be device
//! code (the std model headers do not describe host-only code completely).

mod braced;
mod check;
mod clang_lambda_names;
mod class_layout;
mod const_arith;
mod const_lvalues;
mod constant_objects;
mod consteval;
mod constexpr_body;
mod constexpr_lambdas;
mod constexpr_objects;
mod constexpr_operators;
mod constraint_text;
mod constraints;
mod convert;
mod ctad;
mod decls;
mod decomposition;
mod device_copyable;
pub(crate) use device_copyable::ArgCopy;
pub mod free_function;
mod full_expression_captures;
pub mod generic_captures;
pub mod generic_lambda;
mod implicit_copy;
mod inheriting_constructors;
mod init;
mod initializer_list;
mod kernel_attributes;
mod late_capture;
mod lookup;
pub mod mangle;
mod out_of_class;
mod overload;
mod packs;
mod range_for;
mod specializations;
mod statement_expr;
mod structured_binding;
mod subgroup;
mod switch;
mod template_names;
mod templates;
mod tentative_declaration;
pub mod thir;
mod three_way;
mod type_traits;
pub mod types;
mod typo;
mod unevaluated;
mod variable_length_array;
mod variable_template_specializations;

use crate::diag::{Diagnostic, Diagnostics};
use crate::front::ast::{self, AddressSpace};
use crate::source::Span;
pub use decomposition::Decomposition;
use std::collections::HashMap;
use std::rc::Rc;
pub use types::*;

/// The host compiler the device pass must agree with on closure layout
/// and on the mangled names of closure types (which key unnamed kernels).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostCompiler {
    Gcc {
        major: u32,
    },
    /// `tbaa`: the host pass emits type-based alias metadata (clang's
    /// default when optimizing, `-O1` and up, unless `-fno-strict-aliasing`),
    /// which mangles the closure type of every lambda where the lambda is
    /// evaluated.
    Clang {
        major: u32,
        tbaa: bool,
    },
}

impl Default for HostCompiler {
    /// Itanium-standard behaviour.
    fn default() -> Self {
        HostCompiler::Clang {
            major: 18,
            tbaa: false,
        }
    }
}

impl HostCompiler {
    pub fn lambda_numbering(self) -> LambdaNumbering {
        match self {
            HostCompiler::Gcc { major } if major < 13 => LambdaNumbering::Sequential,
            _ => LambdaNumbering::PerSignature,
        }
    }
    /// Does the closure type's name declare the lambda's explicit template
    /// parameters (`[]<typename T, int N>(T)` is `UlTyTniT_E_`, Itanium ABI
    /// issue 31)? clang does (since 10; checked with clang 14), and g++
    /// from 13 (ABI version 18; checked with g++ 13.3); g++ 12 mangles the
    /// parameter types only (`UlT_E_`, checked).
    pub fn mangles_lambda_template_params(self) -> bool {
        match self {
            HostCompiler::Gcc { major } => major >= 13,
            HostCompiler::Clang { major, .. } => major >= 10,
        }
    }
    /// g++ numbers the lambdas of every function (`UlvE_`, `UlvE0_`...);
    /// clang only those of inline functions, templates and lambdas, and
    /// names the others by a translation-unit-wide counter (`$_0`, `$_1`...,
    /// in the order it first mangles them; modelled as source order).
    pub fn numbers_lambdas_of_non_inline_functions(self) -> bool {
        matches!(self, HostCompiler::Gcc { .. })
    }
    /// Does clang count those `$_N` per enclosing function rather than per
    /// translation unit? clang 21 does (`main`'s first lambda is `$_0`
    /// after another function's; checked with clang 21.1 for wasm32-wasi),
    /// clang 14 does not (checked); versions between are unchecked and
    /// taken as 14.
    pub fn numbers_unnamed_lambdas_per_function(self) -> bool {
        matches!(self, HostCompiler::Clang { major, .. } if major >= 21)
    }
    /// Does the host compiler lay out a class with the `#pragma pack`
    /// value in effect at its closing brace (g++), rather than at its start
    /// (clang)? Only a pragma inside the braces tells them apart. Observed
    /// with g++ 12 and clang 14.
    pub fn packs_classes_at_closing_brace(self) -> bool {
        matches!(self, HostCompiler::Gcc { .. })
    }
    /// Does `#pragma pack` limit the alignment of a closure's captures? g++
    /// lays closures out as it lays out classes (`[=] { c + d; }` of a
    /// `char` and a `double` is 9 bytes under `pack(1)`); clang never packs
    /// them (16). Observed with g++ 12 and clang 14.
    pub fn packs_closures(self) -> bool {
        matches!(self, HostCompiler::Gcc { .. })
    }
    /// Does a special member declared `= default` or `= delete` (a
    /// constructor, destructor or copy assignment) make a class non-POD for
    /// the purpose of layout, so that a derived class reuses its tail
    /// padding? clang follows C++03 (any user-declared one); g++ only
    /// counts user-provided ones. Observed with g++ 12 and clang 14:
    /// `struct D : B { char d; }` with `B { int i; char c; B() = default; }`
    /// puts `d` at 8 (g++) or 5 (clang).
    pub fn pod_counts_declared_members(self) -> bool {
        matches!(self, HostCompiler::Clang { .. })
    }
    /// Is a closure type POD for the purpose of layout? For g++ it is (a
    /// class derived from a closure of an `int` and a `char` puts its `char`
    /// at 8); for clang it is not (at 5). Observed with g++ 12 and clang 14.
    pub fn closures_are_pod_for_layout(self) -> bool {
        matches!(self, HostCompiler::Gcc { .. })
    }
    /// Do GNU alignment attributes in the type of an alias declaration
    /// (`using A = int __attribute__((aligned(8)));`) align the alias? g++
    /// applies them; clang ignores them (only those after the alias's name,
    /// `using A [[gnu::aligned(8)]] = int;`, count). Observed with g++ 12 and
    /// clang 14.
    pub fn aligns_alias_type_ids(self) -> bool {
        matches!(self, HostCompiler::Gcc { .. })
    }
    /// Does the host compiler check a fold's operands from the side of its
    /// init, so a right fold (`(xs op ...)`, `(xs op ... op init)`) captures
    /// its init and then the elements last first? clang does (observed with
    /// clang 14: `[=] { (xs + ...); }` with `xs` = 1, 2, 3 holds 3, 2, 1;
    /// `(xs + ... + y)` holds y, 3, 2, 1; a left fold, a call `f(xs...)` or
    /// a braced list `{xs...}` holds 1, 2, 3), g++ does not.
    pub fn checks_folds_from_their_init(self) -> bool {
        matches!(self, HostCompiler::Clang { .. })
    }
    /// Does the host compiler lay out the captured elements of parameter
    /// packs after every other capture (late ones too), in order? g++ 12
    /// does (`[=] { sum(ps..., y); out[0] = 1; }` holds y, out, then the
    /// elements); clang in order of use.
    pub fn captures_packs_last(self) -> bool {
        matches!(self, HostCompiler::Gcc { .. })
    }
    /// Does the host compiler mangle a dependent name in a signature's
    /// expression as written? clang keeps the qualifiers
    /// (`std::is_integral_v<T>` is `sr3stdE13is_integral_vIT_E`,
    /// `std::is_same<T, int>::value` is `sr3std7is_sameIT_iEE5value`) and a
    /// negated literal (`ngLi1E`), and a `const` function parameter's
    /// qualifier (`fpK_`); g++ drops a variable template's qualifiers
    /// (`13is_integral_vIT_E`), writes a member's scope as a type
    /// (`srSt7is_sameIT_iE5value`), folds the literal (`Lin1E`) and drops
    /// the qualifier (`fp_`). Observed with g++ 12 and 13 and clang 14.
    pub fn mangles_dependent_names_as_written(self) -> bool {
        matches!(self, HostCompiler::Clang { .. })
    }
    /// Does a non-type template argument whose parameter's declared type
    /// has a placeholder (`auto *F`) carry that type (`TnPDa`, the Itanium
    /// ABI's proposed fix for colliding names, cxx-abi #166)? clang from 18
    /// does; g++ not (checked with 12).
    pub fn mangles_placeholder_param_types(self) -> bool {
        matches!(self, HostCompiler::Clang { major, .. } if major >= 18)
    }
    /// Does the mangled name of an instance of a `static` function template
    /// say it has internal linkage (`L`)? clang's does, g++'s not.
    pub fn marks_internal_template_instances(self) -> bool {
        matches!(self, HostCompiler::Clang { .. })
    }
    /// Does clang name (`$_N`) a lambda stored in a variable only where the
    /// variable is first used (called, passed)? Without TBAA, yes; with it,
    /// clang mangles the closure type for the alias metadata of the closure
    /// object where the lambda is evaluated.
    pub fn names_stored_lambdas_on_use(self) -> bool {
        matches!(self, HostCompiler::Clang { tbaa: false, .. })
    }
    /// g++ captures a constant variable (`const int n = 3;`) in a lambda with
    /// a capture-default nested in a lambda whose capture-default is `&`,
    /// where clang (and g++ at function scope) uses its value without
    /// capturing it. Observed with g++ 12 (`sizeof` of the closure).
    pub fn captures_constants_through_ref_lambdas(self) -> bool {
        matches!(self, HostCompiler::Gcc { .. })
    }
    /// g++ captures in a lambda with a capture-default the constants of
    /// enclosing functions that lambdas nested in it use, unless its own
    /// body uses some enclosing constant by value (then g++ prunes every
    /// capture of a constant it did not odr-use). Observed with g++ 12:
    /// `[=] { call([&] { x += n; }); }` captures `n`, `[=] { int m = k;
    /// call([&] { x += n; }); }` does not.
    pub fn keeps_constants_of_nested_lambdas(self) -> bool {
        matches!(self, HostCompiler::Gcc { .. })
    }
    /// g++ captures the variables a lambda names in a discarded `if
    /// constexpr` branch of a template instance (observed with g++ 12: the
    /// closure of `[=]` in `smooth<0>` of e2e `stencil_templates.cpp`).
    pub fn captures_in_discarded_statements(self) -> bool {
        matches!(self, HostCompiler::Gcc { .. })
    }
    /// g++ before 13 captures a `const` integer local of a template whose
    /// initializer is value-dependent after a lambda's other captures (it
    /// decides only at instantiation whether the use odr-uses it); g++ 13
    /// and clang capture in order of use. Observed with g++ 12, g++ 13 and
    /// clang 14 (closure bytes of probe programs).
    pub fn captures_dependent_constants_last(self) -> bool {
        matches!(self, HostCompiler::Gcc { major } if major < 13)
    }
    /// g++ parses a statement that starts with `T(` as a declaration first
    /// and keeps the captures the array bounds of its would-be declarator
    /// made (see `tentative_declaration.rs`); clang does not.
    pub fn captures_in_tentative_declarations(self) -> bool {
        matches!(self, HostCompiler::Gcc { .. })
    }
    /// clang decides at the end of a full-expression that a reference bound
    /// to an enclosing constant odr-uses it, and lays that capture out
    /// after the full-expression's other captures; g++ captures it where it
    /// is named (see `full_expression_captures.rs`).
    pub fn captures_referenced_constants_at_full_expression_end(self) -> bool {
        matches!(self, HostCompiler::Clang { .. })
    }
    /// Does reading an element of a constant array (`table[i]`) leave the
    /// array un-odr-used, as the C++20 rule on potential results says? clang
    /// applies it in C++17 too, g++ 12 does not (see `constant_objects.rs`).
    pub fn reads_constant_array_elements_without_odr_use(self) -> bool {
        matches!(self, HostCompiler::Clang { .. })
    }
    /// Does copying a constant object of a trivially copyable class (`P q
    /// = origin;`) leave it un-odr-used, as a read of its value? g++ 12
    /// treats the copy so; clang calls the copy constructor, binding a
    /// reference (observed with `sizeof` of closures).
    pub fn copies_constant_objects_without_odr_use(self) -> bool {
        matches!(self, HostCompiler::Gcc { .. })
    }
    /// Does a lambda capture a constant object of class type wherever it
    /// names it when the lambda before it that named the object last read
    /// a member of it (`origin.x`)? g++ 12 does: in every sequence of up to
    /// four lambdas that read a member or copy the object, exactly the
    /// lambdas after a member read captured it (`sizeof` of closures).
    /// clang decides by the use alone.
    pub fn captures_class_constants_after_member_reads(self) -> bool {
        matches!(self, HostCompiler::Gcc { .. })
    }
    /// Which uses of enclosing constants make a generic lambda capture
    /// them (see `generic_captures.rs`).
    pub fn generic_lambda_constant_captures(self) -> generic_captures::ConstantCaptureRule {
        match self {
            HostCompiler::Gcc { .. } => generic_captures::ConstantCaptureRule::Gcc,
            HostCompiler::Clang { .. } => generic_captures::ConstantCaptureRule::Clang,
        }
    }
}

/// How the host compiler numbers lambda closure types in one scope.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum LambdaNumbering {
    /// Itanium ABI: per lambda signature (clang, g++ >= 13).
    #[default]
    PerSignature,
    /// g++ < 13: one sequence for all lambdas of a scope.
    Sequential,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NsId(pub u32);

/// Where a declaration was declared: the context its names are resolved in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ctx {
    Ns(NsId),
    Class(ClassId),
    /// Inside a function body (local classes, lambdas).
    Func(FuncId),
}

/// A template argument value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TArg {
    Type(Ty),
    /// A type with a top-level `const` (`kernel<const int>`, `T` deduced
    /// from a `const int*` argument to `T*`): another argument than the
    /// unqualified type (another instance, mangled `K`), used as that type
    /// where substituted.
    ConstType(Ty),
    Value(i128),
    /// A variable of static storage duration a reference (`template <auto
    /// &S>`) non-type parameter refers to.
    Var(VarId),
    /// A function whose address a pointer non-type parameter takes
    /// (`get_kernel_id<iota>()` for `template <auto *Func>`).
    Func(FuncId),
    /// Non-type parameter `index` of a function template, unsubstituted:
    /// only in dependent signatures (see [`Ty::Param`]).
    ValueParam(u32),
    /// The arguments of a template parameter pack.
    Pack(Vec<TArg>),
    /// A class or alias template, the argument of a template template
    /// parameter (see `template_names.rs`).
    Template(TemplateId),
}

/// A class or alias template named as a template template argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TemplateId(pub u32);

/// Template parameter bindings of one instantiation, plus its outer context.
/// A function declaration with the context and environment it was declared in.
pub(crate) type DeclIn = (Rc<ast::FunctionDecl>, Ctx, Rc<Env>);

#[derive(Clone, Debug, Default)]
pub struct Env {
    pub bindings: Vec<(Rc<str>, TArg)>,
    pub parent: Option<Rc<Env>>,
    /// Namespaces a block-scope `using namespace` nominated here.
    pub using_dirs: Vec<NsId>,
    /// Names a block-scope namespace alias or using-declaration declared here.
    pub entities: Vec<(Rc<str>, Entity)>,
}

impl Env {
    /// What block-scope namespace aliases and using-declarations in scope
    /// declare as `name` (the innermost scope that declares it).
    pub fn block_entities(&self, name: &str) -> Vec<Entity> {
        let mut cur = Some(self);
        while let Some(e) = cur {
            let found: Vec<Entity> = e
                .entities
                .iter()
                .filter(|(n, _)| n.as_ref() == name)
                .map(|(_, x)| x.clone())
                .collect();
            if !found.is_empty() {
                return found;
            }
            cur = e.parent.as_deref();
        }
        vec![]
    }

    /// The namespaces nominated by block-scope using-directives in scope.
    pub fn block_using_dirs(&self) -> Vec<NsId> {
        let mut out = self.using_dirs.clone();
        let mut cur = self.parent.as_deref();
        while let Some(e) = cur {
            out.extend(e.using_dirs.iter().copied());
            cur = e.parent.as_deref();
        }
        out
    }

    pub fn get(&self, name: &str) -> Option<&TArg> {
        self.bindings
            .iter()
            .rev()
            .find(|(n, _)| n.as_ref() == name)
            .map(|(_, a)| a)
            .or_else(|| self.parent.as_ref().and_then(|p| p.get(name)))
    }
}

/// A named declaration visible in a namespace or class.
#[derive(Clone, Debug)]
pub enum Entity {
    Namespace(NsId),
    /// A class or class template (with partial specializations listed separately).
    Class(Rc<ast::ClassDecl>, Ctx, Rc<Env>),
    /// A non-template class already turned into a ClassId.
    ClassInst(ClassId),
    Function(Rc<ast::FunctionDecl>, Ctx, Rc<Env>),
    Var(VarId),
    Alias(Rc<ast::AliasDecl>, Ctx, Rc<Env>),
    Enum(EnumId),
    Enumerator(EnumId, i128),
}

/// Template parameter names bound to arguments.
pub type Bindings = Vec<(Rc<str>, TArg)>;

/// A class declaration with the context and template environment it was declared in.
pub type ClassInContext = (Rc<ast::ClassDecl>, Ctx, Rc<Env>);

pub struct Namespace {
    pub name: Option<Rc<str>>,
    pub parent: Option<NsId>,
    pub inline: bool,
    pub members: HashMap<Rc<str>, Vec<Entity>>,
    pub using_dirs: Vec<NsId>,
    /// Partial and explicit specializations of class templates, by template name.
    pub specializations: HashMap<Rc<str>, Vec<ClassInContext>>,
}

#[derive(Clone, Debug)]
pub struct Field {
    pub name: Rc<str>,
    pub ty: Ty,
    pub offset: u64,
    pub span: Span,
    /// The default member initializer (`int n = 3;`, `T v{1, 2};`).
    pub default_init: Option<ast::Initializer>,
}

/// Where a bit-field's bits are: `field`'s offset is the start of the
/// storage unit that holds them, from bit `bit` (least significant first,
/// as on x86-64).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BitField {
    pub field: usize,
    pub bit: u32,
    pub width: u32,
    /// The unit's bytes: its declared type's (at that type's alignment), or
    /// for a bit-field of a packed class (`__attribute__((packed))`,
    /// `#pragma pack`), which may lie across its type's alignment
    /// boundaries, the 1, 2, 4 or 8 bytes from the one holding its first
    /// bit (moved back to end with the class where they would pass it);
    /// 0 where no such unit fits in the class.
    pub unit: u32,
}

/// What a closure field holds: a variable of the enclosing function, a field
/// of the enclosing lambda's closure (a nested lambda capturing a capture),
/// or an init-capture's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureSource {
    Var(VarId),
    EnclosingField(usize),
    Init,
    /// The enclosing member function's object (`[this]`, `[*this]`).
    This,
}

/// Extra facts about a lambda's closure type.
#[derive(Clone, Debug)]
pub struct ClosureInfo {
    pub lambda: Rc<ast::LambdaExpr>,
    /// The function whose body contains the lambda (mangling scope).
    pub enclosing: FuncId,
    /// Discriminator in the enclosing scope (0 = first).
    pub discriminator: u32,
    /// clang names it `$_N` (a lambda of a non-inline function, see
    /// `clang_lambda_names.rs`).
    pub unnumbered: bool,
    /// Its `N`, once clang would have mangled it.
    pub unnumbered_id: Option<u32>,
    /// Such a lambda stored in a variable: named when the variable is
    /// first used.
    pub unnumbered_on_use: bool,
    /// The call operator.
    pub call_op: Option<FuncId>,
    /// For each field: what it captures and whether by reference.
    pub captures: Vec<(CaptureSource, bool)>,
    /// Fields the host compiler lays out after all others (late captures).
    pub late_fields: Vec<usize>,
    /// Fields capturing elements of a function parameter pack.
    pub pack_fields: Vec<usize>,
    /// Constants captured when bound to a reference, laid out where the
    /// host compiler captures them (see `full_expression_captures.rs`):
    /// each field with the number of fields it is laid out after.
    pub deferred_fields: Vec<(usize, usize)>,
    /// For generic lambdas: parameter patterns and call operator instances.
    pub generic: Option<generic_lambda::GenericLambda>,
}

pub struct ClassInfo {
    pub name: Rc<str>,
    pub decl: Option<Rc<ast::ClassDecl>>,
    /// The template this is a specialization of (the primary's decl), and its arguments.
    pub template: Option<(Rc<ast::ClassDecl>, Vec<TArg>)>,
    pub ctx: Ctx,
    pub env: Rc<Env>,
    pub fields: Vec<Field>,
    /// The indexes in `fields` of bit-fields (laid out as whole members:
    /// device code that uses them is diagnosed).
    pub bit_fields: Vec<BitField>,
    /// The ranges of `fields` that are the members of an anonymous union
    /// (all at one offset): an aggregate initializes one of each.
    pub variant_groups: Vec<std::ops::Range<usize>>,
    pub bases: Vec<(ClassId, u64)>,
    pub size: u64,
    pub align: u64,
    /// Itanium nvsize: the size before rounding to the alignment, the
    /// bytes a base subobject of it takes before the next member (see
    /// `class_layout.rs`).
    pub nvsize: u64,
    /// Its empty class subobjects at their offsets (itself not included).
    pub empty_subobjects: class_layout::EmptySubobjects,
    pub complete: bool,
    pub laid_out: bool,
    pub is_special: bool,
    /// `sycl::ext::oneapi::experimental::device_global`: a variable of it
    /// lives in device memory the runtime keeps per device.
    pub is_device_global: bool,
    pub closure: Option<ClosureInfo>,
    /// Member typedefs/aliases/nested classes/enums/static vars.
    pub members: HashMap<Rc<str>, Vec<Entity>>,
    /// Partial specializations of member class templates, by template name.
    pub specializations: HashMap<Rc<str>, Vec<ClassInContext>>,
    /// Its members are being registered: not to be laid out yet.
    pub registering: bool,
    pub methods: Vec<Rc<ast::FunctionDecl>>,
}

pub struct EnumInfo {
    pub name: Rc<str>,
    pub ctx: Ctx,
    pub underlying: IntKind,
    pub enumerators: Vec<(Rc<str>, i128)>,
}

/// A function (instantiated if it came from a template).
pub struct FuncInfo {
    pub decl: Rc<ast::FunctionDecl>,
    pub ctx: Ctx,
    pub env: Rc<Env>,
    /// The class of a member function.
    pub class: Option<ClassId>,
    pub template_args: Vec<TArg>,
    pub ret: Ty,
    pub params: Vec<Ty>,
    /// For each of `params`: the declared parameter it comes from (a
    /// function parameter pack declares one per element).
    pub param_decls: Vec<usize>,
    pub body: Option<Rc<thir::Body>>,
    pub body_state: BodyState,
    /// Diagnostics from checking the body; reported if it is device code.
    pub diags: Vec<Diagnostic>,
    /// For a lambda's call operator: the closure.
    pub closure: Option<ClassId>,
    /// Lambdas seen in this function's body, for numbering.
    pub lambda_count: u32,
    pub lambda_sig_counts: HashMap<String, u32>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BodyState {
    NotChecked,
    Checking,
    Done,
}

pub struct VarInfo {
    pub name: Rc<str>,
    pub ty: Ty,
    pub is_const: bool,
    /// Constant value (const integral variables with constant initializers).
    pub const_value: Option<i128>,
    /// The function that owns this local (`None` for globals).
    pub owner: Option<FuncId>,
    pub span: Span,
    pub is_global: bool,
    /// For a variable template: its declaration, instantiated per use.
    pub template: Option<(Rc<ast::VarDecl>, Ctx, Rc<Env>)>,
    /// For a variable of namespace or class scope: its declaration and
    /// where it was declared (its initializer is checked when device code
    /// reads it, see `Sema::global_initializer`; it is mangled by it).
    pub global: Option<(Rc<ast::VarDecl>, Ctx, Rc<Env>)>,
    /// A local or parameter whose declared type names a template parameter.
    pub dependent_type: bool,
    /// The host compiler captures it after a lambda's other captures (see
    /// `late_capture.rs`).
    pub late_capture: bool,
    /// An enumerator of a block-scope enumeration: a constant, never an
    /// object (lambdas never capture it).
    pub is_enumerator: bool,
    /// Declared as a pointer to volatile memory (`volatile int *p`): the
    /// memory it points into is accessed as volatile.
    pub volatile_pointee: bool,
    /// A GNU variable-length array, typed `T[0]` (see
    /// `variable_length_array.rs`).
    pub variable_length: bool,
    /// A block-scope `static` variable: lambdas use it in place, never
    /// capture it.
    pub static_local: bool,
    /// A `constexpr` local (or a `const` integer one with a constant
    /// initializer): its checked initializer, from which device code
    /// computes it where a lambda reads it without capturing it (see
    /// `constant_objects.rs`).
    pub constant_init: Option<Rc<thir::Expr>>,
    /// A `constexpr` local of floating-point or closure type: its value,
    /// computed where it was declared (see `constexpr_lambdas.rs`).
    pub(crate) constexpr_value: Option<constexpr_objects::ConstValue>,
    /// Declared with a type alias that sets its alignment (`f4 v;` with
    /// `typedef float f4 __attribute__((aligned(16)))`): that alignment,
    /// which its copy in a closure keeps.
    pub alias_align: Option<u64>,
    /// A concept (C++20): a variable template in name lookup, whose
    /// instances are whether the constraint is satisfied (see
    /// `constraints.rs`).
    pub concept: Option<Rc<ast::ConceptDecl>>,
}

/// What checking the initializer of a global variable gave (cached).
#[derive(Clone)]
enum GlobalInit {
    Checking,
    Done(Result<Rc<thir::Expr>, String>),
}

/// A kernel found at a call of a `[[clang::sycl_kernel_entry_point]]` function.
#[derive(Clone, Debug)]
pub struct KernelInstance {
    /// The kernel name type from the attribute.
    pub name_ty: Ty,
    /// The instantiated entry function.
    pub entry: FuncId,
    pub span: Span,
    /// The calls being checked when the entry was called, outermost first
    /// (the user's call into the SYCL header is among them).
    pub call_chain: Vec<Span>,
}

pub struct Sema {
    pub namespaces: Vec<Namespace>,
    pub classes: Vec<ClassInfo>,
    pub enums: Vec<EnumInfo>,
    pub funcs: Vec<FuncInfo>,
    pub vars: Vec<VarInfo>,
    pub kernels: Vec<KernelInstance>,
    pub free_function_kernels: Vec<free_function::FreeFunctionKernel>,
    /// The flags of the switches being checked that each `continue` (by
    /// its span) leaves, innermost last (see `switch.rs`).
    switch_continues: HashMap<Span, Vec<VarId>>,
    pub diags: Diagnostics,
    pub host: HostCompiler,
    /// Where `#pragma pack` limited the alignment of class members.
    pub pack: crate::front::pragma_pack::PackMap,
    /// Whether any type alias met so far has an alignment attribute (else
    /// no written type needs looking at for one, see `alias_alignment`).
    aligned_aliases: bool,
    /// Lambdas named `$_N` so far (clang, see
    /// [`HostCompiler::numbers_lambdas_of_non_inline_functions`]).
    unnumbered_lambdas: u32,
    /// The same counted per enclosing function (clang 21 and later).
    unnumbered_lambdas_in: HashMap<FuncId, u32>,
    /// Closures numbered when their function's body is done (code order).
    closure_queue: Vec<ClassId>,
    /// The queued closures of functions clang emits only once used.
    deferred_closures: Vec<(FuncId, Vec<ClassId>)>,
    /// For each body being checked, innermost last: whether clang parses
    /// it now (see `clang_lambda_names.rs`).
    parse_time: Vec<bool>,
    /// The lambda being checked initialises a variable (`auto f = [] {}`).
    lambda_named_on_use: bool,
    /// Class instances by declaration, enclosing class instance (member
    /// templates of different instances of a class template are different
    /// templates) and template arguments.
    class_cache: HashMap<(usize, Option<ClassId>, Vec<TArg>), ClassId>,
    func_cache: HashMap<(usize, Vec<TArg>, Option<ClassId>), FuncId>,
    /// Explicit specializations (`template <> R f<3>(...)`) by the address
    /// of the function template they specialise.
    explicit_specializations: HashMap<usize, Vec<DeclIn>>,
    /// Explicit specializations of member function templates of class
    /// template instances (`template <> template <> R C<int>::f<2>()`).
    member_specializations: HashMap<ClassId, Vec<Rc<ast::FunctionDecl>>>,
    /// Static data members this unit defines outside their class
    /// (`T C::m = ...;`).
    pub defined_static_members: Vec<VarId>,
    /// Functions whose bodies must be checked.
    queue: Vec<FuncId>,
    /// Nesting of body checks (templates instantiated inside bodies).
    depth: u32,
    /// Bodies being checked, innermost last.
    fn_stack: Vec<check::FnCtx>,
    /// Initializers of captures discovered while checking a lambda body.
    pending_capture_inits: HashMap<ClassId, Vec<thir::Expr>>,
    /// Captures of constants made in the full-expressions being checked
    /// (the level of the body, the closure, the field), laid out at their
    /// end (see `full_expression_captures.rs`).
    full_expression_captures: Vec<(usize, ClassId, usize)>,
    /// Per constant object of class type, what decides whether g++
    /// captures it in the next lambda (see `constant_objects.rs`).
    class_constant_history: HashMap<VarId, constant_objects::ClassConstantHistory>,
    /// Nesting of constexpr function calls being evaluated (bounded).
    constexpr_depth: u32,
    /// Set once the class instantiation depth limit has been reported.
    instantiation_limit_reported: bool,
    /// Class and alias templates named as template template arguments,
    /// indexed by [`TemplateId`], and their ids by declaration address.
    template_names: Vec<Entity>,
    template_name_ids: HashMap<usize, TemplateId>,
    /// The expression being checked is a direct operand of a built-in
    /// operator / the name being checked was one (see `late_capture.rs`).
    operand_of_operator: bool,
    operand_use: bool,
    /// Deduction guides implied by a class template's constructors, by
    /// template declaration (made once, so their instances are shared).
    implicit_guides: HashMap<usize, Vec<Rc<ast::FunctionDecl>>>,
    /// The declarations in `implicit_guides`, for overload resolution's
    /// "a written guide beats an implied one".
    implicit_guide_decls: std::collections::HashSet<usize>,
    /// The aggregate deduction candidates, by class template declaration
    /// and list length (made once; their addresses are in
    /// `implicit_guide_decls`).
    aggregate_guides: HashMap<(usize, usize), Rc<ast::FunctionDecl>>,
    /// The function standing for namespace scope while an expression outside
    /// any body is checked (see `unevaluated.rs`).
    scope_function: Option<FuncId>,
    /// Nesting of unevaluated operands (`decltype`) being checked.
    unevaluated: u32,
    /// Explicit instantiation definitions of function templates, instantiated
    /// once every declaration is known.
    explicit_instantiations: decls::Pending,
    /// Explicit instantiation definitions of class templates
    /// (`template struct Box<int>;`), and the instances they made.
    explicit_class_instantiations: Vec<(Rc<ast::ClassDecl>, Ctx, Rc<Env>)>,
    explicitly_instantiated: Vec<ClassId>,
    /// The non-template type aliases being resolved, innermost last (by
    /// declaration and the scope it is in).
    resolving_aliases: Vec<(usize, Ctx)>,
    /// The partial and explicit specializations of each variable template.
    variable_template_specializations:
        HashMap<VarId, Vec<variable_template_specializations::VarInContext>>,
    /// The variables of instances of variable templates of non-integral
    /// constant type, by template and arguments.
    variable_template_instances: HashMap<(VarId, Bindings), VarId>,
    /// Inside an explicit cast, whose conversions may use `explicit`
    /// conversion functions.
    explicit_conversion: bool,
    /// Nesting of aliases [`Sema::top_level_const`] looks through.
    const_alias_depth: u32,
    /// Out-of-class member function definitions, by the declaration of the
    /// class they belong to (see `out_of_class.rs`).
    out_of_class_defs: HashMap<usize, Vec<Rc<ast::FunctionDecl>>>,
    /// Out-of-class definitions of static data members of class templates
    /// (`template <class T> const int S<T>::w = 2;`), by the same key.
    out_of_class_vars: HashMap<usize, Vec<Rc<ast::VarDecl>>>,
    /// [`Sema::default_init_runs_code`] by class.
    default_init_runs_code: HashMap<ClassId, bool>,
    /// Whether copying an object of a class runs code (`implicit_copy.rs`).
    copy_runs_code: HashMap<ClassId, bool>,
    /// Initializers of global variables that device code reads.
    global_inits: HashMap<VarId, GlobalInit>,
    /// The calls whose callees' bodies are being checked, outermost first.
    checking_calls: Vec<Span>,
    /// Classes checked for the kernel argument decomposition protocol.
    decompositions: HashMap<ClassId, Option<Result<Decomposition, Diagnostic>>>,
    requires_decomposition_cache: HashMap<ClassId, bool>,
    /// Whether each concept is satisfied for each argument list met (see
    /// `constraints.rs`), and the ones being evaluated, innermost last.
    satisfactions: HashMap<(VarId, Vec<TArg>), constraints::Satisfaction>,
    satisfying: Vec<(VarId, Vec<TArg>)>,
    /// The satisfaction of each function's associated constraints.
    function_satisfactions: HashMap<FuncId, constraints::Satisfaction>,
    /// Names of each namespace scope by what they name, for spelling
    /// suggestions (see `typo.rs`).
    typo_names: typo::NamespaceNames,
}

pub const GLOBAL_NS: NsId = NsId(0);
pub(crate) const MAX_INSTANTIATION_DEPTH: u32 = 256;

impl Sema {
    pub fn new(host: HostCompiler) -> Self {
        Sema {
            namespaces: vec![Namespace {
                name: None,
                parent: None,
                inline: false,
                members: HashMap::new(),
                using_dirs: vec![],
                specializations: HashMap::new(),
            }],
            classes: vec![],
            enums: vec![],
            funcs: vec![],
            vars: vec![],
            kernels: vec![],
            free_function_kernels: vec![],
            switch_continues: HashMap::new(),
            diags: Diagnostics::default(),
            host,
            pack: Default::default(),
            aligned_aliases: false,
            unnumbered_lambdas: 0,
            unnumbered_lambdas_in: HashMap::new(),
            closure_queue: vec![],
            deferred_closures: vec![],
            parse_time: vec![],
            lambda_named_on_use: false,
            class_cache: HashMap::new(),
            func_cache: HashMap::new(),
            explicit_specializations: HashMap::new(),
            member_specializations: HashMap::new(),
            defined_static_members: vec![],
            queue: vec![],
            depth: 0,
            fn_stack: vec![],
            pending_capture_inits: HashMap::new(),
            full_expression_captures: vec![],
            class_constant_history: HashMap::new(),
            constexpr_depth: 0,
            instantiation_limit_reported: false,
            template_names: vec![],
            template_name_ids: HashMap::new(),
            operand_of_operator: false,
            operand_use: false,
            implicit_guides: HashMap::new(),
            out_of_class_defs: HashMap::new(),
            out_of_class_vars: HashMap::new(),
            default_init_runs_code: HashMap::new(),
            copy_runs_code: HashMap::new(),
            typo_names: Default::default(),
            scope_function: None,
            unevaluated: 0,
            explicit_instantiations: vec![],
            explicit_class_instantiations: vec![],
            explicitly_instantiated: vec![],
            resolving_aliases: vec![],
            const_alias_depth: 0,
            explicit_conversion: false,
            variable_template_instances: HashMap::new(),
            variable_template_specializations: HashMap::new(),
            implicit_guide_decls: Default::default(),
            aggregate_guides: HashMap::new(),
            global_inits: HashMap::new(),
            checking_calls: vec![],
            decompositions: HashMap::new(),
            requires_decomposition_cache: HashMap::new(),
            satisfactions: HashMap::new(),
            satisfying: vec![],
            function_satisfactions: HashMap::new(),
        }
    }

    /// Check a translation unit: collect declarations, then check the body of
    /// every non-template function defined in it (instantiating templates
    /// as they are used).
    pub fn check_translation_unit(&mut self, tu: &ast::TranslationUnit) {
        let root = Rc::new(Env::default());
        let mut to_check = vec![];
        self.collect_decls(&tu.decls, Ctx::Ns(GLOBAL_NS), &root, &mut to_check);
        let mut defined = vec![];
        for (decl, ctx, env) in to_check {
            // Member functions defined out of their class are checked too.
            let class = match ctx {
                Ctx::Class(c) => Some(c),
                _ => None,
            };
            let f = self.function_instance(&decl, ctx, env, class, vec![]);
            if let Some(f) = f {
                self.note_free_function_kernel(f);
                defined.push(f);
            }
        }
        for (decl, ctx, env) in std::mem::take(&mut self.explicit_instantiations) {
            if let Some(f) = self.explicit_function_instance(&decl, ctx, &env) {
                self.note_free_function_kernel(f);
                defined.push(f);
            }
        }
        for (decl, ctx, env) in std::mem::take(&mut self.explicit_class_instantiations) {
            if let Some(c) = self.explicit_class_instance(&decl, ctx, &env) {
                self.explicitly_instantiated.push(c);
            }
        }
        // Bodies in source order (the queue is a stack), as a compiler
        // emits them: clang names lambdas in that order (`$_N`).
        defined.reverse();
        self.queue.extend(defined.iter().copied());
        while let Some(f) = self.queue.pop() {
            self.ensure_body(f);
        }
        defined.reverse();
        self.number_closures_of_deferred_functions(&defined);
    }

    pub fn class(&self, id: ClassId) -> &ClassInfo {
        &self.classes[id.0 as usize]
    }
    pub fn func(&self, id: FuncId) -> &FuncInfo {
        &self.funcs[id.0 as usize]
    }
    pub fn var(&self, id: VarId) -> &VarInfo {
        &self.vars[id.0 as usize]
    }

    pub fn new_var(&mut self, name: Rc<str>, ty: Ty, owner: Option<FuncId>, span: Span) -> VarId {
        self.vars.push(VarInfo {
            name,
            ty,
            is_const: false,
            const_value: None,
            owner,
            span,
            is_global: owner.is_none(),
            template: None,
            global: None,
            dependent_type: false,
            late_capture: false,
            is_enumerator: false,
            volatile_pointee: false,
            variable_length: false,
            static_local: false,
            alias_align: None,
            constant_init: None,
            constexpr_value: None,
            concept: None,
        });
        VarId(self.vars.len() as u32 - 1)
    }

    /// Whether a declared type is a pointer to volatile memory.
    pub(crate) fn points_to_volatile(t: &ast::TypeExpr) -> bool {
        matches!(&t.kind, ast::TypeExprKind::Pointer(inner) if inner.is_volatile)
    }

    /// Size and alignment of a complete type.
    pub fn size_align(&mut self, ty: &Ty) -> Option<(u64, u64)> {
        let pointer = u64::from(crate::target::HostTarget::current().long_and_pointer_bytes());
        Some(match ty {
            Ty::Void
            | Ty::Function { .. }
            | Ty::OverloadSet
            | Ty::Param(_)
            | Ty::DependentMember { .. }
            | Ty::DependentArray { .. }
            | Ty::Error => return None,
            Ty::Bool => (1, 1),
            Ty::Int(k) => (k.size() as u64, k.size() as u64),
            Ty::Float(k) => (k.size() as u64, k.size() as u64),
            Ty::Nullptr | Ty::Ptr { .. } | Ty::LRef(..) | Ty::RRef(_) => (pointer, pointer),
            // Itanium: an offset, or a function pointer and `this` adjustment.
            Ty::MemberPtr { member, .. } => match **member {
                Ty::Function { .. } => (2 * pointer, pointer),
                _ => (pointer, pointer),
            },
            Ty::Array(e, n) => {
                let (s, a) = self.size_align(e)?;
                (s * n, a)
            }
            Ty::Enum(e) => {
                let k = self.enums[e.0 as usize].underlying;
                (k.size() as u64, k.size() as u64)
            }
            Ty::Class(c) => {
                self.complete_class(*c);
                let ci = self.class(*c);
                if !ci.complete {
                    return None;
                }
                (ci.size, ci.align)
            }
        })
    }

    /// A readable spelling of a type for diagnostics.
    pub fn ty_name(&self, ty: &Ty) -> String {
        match ty {
            Ty::Void => "void".into(),
            Ty::Bool => "bool".into(),
            Ty::Int(k) => k.spelling().into(),
            Ty::Float(FloatKind::Half) => "sycl::half".into(),
            Ty::Float(FloatKind::Float) => "float".into(),
            Ty::Float(FloatKind::Double) => "double".into(),
            Ty::Float(FloatKind::LongDouble) => "long double".into(),
            Ty::Nullptr => "std::nullptr_t".into(),
            Ty::Ptr {
                pointee,
                pointee_const,
                space,
            } => {
                let sp = match space {
                    Some(AddressSpace::Global) => "__global ",
                    Some(AddressSpace::Local) => "__local ",
                    _ => "",
                };
                format!(
                    "{sp}{}{} *",
                    if *pointee_const { "const " } else { "" },
                    self.ty_name(pointee)
                )
            }
            Ty::LRef(t, c) => format!("{}{} &", if *c { "const " } else { "" }, self.ty_name(t)),
            Ty::RRef(t) => format!("{} &&", self.ty_name(t)),
            Ty::Array(t, n) => format!("{}[{n}]", self.ty_name(t)),
            Ty::Class(c) => self.class_name(*c),
            Ty::Enum(e) => self.enums[e.0 as usize].name.to_string(),
            Ty::Function { ret, params, .. } => {
                let ps: Vec<String> = params.iter().map(|p| self.ty_name(p)).collect();
                format!("{} ({})", self.ty_name(ret), ps.join(", "))
            }
            Ty::OverloadSet => "<overloaded function>".into(),
            Ty::MemberPtr {
                class,
                member,
                const_method,
            } => match &**member {
                Ty::Function { ret, params, .. } => {
                    let ps: Vec<String> = params.iter().map(|p| self.ty_name(p)).collect();
                    format!(
                        "{} ({}::*)({}){}",
                        self.ty_name(ret),
                        self.class_name(*class),
                        ps.join(", "),
                        if *const_method { " const" } else { "" }
                    )
                }
                m => format!("{} {}::*", self.ty_name(m), self.class_name(*class)),
            },
            Ty::Param(i) => format!("<template parameter {i}>"),
            Ty::DependentMember { scope, name } => {
                format!("typename {}::{name}", self.class_name(*scope))
            }
            Ty::DependentArray { element, bound } => {
                format!("{}[<template parameter {bound}>]", self.ty_name(element))
            }
            Ty::Error => "<error type>".into(),
        }
    }

    /// Where the bits of field `field` of class `c` are, if it is a bit-field.
    pub fn bit_field(&self, c: ClassId, field: usize) -> Option<BitField> {
        self.class(c)
            .bit_fields
            .iter()
            .find(|b| b.field == field)
            .copied()
    }

    pub fn class_name(&self, c: ClassId) -> String {
        let ci = self.class(c);
        if let Some(cl) = &ci.closure {
            return format!(
                "(lambda #{} in {})",
                cl.discriminator,
                self.func(cl.enclosing).decl.name.to_string_lossy()
            );
        }
        let mut s = self.ctx_prefix(ci.ctx);
        s.push_str(&ci.name);
        if let Some((_, args)) = &ci.template {
            let a: Vec<String> = args.iter().map(|a| self.targ_name(a)).collect();
            s.push_str(&format!("<{}>", a.join(", ")));
        }
        s
    }

    /// A template argument as diagnostics show it (a pack's elements
    /// joined as they were written).
    pub(crate) fn targ_name(&self, a: &TArg) -> String {
        match a {
            TArg::Type(t) => self.ty_name(t),
            TArg::ConstType(t) => format!("const {}", self.ty_name(t)),
            TArg::Value(v) => v.to_string(),
            TArg::ValueParam(i) => format!("<template parameter {i}>"),
            TArg::Var(v) => self.var(*v).name.to_string(),
            TArg::Func(f) => self.qualified_function_name(*f),
            TArg::Pack(elems) => elems
                .iter()
                .map(|e| self.targ_name(e))
                .collect::<Vec<_>>()
                .join(", "),
            TArg::Template(t) => {
                let (name, ctx) = self.template_name_decl(*t);
                format!("{}{name}", self.ctx_prefix(ctx))
            }
        }
    }

    pub(crate) fn ctx_prefix(&self, ctx: Ctx) -> String {
        match ctx {
            Ctx::Ns(n) => {
                let mut parts = vec![];
                let mut cur = Some(n);
                while let Some(id) = cur {
                    let ns = &self.namespaces[id.0 as usize];
                    if let Some(name) = &ns.name {
                        parts.push(name.to_string());
                    }
                    cur = ns.parent;
                }
                parts.reverse();
                parts.iter().map(|p| format!("{p}::")).collect()
            }
            Ctx::Class(c) => format!("{}::", self.class_name(c)),
            Ctx::Func(_) => String::new(),
        }
    }
}
