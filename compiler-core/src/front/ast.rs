//! The syntax tree the parser produces: declarations, statements, expressions
//! and syntactic types, each with its span. Names are unresolved here; sema
//! resolves them (see `front::sema`).

use crate::source::Span;
use std::rc::Rc;

/// A possibly qualified name with optional template arguments per component:
/// `::sycl::accessor<float, 1>` or `h.template get<0>`.
#[derive(Clone, Debug)]
pub struct QualName {
    /// Leading `::`.
    pub global: bool,
    pub parts: Vec<NamePart>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct NamePart {
    pub ident: Rc<str>,
    /// `Some` when written with `<...>`.
    pub template_args: Option<Vec<TemplateArg>>,
    pub span: Span,
}

/// The ident of a nested-name-specifier's `decltype(expr)` part
/// (`decltype(a)::value_type`): the part's one template argument is the
/// `decltype` type.
pub const DECLTYPE_PART: &str = "decltype(...)";

impl NamePart {
    /// The `decltype(expr)` type this part is, if it is one.
    pub fn decltype_type(&self) -> Option<&TypeExpr> {
        if &*self.ident != DECLTYPE_PART {
            return None;
        }
        match self.template_args.as_deref() {
            Some([TemplateArg::Type(t)]) => Some(t),
            _ => None,
        }
    }
}

impl QualName {
    pub fn last(&self) -> &NamePart {
        self.parts.last().expect("a name has at least one part")
    }
    pub fn is_simple(&self) -> bool {
        !self.global && self.parts.len() == 1 && self.parts[0].template_args.is_none()
    }
    pub fn simple(ident: Rc<str>, span: Span) -> Self {
        QualName {
            global: false,
            parts: vec![NamePart {
                ident,
                template_args: None,
                span,
            }],
            span,
        }
    }
    pub fn to_string_lossy(&self) -> String {
        let mut s = if self.global {
            "::".to_string()
        } else {
            String::new()
        };
        for (i, p) in self.parts.iter().enumerate() {
            if i > 0 {
                s.push_str("::");
            }
            s.push_str(&p.ident);
            if p.template_args.is_some() && p.decltype_type().is_none() {
                s.push_str("<...>");
            }
        }
        s
    }
}

#[derive(Clone, Debug)]
pub enum TemplateArg {
    Type(TypeExpr),
    Expr(Expr),
    /// `pattern...` (`Ts...`, `std::decay_t<Ts>...`, `Ns...`).
    PackExpansion(Box<TemplateArg>),
}

/// A syntactic type: specifiers plus declarator layers.
#[derive(Clone, Debug)]
pub struct TypeExpr {
    pub kind: TypeExprKind,
    pub is_const: bool,
    pub is_volatile: bool,
    /// `__attribute__((opencl_global))` etc. on the pointee, from the specifiers.
    pub address_space: Option<AddressSpace>,
    /// The type-constraint of a constrained placeholder (`std::integral
    /// auto`; on the `auto` node): the concept, with the arguments after
    /// the first (`std::convertible_to<int> auto`).
    pub constraint: Option<Rc<QualName>>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AddressSpace {
    Global,
    Local,
    Private,
    Constant,
    Generic,
}

#[derive(Clone, Debug)]
pub enum TypeExprKind {
    /// Builtin type keywords in canonical order-insensitive form (`unsigned long`, `float`).
    Builtin(BuiltinSpec),
    Named(QualName),
    Auto,
    /// `decltype(auto)`.
    DecltypeAuto,
    /// `decltype(expr)`; `parenthesized` for `decltype((x))`, which names
    /// the expression's type rather than the entity's declared type.
    Decltype {
        expr: Box<Expr>,
        parenthesized: bool,
        /// GNU `__typeof__(expr)`: the type without a reference.
        gnu_typeof: bool,
    },
    /// GCC's `__underlying_type(E)`: the integer type an enumeration is
    /// stored as (`std::underlying_type` is defined with it).
    UnderlyingType(Box<TypeExpr>),
    Pointer(Box<TypeExpr>),
    /// `T C::*`: a pointer to a member of class `C` of type `T`.
    MemberPointer(QualName, Box<TypeExpr>),
    LRef(Box<TypeExpr>),
    RRef(Box<TypeExpr>),
    /// `T[N]` (`None` for `T[]`).
    Array(Box<TypeExpr>, Option<Box<Expr>>),
    Function(Box<TypeExpr>, Vec<Param>, bool /* variadic */),
}

/// The builtin type keywords of a decl-specifier-seq.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BuiltinSpec {
    pub void: bool,
    pub bool_: bool,
    pub char_: bool,
    pub short: bool,
    pub int: bool,
    pub long: u8,
    pub signed: bool,
    pub unsigned: bool,
    pub float: bool,
    pub double: bool,
    pub half: bool,
    pub char16: bool,
    pub char32: bool,
    pub wchar: bool,
    /// GCC's `__int128`.
    pub int128: bool,
}

#[derive(Clone, Debug)]
pub struct Param {
    pub name: Option<Rc<str>>,
    pub ty: TypeExpr,
    /// A function parameter pack: `Ts... args`.
    pub pack: bool,
    /// Boxed: most parameters have none, and a parameter is kept small.
    pub default: Option<Box<Expr>>,
    pub span: Span,
}

#[derive(Clone, Debug, Default)]
pub struct Attributes {
    /// `[[ns::name(args)]]` and `__attribute__((name(args)))` as (qualified name, args).
    pub list: Vec<Attribute>,
}

#[derive(Clone, Debug)]
pub struct Attribute {
    pub name: String,
    pub args: Vec<TemplateArg>,
    pub span: Span,
}

impl Attributes {
    pub fn find(&self, name: &str) -> Option<&Attribute> {
        self.list.iter().find(|a| a.name == name)
    }
}

#[derive(Clone, Debug)]
pub struct TemplateParam {
    pub name: Option<Rc<str>>,
    pub kind: TemplateParamKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum TemplateParamKind {
    /// `typename T = default`, `typename... Ts`.
    Type {
        default: Option<TypeExpr>,
        pack: bool,
    },
    /// `int N = default`.
    NonType {
        ty: TypeExpr,
        default: Option<Expr>,
        pack: bool,
    },
    /// `template <class> class C = D`, `template <typename...> typename... Cs`.
    Template {
        params: Vec<TemplateParam>,
        default: Option<QualName>,
        pack: bool,
    },
}

#[derive(Clone, Debug)]
pub struct TemplateHeader {
    pub params: Vec<TemplateParam>,
    /// The constraints the header introduces, one expression: the
    /// type-constraints of its parameters (`template <std::integral T>` is
    /// `std::integral<T>`), of the parameters invented for constrained
    /// `auto` function parameters, and the requires-clause after it, in
    /// that order, joined by `&&`.
    pub requires: Option<Rc<Expr>>,
    pub span: Span,
}

/// `a && b` of two optional constraints (either alone when the other is
/// absent).
pub fn conjoin(a: Option<Rc<Expr>>, b: Option<Rc<Expr>>) -> Option<Rc<Expr>> {
    match (a, b) {
        (Some(a), Some(b)) => {
            let span = a.span.to(b.span);
            Some(Rc::new(Expr {
                kind: ExprKind::Binary(
                    BinOp::LogAnd,
                    Box::new((*a).clone()),
                    Box::new((*b).clone()),
                ),
                span,
            }))
        }
        (a, b) => a.or(b),
    }
}

/// `template <typename T> concept Name = constraint;`
#[derive(Clone, Debug)]
pub struct ConceptDecl {
    pub name: Rc<str>,
    pub template: TemplateHeader,
    pub constraint: Rc<Expr>,
    pub span: Span,
}

/// `requires (params) { requirements }`: true when every requirement
/// holds for the template arguments (an invalid one makes it false).
#[derive(Clone, Debug)]
pub struct RequiresExpr {
    pub params: Vec<Param>,
    pub requirements: Vec<Requirement>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum Requirement {
    /// `expr;`: the expression is valid.
    Simple(Expr),
    /// `typename T::value_type;`: the type exists.
    Type(TypeExpr),
    /// `{ expr } noexcept -> Concept<args>;`: the expression is valid, and
    /// its type (`decltype((expr))`) satisfies `Concept<type, args...>`.
    Compound {
        expr: Expr,
        noexcept: bool,
        constraint: Option<QualName>,
        span: Span,
    },
    /// `requires constraint;`
    Nested(Expr),
}

#[derive(Clone, Debug)]
pub enum Decl {
    Namespace(Rc<NamespaceDecl>),
    Class(Rc<ClassDecl>),
    Function(Rc<FunctionDecl>),
    Var(Rc<VarDecl>),
    /// `typedef` / `using X = T;` (alias templates carry a template header).
    Alias(Rc<AliasDecl>),
    Enum(Rc<EnumDecl>),
    /// `using namespace N;`
    UsingDirective(QualName),
    /// `namespace alias = N::M;`
    NamespaceAlias(Rc<str>, QualName),
    /// `using N::x;`
    UsingDecl(QualName),
    /// `static_assert(cond)` / `static_assert(cond, "message")`.
    StaticAssert(Box<Expr>, Option<Box<Expr>>, Span),
    /// `extern "C" { ... }` / `extern "C" decl`.
    LinkageSpec(Vec<Decl>),
    /// `friend class X;`, `friend void f(X&);` (the befriended declaration).
    Friend(Box<Decl>, Span),
    /// `template <class T> buffer(T*, range<1>) -> buffer<T, 1>;`
    DeductionGuide(Rc<DeductionGuide>),
    /// `template <class T> concept C = ...;`
    Concept(Rc<ConceptDecl>),
    /// `template struct X<int>;` / `extern template void f<int>(int);`
    ExplicitInstantiation {
        decl: Box<Decl>,
        is_extern: bool,
        span: Span,
    },
    /// `auto [a, b] = e;` / `auto& [x, y] = p;`
    StructuredBinding(Rc<StructuredBinding>),
    /// A declaration with nothing to keep (`friend T;` of a plain type).
    Empty,
}

#[derive(Clone, Debug)]
pub struct DeductionGuide {
    /// The class template the guide belongs to.
    pub name: Rc<str>,
    pub template: Option<TemplateHeader>,
    pub params: Vec<Param>,
    pub variadic: bool,
    /// The deduced specialization after `->`.
    pub result: TypeExpr,
    pub is_explicit: bool,
    pub span: Span,
}

/// The bracketed names of a structured binding, with their spans.
pub type BindingNames = Vec<(Rc<str>, Span)>;

#[derive(Clone, Debug)]
pub struct StructuredBinding {
    pub names: BindingNames,
    /// `auto`, `auto&`, `const auto&`, `auto&&`.
    pub ty: TypeExpr,
    pub init: Initializer,
    pub is_static: bool,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct NamespaceDecl {
    pub name: Option<Rc<str>>,
    pub inline: bool,
    pub decls: Vec<Decl>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClassKey {
    Class,
    Struct,
    Union,
}

#[derive(Clone, Debug)]
pub struct ClassDecl {
    pub key: ClassKey,
    pub name: Option<Rc<str>>,
    /// The scope a qualified name is declared in: `std` of
    /// `template <> struct std::hash<X>`.
    pub scope: Option<QualName>,
    pub template: Option<TemplateHeader>,
    /// `template<> struct X<int>` / partial specialization `struct X<T*>`: the arguments.
    pub specialization_args: Option<Vec<TemplateArg>>,
    pub attrs: Attributes,
    pub bases: Vec<BaseSpec>,
    /// `None` for a forward declaration.
    pub members: Option<Vec<Member>>,
    /// `class X final`.
    pub is_final: bool,
    /// Introduced by an elaborated type specifier inside a statement
    /// (`parallel_for<class K>`): declares `K` in the block only if no
    /// class of that name is visible there.
    pub elaborated: bool,
    pub span: Span,
    pub name_span: Span,
}

#[derive(Clone, Debug)]
pub struct BaseSpec {
    /// A class name, or `decltype(expr)`.
    pub ty: TypeExpr,
    pub access: Access,
    pub is_virtual: bool,
    /// `Bases...`
    pub pack: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    Public,
    Protected,
    Private,
}

#[derive(Clone, Debug)]
pub struct Member {
    pub access: Access,
    pub decl: Decl,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FunctionKind {
    Normal,
    Constructor,
    Destructor,
    /// `operator T()`.
    Conversion,
}

#[derive(Clone, Debug)]
pub struct FunctionDecl {
    /// The declared name, possibly qualified for out-of-class definitions
    /// (`buffer<T, D>::buffer`). Operators are named `operator+`, `operator[]`,
    /// `operator()`; conversion functions `operator T` with `conversion_type`.
    pub name: QualName,
    pub kind: FunctionKind,
    pub template: Option<TemplateHeader>,
    /// Extra outer template headers of out-of-class member template definitions.
    pub outer_templates: Vec<TemplateHeader>,
    pub explicit_specialization: bool,
    pub attrs: Attributes,
    pub ret: TypeExpr,
    /// `-> T` was given.
    pub trailing_return: bool,
    pub params: Vec<Param>,
    pub variadic: bool,
    pub is_static: bool,
    pub is_inline: bool,
    pub is_constexpr: bool,
    pub is_virtual: bool,
    pub is_explicit: bool,
    pub is_const: bool,
    /// `f() &` / `f() &&`: the value category of object the member
    /// function may be called on.
    pub ref_qualifier: Option<RefQualifier>,
    pub is_extern_c: bool,
    /// `= 0`.
    pub is_pure: bool,
    /// `noexcept` (`Some(None)`) or `noexcept(expr)` (`Some(Some(expr))`).
    pub noexcept: Option<Option<Expr>>,
    /// The requires-clause after the declarator (`void f() requires C<T>`).
    pub trailing_requires: Option<Rc<Expr>>,
    /// `= delete` / `= default`.
    pub deleted: bool,
    pub defaulted: bool,
    pub ctor_inits: Vec<CtorInit>,
    pub body: Option<Stmt>,
    pub span: Span,
}

/// A member function's ref-qualifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefQualifier {
    /// `&`: called on lvalues (and, when `const`, on rvalues too).
    Lvalue,
    /// `&&`: called on rvalues.
    Rvalue,
}

#[derive(Clone, Debug)]
pub struct CtorInit {
    pub name: QualName,
    pub args: Vec<Expr>,
    pub span: Span,
    /// `Bases(args)...`: one initializer per element of the packs it names.
    pub pack: bool,
}

#[derive(Clone, Debug)]
pub struct VarDecl {
    pub name: Rc<str>,
    pub qualified: Option<QualName>,
    pub ty: TypeExpr,
    pub init: Option<Initializer>,
    pub is_static: bool,
    pub is_extern: bool,
    pub is_constexpr: bool,
    pub is_inline: bool,
    pub template: Option<TemplateHeader>,
    pub attrs: Attributes,
    pub span: Span,
    pub name_span: Span,
    /// Bit-field width.
    pub bit_width: Option<Expr>,
}

#[derive(Clone, Debug)]
pub enum Initializer {
    /// `= expr`
    Assign(Expr),
    /// `(args)`
    Paren(Vec<Expr>, Span),
    /// `{args}` or `= {args}`
    Brace(Vec<Expr>, Span, ListForm),
}

/// How a braced initializer is written: `T x{args}` (direct-list-
/// initialization) or `T x = {args}` (copy-list-initialization; for `auto`
/// it makes a `std::initializer_list`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListForm {
    Direct,
    Copy,
}

impl Initializer {
    /// The initializer's expressions, in order.
    pub fn exprs(&self) -> &[Expr] {
        match self {
            Initializer::Assign(e) => std::slice::from_ref(e),
            Initializer::Paren(es, _) | Initializer::Brace(es, ..) => es,
        }
    }
}

#[derive(Clone, Debug)]
pub struct AliasDecl {
    pub name: Rc<str>,
    pub ty: TypeExpr,
    pub template: Option<TemplateHeader>,
    /// The alias's attributes: a typedef's (among its specifiers or after
    /// its name), those after the name of `using X [[...]] = T;`.
    pub attrs: Attributes,
    /// GNU attributes inside the type of `using X = T __attribute__((...));`
    /// (g++ applies them to the alias, clang ignores them).
    pub type_attrs: Attributes,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct EnumDecl {
    pub name: Option<Rc<str>>,
    pub scoped: bool,
    pub underlying: Option<TypeExpr>,
    pub enumerators: Vec<(Rc<str>, Option<Expr>, Span)>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum StmtKind {
    Expr(Expr),
    Decl(Vec<Decl>),
    Compound(Vec<Stmt>),
    If {
        init: Option<Box<Stmt>>,
        cond: Box<Stmt>,
        then_branch: Box<Stmt>,
        else_branch: Option<Box<Stmt>>,
        is_constexpr: bool,
    },
    While {
        cond: Box<Stmt>,
        body: Box<Stmt>,
    },
    DoWhile {
        body: Box<Stmt>,
        cond: Expr,
    },
    For {
        init: Option<Box<Stmt>>,
        cond: Option<Box<Stmt>>,
        step: Option<Expr>,
        body: Box<Stmt>,
    },
    RangeFor {
        /// `for (init; decl : range)` (C++20, accepted as an extension).
        init: Option<Box<Stmt>>,
        var: Rc<VarDecl>,
        range: Expr,
        body: Box<Stmt>,
    },
    Switch {
        init: Option<Box<Stmt>>,
        cond: Box<Stmt>,
        body: Box<Stmt>,
    },
    Case(Expr),
    Default,
    Return(Option<Expr>),
    Break,
    Continue,
    Goto(Rc<str>),
    Label(Rc<str>, Box<Stmt>),
    /// A GNU `asm` statement (its operands are not kept).
    Asm,
    Try {
        body: Box<Stmt>,
        handlers: Vec<(Option<Rc<VarDecl>>, Stmt)>,
    },
    Empty,
}

#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

impl Expr {
    /// The expressions directly inside this one (not lambda bodies or
    /// statement expressions, not expressions inside types or template
    /// arguments).
    pub fn for_each_child<'a>(&'a self, mut f: impl FnMut(&'a Expr)) {
        match &self.kind {
            ExprKind::Unary(_, x)
            | ExprKind::Cast(_, _, x)
            | ExprKind::Designated(_, x)
            | ExprKind::PackExpansion(x)
            | ExprKind::AlignofExpr(x)
            | ExprKind::SizeofExpr(x)
            | ExprKind::VaArg(x, _)
            | ExprKind::Delete(x, _) => f(x),
            ExprKind::Member { base, .. } => f(base),
            ExprKind::Binary(_, x, y)
            | ExprKind::Assign(_, x, y)
            | ExprKind::Index(x, y)
            | ExprKind::MemberPointerAccess {
                object: x,
                member: y,
                ..
            } => {
                f(x);
                f(y);
            }
            ExprKind::Cond(c, x, y) => {
                f(c);
                f(x);
                f(y);
            }
            ExprKind::Call(callee, args) => {
                f(callee);
                args.iter().for_each(f);
            }
            ExprKind::Construct(_, args, _) | ExprKind::InitList(args) => args.iter().for_each(f),
            ExprKind::New(_, args, place) => args.iter().chain(place).for_each(f),
            ExprKind::Fold { lhs, rhs, .. } => lhs.iter().chain(rhs).for_each(|x| f(x)),
            ExprKind::Throw(x) => x.iter().for_each(|x| f(x)),
            ExprKind::UserLiteral(x, _) => f(x),
            ExprKind::Typeid(a) => {
                if let TemplateArg::Expr(x) = &**a {
                    f(x)
                }
            }
            ExprKind::IntLit(..)
            | ExprKind::FloatLit(..)
            | ExprKind::CharLit(_)
            | ExprKind::StringLit(_)
            | ExprKind::BoolLit(_)
            | ExprKind::Nullptr
            | ExprKind::This
            | ExprKind::Name(_)
            | ExprKind::SizeofPack(_)
            | ExprKind::SizeofType(_)
            | ExprKind::AlignofType(_)
            | ExprKind::TypeTrait(..)
            | ExprKind::Lambda(_)
            | ExprKind::StmtExpr(_)
            | ExprKind::Requires(_)
            | ExprKind::Error => {}
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Mul,
    Div,
    Rem,
    Add,
    Sub,
    Shl,
    Shr,
    Lt,
    Gt,
    Le,
    Ge,
    /// `<=>` (C++20).
    ThreeWay,
    Eq,
    Ne,
    BitAnd,
    BitXor,
    BitOr,
    LogAnd,
    LogOr,
    Comma,
}

impl BinOp {
    pub fn spelling(self) -> &'static str {
        use BinOp::*;
        match self {
            Mul => "*",
            Div => "/",
            Rem => "%",
            Add => "+",
            Sub => "-",
            Shl => "<<",
            Shr => ">>",
            Lt => "<",
            Gt => ">",
            Le => "<=",
            Ge => ">=",
            ThreeWay => "<=>",
            Eq => "==",
            Ne => "!=",
            BitAnd => "&",
            BitXor => "^",
            BitOr => "|",
            LogAnd => "&&",
            LogOr => "||",
            Comma => ",",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    Plus,
    Neg,
    Not,
    BitNot,
    Deref,
    AddrOf,
    PreInc,
    PreDec,
    PostInc,
    PostDec,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastKind {
    CStyle,
    Functional,
    Static,
    Reinterpret,
    Const,
    Dynamic,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureDefault {
    None,
    ByCopy,
    ByRef,
}

#[derive(Clone, Debug)]
pub struct Capture {
    pub name: Rc<str>,
    pub by_ref: bool,
    /// `x = expr` init-capture.
    pub init: Option<Expr>,
    /// `this` / `*this`.
    pub is_this: bool,
    /// `xs...` (a function parameter pack, each element captured) or
    /// `...ys = init` (an init-capture pack).
    pub pack: bool,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct LambdaExpr {
    pub default_capture: CaptureDefault,
    pub captures: Vec<Capture>,
    pub params: Vec<Param>,
    pub ret: Option<TypeExpr>,
    pub is_mutable: bool,
    pub is_constexpr: bool,
    /// `[]<typename T>(T x) {}` (a requires-clause after the template
    /// parameter list is part of its constraints).
    pub template: Option<TemplateHeader>,
    /// The requires-clause after the declarator (`[](auto x) requires
    /// C<decltype(x)> {}`), which may name the parameters.
    pub trailing_requires: Option<Rc<Expr>>,
    pub body: Stmt,
    pub span: Span,
    /// Parameters declared `auto` make it generic.
    pub is_generic: bool,
    /// Attributes after the parameter list (they appertain to the call operator).
    pub attrs: Attributes,
}

/// Types inside expressions are boxed: an expression node stays small
/// (most are names, literals and operators).
#[derive(Clone, Debug)]
pub enum ExprKind {
    IntLit(u128, crate::front::literal::IntSuffix),
    FloatLit(f64, crate::front::literal::FloatSuffix),
    CharLit(u32),
    StringLit(String),
    /// A user-defined literal (`10ms`, `1.5_deg`, `"tag"s`): the literal
    /// without its ud-suffix, and the suffix (a call of `operator""suffix`).
    UserLiteral(Box<Expr>, Rc<str>),
    BoolLit(bool),
    Nullptr,
    This,
    Name(QualName),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    Assign(Option<BinOp>, Box<Expr>, Box<Expr>),
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    Call(Box<Expr>, Vec<Expr>),
    Index(Box<Expr>, Box<Expr>),
    /// `e.name` / `e->name` (`template` keyword allowed, name may carry template args).
    Member {
        base: Box<Expr>,
        arrow: bool,
        name: QualName,
    },
    Cast(CastKind, Box<TypeExpr>, Box<Expr>),
    /// `T(args)` / `T{args}` where T is a type (functional cast / construction).
    Construct(Box<TypeExpr>, Vec<Expr>, bool /* braced */),
    /// `{a, b}` in an initializer or argument position.
    InitList(Vec<Expr>),
    /// `.field = value` (or `.field{value}`), an element of an `InitList`
    /// or a braced initializer.
    Designated(Rc<str>, Box<Expr>),
    /// `pattern...` in a call, init list or template argument list.
    PackExpansion(Box<Expr>),
    /// `sizeof...(Ts)`.
    SizeofPack(Rc<str>),
    /// `(pack op ...)` (`lhs` only), `(... op pack)` (`rhs` only) or
    /// `(init op ... op pack)` (both).
    Fold {
        op: BinOp,
        lhs: Option<Box<Expr>>,
        rhs: Option<Box<Expr>>,
    },
    /// `alignof(expr)` (a GNU extension clang accepts).
    AlignofExpr(Box<Expr>),
    SizeofType(Box<TypeExpr>),
    SizeofExpr(Box<Expr>),
    AlignofType(Box<TypeExpr>),
    Lambda(Rc<LambdaExpr>),
    /// `object .* member` / `pointer ->* member` (`arrow`).
    MemberPointerAccess {
        object: Box<Expr>,
        member: Box<Expr>,
        arrow: bool,
    },
    /// GNU statement expression `({ stmt...; expr; })`: the statements of
    /// the compound statement; its value is that of the last one when it is
    /// an expression statement (else void).
    StmtExpr(Vec<Stmt>),
    /// `new (placement...) T(args)` / `new T{args}`: type, initializer
    /// arguments, placement arguments.
    New(Box<TypeExpr>, Vec<Expr>, Vec<Expr>),
    Delete(Box<Expr>, bool /* array */),
    Throw(Option<Box<Expr>>),
    /// `typeid(T)` / `typeid(e)`.
    Typeid(Box<TemplateArg>),
    /// `__builtin_va_arg(ap, T)` (`va_arg`): the next variadic argument.
    VaArg(Box<Expr>, Box<TypeExpr>),
    /// A built-in type trait: `__is_class(T)`, `__is_base_of(B, D)`,
    /// `__is_constructible(T, Args...)` (types and type pack expansions).
    TypeTrait(TypeTrait, Vec<TemplateArg>),
    /// A requires-expression (C++20): a `bool` constant.
    Requires(Rc<RequiresExpr>),
    /// `__builtin_xxx(...)` style or unknown constructs kept for tolerance.
    Error,
}

/// The built-in type traits GCC and clang provide, which <type_traits> is
/// written with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypeTrait {
    IsClass,
    IsUnion,
    IsEnum,
    IsEmpty,
    IsPolymorphic,
    IsAbstract,
    IsFinal,
    IsAggregate,
    IsTrivial,
    IsTriviallyCopyable,
    IsStandardLayout,
    IsPod,
    IsLiteralType,
    IsTriviallyDestructible,
    HasVirtualDestructor,
    IsBaseOf,
    IsSame,
    IsConvertible,
    IsConstructible,
    IsTriviallyConstructible,
    IsNothrowConstructible,
    IsAssignable,
    IsTriviallyAssignable,
    IsNothrowAssignable,
}

impl TypeTrait {
    /// The trait a built-in's spelling names (GCC's and clang's names).
    pub fn from_name(name: &str) -> Option<TypeTrait> {
        use TypeTrait::*;
        Some(match name {
            "__is_class" => IsClass,
            "__is_union" => IsUnion,
            "__is_enum" => IsEnum,
            "__is_empty" => IsEmpty,
            "__is_polymorphic" => IsPolymorphic,
            "__is_abstract" => IsAbstract,
            "__is_final" => IsFinal,
            "__is_aggregate" => IsAggregate,
            "__is_trivial" => IsTrivial,
            "__is_trivially_copyable" => IsTriviallyCopyable,
            "__is_standard_layout" => IsStandardLayout,
            "__is_pod" => IsPod,
            "__is_literal_type" => IsLiteralType,
            "__is_trivially_destructible" | "__has_trivial_destructor" => IsTriviallyDestructible,
            "__has_virtual_destructor" => HasVirtualDestructor,
            "__is_base_of" => IsBaseOf,
            "__is_same" | "__is_same_as" => IsSame,
            "__is_convertible" | "__is_convertible_to" => IsConvertible,
            "__is_constructible" => IsConstructible,
            "__is_trivially_constructible" => IsTriviallyConstructible,
            "__is_nothrow_constructible" => IsNothrowConstructible,
            "__is_assignable" => IsAssignable,
            "__is_trivially_assignable" => IsTriviallyAssignable,
            "__is_nothrow_assignable" => IsNothrowAssignable,
            _ => return None,
        })
    }

    /// How many types the trait takes: `(n, true)` for at least `n`.
    pub fn arity(self) -> (usize, bool) {
        use TypeTrait::*;
        match self {
            IsBaseOf
            | IsSame
            | IsConvertible
            | IsAssignable
            | IsTriviallyAssignable
            | IsNothrowAssignable => (2, false),
            IsConstructible | IsTriviallyConstructible | IsNothrowConstructible => (1, true),
            _ => (1, false),
        }
    }
}

#[derive(Clone, Debug)]
pub struct TranslationUnit {
    pub decls: Vec<Decl>,
}
