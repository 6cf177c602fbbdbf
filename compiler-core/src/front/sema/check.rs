//! Checking function bodies into the typed tree: statements, expressions,
//! calls (with overload resolution), operators (built-in and overloaded),
//! lambdas with their captures and closure layout, and the discovery of
//! kernels at calls of `[[clang::sycl_kernel_entry_point]]` functions.

use super::convert::materialize;
use super::generic_captures;
use super::generic_lambda::{self, GenericLambda, ParamPattern};
use super::lookup::Found;
use super::overload::{free_candidates, Candidate};
use super::templates::decay;
use super::thir::{self, Expr as TExpr, ExprKind as TK, Stmt as TStmt};
use super::typo::Wanted;
use super::*;
use crate::front::ast::{self as a, BinOp, CaptureDefault, ExprKind, StmtKind, UnOp};

/// How a function's return type is deduced from its return statements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DeducedReturn {
    /// `auto`, `auto*`: the decayed type of the returned value.
    Value,
    /// `auto&`, `const auto&`: a reference to the returned lvalue.
    LvalueRef { is_const: bool },
    /// `decltype(auto)`: `decltype` of the returned expression.
    Decltype,
}

/// The deduction a declared return type asks for, if it has a placeholder.
pub(crate) fn deduced_return(t: &a::TypeExpr) -> Option<DeducedReturn> {
    let auto = |t: &a::TypeExpr| matches!(t.kind, a::TypeExprKind::Auto);
    match &t.kind {
        a::TypeExprKind::Auto => Some(DeducedReturn::Value),
        a::TypeExprKind::DecltypeAuto => Some(DeducedReturn::Decltype),
        a::TypeExprKind::Pointer(inner) if auto(inner) => Some(DeducedReturn::Value),
        a::TypeExprKind::LRef(inner) if auto(inner) => Some(DeducedReturn::LvalueRef {
            is_const: inner.is_const,
        }),
        _ => None,
    }
}

/// The state of checking one function body (or lambda body).
pub(crate) struct FnCtx {
    pub(super) func: FuncId,
    pub(super) env: Rc<Env>,
    pub(super) frames: Vec<Vec<(Rc<str>, VarId)>>,
    /// The environment at each `push_frame`, restored by `pop_frame`: a
    /// block-scope type alias extends `env` until its block ends.
    frame_envs: Vec<Rc<Env>>,
    pub(super) this_class: Option<ClassId>,
    ret: Option<Ty>,
    deduced_ret: Option<Ty>,
    /// How the return type is deduced (`auto`, `auto*`, `auto&`,
    /// `decltype(auto)`), when it is.
    deduced_form: Option<DeducedReturn>,
    pub(super) diags: Vec<Diagnostic>,
    /// Index of the lexically enclosing FnCtx (lambdas only).
    pub(super) parent: Option<usize>,
    capture_default: CaptureDefault,
    explicit_captures: Vec<a::Capture>,
    /// Where names are looked up when that is not the function itself
    /// (default member initializers are checked in their class).
    lookup_ctx: Option<Ctx>,
    /// Function parameter packs: one variable per element.
    packs: Vec<(Rc<str>, Vec<VarId>)>,
    /// Where a constant of an enclosing function was folded to its value
    /// instead of being captured (see `capture_constant_bound_to_reference`),
    /// with the number of fields the closure had then.
    pub(super) constant_uses: Vec<(Span, Rc<str>, usize)>,
    /// Where a constant object of an enclosing function was named without
    /// being captured, until the statement's end shows whether the use
    /// odr-uses it (see `constant_objects.rs`).
    pub(super) constant_object_uses: Vec<ConstantObjectUse>,
    /// A lambda that captures the constants of enclosing functions its
    /// nested lambdas name (see `HostCompiler::keeps_constants_of_nested_lambdas`).
    keeps_nested_constants: bool,
}

impl FnCtx {
    /// A body of `func` checked in `env`, with no locals yet; the callers
    /// set what differs (the object, return type, lambda captures...).
    pub(super) fn new(func: FuncId, env: Rc<Env>) -> Self {
        FnCtx {
            func,
            env,
            frames: vec![vec![]],
            frame_envs: vec![],
            this_class: None,
            ret: None,
            deduced_ret: None,
            deduced_form: None,
            diags: vec![],
            parent: None,
            capture_default: CaptureDefault::None,
            explicit_captures: vec![],
            lookup_ctx: None,
            packs: vec![],
            constant_uses: vec![],
            constant_object_uses: vec![],
            keeps_nested_constants: false,
        }
    }
}

/// A lambda's use of a constant object of an enclosing function.
#[derive(Clone)]
pub(super) struct ConstantObjectUse {
    pub span: Span,
    pub name: Rc<str>,
    pub var: VarId,
    /// The number of fields the closure had where it was named.
    pub fields_at_use: usize,
}

/// The call operator a lambda's closure type declares.
/// Why a generic lambda cannot be called with some arguments.
enum LambdaCallFailure {
    /// Its constraints are not satisfied: the template arguments (clang's
    /// " [with T = int]") and the notes saying why.
    Unsatisfied {
        with: String,
        notes: Vec<super::constraints::Because>,
    },
    Other(String),
}

impl From<String> for LambdaCallFailure {
    fn from(s: String) -> Self {
        LambdaCallFailure::Other(s)
    }
}

impl From<&str> for LambdaCallFailure {
    fn from(s: &str) -> Self {
        LambdaCallFailure::Other(s.to_string())
    }
}

fn lambda_call_decl(l: &a::LambdaExpr, span: Span) -> Rc<a::FunctionDecl> {
    let ret = l.ret.clone().unwrap_or(a::TypeExpr {
        kind: a::TypeExprKind::Auto,
        is_const: false,
        is_volatile: false,
        address_space: None,
        constraint: None,
        span,
    });
    Rc::new(a::FunctionDecl {
        attrs: l.attrs.clone(),
        trailing_return: l.ret.is_some(),
        is_inline: true,
        is_const: !l.is_mutable,
        ..crate::front::ast_build::function_decl(
            a::QualName::simple(Rc::from("operator()"), span),
            ret,
            l.params.clone(),
            Some(l.body.clone()),
            l.span,
        )
    })
}

/// The name of GCC integer (or NaN and infinity) builtin `name`
/// (`__builtin_clz` -> `clz`), which
/// `<bits/syclone_gnu_builtins.h>` defines as `__syclone_gnu_clz`.
fn gnu_builtin(name: &str) -> Option<&str> {
    let rest = name.strip_prefix("__builtin_")?;
    let base = rest.trim_end_matches('l');
    let known = matches!(base, "clz" | "ctz" | "popcount" | "parity" | "ffs")
        || matches!(
            rest,
            "bswap16"
                | "bswap32"
                | "bswap64"
                | "expect"
                | "unreachable"
                | "assume"
                | "nanf"
                | "nan"
                | "inff"
                | "inf"
                | "huge_valf"
                | "huge_val"
        );
    known.then_some(rest)
}

/// `place = value` initializing a member in a constructor.
fn field_assign(place: TExpr, value: TExpr, ty: Ty, span: Span) -> TStmt {
    TStmt::Expr(TExpr {
        kind: TK::Assign(None, Box::new(place), Box::new(value)),
        ty,
        lvalue: true,
        span,
    })
}

pub(crate) const ENTRY_POINT_ATTR: &str = "clang::sycl_kernel_entry_point";

impl Sema {
    /// Do the lambdas in `f`'s body get Itanium mangling numbers in every
    /// compiler? Those of inline functions (`inline`, `constexpr`, member
    /// functions defined in their class, lambda call operators) and of
    /// templates do; clang names the others `$_N`.
    pub(super) fn lambdas_get_mangling_numbers(&self, f: FuncId) -> bool {
        let fi = self.func(f);
        let d = &fi.decl;
        fi.closure.is_some()
            || d.is_inline
            || d.is_constexpr
            || d.template.is_some()
            || !d.outer_templates.is_empty()
            || !fi.template_args.is_empty()
            || (fi.class.is_some() && d.name.parts.len() == 1)
    }

    pub(super) fn cur_func(&self) -> FuncId {
        self.fn_stack.last().expect("inside a function").func
    }

    pub(super) fn cur(&mut self) -> &mut FnCtx {
        self.fn_stack.last_mut().expect("inside a function")
    }

    /// The type of expression `e`, checked without effects (no captures, no
    /// diagnostics); None outside a function or when it does not check.
    pub(crate) fn probe_type(&mut self, e: &a::Expr) -> Option<Ty> {
        if self.fn_stack.is_empty() {
            return None;
        }
        let saved = self.cur().diags.len();
        self.unevaluated += 1;
        let x = self.check_expr(e);
        self.unevaluated -= 1;
        self.cur().diags.truncate(saved);
        (!x.ty.is_error()).then(|| x.ty.non_ref().clone())
    }

    pub(crate) fn check_function_body(&mut self, f: FuncId) -> thir::Body {
        let decl = self.func(f).decl.clone();
        let env = self.func(f).env.clone();
        let this_class = self.func(f).class;
        let ret = self.func(f).ret.clone();
        let deduced_form =
            deduced_return(&decl.ret).filter(|_| decl.kind == a::FunctionKind::Normal);
        let auto_ret = deduced_form.is_some();
        let mut fc = FnCtx::new(f, env);
        fc.this_class = this_class;
        fc.ret = if auto_ret { None } else { Some(ret) };
        fc.deduced_form = deduced_form;
        self.fn_stack.push(fc);
        // A body checked on demand from inside `decltype` (a deduced return
        // type, SFINAE detection) is still evaluated code: its lambdas
        // capture what they use.
        let outer_unevaluated = std::mem::replace(&mut self.unevaluated, 0);
        let body = self.check_body_common(f, &decl);
        self.unevaluated = outer_unevaluated;
        let mut fc = self.fn_stack.pop().expect("fn ctx");
        if auto_ret {
            let ret = fc.deduced_ret.clone().unwrap_or(Ty::Void);
            self.funcs[f.0 as usize].ret = ret.clone();
            // `std::integral auto f()`: the deduced type must satisfy it.
            if decl.ret.constraint.is_some()
                || matches!(&decl.ret.kind, a::TypeExprKind::LRef(i) | a::TypeExprKind::Pointer(i) if i.constraint.is_some())
            {
                self.fn_stack.push(fc);
                self.check_placeholder_constraint(&decl.ret, &ret, decl.span);
                fc = self.fn_stack.pop().expect("fn ctx");
            }
        }
        self.funcs[f.0 as usize].diags.extend(fc.diags);
        body
    }

    fn check_body_common(&mut self, f: FuncId, decl: &Rc<a::FunctionDecl>) -> thir::Body {
        let ptys = self.func(f).params.clone();
        let param_decls = self.func(f).param_decls.clone();
        let mut params = vec![];
        for (ty, &pi) in ptys.iter().zip(param_decls.iter()) {
            let p = &decl.params[pi];
            let name = p.name.clone().unwrap_or_else(|| Rc::from(""));
            let v = self.new_var(name.clone(), ty.clone(), Some(f), p.span);
            self.vars[v.0 as usize].dependent_type = self.names_template_param(&p.ty);
            self.vars[v.0 as usize].volatile_pointee = Sema::points_to_volatile(&p.ty);
            let (ctx, env) = self.ctx_env();
            self.vars[v.0 as usize].alias_align =
                self.alias_alignment(&p.ty, ctx, &env, &mut vec![]);
            if p.pack {
                self.add_to_pack(&name, v);
            } else {
                self.cur().frames.last_mut().expect("frame").push((name, v));
            }
            params.push(v);
        }
        // An empty function parameter pack is still a pack.
        for p in decl.params.iter().filter(|p| p.pack) {
            if let Some(n) = &p.name {
                if !self.cur().packs.iter().any(|(pn, _)| pn == n) {
                    self.cur().packs.push((n.clone(), vec![]));
                }
            }
        }
        let mut stmts = vec![];
        // Constructor member initializers, run as C++ orders them whatever
        // the list's order: bases in declaration order, then members in
        // declaration order (each from its mem-initializer, else its
        // default member initializer).
        if decl.kind == a::FunctionKind::Constructor {
            if let Some(c) = self.func(f).class {
                self.complete_class(c);
                let bases = self.class(c).bases.len();
                let mut ordered: Vec<(usize, TStmt)> = vec![];
                self.each_mem_initializer(&decl.ctor_inits, &mut |s, init| {
                    if let Some(init) = s.mem_initializer(c, init) {
                        ordered.push(init);
                    }
                });
                // Fields the initializer list leaves out take their default
                // member initializers (a delegating constructor leaves that
                // to the constructor it delegates to).
                let delegates = decl
                    .ctor_inits
                    .iter()
                    .any(|i| !i.pack && self.mem_initializer_class(c, i) == Some(c));
                let defaulted_fields = if delegates {
                    0
                } else {
                    self.class(c).fields.len()
                };
                for idx in 0..defaulted_fields {
                    let fname = self.class(c).fields[idx].name.clone();
                    let named = decl
                        .ctor_inits
                        .iter()
                        .any(|i| i.name.is_simple() && i.name.last().ident == fname);
                    if named {
                        continue;
                    }
                    let Some(v) = self.default_member_init(c, idx) else {
                        continue;
                    };
                    let fty = self.class(c).fields[idx].ty.clone();
                    let place = self.this_field(c, idx, decl.span);
                    ordered.push((bases + idx, field_assign(place, v, fty, decl.span)));
                }
                if !delegates {
                    ordered.extend(self.default_initialized_subobjects(c, decl));
                }
                ordered.sort_by_key(|(order, _)| *order);
                stmts.extend(ordered.into_iter().map(|(_, s)| s));
            }
        }
        if let Some(b) = &decl.body {
            stmts.push(self.check_stmt(b));
        }
        thir::Body {
            params,
            this_class: self.func(f).class,
            stmt: TStmt::Block(stmts),
        }
    }

    /// The bases and members of `c` that constructor `decl`'s initializer
    /// list leaves out and that have no default member initializer, where
    /// default-initializing them runs code (a user default constructor, a
    /// default member initializer inside): constructed in place, keyed by
    /// their initialization order.
    fn default_initialized_subobjects(
        &mut self,
        c: ClassId,
        decl: &a::FunctionDecl,
    ) -> Vec<(usize, TStmt)> {
        let mut out = vec![];
        let mut named: Vec<Option<ClassId>> = vec![];
        self.each_mem_initializer(&decl.ctor_inits, &mut |s, i| {
            named.push(s.mem_initializer_class(c, i))
        });
        let bases = self.class(c).bases.clone();
        for (i, (b, _)) in bases.iter().enumerate() {
            if named.contains(&Some(*b)) || !self.default_init_runs_code(*b) {
                continue;
            }
            let this = self.this_object(c, decl.span);
            let place = TExpr {
                kind: TK::BaseSub(Box::new(this), i),
                ty: Ty::Class(*b),
                lvalue: true,
                span: decl.span,
            };
            let value = self.value_init(&Ty::Class(*b), decl.span);
            out.push((i, field_assign(place, value, Ty::Class(*b), decl.span)));
        }
        for idx in 0..self.class(c).fields.len() {
            let field = self.class(c).fields[idx].clone();
            let mentioned = decl
                .ctor_inits
                .iter()
                .any(|i| i.name.is_simple() && i.name.last().ident == field.name);
            if mentioned
                || field.default_init.is_some()
                || !self.default_init_of_type_runs_code(&field.ty)
            {
                continue;
            }
            let place = self.this_field(c, idx, decl.span);
            let value = self.value_init(&field.ty, decl.span);
            out.push((
                bases.len() + idx,
                field_assign(place, value, field.ty, decl.span),
            ));
        }
        out
    }

    /// Mem-initializer `init` of a constructor of `c` (one element of an
    /// expansion), keyed by its place in C++'s initialization order.
    fn mem_initializer(&mut self, c: ClassId, init: &a::CtorInit) -> Option<(usize, TStmt)> {
        let bases = self.class(c).bases.len();
        let fname = init.name.last().ident.clone();
        let idx = self.class(c).fields.iter().position(|x| x.name == fname);
        let Some(idx) = idx.filter(|_| !init.pack) else {
            let named = self.mem_initializer_class(c, init);
            let order = self
                .class(c)
                .bases
                .iter()
                .position(|b| Some(b.0) == named)
                .unwrap_or(0);
            return self.base_or_delegating_init(c, init).map(|s| (order, s));
        };
        let fty = self.class(c).fields[idx].ty.clone();
        let place = self.this_field(c, idx, init.span);
        let value = match init.args.as_slice() {
            [a::Expr {
                kind: ExprKind::InitList(items),
                span,
            }] => Some(self.list_init(&fty, items, *span)),
            _ => {
                let args = self.check_args(&init.args);
                self.init_value(&fty, args, init.span)
            }
        };
        value.map(|v| (bases + idx, field_assign(place, v, fty, init.span)))
    }

    /// `*this` of class `c`, an lvalue.
    fn this_object(&self, c: ClassId, span: Span) -> TExpr {
        TExpr {
            kind: TK::This,
            ty: Ty::Class(c),
            lvalue: true,
            span,
        }
    }

    /// The class a mem-initializer of a constructor of `c` names: with
    /// template arguments (`Base<I + 1, Ts...>(...)`) the specialization they
    /// make, else by name `c` itself (delegating) or one of its bases.
    fn mem_initializer_class(&mut self, c: ClassId, init: &a::CtorInit) -> Option<ClassId> {
        let last = init.name.last();
        if last.template_args.is_some() {
            let (ctx, env) = self.ctx_env();
            let ty = a::TypeExpr::plain(a::TypeExprKind::Named(init.name.clone()), init.span);
            return match self.resolve_type(&ty, ctx, &env, &mut vec![]) {
                Ty::Class(k) => Some(k),
                _ => None,
            };
        }
        if self.class(c).name == last.ident {
            return Some(c);
        }
        let bases: Vec<ClassId> = self.class(c).bases.iter().map(|b| b.0).collect();
        if let Some(b) = bases.iter().find(|b| self.class(**b).name == last.ident) {
            return Some(*b);
        }
        // A type alias of a base (`using base = vec<T, 2>; ... : base(x)`).
        let (ctx, env) = self.ctx_env();
        let ty = a::TypeExpr::plain(a::TypeExprKind::Named(init.name.clone()), init.span);
        match self.resolve_type(&ty, ctx, &env, &mut vec![]) {
            Ty::Class(k) if k == c || bases.contains(&k) => Some(k),
            _ => None,
        }
    }

    /// A mem-initializer that names a base class (`Base(b)`) or the class
    /// itself (a delegating constructor): construct that (sub)object.
    fn base_or_delegating_init(&mut self, c: ClassId, init: &a::CtorInit) -> Option<TStmt> {
        let name = init.name.last().ident.clone();
        let this = self.this_object(c, init.span);
        let named = self.mem_initializer_class(c, init);
        let target = if named == Some(c) {
            Some((c, this))
        } else {
            let bases = self.class(c).bases.clone();
            bases
                .iter()
                .enumerate()
                .find(|(_, (b, _))| Some(*b) == named)
                .map(|(i, (b, _))| {
                    (
                        *b,
                        TExpr {
                            kind: TK::BaseSub(Box::new(this), i),
                            ty: Ty::Class(*b),
                            lvalue: true,
                            span: init.span,
                        },
                    )
                })
        };
        let args = match init.args.as_slice() {
            // `Base{a, b}`: the constructor of the base with those arguments.
            [a::Expr {
                kind: ExprKind::InitList(items),
                ..
            }] => self.check_args(items),
            args => self.check_args(args),
        };
        let Some((class, place)) = target else {
            self.report(
                init.span,
                format!("member initializer '{name}' does not name a non-static data member or base class"),
            );
            return None;
        };
        let mut d = vec![];
        let value = self.construct(class, args, init.span, &mut d);
        self.report_all(d);
        Some(field_assign(place, value, Ty::Class(class), init.span))
    }

    /// Value to store into an object of type `ty` from constructor-style arguments.
    pub(super) fn init_value(&mut self, ty: &Ty, args: Vec<TExpr>, span: Span) -> Option<TExpr> {
        let mut diags = vec![];
        let r = match ty {
            Ty::Class(c) => Some(self.construct(*c, args, span, &mut diags)),
            _ if args.is_empty() => Some(self.zero_value(ty, span)),
            _ if args.len() == 1 => {
                let x = args.into_iter().next().expect("one");
                Some(self.convert(x, ty, &mut diags))
            }
            _ => {
                diags.push(Diagnostic::error(
                    span,
                    "too many initializers for a scalar",
                ));
                None
            }
        };
        self.cur().diags.extend(diags);
        r
    }

    pub(super) fn zero_value(&self, ty: &Ty, span: Span) -> TExpr {
        match ty {
            Ty::Float(_) => TExpr {
                kind: TK::FloatLit(0.0),
                ty: ty.clone(),
                lvalue: false,
                span,
            },
            Ty::Ptr { .. } => TExpr {
                kind: TK::NullPtr,
                ty: ty.clone(),
                lvalue: false,
                span,
            },
            Ty::Bool => TExpr {
                kind: TK::BoolLit(false),
                ty: Ty::Bool,
                lvalue: false,
                span,
            },
            _ => TExpr {
                kind: TK::IntLit(0),
                ty: ty.clone(),
                lvalue: false,
                span,
            },
        }
    }

    /// Whether type expression `t` is a plain name that finds only
    /// functions or variables here.
    fn names_function_or_variable(&mut self, t: &a::TypeExpr, ctx: Ctx, env: &Env) -> bool {
        let a::TypeExprKind::Named(q) = &t.kind else {
            return false;
        };
        if t.is_const || t.is_volatile {
            return false;
        }
        let mut d = vec![];
        match self.lookup_qualified(q, ctx, env, &mut d) {
            Found::Entities(es) => {
                !es.is_empty()
                    && es
                        .iter()
                        .all(|e| matches!(e, Entity::Function(..) | Entity::Var(_)))
            }
            _ => false,
        }
    }

    /// What the implicit default constructor of complete class `c` does.
    fn implicit_default_construct(&mut self, c: ClassId, span: Span) -> TExpr {
        if self.default_init_runs_code(c) {
            return self.member_wise_default(c, span);
        }
        TExpr {
            kind: TK::ConstructDefault(c),
            ty: Ty::Class(c),
            lvalue: false,
            span,
        }
    }

    /// Construct a prvalue of class `c` from arguments.
    pub(super) fn construct(
        &mut self,
        c: ClassId,
        args: Vec<TExpr>,
        span: Span,
        diags: &mut Vec<Diagnostic>,
    ) -> TExpr {
        let ty = Ty::Class(c);
        if args.len() == 1 && self.class(c).closure.is_none() {
            let a0 = &args[0];
            // A prvalue initializes the object itself; an object of a class
            // without a user copy or move constructor is copied as its bytes.
            if a0.ty.non_ref() == &ty && (!a0.lvalue || !self.declares_copy_constructor(c)) {
                if a0.lvalue {
                    if let Some(copy) = self.memberwise_copy(c, a0, diags) {
                        return copy;
                    }
                }
                return args.into_iter().next().expect("one");
            }
        }
        if self.class(c).closure.is_some() && args.len() == 1 {
            return args.into_iter().next().expect("one");
        }
        let name = self.class(c).name.clone();
        let env = self.class(c).env.clone();
        let ctors: Vec<Candidate> = self
            .constructors(c)
            .into_iter()
            .map(|m| Candidate {
                decl: m,
                ctx: Ctx::Class(c),
                env: env.clone(),
                class: Some(c),
            })
            .collect();
        let user_ctors: Vec<&Candidate> = ctors.iter().filter(|x| !x.decl.deleted).collect();
        if ctors.is_empty() || (args.is_empty() && user_ctors.is_empty()) {
            // Implicit default constructor / aggregate initialisation.
            self.complete_class(c);
            if args.is_empty() {
                return self.implicit_default_construct(c, span);
            }
            if let [arg] = &args[..] {
                if matches!(arg.ty.non_ref(), Ty::Class(_))
                    && self.conversion_rank(arg, &ty).is_some()
                {
                    // The implicit copy constructor from another class's conversion function.
                    let arg = args.into_iter().next().expect("one");
                    return self.convert(arg, &ty, diags);
                }
            }
            diags.push(Diagnostic::error(
                span,
                format!(
                    "no matching constructor for initialization of '{}'",
                    self.class_name(c)
                ),
            ));
            return TExpr::error(span);
        }
        let what = format!("{}::{}", self.class_name(c), name);
        // An object of a derived class copies its base subobject (the
        // implicit copy constructor) when no constructor takes it as it is.
        let from_derived = matches!(&args[..], [arg]
            if matches!(arg.ty.non_ref(), Ty::Class(d) if *d != c && self.derives_from(*d, c)));
        let resolved = if from_derived {
            let mut quiet = vec![];
            let found = self.resolve_overload(&ctors, &[], &args, &what, span, &mut quiet);
            if found.is_none() {
                let arg = args.into_iter().next().expect("one");
                return self.base_subobject(arg, &ty);
            }
            found
        } else {
            self.resolve_overload(&ctors, &[], &args, &what, span, diags)
        };
        match resolved {
            // `T() = default;` is the implicit default constructor.
            Some(f) if args.is_empty() && self.func(f).decl.defaulted => {
                self.complete_class(c);
                self.implicit_default_construct(c, span)
            }
            Some(f) => {
                let args = self.finish_call_args(f, args, diags);
                self.ensure_body(f);
                TExpr {
                    kind: TK::Construct(f, args),
                    ty,
                    lvalue: false,
                    span,
                }
            }
            None => TExpr::error(span),
        }
    }

    // ------------------------------------------------------------ statements

    fn add_to_pack(&mut self, name: &Rc<str>, v: VarId) {
        let packs = &mut self.cur().packs;
        match packs.iter_mut().find(|(n, _)| n == name) {
            Some((_, vars)) => vars.push(v),
            None => packs.push((name.clone(), vec![v])),
        }
    }

    /// The function parameter packs visible in the body being checked: its
    /// own and those of the functions around a lambda, with their levels.
    /// Is `v` an element of a function parameter pack of a function being
    /// checked?
    fn is_pack_element(&self, v: VarId) -> bool {
        self.fn_stack
            .iter()
            .any(|fc| fc.packs.iter().any(|(_, vars)| vars.contains(&v)))
    }

    pub(super) fn var_packs(&self) -> Vec<super::packs::VarPack> {
        let mut out = vec![];
        let mut level = self.fn_stack.len().checked_sub(1);
        while let Some(l) = level {
            let fc = &self.fn_stack[l];
            out.extend(fc.packs.iter().map(|(n, vars)| super::packs::VarPack {
                level: l,
                name: n.clone(),
                vars: vars.clone(),
            }));
            level = fc.parent;
        }
        out
    }

    /// Check with element `i` of the packs `exp` expands bound by name. A
    /// function parameter pack's element is named in the function that owns
    /// the pack, so a lambda there captures it like any other variable.
    pub(super) fn with_pack_element<R>(
        &mut self,
        exp: &super::packs::Expansion,
        i: usize,
        f: impl FnOnce(&mut Self) -> R,
    ) -> R {
        let saved = self.cur().env.clone();
        self.cur().env = exp.env_for(i, &saved);
        let frames = exp.frames_for(i);
        for (level, frame) in &frames {
            self.fn_stack[*level].frames.push(frame.clone());
        }
        let r = f(self);
        for (level, _) in &frames {
            self.fn_stack[*level].frames.pop();
        }
        self.cur().env = saved;
        r
    }

    pub(super) fn push_frame(&mut self) {
        let env = self.cur().env.clone();
        self.cur().frame_envs.push(env);
        self.cur().frames.push(vec![]);
    }
    pub(super) fn pop_frame(&mut self) {
        self.cur().frames.pop();
        if let Some(env) = self.cur().frame_envs.pop() {
            self.cur().env = env;
        }
    }

    pub(super) fn check_stmt(&mut self, s: &a::Stmt) -> TStmt {
        let mut checked = self.check_stmt_kind(s);
        self.capture_odr_used_constants_in_stmt(&mut checked);
        self.end_full_expression();
        checked
    }

    fn check_stmt_kind(&mut self, s: &a::Stmt) -> TStmt {
        match &s.kind {
            StmtKind::Expr(e) => {
                self.capture_tentative_declarator_bounds(e);
                TStmt::Expr(self.check_expr(e))
            }
            StmtKind::Decl(ds) => {
                let mut out = vec![];
                for d in ds {
                    match d {
                        a::Decl::Var(v) => out.push(self.check_local_var(v)),
                        a::Decl::StructuredBinding(sb) => {
                            out.extend(self.check_structured_binding(sb))
                        }
                        a::Decl::StaticAssert(cond, msg, span) => {
                            let (ctx, env) = self.ctx_env();
                            if let Some(d) =
                                self.static_assertion(cond, msg.as_deref(), *span, ctx, &env)
                            {
                                self.cur().diags.push(d);
                            }
                        }
                        a::Decl::Alias(al) if al.template.is_none() => {
                            // `using T = ...;` in a block: visible to the
                            // rest of the block, like a template parameter.
                            let (ctx, env) = self.ctx_env();
                            let mut d = vec![];
                            let binding = self.type_binding(&al.ty, ctx, &env, &mut d);
                            self.cur().diags.extend(d);
                            self.cur().env = Rc::new(Env {
                                using_dirs: Vec::new(),
                                entities: Vec::new(),
                                bindings: vec![(al.name.clone(), binding)],
                                parent: Some(env),
                            });
                        }
                        a::Decl::Class(c)
                            if c.template.is_none() && c.specialization_args.is_none() =>
                        {
                            self.declare_local_class(c);
                        }
                        a::Decl::UsingDirective(_)
                        | a::Decl::NamespaceAlias(..)
                        | a::Decl::UsingDecl(_) => self.block_using(d),
                        a::Decl::Enum(e) if !e.scoped => self.local_enumerators(e),
                        a::Decl::Alias(_) | a::Decl::Class(_) | a::Decl::Enum(_) => {
                            // Local templates and scoped enums: not yet (rare in kernels).
                        }
                        _ => {}
                    }
                }
                if out.len() == 1 {
                    out.pop().expect("one")
                } else {
                    TStmt::Block(out)
                }
            }
            StmtKind::Compound(ss) => {
                self.push_frame();
                let out = ss.iter().map(|x| self.check_stmt(x)).collect();
                self.pop_frame();
                TStmt::Scope(out)
            }
            StmtKind::If {
                init,
                cond,
                then_branch,
                else_branch,
                is_constexpr,
            } => {
                self.push_frame();
                let mut pre = vec![];
                if let Some(i) = init {
                    pre.push(self.check_stmt(i));
                }
                let (cond_pre, c) = self.check_condition(cond);
                pre.extend(cond_pre);
                if *is_constexpr && !c.ty.is_error() {
                    // Only the branch taken is instantiated (the other may
                    // not be valid for these template arguments).
                    let value = self.const_eval_thir(&c).or_else(|| match &cond.kind {
                        // A class object converted by its conversion
                        // function (`std::is_same<T, float>{}`).
                        StmtKind::Expr(e) => {
                            let (ctx, env) = self.ctx_env();
                            self.const_eval_ast(e, ctx, &env)
                        }
                        _ => None,
                    });
                    let (taken, discarded) = match value {
                        Some(v) if v != 0 => (Some(&**then_branch), else_branch.as_deref()),
                        Some(_) => (else_branch.as_deref(), Some(&**then_branch)),
                        None => {
                            self.report(
                                c.span,
                                "constexpr if condition is not a constant expression",
                            );
                            (None, None)
                        }
                    };
                    // Captures follow source order: the then-branch first.
                    let then_discarded = discarded.is_some_and(|d| std::ptr::eq(d, &**then_branch));
                    if then_discarded {
                        self.capture_names_in_discarded(then_branch);
                    }
                    if let Some(b) = taken {
                        pre.push(self.scoped_stmt(b));
                    }
                    if let (Some(d), false) = (discarded, then_discarded) {
                        self.capture_names_in_discarded(d);
                    }
                    self.pop_frame();
                    return TStmt::Scope(pre);
                }
                let t = Box::new(self.scoped_stmt(then_branch));
                let e = else_branch.as_ref().map(|x| Box::new(self.scoped_stmt(x)));
                self.pop_frame();
                pre.push(TStmt::If {
                    cond: c,
                    then_s: t,
                    else_s: e,
                });
                TStmt::Scope(pre)
            }
            StmtKind::While { cond, body } => {
                self.push_frame();
                let (pre, c) = self.check_condition(cond);
                let b = self.scoped_stmt(body);
                self.pop_frame();
                loop_with_condition(pre, c, b, None)
            }
            StmtKind::DoWhile { body, cond } => {
                let b = self.scoped_stmt(body);
                let c = self.check_expr(cond);
                let c = self.convert_to_bool(c);
                TStmt::Loop {
                    cond: Some(c),
                    body: Box::new(b),
                    step: None,
                    test_first: false,
                }
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                self.push_frame();
                let mut out = vec![];
                if let Some(i) = init {
                    out.push(self.check_stmt(i));
                }
                let (pre, c) = match cond {
                    Some(c) => {
                        let (pre, c) = self.check_condition(c);
                        (pre, Some(c))
                    }
                    None => (vec![], None),
                };
                let st = step.as_ref().map(|x| self.check_expr(x));
                let b = self.scoped_stmt(body);
                self.pop_frame();
                out.push(match c {
                    Some(c) => loop_with_condition(pre, c, b, st),
                    None => TStmt::Loop {
                        cond: None,
                        body: Box::new(b),
                        step: st,
                        test_first: true,
                    },
                });
                TStmt::Scope(out)
            }
            StmtKind::Return(e) => {
                if let (
                    Some(a::Expr {
                        kind: ExprKind::InitList(items),
                        span,
                    }),
                    Some(r),
                ) = (e, self.cur().ret.clone())
                {
                    let v = self.list_init(&r, items, *span);
                    return TStmt::Return(Some(v), s.span);
                }
                let v = e.as_ref().map(|x| self.check_expr(x));
                let v = match v {
                    Some(v) => {
                        let ret = self.cur().ret.clone();
                        match ret {
                            Some(r) => {
                                // A local object returned is the result
                                // itself (g++'s named return value
                                // optimization): no copy.
                                let named_local = matches!(v.kind, TK::Var(id)
                                    if !self.var(id).is_global && !self.var(id).ty.is_ref())
                                    && v.ty == r;
                                let moved = match (&v.kind, &r) {
                                    (TK::Var(id), Ty::Class(c))
                                        if named_local && self.is_parameter(*id) =>
                                    {
                                        let mut d = vec![];
                                        let m = self.implicit_move(*c, &v, &mut d);
                                        self.cur().diags.extend(d);
                                        m
                                    }
                                    _ => None,
                                };
                                if let Some(m) = moved {
                                    Some(m)
                                } else if matches!(r, Ty::Void) || named_local {
                                    Some(v)
                                } else {
                                    let mut d = vec![];
                                    let c = self.convert(v, &r, &mut d);
                                    self.cur().diags.extend(d);
                                    Some(c)
                                }
                            }
                            None if self.cur().deduced_form == Some(DeducedReturn::Decltype) => {
                                let t = self
                                    .decltype_of_checked(e.as_ref().expect("a value"), v.clone());
                                if self.cur().deduced_ret.is_none() {
                                    self.cur().deduced_ret = Some(t.clone());
                                }
                                // A reference result binds to the expression.
                                if t.is_ref() {
                                    Some(v)
                                } else {
                                    Some(self.rvalue(v))
                                }
                            }
                            None => {
                                if let Some(DeducedReturn::LvalueRef { is_const }) =
                                    self.cur().deduced_form
                                {
                                    // `auto&` binds to the lvalue returned.
                                    let t = Ty::LRef(Box::new(v.ty.non_ref().clone()), is_const);
                                    if self.cur().deduced_ret.is_none() {
                                        self.cur().deduced_ret = Some(t);
                                    }
                                    return TStmt::Return(Some(v), s.span);
                                }
                                let v = self.rvalue(v);
                                let t = decay(&v.ty);
                                if self.cur().deduced_ret.is_none() {
                                    self.cur().deduced_ret = Some(t);
                                }
                                Some(v)
                            }
                        }
                    }
                    None => {
                        if self.cur().ret.is_none() && self.cur().deduced_ret.is_none() {
                            self.cur().deduced_ret = Some(Ty::Void);
                        }
                        None
                    }
                };
                TStmt::Return(v, s.span)
            }
            StmtKind::Break => TStmt::Break(s.span),
            StmtKind::Continue => self.continue_stmt(s.span),
            StmtKind::Empty => TStmt::Nop,
            StmtKind::RangeFor {
                init,
                var,
                range,
                body,
            } => self.check_range_for(init.as_deref(), var, range, body, s.span),
            StmtKind::Switch { init, cond, body } => {
                self.check_switch(init.as_deref(), cond, body, s.span)
            }
            StmtKind::Case(_) | StmtKind::Default => {
                self.report(
                    s.span,
                    "'case' or 'default' label not in a switch statement",
                );
                TStmt::Nop
            }
            StmtKind::Goto(_) | StmtKind::Label(..) => {
                TStmt::Unsupported("goto statements and labels".into(), s.span)
            }
            StmtKind::Asm => TStmt::Unsupported("inline assembly statements".into(), s.span),
            StmtKind::Try { body, handlers } => {
                // Host code: checked for what it contains (kernels are
                // submitted inside try blocks); device code cannot throw.
                let _ = self.scoped_stmt(body);
                for (var, handler) in handlers {
                    self.push_frame();
                    if let Some(v) = var {
                        self.declare_catch_parameter(v);
                    }
                    let _ = self.check_stmt(handler);
                    self.pop_frame();
                }
                TStmt::Unsupported("exception handling (try/catch)".into(), s.span)
            }
        }
    }

    /// The parameter of a `catch` clause, in scope in its handler: it is
    /// initialized from the exception caught, not default-constructed.
    fn declare_catch_parameter(&mut self, v: &a::VarDecl) {
        let f = self.cur().func;
        let mut diags = vec![];
        let (ctx, fenv) = self.ctx_env();
        let ty = self.resolve_type(&v.ty, ctx, &fenv, &mut diags);
        self.cur().diags.extend(diags);
        let id = self.new_var(v.name.clone(), ty, Some(f), v.name_span);
        self.cur()
            .frames
            .last_mut()
            .expect("frame")
            .push((v.name.clone(), id));
    }

    /// Whether `v` is a parameter of the function being checked.
    fn is_parameter(&self, v: VarId) -> bool {
        let f = self.fn_stack.last().expect("inside a function");
        f.frames
            .first()
            .is_some_and(|params| params.iter().any(|(_, p)| *p == v))
            || f.packs.iter().any(|(_, elems)| elems.contains(&v))
    }

    /// A sub-statement (of `if`, a loop): a scope of its own, even
    /// unbraced.
    fn scoped_stmt(&mut self, s: &a::Stmt) -> TStmt {
        self.push_frame();
        let r = self.check_stmt(s);
        self.pop_frame();
        match r {
            TStmt::Decl(..) | TStmt::Block(_) => TStmt::Scope(vec![r]),
            r => r,
        }
    }

    fn check_condition(&mut self, s: &a::Stmt) -> (Vec<TStmt>, TExpr) {
        match &s.kind {
            StmtKind::Expr(e) => {
                self.capture_tentative_declarator_bounds(e);
                let mut c = self.check_expr(e);
                self.capture_odr_used_constants_in_expr(&mut c);
                self.end_full_expression();
                (vec![], self.convert_to_bool(c))
            }
            StmtKind::Decl(ds) => {
                let mut pre = vec![];
                let mut cond = None;
                for d in ds {
                    if let a::Decl::Var(v) = d {
                        pre.push(self.check_local_var(v));
                        let id = self.lookup_local(&v.name).map(|x| x.0);
                        if let Some(id) = id {
                            let ty = self.var(id).ty.clone();
                            let e = TExpr {
                                kind: TK::Var(id),
                                ty: ty.non_ref().clone(),
                                lvalue: true,
                                span: v.span,
                            };
                            cond = Some(self.convert_to_bool(e));
                        }
                    }
                }
                (pre, cond.unwrap_or_else(|| TExpr::error(s.span)))
            }
            _ => (vec![], TExpr::error(s.span)),
        }
    }

    /// Whether one of the member operators `members` (named `name`) takes
    /// `r` (overload resolution without diagnostics).
    pub(super) fn member_operator_fits(
        &mut self,
        members: &[Candidate],
        name: &str,
        r: &TExpr,
        span: Span,
    ) -> bool {
        let mut probe = vec![];
        !members.is_empty()
            && self
                .resolve_overload(
                    members,
                    &[],
                    std::slice::from_ref(r),
                    name,
                    span,
                    &mut probe,
                )
                .is_some()
    }

    /// The built-in `!x`, `x` converted to bool contextually.
    pub(super) fn logical_not(&mut self, x: TExpr, span: Span) -> TExpr {
        let b = self.convert_to_bool(x);
        TExpr {
            kind: TK::Unary(UnOp::Not, Box::new(b)),
            ty: Ty::Bool,
            lvalue: false,
            span,
        }
    }

    fn convert_to_bool(&mut self, e: TExpr) -> TExpr {
        let mut d = vec![];
        let r = self.convert(e, &Ty::Bool, &mut d);
        self.cur().diags.extend(d);
        r
    }

    /// `constexpr int n = f(4);`: an integral (or enumeration) constant
    /// computed now, so its initializer (a constexpr call, even a recursive
    /// one) is never device code.
    fn constexpr_local(&mut self, v: &a::VarDecl, declared: Option<&Ty>) -> Option<TStmt> {
        let ty = declared?.clone();
        if !v.is_constexpr || !(ty.is_integral() || matches!(ty, Ty::Enum(_))) {
            return None;
        }
        let e = match &v.init {
            Some(a::Initializer::Assign(e)) => e,
            Some(a::Initializer::Brace(es, _, _)) if es.len() == 1 => &es[0],
            _ => return None,
        };
        let (ctx, env) = self.ctx_env();
        let value = self.const_eval_ast(e, ctx, &env)?;
        let f = self.cur().func;
        let id = self.new_var(v.name.clone(), ty.clone(), Some(f), v.name_span);
        self.vars[id.0 as usize].is_const = true;
        self.vars[id.0 as usize].const_value = Some(value);
        self.cur()
            .frames
            .last_mut()
            .expect("frame")
            .push((v.name.clone(), id));
        let init = TExpr {
            kind: TK::IntLit(value),
            ty,
            lvalue: false,
            span: e.span,
        };
        // Read as a constant by the initializers of other constants
        // (`constexpr float r = NP / 2.f;`), which device code computes.
        self.vars[id.0 as usize].constant_init = Some(Rc::new(init.clone()));
        Some(TStmt::Decl(id, Some(init)))
    }

    /// `enum { PARTS = 1024 };` in a block: each enumerator an `int`
    /// constant of the block, which every use (in lambdas too, which never
    /// capture it) reads as its value. The enumeration type itself is not
    /// declared yet.
    fn local_enumerators(&mut self, e: &a::EnumDecl) {
        let (ctx, env) = self.ctx_env();
        let f = self.cur().func;
        let mut next = 0i128;
        for (name, value, span) in &e.enumerators {
            let value = match value {
                Some(x) => match self.const_eval_ast(x, ctx, &env) {
                    Some(v) => v,
                    None => {
                        self.report(*span, format!("the value of enumerator '{name}' is not a constant the device compiler can evaluate"));
                        continue;
                    }
                },
                None => next,
            };
            next = value + 1;
            let id = self.new_var(name.clone(), Ty::Int(IntKind::Int), Some(f), *span);
            self.vars[id.0 as usize].is_const = true;
            self.vars[id.0 as usize].const_value = Some(value);
            self.vars[id.0 as usize].is_enumerator = true;
            self.cur()
                .frames
                .last_mut()
                .expect("frame")
                .push((name.clone(), id));
        }
    }

    /// `buffer b{v};` / `accessor a(b, h);`: deduce the class template's
    /// arguments from the initializer, then construct.
    fn check_deduced_class_var(&mut self, v: &a::VarDecl) -> TStmt {
        let f = self.cur().func;
        let (ctx, fenv) = self.ctx_env();
        let (args, span) = match &v.init {
            Some(a::Initializer::Paren(es, sp)) | Some(a::Initializer::Brace(es, sp, _)) => {
                (self.check_args(es), *sp)
            }
            Some(a::Initializer::Assign(e)) => (vec![self.check_expr(e)], e.span),
            None => (vec![], v.span),
        };
        let mut d = vec![];
        let braced = matches!(v.init, Some(a::Initializer::Brace(..)));
        let ty = self.deduce_class_type(&v.ty, &args, braced, ctx, &fenv, span, &mut d);
        self.cur().diags.extend(d);
        let id = self.new_var(v.name.clone(), ty.clone(), Some(f), v.name_span);
        self.vars[id.0 as usize].is_const = v.ty.is_const;
        self.vars[id.0 as usize].volatile_pointee = Sema::points_to_volatile(&v.ty);
        // A braced list deducing an aggregate (`Box b{2.5};` through a
        // deduction guide) initializes its members.
        let aggregate_list = match (&ty, &v.init) {
            (Ty::Class(c), Some(a::Initializer::Brace(_, sp, _))) => {
                self.complete_class(*c);
                self.is_aggregate(*c).then_some(*sp)
            }
            _ => None,
        };
        let init = match (ty, aggregate_list) {
            (Ty::Error, _) => None,
            // The arguments checked for the deduction are the elements
            // (checking them again would make their closures anew).
            (ty, Some(sp)) => Some(self.aggregate_from_args(&ty, args, sp)),
            (ty, None) => self.init_value(&ty, args, v.span),
        };
        self.cur()
            .frames
            .last_mut()
            .expect("frame")
            .push((v.name.clone(), id));
        TStmt::Decl(id, init)
    }

    /// `std::floating_point auto x = e;`: the type deduced for the
    /// placeholder (`ty` without the reference or pointer the declarator
    /// adds) must satisfy its type-constraint.
    fn check_placeholder_constraint(&mut self, declared: &a::TypeExpr, ty: &Ty, span: Span) {
        let (placeholder, deduced) = match &declared.kind {
            a::TypeExprKind::LRef(i) | a::TypeExprKind::RRef(i) => (&**i, ty.non_ref().clone()),
            a::TypeExprKind::Pointer(i) => match ty {
                Ty::Ptr { pointee, .. } => (&**i, (**pointee).clone()),
                _ => return,
            },
            _ => (declared, ty.clone()),
        };
        let Some(c) = placeholder.constraint.clone() else {
            return;
        };
        if deduced.is_error() {
            return;
        }
        let (ctx, env) = self.ctx_env();
        let sat = self.type_constraint_satisfaction(&c, &deduced, ctx, &env);
        if let super::constraints::Satisfaction::Unsatisfied(notes) = sat {
            let name = self.concept_spelling(&c, &env);
            let mut d = Diagnostic::error(
                span,
                format!(
                    "deduced type '{}' does not satisfy '{name}'",
                    self.ty_name(&deduced)
                ),
            );
            for (sp, why) in notes {
                d = d.with_note(sp, why);
            }
            self.cur().diags.push(d);
        }
    }

    pub(super) fn check_local_var(&mut self, v: &a::VarDecl) -> TStmt {
        // `decltype(auto) x = e;` declares `x` with type `decltype(e)`
        // (`decltype((b))` for `= (b)`: a reference).
        if let (a::TypeExprKind::DecltypeAuto, Some(a::Initializer::Assign(e))) =
            (&v.ty.kind, &v.init)
        {
            let ty = a::TypeExpr {
                kind: a::TypeExprKind::Decltype {
                    expr: Box::new(e.clone()),
                    parenthesized: written_in_parentheses(e),
                    gnu_typeof: false,
                },
                ..v.ty.clone()
            };
            return self.check_local_var(&a::VarDecl { ty, ..v.clone() });
        }
        if let Some(stmt) = self.variable_length_array(v) {
            return stmt;
        }
        let f = self.cur().func;
        let is_auto = matches!(v.ty.kind, a::TypeExprKind::Auto)
            || matches!(&v.ty.kind, a::TypeExprKind::LRef(i) | a::TypeExprKind::RRef(i) | a::TypeExprKind::Pointer(i) if matches!(i.kind, a::TypeExprKind::Auto));
        let mut diags = vec![];
        let (ctx, fenv) = self.ctx_env();
        if !is_auto && self.is_deduced_class_placeholder(&v.ty, ctx, &fenv) {
            return self.check_deduced_class_var(v);
        }
        let mut declared = if is_auto {
            None
        } else {
            Some(self.resolve_type(&v.ty, ctx, &fenv, &mut diags))
        };
        self.cur().diags.extend(diags);
        if let Some(stmt) = self.constexpr_local(v, declared.as_ref()) {
            return stmt;
        }
        // A variable whose type is known is in scope in its own initializer
        // (`T (*p)[N] = reinterpret_cast<decltype(p)>(q);`).
        let bound_early = match (&declared, &v.ty.kind) {
            (_, a::TypeExprKind::Array(_, None)) | (None, _) => None,
            (Some(t), _) => {
                let id = self.new_var(v.name.clone(), t.clone(), Some(f), v.name_span);
                self.cur()
                    .frames
                    .last_mut()
                    .expect("frame")
                    .push((v.name.clone(), id));
                Some(id)
            }
        };
        // `auto x = {1, 2, 3};` is a `std::initializer_list<int>`.
        if let (
            None,
            a::TypeExprKind::Auto,
            Some(a::Initializer::Brace(items, sp, a::ListForm::Copy)),
        ) = (&declared, &v.ty.kind, &v.init)
        {
            declared = Some(self.auto_list_type(items, *sp));
        }
        let braced = match &v.init {
            Some(a::Initializer::Brace(items, sp, _)) => Some((items.as_slice(), *sp)),
            Some(a::Initializer::Assign(a::Expr {
                kind: ExprKind::InitList(items),
                span,
            })) => Some((items.as_slice(), *span)),
            _ => None,
        };
        let mut list_value = None;
        let mut init_exprs: Option<(Vec<TExpr>, bool)> = None;
        match &v.init {
            _ if braced.is_some() && declared.as_ref().is_some_and(|t| !t.is_ref()) => {
                let (items, sp) = braced.expect("braced");
                // `T a[] = {...}` takes its bound from the initializers.
                if let (Some(Ty::Array(e, _)), a::TypeExprKind::Array(_, None)) =
                    (&declared, &v.ty.kind)
                {
                    declared = Some(Ty::Array(e.clone(), self.list_len(items) as u64));
                }
                let ty = declared.clone().expect("declared");
                list_value = Some(self.list_init(&ty, items, sp));
            }
            // `char s[] = "text";`: the characters and the terminating nul.
            Some(a::Initializer::Assign(a::Expr {
                kind: ExprKind::StringLit(text),
                span: sp,
            })) if matches!(&declared, Some(Ty::Array(e, _)) if e.is_integral()) => {
                let mut items: Vec<a::Expr> = text
                    .bytes()
                    .map(|b| a::Expr {
                        kind: ExprKind::CharLit(b as u32),
                        span: *sp,
                    })
                    .collect();
                items.push(a::Expr {
                    kind: ExprKind::CharLit(0),
                    span: *sp,
                });
                if let (Some(Ty::Array(e, _)), a::TypeExprKind::Array(_, None)) =
                    (&declared, &v.ty.kind)
                {
                    declared = Some(Ty::Array(e.clone(), items.len() as u64));
                }
                let ty = declared.clone().expect("declared");
                list_value = Some(self.list_init(&ty, &items, *sp));
            }
            Some(a::Initializer::Assign(e)) => {
                // `auto f = [...] {...};`: clang names it when first used.
                self.lambda_named_on_use = matches!(e.kind, ExprKind::Lambda(_))
                    && self.host.names_stored_lambdas_on_use();
                init_exprs = Some((vec![self.check_expr(e)], false));
                self.lambda_named_on_use = false;
            }
            Some(a::Initializer::Paren(es, _)) => init_exprs = Some((self.check_args(es), true)),
            Some(a::Initializer::Brace(es, _, _)) => init_exprs = Some((self.check_args(es), true)),
            None => {}
        }
        let ty = match (declared, &init_exprs) {
            (Some(t), _) => t,
            (None, Some((es, _))) if es.len() == 1 => {
                let t = decay(es[0].ty.non_ref());
                match &v.ty.kind {
                    // `auto &r = c;` of a `const` object is `const T &`.
                    a::TypeExprKind::LRef(_) => Ty::LRef(
                        Box::new(es[0].ty.clone()),
                        v.ty.is_const || self.is_const_lvalue(&es[0]),
                    ),
                    a::TypeExprKind::RRef(_) if es[0].lvalue => {
                        Ty::LRef(Box::new(es[0].ty.clone()), false)
                    }
                    _ => t,
                }
            }
            _ => {
                let sp = v.span;
                self.cur().diags.push(Diagnostic::error(
                    sp,
                    format!(
                        "cannot deduce the type of '{}' without an initializer",
                        v.name
                    ),
                ));
                Ty::Error
            }
        };
        if is_auto {
            self.check_placeholder_constraint(&v.ty, &ty, v.span);
        }
        let id = bound_early
            .unwrap_or_else(|| self.new_var(v.name.clone(), ty.clone(), Some(f), v.name_span));
        let is_const = v.ty.is_const || v.is_constexpr || Sema::array_of_const(&v.ty);
        self.vars[id.0 as usize].is_const = is_const;
        if v.is_static {
            // Device code reads it as it reads a global: a const one with
            // a constant initializer is a constant, any other an error.
            let var = &mut self.vars[id.0 as usize];
            var.static_local = true;
            var.is_global = true;
            var.global = Some((Rc::new(v.clone()), ctx, fenv.clone()));
        }
        self.vars[id.0 as usize].volatile_pointee = Sema::points_to_volatile(&v.ty);
        self.vars[id.0 as usize].alias_align = self.alias_alignment(&v.ty, ctx, &fenv, &mut vec![]);
        let init = match init_exprs {
            None if list_value.is_some() => list_value,
            None => match &ty {
                Ty::Class(c) => {
                    let mut d = vec![];
                    let e = self.construct(*c, vec![], v.span, &mut d);
                    self.cur().diags.extend(d);
                    Some(e)
                }
                // `Ctr a[3];`: each element default-constructed.
                Ty::Array(..) if self.default_init_of_type_runs_code(&ty) => {
                    Some(self.value_init(&ty, v.span))
                }
                _ => None,
            },
            Some((es, ctor_style)) => {
                if let Ty::LRef(..) | Ty::RRef(_) = ty {
                    let mut d = vec![];
                    let e = es.into_iter().next().map(|x| self.convert(x, &ty, &mut d));
                    self.cur().diags.extend(d);
                    e
                } else if !ctor_style && self.converts_by_conversion_function(&es, &ty) {
                    // `id<2> a = item;`: copy-initialization through the
                    // source class's conversion function.
                    let mut d = vec![];
                    let e = es.into_iter().next().map(|x| self.convert(x, &ty, &mut d));
                    self.cur().diags.extend(d);
                    e
                } else if !ctor_style
                    && matches!(&es[..], [x] if matches!(x.ty.non_ref(), Ty::Int(_) | Ty::Float(_) | Ty::Bool | Ty::Enum(_)))
                    && matches!(ty, Ty::Class(_))
                {
                    // `W w = 1;`: copy-initialization by a converting
                    // (non-explicit) constructor.
                    let mut d = vec![];
                    let e = es.into_iter().next().map(|x| self.convert(x, &ty, &mut d));
                    self.cur().diags.extend(d);
                    e
                } else if ctor_style || matches!(ty, Ty::Class(_)) {
                    self.init_value(&ty, es, v.span)
                } else {
                    let mut d = vec![];
                    let e = es.into_iter().next().map(|x| self.convert(x, &ty, &mut d));
                    self.cur().diags.extend(d);
                    e
                }
            }
        };
        if is_const && (ty.is_integral() || matches!(ty, Ty::Enum(_))) {
            if let Some(e) = &init {
                self.vars[id.0 as usize].const_value = self.const_eval_thir(e);
            }
        }
        // `constexpr float s = 1.5f;`, `constexpr auto sq = [](int x) {...};`
        if v.is_constexpr && !v.is_static {
            self.vars[id.0 as usize].constexpr_value = self.declared_constexpr_value(v, &ty);
        }
        // `constexpr Dims d = tile_dims(4);`: the object computed now.
        let init = match init {
            Some(e) if v.is_constexpr && matches!(ty, Ty::Class(_) | Ty::Array(..)) => {
                Some(self.constant_object_init(v, &ty).unwrap_or(e))
            }
            init => init,
        };
        let constant = v.is_constexpr || self.vars[id.0 as usize].const_value.is_some();
        if constant && !v.is_static && !ty.is_ref() {
            self.vars[id.0 as usize].constant_init = init.clone().map(Rc::new);
        }
        self.classify_template_local(id, v);
        if bound_early.is_none() {
            self.cur()
                .frames
                .last_mut()
                .expect("frame")
                .push((v.name.clone(), id));
        }
        TStmt::Decl(id, init)
    }

    // ------------------------------------------------------------ names

    /// Find a local in the current function (not in enclosing lambdas' parents).
    pub(super) fn lookup_local(&self, name: &str) -> Option<(VarId, usize)> {
        let fc = self.fn_stack.last()?;
        for fr in fc.frames.iter().rev() {
            if let Some((_, v)) = fr.iter().rev().find(|(n, _)| n.as_ref() == name) {
                return Some((*v, self.fn_stack.len() - 1));
            }
        }
        None
    }

    /// Resolve a name used as an expression inside the function at stack index `level`.
    fn name_in_level(&mut self, level: usize, name: &Rc<str>, span: Span) -> Option<TExpr> {
        self.name_in_level_for(level, name, span, false)
    }

    /// Resolve `name` at `level`. `for_inner` is set when an inner lambda
    /// asks: constants of enclosing functions are then passed through
    /// unfolded so that the lambda that uses them decides whether they are
    /// captured (it depends on the host compiler).
    fn name_in_level_for(
        &mut self,
        level: usize,
        name: &Rc<str>,
        span: Span,
        for_inner: bool,
    ) -> Option<TExpr> {
        let fc = &self.fn_stack[level];
        for fr in fc.frames.iter().rev() {
            if let Some((_, v)) = fr.iter().rev().find(|(n, _)| n == name) {
                let v = *v;
                let ty = self.var(v).ty.clone();
                if let (true, Some(value)) = (self.var(v).is_enumerator, self.var(v).const_value) {
                    return Some(TExpr {
                        kind: TK::IntLit(value),
                        ty,
                        lvalue: false,
                        span,
                    });
                }
                self.name_closure_on_use(&ty);
                return Some(TExpr {
                    kind: TK::Var(v),
                    ty: ty.non_ref().clone(),
                    lvalue: true,
                    span,
                });
            }
        }
        // Init-captures (`[n = 0]`) are members of the closure, not variables
        // of the enclosing function.
        let parent = fc.parent;
        if let Some(x) = self.init_capture(level, name, span) {
            return Some(x);
        }
        let Some(parent) = parent else {
            return self.generic_lambda_name(level, name, span);
        };
        let outer = self.name_in_level_for(parent, name, span, true)?;
        if self.is_enclosing_enumerator(parent, name) {
            // A constant, not a variable: nothing to capture.
            return Some(outer);
        }
        if let TK::Var(v) = outer.kind {
            if self.var(v).static_local {
                // Static storage: the lambda names the variable itself (a
                // constant one by its value), as the host compiler does.
                // (Lambdas nested in this one see the variable too.)
                return Some(match self.var(v).const_value {
                    Some(c) if !for_inner && !self.var(v).ty.is_ref() => TExpr {
                        kind: TK::IntLit(c),
                        ty: self.var(v).ty.clone(),
                        lvalue: false,
                        span,
                    },
                    _ => outer,
                });
            }
        }
        if self.unevaluated > 0 {
            // `decltype(x)` in a lambda does not capture `x`.
            return Some(outer);
        }
        if let TK::Var(v) = outer.kind {
            let explicit = self.fn_stack[level]
                .explicit_captures
                .iter()
                .any(|c| &c.name == name);
            if !explicit
                && self.is_constant_object(v)
                && !self.host_captures_constant(level, parent, name, Some(v))
            {
                if for_inner {
                    // The nested lambda decides (g++ may keep it here too).
                    if !self.fn_stack[level].keeps_nested_constants {
                        return Some(outer);
                    }
                    return self.capture(level, name, outer, span);
                }
                // Read as a constant until the statement shows an odr-use.
                let fields_at_use = self.fn_stack[level]
                    .this_class
                    .map_or(0, |c| self.class(c).fields.len());
                self.fn_stack[level]
                    .constant_object_uses
                    .push(ConstantObjectUse {
                        span,
                        name: name.clone(),
                        var: v,
                        fields_at_use,
                    });
                return Some(TExpr { span, ..outer });
            }
        }
        let constant = match outer.kind {
            TK::Var(v) if !self.var(v).ty.is_ref() => self
                .var(v)
                .const_value
                .map(|c| (c, self.var(v).ty.clone(), Some(v))),
            // A constant of the function enclosing a generic lambda, as its
            // instance sees it.
            TK::IntLit(c) if self.is_generic_lambda_constant(parent, name) => {
                Some((c, outer.ty.clone(), None))
            }
            _ => None,
        };
        if let Some((c, ty, v)) = constant {
            let lit = TExpr {
                kind: TK::IntLit(c),
                ty,
                lvalue: false,
                span,
            };
            if for_inner {
                // A lambda nested in this one uses the constant: the host
                // compiler may capture it here too.
                let fc = &self.fn_stack[level];
                let kept = fc.keeps_nested_constants
                    && !fc.explicit_captures.iter().any(|c| &c.name == name);
                if kept || self.host_captures_constant(level, parent, name, v) {
                    self.capture(level, name, lit, span);
                }
                return Some(outer);
            }
            if !self.host_captures_constant(level, parent, name, v) {
                let fields = self.fn_stack[level]
                    .this_class
                    .map_or(0, |c| self.class(c).fields.len());
                self.fn_stack[level]
                    .constant_uses
                    .push((span, name.clone(), fields));
                return Some(lit);
            }
            return self.capture(level, name, lit, span);
        }
        self.capture(level, name, outer, span)
    }

    /// Does the body of lambda `l` (not counting the lambdas in it) use a
    /// constant of the functions enclosing it (at `parent`) by value?
    fn folds_enclosing_constants(&self, l: &a::LambdaExpr, parent: usize) -> bool {
        generic_lambda::names_used_outside_lambdas(l)
            .iter()
            .any(|name| self.enclosing_constant(parent, name))
    }

    /// Does `name`, looked up from the body at `level` outwards, name an
    /// enumerator of a block-scope enumeration?
    fn is_enclosing_enumerator(&self, level: usize, name: &Rc<str>) -> bool {
        self.enclosing_local(level, name)
            .is_some_and(|v| self.var(v).is_enumerator)
    }

    /// The local that `name` names in the frames of the body at `level`.
    pub(super) fn local_in_frames(&self, level: usize, name: &Rc<str>) -> Option<VarId> {
        self.fn_stack[level]
            .frames
            .iter()
            .rev()
            .find_map(|fr| fr.iter().rev().find(|(n, _)| n == name).map(|(_, v)| *v))
    }

    /// The local `name` names, looked up from the body at `level` outwards
    /// through the enclosing functions.
    pub(super) fn enclosing_local(&self, level: usize, name: &Rc<str>) -> Option<VarId> {
        let mut at = Some(level);
        while let Some(l) = at {
            if let Some(v) = self.local_in_frames(l, name) {
                return Some(v);
            }
            at = self.fn_stack[l].parent;
        }
        None
    }

    /// Does `name`, looked up from the body at `level` outwards, name a
    /// constant variable (not a reference) of a function?
    fn enclosing_constant(&self, level: usize, name: &Rc<str>) -> bool {
        let mut at = Some(level);
        while let Some(l) = at {
            let fc = &self.fn_stack[l];
            if let Some(v) = self.local_in_frames(l, name) {
                let var = self.var(v);
                return var.const_value.is_some() && !var.ty.is_ref();
            }
            let init_captured = fc
                .this_class
                .and_then(|c| self.class(c).closure.as_ref())
                .is_some_and(|cl| {
                    cl.lambda
                        .captures
                        .iter()
                        .any(|c| c.init.is_some() && &c.name == name)
                });
            if init_captured {
                return false;
            }
            at = fc.parent;
        }
        false
    }

    /// Does the host compiler capture constant `v` used by the lambda at
    /// `level` (whose enclosing function is at `parent`)? g++ does when the
    /// constant comes from outside an enclosing `[&]` lambda (not when that
    /// lambda declares it).
    /// `v` is the constant's variable; none for a constant a generic
    /// lambda's instance sees (declared outside that lambda).
    fn host_captures_constant(
        &self,
        level: usize,
        parent: usize,
        name: &Rc<str>,
        v: Option<VarId>,
    ) -> bool {
        let fc = &self.fn_stack[level];
        let pc = &self.fn_stack[parent];
        let enclosing_lambda = pc.parent.is_some() || self.generic_lambda_level(parent);
        self.host.captures_constants_through_ref_lambdas()
            && fc.capture_default != CaptureDefault::None
            && !fc.explicit_captures.iter().any(|c| &c.name == name)
            && enclosing_lambda
            && pc.capture_default == CaptureDefault::ByRef
            && !v.is_some_and(|v| pc.frames.iter().flatten().any(|(_, x)| *x == v))
            && !v.is_some_and(|v| self.var(v).static_local)
    }

    /// Whether the function at `level` is an instance of a generic
    /// lambda's call operator (checked apart from its enclosing function).
    fn generic_lambda_level(&self, level: usize) -> bool {
        let fc = &self.fn_stack[level];
        fc.parent.is_none()
            && fc
                .this_class
                .and_then(|c| self.class(c).closure.as_ref())
                .is_some_and(|cl| cl.generic.is_some())
    }

    /// Whether `name` is a constant of the function enclosing the generic
    /// lambda whose instance is checked at `level`.
    fn is_generic_lambda_constant(&self, level: usize, name: &Rc<str>) -> bool {
        self.generic_lambda_level(level)
            && self.fn_stack[level]
                .this_class
                .and_then(|c| self.class(c).closure.as_ref())
                .and_then(|cl| cl.generic.as_ref())
                .is_some_and(|g| g.constants.iter().any(|(n, _)| n == name))
    }

    /// A constant of an enclosing function read in a constant expression
    /// of the lambda being checked (a template argument, an array bound):
    /// g++ captures it where it would capture an ordinary use of it (see
    /// `host_captures_constant`; observed with g++ 12: `[&] { [=] {
    /// f<rd>(p); } }` captures `rd`).
    pub(super) fn constant_read_in_lambda(&mut self, name: &Rc<str>, value: i128, span: Span) {
        let Some(level) = self.fn_stack.len().checked_sub(1) else {
            return;
        };
        let Some(parent) = self.fn_stack[level].parent else {
            return;
        };
        if self.fn_stack[level]
            .frames
            .iter()
            .flatten()
            .any(|(n, _)| n == name)
        {
            return;
        }
        let Some(v) = self.var_seen_from(parent, name) else {
            return;
        };
        if self.unevaluated == 0 && self.host_captures_constant(level, parent, name, Some(v)) {
            let lit = TExpr {
                kind: TK::IntLit(value),
                ty: self.var(v).ty.clone(),
                lvalue: false,
                span,
            };
            self.capture(level, name, lit, span);
        }
    }

    /// A reference to `to` bound to a constant of an enclosing function
    /// that was folded to its value (`[=] { f(n); }` with `f(const int&)`)
    /// odr-uses it: the lambda captures it after all, as the host compiler
    /// does, where the host lays it out (see `full_expression_captures.rs`).
    /// A reference to another type binds a temporary: no capture.
    pub(super) fn capture_constant_bound_to_reference(
        &mut self,
        e: &TExpr,
        to: &Ty,
    ) -> Option<TExpr> {
        if !matches!(e.kind, TK::IntLit(_)) || !self.same_or_base(&e.ty, to) {
            return None;
        }
        let level = self.fn_stack.len().checked_sub(1)?;
        let uses = &mut self.fn_stack[level].constant_uses;
        let at = uses.iter().position(|(s, _, _)| *s == e.span)?;
        let (_, name, fields_at_use) = uses.remove(at);
        let closure = self.fn_stack[level].this_class?;
        let before = self.class(closure).fields.len();
        let captured = self.capture(level, &name, e.clone(), e.span);
        if self.class(closure).fields.len() > before {
            self.place_constant_capture(closure, before, fields_at_use);
        }
        captured
    }

    /// Add (or reuse) a capture of `outer` (an expression in the enclosing
    /// function) to the closure of the lambda at `level`.
    pub(super) fn capture(
        &mut self,
        level: usize,
        name: &Rc<str>,
        outer: TExpr,
        span: Span,
    ) -> Option<TExpr> {
        let fc = &self.fn_stack[level];
        let closure = fc.this_class?;
        let explicit = fc
            .explicit_captures
            .iter()
            .find(|c| &c.name == name)
            .cloned();
        let by_ref = match (&explicit, fc.capture_default) {
            (Some(c), _) => c.by_ref,
            (None, CaptureDefault::ByCopy) => false,
            (None, CaptureDefault::ByRef) => true,
            (None, CaptureDefault::None) => {
                self.fn_stack[level].diags.push(Diagnostic::error(span, format!("variable '{name}' cannot be implicitly captured in a lambda with no capture-default specified")));
                return Some(TExpr::error(span));
            }
        };
        // g++ defers a capture used directly as an operator's operand in
        // this lambda's own body (not through a nested lambda).
        let late_candidate = explicit.is_none()
            && self.fn_stack[level]
                .parent
                .is_some_and(|p| self.captured_late(p, name));
        let late = late_candidate && self.operand_use && level + 1 == self.fn_stack.len();
        let source = match &outer.kind {
            TK::Var(v) => Some(CaptureSource::Var(*v)),
            TK::Field(_, i) => Some(CaptureSource::EnclosingField(*i)),
            _ => None,
        };
        // One field per captured entity (elements of a captured parameter
        // pack share their name), else per captured name.
        let ci = self.class(closure);
        let existing = match (source, &ci.closure) {
            (Some(src), Some(cl)) => cl.captures.iter().position(|(s, _)| *s == src),
            _ => ci.fields.iter().position(|f| &f.name == name),
        };
        let idx = match existing {
            Some(i) => {
                // A deferred capture also used in an ordinary way is captured
                // at its first use after all.
                if late_candidate && !late {
                    self.undefer_capture(closure, i);
                }
                i
            }
            None => {
                let vty = outer.ty.clone();
                let fty = if by_ref {
                    Ty::LRef(Box::new(vty.clone()), false)
                } else {
                    vty.clone()
                };
                let ci = &mut self.classes[closure.0 as usize];
                ci.fields.push(Field {
                    name: name.clone(),
                    ty: fty.clone(),
                    offset: 0,
                    span,
                    default_init: None,
                });
                let new_index = ci.fields.len() - 1;
                let pack_element = match source {
                    Some(CaptureSource::Var(v)) => self.is_pack_element(v),
                    _ => false,
                };
                let ci = &mut self.classes[closure.0 as usize];
                let cl = ci.closure.as_mut().expect("closure");
                cl.captures
                    .push((source.unwrap_or(CaptureSource::Init), by_ref));
                if late {
                    cl.late_fields.push(new_index);
                }
                if pack_element {
                    cl.pack_fields.push(new_index);
                }
                // An object captured by copy is copied as its class copies.
                let init = match &fty {
                    Ty::Class(_) if !by_ref && outer.lvalue => {
                        let mut d = vec![];
                        let copy = self.convert(outer, &fty, &mut d);
                        self.cur().diags.extend(d);
                        copy
                    }
                    _ => outer,
                };
                self.pending_capture_inits
                    .entry(closure)
                    .or_default()
                    .push(init);
                new_index
            }
        };
        Some(self.this_field(closure, idx, span))
    }

    // ------------------------------------------------------------ expressions

    /// Check `e` in `ctx`, outside any body being checked (a default
    /// argument, a namespace-scope initializer, the operand of `decltype` in
    /// a declaration). Inside the body of `ctx` itself, its locals are visible.
    pub(crate) fn check_standalone_expr(
        &mut self,
        e: &a::Expr,
        ctx: Ctx,
        env: Rc<Env>,
        diags: &mut Vec<Diagnostic>,
    ) -> TExpr {
        if self
            .fn_stack
            .last()
            .is_some_and(|fc| fc.lookup_ctx.unwrap_or(Ctx::Func(fc.func)) == ctx)
        {
            let saved_env = std::mem::replace(&mut self.cur().env, env);
            let saved_diags = std::mem::take(&mut self.cur().diags);
            let r = self.check_expr(e);
            let fc = self.cur();
            fc.env = saved_env;
            diags.extend(std::mem::replace(&mut fc.diags, saved_diags));
            return r;
        }
        let (func, lookup_ctx) = match ctx {
            Ctx::Func(f) => (f, None),
            _ => (self.scope_function(e.span), Some(ctx)),
        };
        let mut fc = FnCtx::new(func, env);
        fc.lookup_ctx = lookup_ctx;
        self.fn_stack.push(fc);
        let r = self.check_expr(e);
        let fc = self.fn_stack.pop().expect("ctx");
        diags.extend(fc.diags);
        r
    }

    /// Run `f` with expressions checked in `ctx`/`env` as
    /// [`Self::check_standalone_expr`] checks them (in the body being
    /// checked when `ctx` is its function, else in a scope of their own).
    /// `f` keeps its diagnostics to itself.
    pub(crate) fn in_expression_scope<R>(
        &mut self,
        ctx: Ctx,
        env: Rc<Env>,
        span: Span,
        f: impl FnOnce(&mut Self) -> R,
    ) -> R {
        if self
            .fn_stack
            .last()
            .is_some_and(|fc| fc.lookup_ctx.unwrap_or(Ctx::Func(fc.func)) == ctx)
        {
            let saved_env = std::mem::replace(&mut self.cur().env, env);
            let r = f(self);
            self.cur().env = saved_env;
            return r;
        }
        let (func, lookup_ctx) = match ctx {
            Ctx::Func(f) => (f, None),
            _ => (self.scope_function(span), Some(ctx)),
        };
        let mut fc = FnCtx::new(func, env);
        fc.lookup_ctx = lookup_ctx;
        self.fn_stack.push(fc);
        let r = f(self);
        self.fn_stack.pop();
        r
    }

    /// Whether the requirements of requires-expression `r` hold in the
    /// scope being checked (its parameters declared as locals, nothing in
    /// it evaluated); the notes say which one does not, and why.
    pub(crate) fn requires_outcome(
        &mut self,
        r: &a::RequiresExpr,
    ) -> Result<(), Vec<super::constraints::Because>> {
        let saved_diags = std::mem::take(&mut self.cur().diags);
        self.unevaluated += 1;
        self.push_frame();
        let outcome = self.requirements_hold(r);
        self.pop_frame();
        self.unevaluated -= 1;
        self.cur().diags = saved_diags;
        outcome
    }

    fn requirements_hold(
        &mut self,
        r: &a::RequiresExpr,
    ) -> Result<(), Vec<super::constraints::Because>> {
        let f = self.cur_func();
        for p in &r.params {
            let (ctx, env) = self.ctx_env();
            let mut d = vec![];
            let ty = self.resolve_type(&p.ty, ctx, &env, &mut d);
            if ty.is_error() || d.iter().any(|x| x.severity == crate::diag::Severity::Error) {
                let text = self.type_text(&p.ty, &env);
                return Err(vec![(
                    p.span,
                    format!("because substituted parameter type '{text}' is ill-formed"),
                )]);
            }
            if let Some(n) = &p.name {
                let id = self.new_var(n.clone(), ty, Some(f), p.span);
                self.cur()
                    .frames
                    .last_mut()
                    .expect("frame")
                    .push((n.clone(), id));
            }
        }
        for req in &r.requirements {
            let (ctx, env) = self.ctx_env();
            match req {
                a::Requirement::Simple(e) => {
                    self.requirement_expr(e, &env)?;
                }
                a::Requirement::Type(t) => {
                    let mut d = vec![];
                    let ty = self.resolve_type(t, ctx, &env, &mut d);
                    let error = d
                        .iter()
                        .find(|x| x.severity == crate::diag::Severity::Error);
                    if ty.is_error() || error.is_some() {
                        let text = self.type_text(t, &env);
                        let why = error
                            .map(|d| format!(": {}", d.message))
                            .unwrap_or_default();
                        return Err(vec![(
                            t.span,
                            format!("because 'typename {text}' would be invalid{why}"),
                        )]);
                    }
                }
                a::Requirement::Compound {
                    expr, constraint, ..
                } => {
                    let x = self.requirement_expr(expr, &env)?;
                    if let Some(c) = constraint {
                        // `{ e } -> C<A>`: `C<decltype((e)), A>`.
                        let ty = if self.is_xvalue(&x) {
                            Ty::RRef(Box::new(x.ty.clone()))
                        } else if x.lvalue {
                            let is_const = self.is_const_lvalue(&x);
                            Ty::LRef(Box::new(x.ty.clone()), is_const)
                        } else {
                            x.ty.clone()
                        };
                        let sat = self.type_constraint_satisfaction(c, &ty, ctx, &env);
                        if let super::constraints::Satisfaction::Unsatisfied(mut notes) = sat {
                            // clang's "type constraint 'C<decltype((e)), A>'".
                            let mut written = String::new();
                            for a in c.last().template_args.iter().flatten() {
                                written.push_str(", ");
                                written.push_str(&self.targ_text(a, &env));
                            }
                            let text =
                                format!("{}<{}{written}>", c.last().ident, self.ty_name(&ty));
                            // The first note ("does not satisfy") says it again.
                            if !notes.is_empty() {
                                notes.remove(0);
                            }
                            notes.insert(
                                0,
                                (
                                    c.span,
                                    format!("because type constraint '{text}' was not satisfied"),
                                ),
                            );
                            return Err(notes);
                        }
                    }
                }
                a::Requirement::Nested(e) => {
                    let sat = self.constraint_satisfaction(e, ctx, &env);
                    if let super::constraints::Satisfaction::Unsatisfied(notes) = sat {
                        return Err(notes);
                    }
                }
            }
        }
        Ok(())
    }

    /// The expression of a simple or compound requirement, checked; an
    /// error in it makes the requirement fail.
    fn requirement_expr(
        &mut self,
        e: &a::Expr,
        env: &Env,
    ) -> Result<TExpr, Vec<super::constraints::Because>> {
        let before = self.cur().diags.len();
        let x = self.check_expr(e);
        let error = self.cur().diags[before..]
            .iter()
            .find(|d| d.severity == crate::diag::Severity::Error)
            .map(|d| d.message.clone());
        self.cur().diags.truncate(before);
        if error.is_some() || x.ty.is_error() {
            let text = self.constraint_text(e, env);
            let why = error.map(|m| format!(": {m}")).unwrap_or_default();
            return Err(vec![(
                e.span,
                format!("because '{text}' would be invalid{why}"),
            )]);
        }
        Ok(x)
    }

    /// The checked initializer of global variable `v`, which device code
    /// reads: SYCL 2020 5.4 allows device code to use globals that are
    /// const and constant-initialized. The error says why `v` is not one.
    /// Checked once: the diagnostics of the check come with the first answer.
    pub(crate) fn global_initializer(
        &mut self,
        v: VarId,
        diags: &mut Vec<Diagnostic>,
    ) -> Result<Rc<TExpr>, String> {
        if let Some(init) = &self.var(v).constant_init {
            return Ok(init.clone());
        }
        match self.global_inits.get(&v) {
            Some(GlobalInit::Done(r)) => return r.clone(),
            Some(GlobalInit::Checking) => {
                return Err("its initializer reads the variable itself".into())
            }
            None => {}
        }
        let info = self.var(v);
        let Some((decl, ctx, env)) = info.global.clone() else {
            return Err("it is not a variable of namespace or class scope".into());
        };
        if !info.is_const {
            return Err("it is not const (device code may read only const, constant-initialized globals: SYCL 2020 5.4)".into());
        }
        if decl.init.is_none() && decl.is_extern {
            return Err("its initializer is not in this translation unit".into());
        }
        self.global_inits.insert(v, GlobalInit::Checking);
        let func = self.scope_function(decl.span);
        let mut fc = FnCtx::new(func, env);
        fc.lookup_ctx = Some(ctx);
        self.fn_stack.push(fc);
        let stmt = self.check_local_var(&decl);
        let fc = self.fn_stack.pop().expect("pushed above");
        let failed = fc
            .diags
            .iter()
            .any(|d| d.severity == crate::diag::Severity::Error);
        diags.extend(fc.diags);
        let result = match stmt {
            _ if failed => Err("its initializer has errors".into()),
            TStmt::Decl(_, Some(init)) => Ok(Rc::new(init)),
            _ => Err("it has no initializer".into()),
        };
        self.global_inits
            .insert(v, GlobalInit::Done(result.clone()));
        result
    }

    /// Resolve a trailing return type, where the function's parameters are
    /// in scope (`auto f(T x) -> decltype(x + x)`).
    pub(crate) fn resolve_trailing_return(
        &mut self,
        t: &a::TypeExpr,
        ctx: Ctx,
        env: &Rc<Env>,
        params: Vec<(Rc<str>, Ty)>,
        diags: &mut Vec<Diagnostic>,
    ) -> Ty {
        let func = self.scope_function(t.span);
        let frame = params
            .into_iter()
            .map(|(name, ty)| {
                let v = self.new_var(name.clone(), ty, Some(func), t.span);
                (name, v)
            })
            .collect();
        let mut fc = FnCtx::new(func, env.clone());
        fc.frames = vec![frame];
        fc.lookup_ctx = Some(ctx);
        self.fn_stack.push(fc);
        let ty = self.resolve_type(t, ctx, env, diags);
        let fc = self.fn_stack.pop().expect("ctx");
        diags.extend(fc.diags);
        ty
    }

    /// The function that stands for namespace scope in [`Self::check_standalone_expr`]:
    /// it has no body, so nothing checks or lowers it.
    fn scope_function(&mut self, span: Span) -> FuncId {
        if let Some(f) = self.scope_function {
            return f;
        }
        let decl = Rc::new(crate::front::ast_build::function_decl(
            a::QualName::simple(Rc::from("<namespace scope>"), span),
            a::TypeExpr {
                kind: a::TypeExprKind::Builtin(Default::default()),
                is_const: false,
                is_volatile: false,
                address_space: None,
                constraint: None,
                span,
            },
            vec![],
            None,
            span,
        ));
        self.funcs.push(FuncInfo {
            decl,
            ctx: Ctx::Ns(GLOBAL_NS),
            env: Rc::new(Env::default()),
            class: None,
            template_args: vec![],
            ret: Ty::Void,
            params: vec![],
            param_decls: vec![],
            body: None,
            body_state: BodyState::Done,
            diags: vec![],
            closure: None,
            lambda_count: 0,
            lambda_sig_counts: HashMap::new(),
        });
        let f = FuncId(self.funcs.len() as u32 - 1);
        self.scope_function = Some(f);
        f
    }

    /// A class declared in the block being checked: visible to the rest of
    /// the block (like a block-scope alias), its context the function (so
    /// it mangles as a local class: `Z4mainE6Kernel`). A definition
    /// completes a forward declaration of the same function.
    fn declare_local_class(&mut self, c: &Rc<a::ClassDecl>) {
        let Some(name) = c.name.clone() else { return };
        let (ctx, env) = self.ctx_env();
        if c.elaborated {
            let named = a::QualName::simple(name.clone(), c.name_span);
            if let Ty::Class(_) = self.resolve_named_type(&named, ctx, &env, &mut vec![]) {
                return;
            }
        }
        if let Some(TArg::Type(Ty::Class(id))) = env.get(&name) {
            let id = *id;
            if self.class(id).ctx == ctx {
                let declared_only = self
                    .class(id)
                    .decl
                    .as_ref()
                    .is_none_or(|d| d.members.is_none());
                if declared_only && c.members.is_some() {
                    self.classes[id.0 as usize].decl = Some(c.clone());
                    self.register_class_members(id, c, &mut vec![]);
                }
                return;
            }
        }
        let id = self.new_class(name.clone(), Some(c.clone()), None, ctx, env.clone());
        self.register_class_members(id, c, &mut vec![]);
        self.cur().env = Rc::new(Env {
            using_dirs: Vec::new(),
            entities: Vec::new(),
            bindings: vec![(name, TArg::Type(Ty::Class(id)))],
            parent: Some(env),
        });
    }

    /// The type of `&C::m` when `x` is `C::m` naming a non-static member
    /// of class `C`: a pointer to member.
    fn member_pointer_type(&mut self, x: &a::Expr) -> Option<Ty> {
        let ExprKind::Name(q) = &x.kind else {
            return None;
        };
        if q.parts.len() < 2 {
            return None;
        }
        let (ctx, env) = self.ctx_env();
        let Some(Ctx::Class(c)) = self.resolve_prefix(q, ctx, &env, &mut vec![]) else {
            return None;
        };
        self.complete_class(c);
        let name = q.last().ident.clone();
        // A closure's call operator (`decltype(&L::operator())` in
        // function-traits idioms) is not among the class's methods.
        let call_op = self.class(c).closure.as_ref().and_then(|cl| cl.call_op);
        if let (Some(op), "operator()") = (call_op, name.as_ref()) {
            let f = self.func(op);
            let member = Box::new(Ty::Function {
                ret: Box::new(f.ret.clone()),
                params: f.params.clone(),
                variadic: false,
            });
            let const_method = f.decl.is_const;
            return Some(Ty::MemberPtr {
                class: c,
                member,
                const_method,
            });
        }
        if let Some(field) = self.class(c).fields.iter().find(|f| f.name == name) {
            let member = Box::new(field.ty.clone());
            return Some(Ty::MemberPtr {
                class: c,
                member,
                const_method: false,
            });
        }
        // One non-template member function (an overloaded name needs a
        // target type to pick from, which detection idioms do not give).
        let methods: Vec<Candidate> = self
            .method_candidates(c, &name)
            .into_iter()
            .filter(|m| !m.decl.is_static)
            .collect();
        let [m] = methods.as_slice() else {
            return None;
        };
        let member = Box::new(self.function_type(&m.decl, m.ctx, &m.env)?);
        Some(Ty::MemberPtr {
            class: c,
            member,
            const_method: m.decl.is_const,
        })
    }

    /// The function type of non-template function `decl` declared in
    /// `ctx`/`env` (None for a template or a type it cannot resolve).
    fn function_type(&mut self, decl: &a::FunctionDecl, ctx: Ctx, env: &Rc<Env>) -> Option<Ty> {
        if decl.template.is_some() {
            return None;
        }
        let mut d = vec![];
        let ret = self.resolve_type(&decl.ret, ctx, env, &mut d);
        let params: Vec<Ty> = decl
            .params
            .iter()
            .map(|p| self.resolve_type(&p.ty, ctx, env, &mut d))
            .collect();
        if ret.is_error() || params.iter().any(Ty::is_error) {
            return None;
        }
        Some(Ty::Function {
            ret: Box::new(ret),
            params,
            variadic: decl.variadic,
        })
    }

    /// The type of `&f` when `x` names one non-template function (not an
    /// overload set): a pointer to its function type.
    fn function_pointer_type(&mut self, x: &a::Expr) -> Option<Ty> {
        let ExprKind::Name(q) = &x.kind else {
            return None;
        };
        if q.is_simple() && self.lookup_local(&q.last().ident).is_some() {
            return None;
        }
        let (ctx, env) = self.ctx_env();
        let Found::Entities(es) = self.lookup_qualified(q, ctx, &env, &mut vec![]) else {
            return None;
        };
        let [Entity::Function(decl, fctx, fenv)] = es.as_slice() else {
            return None;
        };
        let (decl, fctx, fenv) = (decl.clone(), *fctx, fenv.clone());
        Some(Ty::ptr_to(self.function_type(&decl, fctx, &fenv)?))
    }

    /// `using namespace n;`, `namespace a = n;` or `using n::x;` in a
    /// block: visible to the rest of the block (and lambdas in it).
    fn block_using(&mut self, d: &a::Decl) {
        let (ctx, env) = self.ctx_env();
        let mut scoped = Env {
            using_dirs: Vec::new(),
            entities: Vec::new(),
            bindings: vec![],
            parent: Some(env.clone()),
        };
        match d {
            a::Decl::UsingDirective(n) => match self.resolve_namespace_in(n, ctx, &env) {
                Some(target) => scoped.using_dirs.push(target),
                None => self.report(
                    n.span,
                    format!("no namespace named '{}'", n.to_string_lossy()),
                ),
            },
            a::Decl::NamespaceAlias(alias, n) => match self.resolve_namespace_in(n, ctx, &env) {
                Some(target) => scoped
                    .entities
                    .push((alias.clone(), Entity::Namespace(target))),
                None => self.report(
                    n.span,
                    format!("no namespace named '{}'", n.to_string_lossy()),
                ),
            },
            a::Decl::UsingDecl(n) => {
                let found = self.lookup_qualified_entities(n, ctx, &env);
                if found.is_empty() {
                    self.report(n.span, format!("no member named '{}'", n.to_string_lossy()));
                }
                let name = n.last().ident.clone();
                scoped
                    .entities
                    .extend(found.into_iter().map(|e| (name.clone(), e)));
            }
            _ => return,
        }
        self.cur().env = Rc::new(scoped);
    }

    /// The declared type of non-type template parameter `name` of the
    /// function being checked or of its enclosing class templates, when it is
    /// an integer type (`template <uint32_t B>`: `B - 1` is unsigned); None
    /// for `auto`, `bool` and enumeration parameters or when it is not found.
    fn non_type_param_type(&mut self, name: &str) -> Option<Ty> {
        let f = self.fn_stack.last()?.func;
        let (ctx, env) = self.ctx_env();
        let mut headers = vec![];
        if let Some(t) = self.func(f).decl.template.clone() {
            headers.push(t);
        }
        headers.extend(self.func(f).decl.outer_templates.iter().cloned());
        let class_of = |ctx: Ctx| match ctx {
            Ctx::Class(c) => Some(c),
            _ => None,
        };
        let mut class = self
            .func(f)
            .class
            .or(class_of(self.func(f).ctx))
            .or(class_of(ctx));
        while let Some(c) = class {
            if let Some((tdecl, _)) = self.class(c).template.clone() {
                headers.extend(tdecl.template.clone());
            }
            class = match self.class(c).ctx {
                Ctx::Class(p) => Some(p),
                _ => None,
            };
        }
        let ty = headers
            .iter()
            .flat_map(|h| h.params.iter())
            .find_map(|p| match &p.kind {
                a::TemplateParamKind::NonType {
                    ty, pack: false, ..
                } if p.name.as_deref() == Some(name) => Some(ty.clone()),
                _ => None,
            })?;
        if matches!(ty.kind, a::TypeExprKind::Auto) {
            return None;
        }
        let resolved = self.resolve_type(&ty, ctx, &env, &mut vec![]);
        matches!(resolved, Ty::Int(_)).then_some(resolved)
    }

    /// Whether `t` is an array of `const` elements (`const float a[4]`:
    /// the qualifier is on the element type).
    pub(super) fn array_of_const(t: &a::TypeExpr) -> bool {
        match &t.kind {
            a::TypeExprKind::Array(elem, _) => elem.is_const || Sema::array_of_const(elem),
            _ => false,
        }
    }

    pub(super) fn ctx_env(&self) -> (Ctx, Rc<Env>) {
        let fc = self.fn_stack.last().expect("ctx");
        (fc.lookup_ctx.unwrap_or(Ctx::Func(fc.func)), fc.env.clone())
    }

    /// `ctx_env`, with `param` naming the type `ty` (how sema names a type
    /// it computed in a type or expression it builds).
    pub(super) fn ctx_env_naming(&self, param: Rc<str>, ty: &Ty) -> (Ctx, Rc<Env>) {
        let (ctx, env) = self.ctx_env();
        let env = Rc::new(Env {
            using_dirs: Vec::new(),
            entities: Vec::new(),
            bindings: vec![(param, TArg::Type(ty.clone()))],
            parent: Some(env),
        });
        (ctx, env)
    }

    /// The local variable `name` of the body being checked (or of the
    /// functions enclosing it), if one is visible.
    pub(super) fn local_var(&self, ctx: Ctx, name: &str) -> Option<VarId> {
        let mut level = self.fn_stack.len().checked_sub(1)?;
        if ctx != Ctx::Func(self.fn_stack[level].func) {
            return None;
        }
        loop {
            if let Some(v) = self.local_in_level(level, name) {
                return Some(v);
            }
            level = self.fn_stack[level].parent?;
        }
    }

    /// The local `name` declared in the frames of function level `level`.
    fn local_in_level(&self, level: usize, name: &str) -> Option<VarId> {
        self.fn_stack[level].frames.iter().rev().find_map(|fr| {
            fr.iter()
                .rev()
                .find(|(n, _)| n.as_ref() == name)
                .map(|(_, v)| *v)
        })
    }

    /// The value of a constant local variable `name` visible in the body
    /// being checked, when `ctx` is that body (array bounds and template
    /// arguments inside function bodies).
    /// `Some(None)`: a local of that name is visible but is not a constant
    /// (it hides any outer constant).
    pub(super) fn local_constant(&self, ctx: Ctx, name: &str) -> Option<Option<i128>> {
        let mut level = self.fn_stack.len().checked_sub(1)?;
        // Only for names in the body being checked (not, say, a class
        // template instantiated from it).
        if ctx != Ctx::Func(self.fn_stack[level].func) {
            return None;
        }
        loop {
            if let Some(v) = self.local_in_level(level, name) {
                return Some(self.var(v).const_value);
            }
            let fc = &self.fn_stack[level];
            // A generic lambda's body is checked per call, away from its
            // enclosing function: the constants it names were kept.
            let generic = fc
                .this_class
                .and_then(|c| self.class(c).closure.as_ref())
                .and_then(|c| c.generic.as_ref());
            if let Some(g) = generic {
                if let Some((_, lit)) = g.constants.iter().find(|(n, _)| n.as_ref() == name) {
                    if let thir::ExprKind::IntLit(v) = lit.kind {
                        return Some(Some(v));
                    }
                }
            }
            level = fc.parent?;
        }
    }

    pub(super) fn report(&mut self, span: Span, msg: impl Into<String>) {
        self.cur().diags.push(Diagnostic::error(span, msg));
    }

    pub(super) fn report_all(&mut self, diags: Vec<Diagnostic>) {
        self.cur().diags.extend(diags);
    }

    /// Check expressions as if inside class `c` (default member initializers),
    /// until [`Self::leave_class_scope`].
    pub(super) fn enter_class_scope(&mut self, c: ClassId) {
        let func = self.cur().func;
        let env = self.class(c).env.clone();
        let mut fc = FnCtx::new(func, env);
        fc.this_class = Some(c);
        fc.lookup_ctx = Some(Ctx::Class(c));
        self.fn_stack.push(fc);
    }

    pub(super) fn leave_class_scope(&mut self) {
        let fc = self.fn_stack.pop().expect("class scope");
        self.cur().diags.extend(fc.diags);
    }

    pub(super) fn err(&mut self, span: Span, msg: impl Into<String>) -> TExpr {
        self.cur().diags.push(Diagnostic::error(span, msg));
        TExpr::error(span)
    }

    pub(crate) fn check_expr(&mut self, e: &a::Expr) -> TExpr {
        // Whether `e` is a direct operand of a built-in operator (for the
        // host compiler's late captures, see `late_capture.rs`); its own
        // operands see whether `e` is one.
        let operand =
            std::mem::replace(&mut self.operand_of_operator, late_capture::is_operator(e));
        self.operand_use = operand;
        let x = self.check_expr_kind(e);
        self.operand_of_operator = operand;
        x
    }

    fn check_expr_kind(&mut self, e: &a::Expr) -> TExpr {
        let span = e.span;
        match &e.kind {
            ExprKind::IntLit(v, suffix) => {
                use crate::front::literal::IntSuffix as S;
                let v = *v as i128;
                // [lex.icon]: the first type of the suffix's list that holds v.
                let candidates: &[IntKind] = match suffix {
                    S::None => &[IntKind::Int, IntKind::Long, IntKind::LongLong],
                    S::U => &[IntKind::UInt, IntKind::ULong, IntKind::ULongLong],
                    S::L => &[IntKind::Long, IntKind::LongLong],
                    S::UL => &[IntKind::ULong, IntKind::ULongLong],
                    S::LL => &[IntKind::LongLong],
                    S::ULL => &[IntKind::ULongLong],
                };
                let holds = |k: IntKind| {
                    let bits = 8 * k.size() - u32::from(k.signed());
                    v < 1i128 << bits
                };
                let k = candidates
                    .iter()
                    .copied()
                    .find(|&k| holds(k))
                    .unwrap_or(candidates[candidates.len() - 1]);
                TExpr {
                    kind: TK::IntLit(v),
                    ty: Ty::Int(k),
                    lvalue: false,
                    span,
                }
            }
            ExprKind::FloatLit(v, suffix) => {
                use crate::front::literal::FloatSuffix as S;
                let k = match suffix {
                    S::F => FloatKind::Float,
                    S::L => FloatKind::LongDouble,
                    _ => FloatKind::Double,
                };
                // A `float` literal's value is the nearest float (`0.1f`
                // converted to double is 0.10000000149011612).
                let value = if k == FloatKind::Float {
                    f64::from(*v as f32)
                } else {
                    *v
                };
                TExpr {
                    kind: TK::FloatLit(value),
                    ty: Ty::Float(k),
                    lvalue: false,
                    span,
                }
            }
            ExprKind::CharLit(c) => TExpr {
                kind: TK::IntLit(*c as i128),
                ty: Ty::Int(IntKind::Char),
                lvalue: false,
                span,
            },
            ExprKind::BoolLit(b) => TExpr {
                kind: TK::BoolLit(*b),
                ty: Ty::Bool,
                lvalue: false,
                span,
            },
            ExprKind::StringLit(s) => TExpr {
                kind: TK::StringLit(s.clone()),
                ty: Ty::Array(Box::new(Ty::Int(IntKind::Char)), s.len() as u64 + 1),
                lvalue: true,
                span,
            },
            ExprKind::Nullptr => TExpr {
                kind: TK::NullPtr,
                ty: Ty::Nullptr,
                lvalue: false,
                span,
            },
            ExprKind::This => match self.enclosing_object(self.fn_stack.len() - 1, span) {
                Some(this) => {
                    let ty = Ty::ptr_to(this.ty.clone());
                    TExpr {
                        kind: TK::AddrOf(Box::new(this)),
                        ty,
                        lvalue: false,
                        span,
                    }
                }
                None => self.err(
                    span,
                    "invalid use of 'this' outside of a non-static member function",
                ),
            },
            ExprKind::Name(q) => self.check_name(q, span),
            ExprKind::Requires(r) => {
                let ok = self.requires_outcome(r).is_ok();
                TExpr {
                    kind: TK::BoolLit(ok),
                    ty: Ty::Bool,
                    lvalue: false,
                    span,
                }
            }
            ExprKind::Unary(op, x) => self.check_unary(*op, x, span),
            ExprKind::Binary(op, l, r) => self.check_binary(*op, l, r, span),
            ExprKind::Assign(op, l, r) => self.check_assign(*op, l, r, span),
            ExprKind::Cond(c, x, y) => {
                let c = self.check_expr(c);
                let c = self.convert_to_bool(c);
                let x = self.check_expr(x);
                let y = self.check_expr(y);
                if x.ty.is_arithmetic() && y.ty.is_arithmetic() && x.ty != y.ty {
                    let t = self.usual_arith(&self.arith_ty(&x), &self.arith_ty(&y));
                    let mut d = vec![];
                    let x = self.convert(x, &t, &mut d);
                    let y = self.convert(y, &t, &mut d);
                    self.cur().diags.extend(d);
                    return TExpr {
                        kind: TK::Cond(Box::new(c), Box::new(x), Box::new(y)),
                        ty: t,
                        lvalue: false,
                        span,
                    };
                }
                // Operands of a class and another type: the one that converts
                // to the other's type does ([expr.cond]/4); both or neither
                // is an error.
                let class_mix = x.ty != y.ty
                    && (matches!(x.ty, Ty::Class(_)) || matches!(y.ty, Ty::Class(_)))
                    && !x.ty.is_error()
                    && !y.ty.is_error();
                let (x, y) = if class_mix {
                    let y_to_x = self.conversion_rank(&y, &x.ty).is_some();
                    let x_to_y = self.conversion_rank(&x, &y.ty).is_some();
                    let (xt, yt) = (self.ty_name(&x.ty), self.ty_name(&y.ty));
                    let mut d = vec![];
                    let pair = match (x_to_y, y_to_x) {
                        (true, false) => {
                            let t = y.ty.clone();
                            (self.convert(x, &t, &mut d), y)
                        }
                        (false, true) => {
                            let t = x.ty.clone();
                            let y = self.convert(y, &t, &mut d);
                            (x, y)
                        }
                        (both, _) => {
                            let why = if both { "each converts to the other" } else { "neither converts to the other" };
                            return self.err(span, format!("operands to '?:' have different types '{xt}' and '{yt}' ({why})"));
                        }
                    };
                    self.cur().diags.extend(d);
                    pair
                } else {
                    self.composite_pointer_operands(x, y)
                };
                let lv = x.lvalue && y.lvalue && x.ty == y.ty;
                let (x, y) = if lv {
                    (x, y)
                } else {
                    (self.rvalue(x), self.rvalue(y))
                };
                let ty = if matches!(x.ty, Ty::Nullptr) {
                    y.ty.clone()
                } else {
                    x.ty.clone()
                };
                TExpr {
                    kind: TK::Cond(Box::new(c), Box::new(x), Box::new(y)),
                    ty,
                    lvalue: lv,
                    span,
                }
            }
            ExprKind::Call(callee, args) => self.check_call(callee, args, span),
            ExprKind::UserLiteral(literal, suffix) => {
                let (callee, args) = user_literal_call(literal, suffix);
                self.check_call(&callee, &args, span)
            }
            ExprKind::Index(b, i) => {
                let b = self.check_expr(b);
                if let Ty::Class(_) = b.ty {
                    // `acc[{i, j}]`: a braced list initializes the operator's
                    // parameter, as a call argument does.
                    let i = self.check_args(std::slice::from_ref(i.as_ref()));
                    return self.call_operator(b, "operator[]", i, span);
                }
                let i = self.check_expr(i);
                self.builtin_index(b, i, span)
            }
            ExprKind::Member { base, arrow, name } => {
                let b = self.check_expr(base);
                let b = if *arrow { self.arrow_object(b, span) } else { b };
                let b = self.named_base_object(b, name);
                self.member_access(b, name, span)
            }
            ExprKind::Cast(_, t, x) => {
                let (ctx, env) = self.ctx_env();
                let mut d = vec![];
                let ty = self.resolve_type(t, ctx, &env, &mut d);
                self.cur().diags.extend(d);
                let x = self.check_expr(x);
                self.explicit_cast(x, &ty, span)
            }
            ExprKind::Construct(t, args, braced) => {
                let (ctx, env) = self.ctx_env();
                if self.is_deduced_class_placeholder(t, ctx, &env) {
                    let args = self.check_args(args);
                    let mut d = vec![];
                    let ty = self.deduce_class_type(t, &args, *braced, ctx, &env, span, &mut d);
                    self.cur().diags.extend(d);
                    return match ty {
                        // `overloaded{l1, l2}`: an aggregate's elements.
                        Ty::Class(c) if *braced && self.is_aggregate(c) => {
                            self.aggregate_from_args(&ty, args, span)
                        }
                        Ty::Class(c) => {
                            let mut d = vec![];
                            let r = self.construct(c, args, span, &mut d);
                            self.cur().diags.extend(d);
                            r
                        }
                        _ => TExpr::error(span),
                    };
                }
                if !*braced && self.names_function_or_variable(t, ctx, &env) {
                    // `half(0, 1)` parsed while `half` was a type, in a
                    // class whose later member function `half` hides it.
                    let a::TypeExprKind::Named(q) = &t.kind else {
                        unreachable!("checked by names_function_or_variable")
                    };
                    let callee = a::Expr {
                        kind: ExprKind::Name(q.clone()),
                        span: t.span,
                    };
                    let call = a::Expr {
                        kind: ExprKind::Call(Box::new(callee), args.clone()),
                        span,
                    };
                    return self.check_expr(&call);
                }
                // `C::f()` / `decltype(x)::f()` naming no member of class `C`.
                if let (a::TypeExprKind::Named(q), false) = (&t.kind, *braced) {
                    if q.parts.len() > 1
                        && matches!(self.lookup_qualified(q, ctx, &env, &mut vec![]), Found::None)
                    {
                        if let Some(Ctx::Class(c)) = self.resolve_prefix(q, ctx, &env, &mut vec![]) {
                            let hint = self.qualified_hint(q, ctx, &env, Wanted::Value);
                            return self.err(
                                q.span,
                                format!(
                                    "no member named '{}' in '{}'{hint}",
                                    q.last().ident,
                                    self.class_name(c)
                                ),
                            );
                        }
                    }
                }
                let mut d = vec![];
                let ty = self.resolve_type(t, ctx, &env, &mut d);
                self.cur().diags.extend(d);
                if *braced {
                    return self.list_init(&ty, args, span);
                }
                let args = self.check_args(args);
                match &ty {
                    Ty::Class(c) => {
                        let mut d = vec![];
                        let r = self.construct(*c, args, span, &mut d);
                        self.cur().diags.extend(d);
                        r
                    }
                    Ty::Error => TExpr::error(span),
                    _ if args.is_empty() => self.zero_value(&ty, span),
                    _ if args.len() == 1 => {
                        let x = args.into_iter().next().expect("one");
                        self.explicit_cast(x, &ty, span)
                    }
                    _ => self.err(span, "too many arguments in a functional cast"),
                }
            }
            ExprKind::InitList(es) => {
                let _ = es.iter().map(|x| self.check_expr(x)).count();
                self.err(
                    span,
                    "braced initializer lists are not supported in this context yet",
                )
            }
            ExprKind::SizeofType(t) => {
                let (ctx, env) = self.ctx_env();
                let mut d = vec![];
                let ty = self.resolve_type(t, ctx, &env, &mut d);
                self.cur().diags.extend(d);
                match self.size_align(&ty) {
                    Some((s, _)) => TExpr {
                        kind: TK::IntLit(s as i128),
                        ty: Ty::size_t(),
                        lvalue: false,
                        span,
                    },
                    None => self.err(
                        span,
                        format!(
                            "invalid application of 'sizeof' to an incomplete type '{}'",
                            self.ty_name(&ty)
                        ),
                    ),
                }
            }
            ExprKind::SizeofExpr(x) => {
                // An unevaluated operand: what it names is not captured.
                self.unevaluated += 1;
                let x = self.check_expr(x);
                self.unevaluated -= 1;
                match self.size_align(&x.ty) {
                    Some((s, _)) => TExpr {
                        kind: TK::IntLit(s as i128),
                        ty: Ty::size_t(),
                        lvalue: false,
                        span,
                    },
                    None => TExpr::error(span),
                }
            }
            ExprKind::AlignofType(t) => {
                let (ctx, env) = self.ctx_env();
                let mut d = vec![];
                let ty = self.resolve_type(t, ctx, &env, &mut d);
                let aliased = self.alias_alignment(t, ctx, &env, &mut vec![]);
                match self.size_align(&ty).map(|(s, al)| (s, aliased.unwrap_or(al))) {
                    Some((_, al)) => TExpr {
                        kind: TK::IntLit(al as i128),
                        ty: Ty::size_t(),
                        lvalue: false,
                        span,
                    },
                    None => TExpr::error(span),
                }
            }
            ExprKind::TypeTrait(t, args) => {
                let (ctx, env) = self.ctx_env();
                let mut d = vec![];
                let args = self.resolve_template_args(args, ctx, &env, &mut d);
                self.cur().diags.extend(d);
                match self.type_trait(*t, &args, span) {
                    Ok(v) => TExpr {
                        kind: TK::BoolLit(v),
                        ty: Ty::Bool,
                        lvalue: false,
                        span,
                    },
                    Err(message) => self.err(span, message),
                }
            }
            ExprKind::Lambda(l) => self.check_lambda(l, span),
            ExprKind::StmtExpr(stmts) => self.check_statement_expr(stmts, span),
            ExprKind::MemberPointerAccess { object, member, .. } => {
                let _ = self.check_expr(object);
                let _ = self.check_expr(member);
                TExpr {
                    kind: TK::HostOnly("a pointer to member".into()),
                    ty: Ty::Error,
                    lvalue: false,
                    span,
                }
            }
            ExprKind::VaArg(ap, t) => {
                let _ = self.check_expr(ap);
                let (ctx, env) = self.ctx_env();
                let mut d = vec![];
                let ty = self.resolve_type(t, ctx, &env, &mut d);
                self.cur().diags.extend(d);
                TExpr {
                    kind: TK::HostOnly("'va_arg' (variadic arguments)".into()),
                    ty,
                    lvalue: false,
                    span,
                }
            }
            ExprKind::New(t, ..) => {
                // `new T` and `new T[n]` are `T*` (host code only, but the
                // type still chooses overloads: `unique_ptr<int[]> p(new int[4])`).
                let (ctx, env) = self.ctx_env();
                let object = match &t.kind {
                    a::TypeExprKind::Array(element, _) => element,
                    _ => t,
                };
                let ty = self.resolve_type(object, ctx, &env, &mut vec![]);
                TExpr {
                    kind: TK::HostOnly("dynamic allocation (new)".into()),
                    ty: if ty.is_error() { Ty::Error } else { Ty::ptr_to(ty) },
                    lvalue: false,
                    span,
                }
            }
            ExprKind::Delete(..) => TExpr {
                kind: TK::HostOnly("dynamic deallocation (delete)".into()),
                ty: Ty::Void,
                lvalue: false,
                span,
            },
            ExprKind::Throw(_) => TExpr {
                kind: TK::HostOnly("throwing an exception".into()),
                ty: Ty::Void,
                lvalue: false,
                span,
            },
            ExprKind::Typeid(_) => TExpr {
                kind: TK::HostOnly("typeid".into()),
                ty: Ty::Error,
                lvalue: false,
                span,
            },
            // Designators are matched positionally for now (as before they were kept).
            ExprKind::Designated(_, x) => self.check_expr(x),
            ExprKind::PackExpansion(_) => self.err(
                span,
                "a pack expansion is only allowed in an argument, initializer or template argument list",
            ),
            ExprKind::SizeofPack(name) => self.sizeof_pack(name, span),
            ExprKind::Fold { op, lhs, rhs } => {
                self.check_fold(*op, lhs.as_deref(), rhs.as_deref(), span)
            }
            ExprKind::AlignofExpr(x) => {
                self.unevaluated += 1;
                let x = self.check_expr(x);
                self.unevaluated -= 1;
                match self.size_align(&x.ty) {
                    Some((_, a)) => TExpr {
                        kind: TK::IntLit(a as i128),
                        ty: Ty::size_t(),
                        lvalue: false,
                        span,
                    },
                    None => TExpr::error(span),
                }
            }
            ExprKind::Error => TExpr::error(span),
        }
    }

    /// Does class `c` or one of its bases have a data member `name`?
    fn has_field_named(&mut self, c: ClassId, name: &str) -> bool {
        self.complete_class(c);
        if self.class(c).fields.iter().any(|f| &*f.name == name) {
            return true;
        }
        let bases: Vec<ClassId> = self.class(c).bases.iter().map(|b| b.0).collect();
        bases.into_iter().any(|b| self.has_field_named(b, name))
    }

    /// The object `x.B::m` names `m` in: the `B` base subobject of `x`
    /// (`x` itself for an unqualified name or one naming `x`'s class).
    fn named_base_object(&mut self, object: TExpr, name: &a::QualName) -> TExpr {
        if name.parts.len() < 2 || name.last().ident.starts_with('~') {
            return object;
        }
        let prefix = a::QualName {
            global: name.global,
            parts: name.parts[..name.parts.len() - 1].to_vec(),
            span: name.span,
        };
        let (ctx, env) = self.ctx_env();
        let ty = a::TypeExpr::plain(a::TypeExprKind::Named(prefix), name.span);
        match self.resolve_type(&ty, ctx, &env, &mut vec![]) {
            owner @ Ty::Class(_) if self.derived_to_base(&object.ty, &owner) => {
                self.base_subobject(object, &owner)
            }
            _ => object,
        }
    }

    /// `B::a` in a member function of a class derived from `B` (or of `B`
    /// itself): the data member of that base subobject of `*this`.
    fn qualified_member_of_this(&mut self, q: &a::QualName, span: Span) -> Option<TExpr> {
        let level = self.fn_stack.len() - 1;
        let c = self.enclosing_class(level)?;
        let name = q.last().ident.clone();
        let prefix = a::QualName {
            global: q.global,
            parts: q.parts[..q.parts.len() - 1].to_vec(),
            span: q.span,
        };
        let (ctx, env) = self.ctx_env();
        let ty = a::TypeExpr::plain(a::TypeExprKind::Named(prefix), q.span);
        let Ty::Class(owner) = self.resolve_type(&ty, ctx, &env, &mut vec![]) else {
            return None;
        };
        if (owner != c && !self.derived_to_base(&Ty::Class(c), &Ty::Class(owner)))
            || !self.has_field_named(owner, &name)
        {
            return None;
        }
        let obj = self.enclosing_object(level, span)?;
        let base = self.base_subobject(obj, &Ty::Class(owner));
        self.field_access(base, &name, span)
    }

    fn check_name(&mut self, q: &a::QualName, span: Span) -> TExpr {
        if q.is_simple() {
            let name = q.last().ident.clone();
            let level = self.fn_stack.len() - 1;
            if let Some(x) = self.name_in_level(level, &name, span) {
                return x;
            }
            if matches!(&*name, "__func__" | "__FUNCTION__" | "__PRETTY_FUNCTION__") {
                return self.function_name_literal(span);
            }
            if self.var_packs().iter().any(|p| p.name == name) {
                return self.err(
                    span,
                    format!("parameter pack '{name}' must be expanded with '...'"),
                );
            }
            // Implicit member access through `this` (captured in a lambda).
            if let Some(c) = self.enclosing_class(level) {
                if self.has_field_named(c, &name) {
                    if let Some(obj) = self.enclosing_object(level, span) {
                        if let Some(x) = self.field_access(obj, &name, span) {
                            return x;
                        }
                    }
                }
            }
        } else if let Some(x) = self.qualified_member_of_this(q, span) {
            return x;
        }
        let (ctx, env) = self.ctx_env();
        let mut d = vec![];
        let found = self.lookup_qualified(q, ctx, &env, &mut d);
        self.cur().diags.extend(d);
        match found {
            Found::TemplateParam(TArg::Value(v)) => {
                let ty = match q.is_simple() {
                    true => self.non_type_param_type(&q.last().ident),
                    false => None,
                };
                TExpr {
                    kind: TK::IntLit(v),
                    ty: ty.unwrap_or(Ty::Int(IntKind::Int)),
                    lvalue: false,
                    span,
                }
            }
            Found::TemplateParam(TArg::Var(v)) => TExpr {
                kind: TK::Var(v),
                ty: self.var(v).ty.non_ref().clone(),
                lvalue: true,
                span,
            },
            // A function named as a value, as `Entities` of functions are.
            Found::TemplateParam(TArg::Func(_)) => TExpr {
                kind: TK::Error,
                ty: Ty::OverloadSet,
                lvalue: false,
                span,
            },
            Found::Entities(es) => {
                for ent in &es {
                    match ent {
                        Entity::Var(v) if self.var(*v).template.is_some() => {
                            let (ctx, env) = self.ctx_env();
                            return match self.variable_template_constant(*v, q, ctx, &env) {
                                Some((c, ty)) => TExpr {
                                    kind: TK::IntLit(c),
                                    ty,
                                    lvalue: false,
                                    span,
                                },
                                // A constant of another type (`pi_v<float>`):
                                // the instance's own variable, read as device
                                // code reads namespace-scope constants.
                                None if self.variable_template_instance_var(*v, q, ctx, &env).is_some() => {
                                    let inst = self
                                        .variable_template_instance_var(*v, q, ctx, &env)
                                        .expect("checked");
                                    TExpr {
                                        kind: TK::Var(inst),
                                        ty: self.var(inst).ty.non_ref().clone(),
                                        lvalue: true,
                                        span,
                                    }
                                }
                                // Of class type, say: usable where it is not
                                // evaluated on the device (decltype, host code).
                                None => match self.variable_template_type(*v, q, ctx, &env) {
                                    Some(ty) => TExpr {
                                        kind: TK::HostOnly(format!(
                                            "variable template '{}' of non-integral type",
                                            q.to_string_lossy()
                                        )),
                                        ty: ty.non_ref().clone(),
                                        lvalue: true,
                                        span,
                                    },
                                    None => self.err(
                                        span,
                                        format!(
                                            "variable template '{}' is supported in device code only with a constant integral value",
                                            q.to_string_lossy()
                                        ),
                                    ),
                                },
                            };
                        }
                        Entity::Var(v) => {
                            self.static_member_read(*v);
                            let ty = self.var(*v).ty.clone();
                            self.name_closure_on_use(&ty);
                            if let Some(c) = self.var(*v).const_value {
                                return TExpr {
                                    kind: TK::IntLit(c),
                                    ty,
                                    lvalue: false,
                                    span,
                                };
                            }
                            return TExpr {
                                kind: TK::Var(*v),
                                ty: ty.non_ref().clone(),
                                lvalue: true,
                                span,
                            };
                        }
                        Entity::Enumerator(en, v) => {
                            return TExpr {
                                kind: TK::IntLit(*v),
                                ty: Ty::Enum(*en),
                                lvalue: false,
                                span,
                            }
                        }
                        _ => {}
                    }
                }
                if es.iter().any(|x| matches!(x, Entity::Function(..))) {
                    self.instantiate_named_specializations(q, &es);
                    return TExpr {
                        kind: TK::Error,
                        ty: Ty::OverloadSet,
                        lvalue: false,
                        span,
                    };
                }
                self.err(
                    span,
                    format!("'{}' does not refer to a value", q.to_string_lossy()),
                )
            }
            _ => {
                let n = q.to_string_lossy();
                if n.starts_with("__spirv_") || n.starts_with("__builtin_") {
                    return TExpr {
                        kind: TK::Error,
                        ty: Ty::OverloadSet,
                        lvalue: false,
                        span,
                    };
                }
                let hint = self.value_hint(q);
                self.err(span, format!("use of undeclared identifier '{n}'{hint}"))
            }
        }
    }

    /// `__func__`: the name of the function being checked (`operator()` in
    /// a lambda, as g++ and clang++ name it), a string literal.
    fn function_name_literal(&mut self, span: Span) -> TExpr {
        let f = self.cur().func;
        let text = self.func(f).decl.name.last().ident.to_string();
        TExpr {
            ty: Ty::Array(Box::new(Ty::Int(IntKind::Char)), text.len() as u64 + 1),
            kind: TK::StringLit(text),
            lvalue: true,
            span,
        }
    }

    /// `f<A>` named as a value (passed as a function pointer): the
    /// function template instances its explicit arguments determine, with
    /// their bodies checked like those of called functions, so that the
    /// kernels in them are found.
    fn instantiate_named_specializations(&mut self, q: &a::QualName, es: &[Entity]) {
        let Some(written) = &q.last().template_args else {
            return;
        };
        let (ctx, env) = self.ctx_env();
        let explicit = self.resolve_template_args(written, ctx, &env, &mut vec![]);
        for e in es {
            let Entity::Function(decl, fctx, fenv) = e else {
                continue;
            };
            if decl.template.is_none() {
                continue;
            }
            let Some(targs) = self.deduce_call(decl, *fctx, fenv, &explicit, &[]) else {
                continue;
            };
            let class = match fctx {
                Ctx::Class(c) => Some(*c),
                _ => None,
            };
            if let Some(f) = self.function_instance(decl, *fctx, fenv.clone(), class, targs) {
                if !self.substitution_failed(f) {
                    self.ensure_body(f);
                }
            }
        }
    }

    fn field_of(&mut self, c: ClassId, name: &str, span: Span) -> Option<TExpr> {
        let this = TExpr {
            kind: TK::This,
            ty: Ty::Class(c),
            lvalue: true,
            span,
        };
        self.field_access(this, name, span)
    }

    /// `base.name` where base is an lvalue or prvalue of class type; searches bases.
    fn field_access(&mut self, base: TExpr, name: &str, span: Span) -> Option<TExpr> {
        let Ty::Class(c) = base.ty.clone() else {
            return None;
        };
        self.complete_class(c);
        if let Some(i) = self
            .class(c)
            .fields
            .iter()
            .position(|f| f.name.as_ref() == name)
        {
            let fty = self.class(c).fields[i].ty.clone();
            let base = materialize(base);
            return Some(TExpr {
                kind: TK::Field(Box::new(base), i),
                ty: fty.non_ref().clone(),
                lvalue: true,
                span,
            });
        }
        let bases = self.class(c).bases.clone();
        for (bi, (bc, _)) in bases.iter().enumerate() {
            let b = TExpr {
                kind: TK::BaseSub(Box::new(materialize(base.clone())), bi),
                ty: Ty::Class(*bc),
                lvalue: true,
                span,
            };
            if let Some(x) = self.field_access(b, name, span) {
                return Some(x);
            }
        }
        None
    }

    fn member_access(&mut self, b: TExpr, name: &a::QualName, span: Span) -> TExpr {
        if b.ty.is_error() {
            return TExpr::error(span);
        }
        let Ty::Class(c) = b.ty.clone() else {
            return self.err(
                span,
                format!(
                    "member reference base type '{}' is not a structure or union",
                    self.ty_name(&b.ty)
                ),
            );
        };
        if let Some(x) = self.field_access(b, &name.last().ident, span) {
            return x;
        }
        // A static data member named through an object (`w.size`).
        for e in self.class_lookup(c, &name.last().ident) {
            if let Entity::Var(v) = e {
                let ty = self.var(v).ty.clone();
                return match self.var(v).const_value {
                    Some(k) => TExpr {
                        kind: TK::IntLit(k),
                        ty,
                        lvalue: false,
                        span,
                    },
                    None => TExpr {
                        kind: TK::Var(v),
                        ty: ty.non_ref().clone(),
                        lvalue: true,
                        span,
                    },
                };
            }
        }
        // A method: only valid as a callee, handled in check_call.
        let member = &name.last().ident;
        if self.method_candidates(c, member).is_empty() && self.class(c).closure.is_none() {
            // Nothing of that name: an error (SFINAE in `decltype(t.scale)`).
            let hint = self.did_you_mean_member("", member, Ctx::Class(c), Wanted::Value);
            return self.err(
                span,
                format!(
                    "no member named '{member}' in '{}'{hint}",
                    self.class_name(c)
                ),
            );
        }
        TExpr {
            kind: TK::Error,
            ty: Ty::OverloadSet,
            lvalue: false,
            span,
        }
    }

    fn deref(&mut self, p: TExpr, span: Span) -> TExpr {
        let p = self.rvalue(p);
        match p.ty.clone() {
            Ty::Ptr { pointee, .. } => TExpr {
                kind: TK::Deref(Box::new(p)),
                ty: *pointee,
                lvalue: true,
                span,
            },
            Ty::Error => TExpr::error(span),
            Ty::Class(_) => self.call_operator(p, "operator*", vec![], span),
            t => self.err(
                span,
                format!(
                    "indirection requires a pointer operand ('{}' invalid)",
                    self.ty_name(&t)
                ),
            ),
        }
    }

    /// The object `b->` designates: `*b` for a pointer; for a class, the
    /// object its `operator->` leads to (applied until a pointer comes),
    /// else `*b` (iterators that define only `operator*`).
    fn arrow_object(&mut self, b: TExpr, span: Span) -> TExpr {
        let mut b = b;
        for _ in 0..8 {
            if !matches!(b.ty, Ty::Class(_)) {
                break;
            }
            match self.try_call_operator(b.clone(), "operator->", vec![], span) {
                Some(next) if !next.ty.is_error() => b = next,
                _ => break,
            }
        }
        self.deref(b, span)
    }

    fn builtin_index(&mut self, b: TExpr, i: TExpr, span: Span) -> TExpr {
        let (b, i) = if b.ty.is_integral() && (i.ty.is_pointer() || matches!(i.ty, Ty::Array(..))) {
            (i, b)
        } else {
            (b, i)
        };
        // An index of class type converts to an integer (`a[id % 4]`).
        let mut d = vec![];
        let i = if i.ty.is_integral() || matches!(i.ty, Ty::Enum(_)) {
            self.rvalue(i)
        } else {
            self.convert(i, &Ty::Int(IntKind::Long), &mut d)
        };
        self.cur().diags.extend(d);
        if let Ty::Array(elem, _) = b.ty.clone() {
            // Subscript an array object directly (no decay: private arrays have no address on Vulkan).
            if b.lvalue {
                return TExpr {
                    kind: TK::Index(Box::new(b), Box::new(i)),
                    ty: *elem,
                    lvalue: true,
                    span,
                };
            }
        }
        let b = self.rvalue(b);
        match b.ty.clone() {
            Ty::Ptr { pointee, .. } => TExpr {
                kind: TK::Index(Box::new(b), Box::new(i)),
                ty: *pointee,
                lvalue: true,
                span,
            },
            Ty::Error => TExpr::error(span),
            t => self.err(
                span,
                format!(
                    "subscripted value is not an array or pointer ('{}')",
                    self.ty_name(&t)
                ),
            ),
        }
    }

    fn check_unary(&mut self, op: UnOp, x: &a::Expr, span: Span) -> TExpr {
        if op == UnOp::AddrOf {
            if let Some(ty) = self.member_pointer_type(x) {
                return TExpr {
                    kind: TK::HostOnly("a pointer to member".into()),
                    ty,
                    lvalue: false,
                    span,
                };
            }
            if let Some(ty) = self.function_pointer_type(x) {
                return TExpr {
                    kind: TK::HostOnly("a pointer to function".into()),
                    ty,
                    lvalue: false,
                    span,
                };
            }
        }
        let x = self.check_expr(x);
        if x.ty.is_error() {
            return TExpr::error(span);
        }
        if let Ty::Class(_) = x.ty {
            let name = match op {
                UnOp::Neg => "operator-",
                UnOp::Plus => "operator+",
                UnOp::Not => "operator!",
                UnOp::BitNot => "operator~",
                UnOp::Deref => return self.deref(x, span),
                UnOp::AddrOf => {
                    let ty = Ty::ptr_to(x.ty.clone());
                    return TExpr {
                        kind: TK::AddrOf(Box::new(x)),
                        ty,
                        lvalue: false,
                        span,
                    };
                }
                UnOp::PreInc | UnOp::PostInc => "operator++",
                UnOp::PreDec | UnOp::PostDec => "operator--",
            };
            // The postfix forms take a dummy `int`.
            let args = match op {
                UnOp::PostInc | UnOp::PostDec => vec![TExpr {
                    kind: TK::IntLit(0),
                    ty: Ty::Int(IntKind::Int),
                    lvalue: false,
                    span,
                }],
                _ => vec![],
            };
            if op == UnOp::Not {
                // No `operator!`: `!x` converts `x` to bool contextually
                // (an `explicit operator bool` too).
                let user = self
                    .try_call_operator(x.clone(), name, vec![], span)
                    .or_else(|| self.try_free_operator(name, vec![x.clone()], span));
                return user.unwrap_or_else(|| self.logical_not(x, span));
            }
            return self.call_operator(x, name, args, span);
        }
        match op {
            UnOp::Deref => self.deref(x, span),
            UnOp::AddrOf => {
                // `&f<3>`: a function pointer, which only host code uses.
                if x.ty == Ty::OverloadSet {
                    return x;
                }
                if !x.lvalue {
                    return self.err(span, "cannot take the address of an rvalue");
                }
                let ty = Ty::Ptr {
                    pointee: Box::new(x.ty.clone()),
                    pointee_const: self.is_const_lvalue(&x),
                    space: None,
                };
                TExpr {
                    kind: TK::AddrOf(Box::new(x)),
                    ty,
                    lvalue: false,
                    span,
                }
            }
            UnOp::Not => self.logical_not(x, span),
            UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec => {
                if !x.lvalue {
                    return self.err(span, "expression is not assignable");
                }
                let ty = x.ty.clone();
                let lv = matches!(op, UnOp::PreInc | UnOp::PreDec);
                TExpr {
                    kind: TK::Unary(op, Box::new(x)),
                    ty,
                    lvalue: lv,
                    span,
                }
            }
            UnOp::Neg | UnOp::Plus | UnOp::BitNot => {
                let t = self.promote(&self.arith_ty(&x));
                let x = self.rvalue(x);
                let mut d = vec![];
                let x = self.convert(x, &t, &mut d);
                self.cur().diags.extend(d);
                TExpr {
                    kind: TK::Unary(op, Box::new(x)),
                    ty: t,
                    lvalue: false,
                    span,
                }
            }
        }
    }

    /// The type an operand takes part in arithmetic as: a bit-field that
    /// `int` (else `unsigned int`) holds every value of promotes to it
    /// ([conv.prom]/5), whatever its declared type.
    fn arith_ty(&self, e: &TExpr) -> Ty {
        let field = match &e.kind {
            TK::Load(inner) => inner,
            _ => e,
        };
        let TK::Field(base, i) = &field.kind else {
            return e.ty.clone();
        };
        let (Ty::Class(c), Ty::Int(k)) = (base.ty.non_ref(), field.ty.non_ref()) else {
            return e.ty.clone();
        };
        match self.bit_field(*c, *i) {
            Some(bits) if bits.width < 32 || (bits.width == 32 && k.signed()) => {
                Ty::Int(IntKind::Int)
            }
            Some(bits) if bits.width == 32 => Ty::Int(IntKind::UInt),
            _ => e.ty.clone(),
        }
    }

    fn promote(&self, t: &Ty) -> Ty {
        match t {
            Ty::Bool => Ty::Int(IntKind::Int),
            Ty::Int(k) if k.rank() < 3 => Ty::Int(IntKind::Int),
            Ty::Enum(e) => Ty::Int(self.enums[e.0 as usize].underlying),
            t => t.clone(),
        }
    }

    /// Usual arithmetic conversions.
    pub(crate) fn usual_arith(&self, a: &Ty, b: &Ty) -> Ty {
        let (a, b) = (self.promote(a), self.promote(b));
        match (&a, &b) {
            (Ty::Float(x), Ty::Float(y)) => Ty::Float(if x.size() >= y.size() { *x } else { *y }),
            (Ty::Float(_), _) => a,
            (_, Ty::Float(_)) => b,
            (Ty::Int(x), Ty::Int(y)) => {
                if x == y {
                    return a;
                }
                if x.signed() == y.signed() {
                    return if x.rank() >= y.rank() { a } else { b };
                }
                let (u, s) = if x.signed() { (*y, *x) } else { (*x, *y) };
                if u.rank() >= s.rank() {
                    Ty::Int(u)
                } else if s.size() > u.size() {
                    Ty::Int(s)
                } else {
                    Ty::Int(s.to_unsigned())
                }
            }
            _ => a,
        }
    }

    fn check_binary(&mut self, op: BinOp, l: &a::Expr, r: &a::Expr, span: Span) -> TExpr {
        let l = self.check_expr(l);
        let r = self.check_expr(r);
        self.binary_operands(op, l, r, span)
    }

    /// A binary operator applied to checked operands: overloaded or built in.
    pub(super) fn binary_operands(&mut self, op: BinOp, l: TExpr, r: TExpr, span: Span) -> TExpr {
        if l.ty.is_error() || r.ty.is_error() {
            return TExpr::error(span);
        }
        // A user operator declared for an enumeration (`F::A | F::C`), else
        // the built-in one (not a user operator reached by converting the
        // enumeration).
        let enums: Vec<Ty> = [&l.ty, &r.ty]
            .into_iter()
            .map(Ty::non_ref)
            .filter(|t| matches!(t, Ty::Enum(_)))
            .cloned()
            .collect();
        if !enums.is_empty() && !matches!(op, BinOp::Comma | BinOp::LogAnd | BinOp::LogOr) {
            let name = format!("operator{}", op.spelling());
            if let Some(x) = self.try_enum_operator(&name, &enums, vec![l.clone(), r.clone()], span)
            {
                return x;
            }
        }
        let class_operand = matches!(l.ty, Ty::Class(_)) || matches!(r.ty, Ty::Class(_));
        if op == BinOp::ThreeWay && !class_operand {
            return self.builtin_three_way(l, r, span);
        }
        if class_operand {
            if op == BinOp::Comma {
                let ty = r.ty.clone();
                let lv = r.lvalue;
                return TExpr {
                    kind: TK::Binary(op, Box::new(l), Box::new(r)),
                    ty,
                    lvalue: lv,
                    span,
                };
            }
            let name = format!("operator{}", op.spelling());
            // Members and free operators are candidates together; a member
            // that fits is taken, else a free operator (`os << setw(2)`
            // where ostream's members take only scalars).
            if let Ty::Class(c) = l.ty {
                let members = self.method_candidates(c, &name);
                let fits = self.member_operator_fits(&members, &name, &r, span);
                let what = format!("{}::{name}", self.class_name(c));
                if fits {
                    return self.finish_call(&members, &[], Some(l), vec![r], &what, span);
                }
                if let Some(x) = self.try_free_operator(&name, vec![l.clone(), r.clone()], span) {
                    return x;
                }
                if let Some(x) = self.rewritten_comparison(op, &l, &r, span) {
                    return x;
                }
                if !members.is_empty() {
                    // Neither a member nor a free operator fits: the members' diagnostic.
                    return self.finish_call(&members, &[], Some(l), vec![r], &what, span);
                }
            }
            // A free operator or built-in after conversions of class operands.
            if let Some(x) = self.try_free_operator(&name, vec![l.clone(), r.clone()], span) {
                return x;
            }
            if let Some(x) = self.rewritten_comparison(op, &l, &r, span) {
                return x;
            }
            if matches!(op, BinOp::LogAnd | BinOp::LogOr) {
                // Operands converted to bool contextually (`explicit
                // operator bool` too).
                let l = self.convert_to_bool(l);
                let r = self.convert_to_bool(r);
                return self.builtin_binary(op, l, r, span);
            }
            let conv = |s: &mut Self, x: TExpr| -> TExpr {
                if let Ty::Class(c) = x.ty {
                    // Built-in operators take the conversion to a scalar
                    // (`item<1>` to `size_t`, not to `id<1>`).
                    let ops = s.conversion_functions(c);
                    let implicit = |f: &FuncId| !s.func(*f).decl.is_explicit;
                    if let Some((_, t)) = ops
                        .iter()
                        .find(|(f, t)| implicit(f) && !matches!(t.non_ref(), Ty::Class(_)))
                    {
                        let t = t.non_ref().clone();
                        let mut d = vec![];
                        let v = s.convert(x, &t, &mut d);
                        s.cur().diags.extend(d);
                        return v;
                    }
                }
                x
            };
            let l2 = conv(self, l);
            let r2 = conv(self, r);
            if matches!(l2.ty, Ty::Class(_)) || matches!(r2.ty, Ty::Class(_)) {
                return self.err(
                    span,
                    format!(
                        "invalid operands to binary expression ('{}' and '{}')",
                        self.ty_name(&l2.ty),
                        self.ty_name(&r2.ty)
                    ),
                );
            }
            return self.builtin_binary(op, l2, r2, span);
        }
        self.builtin_binary(op, l, r, span)
    }

    fn builtin_binary(&mut self, op: BinOp, l: TExpr, r: TExpr, span: Span) -> TExpr {
        use BinOp::*;
        let mut d = vec![];
        let out = match op {
            Comma => {
                let ty = r.ty.clone();
                let lv = r.lvalue;
                TExpr {
                    kind: TK::Binary(op, Box::new(l), Box::new(r)),
                    ty,
                    lvalue: lv,
                    span,
                }
            }
            LogAnd | LogOr => {
                let l = self.convert(l, &Ty::Bool, &mut d);
                let r = self.convert(r, &Ty::Bool, &mut d);
                TExpr {
                    kind: TK::Binary(op, Box::new(l), Box::new(r)),
                    ty: Ty::Bool,
                    lvalue: false,
                    span,
                }
            }
            _ => {
                let l = self.rvalue(l);
                let r = self.rvalue(r);
                // Pointer arithmetic and comparisons.
                if (l.ty.is_pointer() || r.ty.is_pointer()) && matches!(op, Add | Sub) {
                    if l.ty.is_pointer() && r.ty.is_pointer() && op == Sub {
                        TExpr {
                            kind: TK::Binary(op, Box::new(l), Box::new(r)),
                            ty: Ty::Int(IntKind::Long),
                            lvalue: false,
                            span,
                        }
                    } else {
                        let (p, i) = if l.ty.is_pointer() { (l, r) } else { (r, l) };
                        let i = self.convert(i, &Ty::Int(IntKind::Long), &mut d);
                        let ty = p.ty.clone();
                        TExpr {
                            kind: TK::Binary(op, Box::new(p), Box::new(i)),
                            ty,
                            lvalue: false,
                            span,
                        }
                    }
                } else if l.ty.is_pointer() || r.ty.is_pointer() {
                    TExpr {
                        kind: TK::Binary(op, Box::new(l), Box::new(r)),
                        ty: Ty::Bool,
                        lvalue: false,
                        span,
                    }
                } else if !l.ty.is_arithmetic() || !r.ty.is_arithmetic() {
                    let m = format!(
                        "invalid operands to binary expression ('{}' and '{}')",
                        self.ty_name(&l.ty),
                        self.ty_name(&r.ty)
                    );
                    d.push(Diagnostic::error(span, m));
                    TExpr::error(span)
                } else if matches!(op, Shl | Shr) {
                    let lt = self.promote(&self.arith_ty(&l));
                    let rt = self.promote(&self.arith_ty(&r));
                    let l = self.convert(l, &lt, &mut d);
                    let r = self.convert(r, &rt, &mut d);
                    TExpr {
                        kind: TK::Binary(op, Box::new(l), Box::new(r)),
                        ty: lt,
                        lvalue: false,
                        span,
                    }
                } else {
                    let t = self.usual_arith(&self.arith_ty(&l), &self.arith_ty(&r));
                    if matches!(op, Rem | BitAnd | BitOr | BitXor) && matches!(t, Ty::Float(_)) {
                        d.push(Diagnostic::error(
                            span,
                            format!(
                                "invalid operands to binary expression ('{}' and '{}')",
                                self.ty_name(&l.ty),
                                self.ty_name(&r.ty)
                            ),
                        ));
                    }
                    let l = self.convert(l, &t, &mut d);
                    let r = self.convert(r, &t, &mut d);
                    let rt = if matches!(op, Lt | Gt | Le | Ge | Eq | Ne) {
                        Ty::Bool
                    } else {
                        t
                    };
                    TExpr {
                        kind: TK::Binary(op, Box::new(l), Box::new(r)),
                        ty: rt,
                        lvalue: false,
                        span,
                    }
                }
            }
        };
        self.cur().diags.extend(d);
        out
    }

    fn check_assign(&mut self, op: Option<BinOp>, l: &a::Expr, r: &a::Expr, span: Span) -> TExpr {
        let l = self.check_expr(l);
        let r = match (&r.kind, op) {
            // `x = {a, b}`: the right side list-initializes a `T` (C++17
            // [expr.ass]/9), then assigns as usual.
            (ExprKind::InitList(items), None) if !l.ty.is_error() => {
                let ty = l.ty.non_ref().clone();
                self.list_init(&ty, items, r.span)
            }
            // `v += {a, b}` on a class: the list is the argument of its
            // `operator+=`, converted to the parameter's type.
            (ExprKind::InitList(items), Some(_)) if matches!(l.ty.non_ref(), Ty::Class(_)) => {
                Self::braced_list_arg(items, r.span)
            }
            _ => self.check_expr(r),
        };
        if l.ty.is_error() || r.ty.is_error() {
            return TExpr::error(span);
        }
        if let Ty::Class(c) = l.ty {
            let name = match op {
                None => "operator=".to_string(),
                Some(o) => format!("operator{}=", o.spelling()),
            };
            // `a = b` of one class whose user-declared `operator=`s take other
            // types (`complex& operator=(const T&)`): the implicit copy
            // assignment, which those do not suppress. It takes an object of
            // a derived class too (`v = v.xyzw()`, a swizzle deriving from
            // `vec`): a derived-to-base conversion beats the user-defined one
            // another `operator=` would need, unless one names that class.
            let from = match r.ty.non_ref() {
                Ty::Class(from) => Some(*from),
                _ => None,
            };
            let implicit_copy = op.is_none()
                && from.is_some_and(|from| {
                    (from == c
                        || (self.base_path(from, c).is_some()
                            && !self.declares_assignment_from(c, from, false)))
                        && !self.declares_assignment_from(c, c, true)
                });
            if implicit_copy {
                let ty = l.ty.clone();
                let v = self.rvalue(r);
                let v = if from == Some(c) {
                    v
                } else {
                    let mut d = vec![];
                    let v = self.convert(v, &Ty::Class(c), &mut d);
                    self.cur().diags.extend(d);
                    v
                };
                return TExpr {
                    kind: TK::Assign(None, Box::new(l), Box::new(v)),
                    ty,
                    lvalue: true,
                    span,
                };
            }
            // `w = 5` where the user `operator=`s take other types: the
            // implicit copy assignment from `W(5)` (they do not suppress it).
            let user_assignment_fits =
                op.is_some() || self.declares_assignment_from(c, c, true) || {
                    let members = self.method_candidates(c, &name);
                    self.member_operator_fits(&members, &name, &r, span)
                };
            if user_assignment_fits {
                if let Some(x) = self.try_call_operator(l.clone(), &name, vec![r.clone()], span) {
                    return x;
                }
            }
            // A compound assignment declared as a free function (found by ADL).
            if op.is_some() {
                if let Some(x) = self.try_free_operator(&name, vec![l.clone(), r.clone()], span) {
                    return x;
                }
            }
            if op.is_none() {
                // Implicit copy assignment.
                let mut d = vec![];
                let v = self.convert(r, &Ty::Class(c), &mut d);
                self.cur().diags.extend(d);
                let ty = l.ty.clone();
                return TExpr {
                    kind: TK::Assign(None, Box::new(l), Box::new(v)),
                    ty,
                    lvalue: true,
                    span,
                };
            }
            return self.err(
                span,
                format!("no viable '{name}' for '{}'", self.ty_name(&l.ty)),
            );
        }
        if !l.lvalue {
            return self.err(span, "expression is not assignable");
        }
        let mut d = vec![];
        let v = match op {
            None => self.convert(r, &l.ty, &mut d),
            Some(o) => {
                // compound: compute in the common type, converted back by the lowering
                let r = self.rvalue(r);
                if l.ty.is_pointer() {
                    self.convert(r, &Ty::Int(IntKind::Long), &mut d)
                } else {
                    let t = if matches!(o, BinOp::Shl | BinOp::Shr) {
                        self.promote(&self.arith_ty(&r))
                    } else {
                        self.usual_arith(&self.arith_ty(&l), &self.arith_ty(&r))
                    };
                    self.convert(r, &t, &mut d)
                }
            }
        };
        self.cur().diags.extend(d);
        let ty = l.ty.clone();
        TExpr {
            kind: TK::Assign(op, Box::new(l), Box::new(v)),
            ty,
            lvalue: true,
            span,
        }
    }

    /// `static_cast<D&>(b)` / `static_cast<D*>(p)` from a base class `B` of
    /// `D` (CRTP's `static_cast<const D*>(this)`): the derived object.
    fn downcast(&mut self, x: &TExpr, ty: &Ty, span: Span) -> Option<TExpr> {
        let class_of = |t: &Ty| match t {
            Ty::Class(c) => Some(*c),
            _ => None,
        };
        match (ty, &x.ty) {
            (Ty::LRef(to, _) | Ty::RRef(to), from) if x.lvalue => {
                let (d, b) = (class_of(to)?, class_of(from.non_ref())?);
                if d == b {
                    return None;
                }
                let path = self.base_path(d, b)?;
                Some(TExpr {
                    kind: TK::Downcast(Box::new(x.clone()), path),
                    ty: Ty::Class(d),
                    lvalue: true,
                    span,
                })
            }
            (Ty::Ptr { pointee: to, .. }, Ty::Ptr { pointee: from, .. }) => {
                let (d, b) = (class_of(to)?, class_of(from)?);
                if d == b {
                    return None;
                }
                let path = self.base_path(d, b)?;
                let base = TExpr {
                    kind: TK::Deref(Box::new(self.rvalue(x.clone()))),
                    ty: Ty::Class(b),
                    lvalue: true,
                    span,
                };
                let derived = TExpr {
                    kind: TK::Downcast(Box::new(base), path),
                    ty: Ty::Class(d),
                    lvalue: true,
                    span,
                };
                Some(TExpr {
                    kind: TK::AddrOf(Box::new(derived)),
                    ty: ty.clone(),
                    lvalue: false,
                    span,
                })
            }
            _ => None,
        }
    }

    fn explicit_cast(&mut self, x: TExpr, ty: &Ty, span: Span) -> TExpr {
        if x.ty.is_error() || ty.is_error() {
            return TExpr::error(span);
        }
        // `static_cast<T&>(x)` / `static_cast<T&&>(x)` of an lvalue of type
        // `T` (what `std::move` and `std::forward` do): the object itself.
        if ty.is_ref() && x.lvalue && x.ty.non_ref() == ty.non_ref() {
            return x;
        }
        if let Some(down) = self.downcast(&x, ty, span) {
            return down;
        }
        if matches!(ty, Ty::Void) {
            return TExpr {
                kind: TK::Convert(Box::new(self.rvalue(x))),
                ty: Ty::Void,
                lvalue: false,
                span,
            };
        }
        let mut d = vec![];
        // An explicit cast may call `explicit` conversion functions.
        let outer = std::mem::replace(&mut self.explicit_conversion, true);
        let rank = self.conversion_rank(&x, ty);
        self.explicit_conversion = outer;
        let r = if rank.is_some() {
            let outer = std::mem::replace(&mut self.explicit_conversion, true);
            let mut r = self.convert(x, ty, &mut d);
            self.explicit_conversion = outer;
            if !ty.is_ref() {
                // A prvalue of its own (`int(N)` of a constant `N` is not a
                // use of `N` that a reference could bind).
                r.span = span;
                r.lvalue = false;
            }
            r
        } else if let (Ty::LRef(target, _) | Ty::RRef(target), true) = (ty, x.lvalue) {
            // `reinterpret_cast<T&>(x)` of an unrelated type (CUB's
            // `Uninitialized<T>::Alias()`): `*reinterpret_cast<T *>(&x)`.
            let addr = TExpr {
                ty: Ty::ptr_to(x.ty.clone()),
                kind: TK::AddrOf(Box::new(x)),
                lvalue: false,
                span,
            };
            let cast = TExpr {
                kind: TK::Convert(Box::new(addr)),
                ty: Ty::ptr_to((**target).clone()),
                lvalue: false,
                span,
            };
            self.deref(cast, span)
        } else {
            let x = self.rvalue(x);
            match (&x.ty, ty) {
                (a, b) if a.is_arithmetic() && b.is_arithmetic() => TExpr {
                    kind: TK::Convert(Box::new(x)),
                    ty: ty.clone(),
                    lvalue: false,
                    span,
                },
                (Ty::Ptr { .. }, Ty::Ptr { .. })
                | (Ty::Int(_), Ty::Ptr { .. })
                | (Ty::Ptr { .. }, Ty::Int(_)) => TExpr {
                    kind: TK::Convert(Box::new(x)),
                    ty: ty.clone(),
                    lvalue: false,
                    span,
                },
                // Direct-initialization: explicit constructors count
                // (`(float4)(0)`, `static_cast<vec<float, 4>>(1)`).
                (_, Ty::Class(c)) => {
                    let c = *c;
                    self.construct(c, vec![x], span, &mut d)
                }
                (Ty::Class(_), _) => self.convert(x, ty, &mut d),
                _ => {
                    d.push(Diagnostic::error(
                        span,
                        format!(
                            "cannot cast from '{}' to '{}'",
                            self.ty_name(&x.ty),
                            self.ty_name(ty)
                        ),
                    ));
                    TExpr::error(span)
                }
            }
        };
        self.cur().diags.extend(d);
        r
    }

    // ------------------------------------------------------------ calls

    fn check_call(&mut self, callee: &a::Expr, args: &[a::Expr], span: Span) -> TExpr {
        if super::consteval::is_offsetof(callee) {
            let (ctx, env) = self.ctx_env();
            return match self.offsetof(args, ctx, &env) {
                Some(off) => TExpr {
                    kind: TK::IntLit(off as i128),
                    ty: Ty::size_t(),
                    lvalue: false,
                    span,
                },
                None => self.err(
                    span,
                    "offsetof needs a class type and a member designator of it",
                ),
            };
        }
        // The object called (or whose member is) comes before the
        // arguments: lambdas capture in that order, as g++ and clang lay
        // out closures (`[=] { body(out); }` captures body first).
        let member_base = match &callee.kind {
            ExprKind::Member { base, .. } => Some(self.check_expr(base)),
            _ => None,
        };
        let local_object = match &callee.kind {
            ExprKind::Name(q) if q.is_simple() => {
                let level = self.fn_stack.len() - 1;
                self.name_in_level(level, &q.last().ident, callee.span)
            }
            _ => None,
        };
        // Explicit template arguments come before the call arguments too
        // (`f<n>(p)` captures `n` first where the host compiler does).
        let explicit_first = match &callee.kind {
            ExprKind::Name(q) if local_object.is_none() => Some(self.explicit_targs(q)),
            _ => None,
        };
        let args = self.check_args(args);
        if args
            .iter()
            .any(|x| x.ty.is_error() && !matches!(x.kind, TK::HostOnly(_)))
        {
            return TExpr::error(span);
        }
        match &callee.kind {
            ExprKind::Member { arrow, name, .. } => {
                let b = member_base.expect("checked above");
                let b = if *arrow {
                    self.arrow_object(b, span)
                } else {
                    b
                };
                if b.ty.is_error() {
                    return TExpr::error(span);
                }
                let b = self.named_base_object(b, name);
                if let Some(fx) = self.field_access(b.clone(), &name.last().ident, span) {
                    return self.call_object(fx, args, span);
                }
                let explicit = self.explicit_targs(name);
                let call = self.method_call(b, &name.last().ident, &explicit, args, span);
                // `b.Base::f()` names the function: no dispatch.
                if name.is_simple() {
                    self.forbid_virtual_dispatch(call)
                } else {
                    call
                }
            }
            ExprKind::Name(q) => {
                // Locals / fields that are objects: call operator().
                if let Some(x) = local_object {
                    return self.call_object(x, args, span);
                }
                if q.is_simple() {
                    let name = q.last().ident.clone();
                    if let Some(c) = self.cur().this_class {
                        if self.class(c).closure.is_none() {
                            if let Some(x) = self.field_of(c, &name, span) {
                                return self.call_object(x, args, span);
                            }
                        }
                    }
                }
                let name_str = q.to_string_lossy();
                if let Some(gnu) = gnu_builtin(&name_str).filter(|_| q.parts.len() == 1) {
                    let cands =
                        free_candidates(self.ns_lookup(GLOBAL_NS, &format!("__syclone_gnu_{gnu}")));
                    if !cands.is_empty() {
                        return self.finish_call(&cands, &[], None, args, &name_str, span);
                    }
                }
                if (name_str.starts_with("__spirv_") || name_str.starts_with("__builtin_"))
                    && q.parts.len() == 1
                {
                    return self.intrinsic_call(q.last().ident.to_string(), args, span);
                }
                let (ctx, env) = self.ctx_env();
                let mut d = vec![];
                let found = self.lookup_qualified(q, ctx, &env, &mut d);
                self.cur().diags.extend(d);
                let explicit = match explicit_first {
                    Some(e) => e,
                    None => self.explicit_targs(q),
                };
                match found {
                    // A call through a function non-type parameter
                    // (`template <auto *F> ... F(x)`): of that function.
                    Found::TemplateParam(TArg::Func(f)) => {
                        let func = self.func(f);
                        let cand = Candidate {
                            decl: func.decl.clone(),
                            ctx: func.ctx,
                            env: func.env.clone(),
                            class: None,
                        };
                        let explicit = func.template_args.clone();
                        self.finish_call(&[cand], &explicit, None, args, &name_str, span)
                    }
                    Found::Entities(es) => {
                        let mut cands = vec![];
                        for ent in &es {
                            match ent {
                                Entity::Function(decl, dctx, denv) => {
                                    let class = if let Ctx::Class(c) = dctx {
                                        Some(*c)
                                    } else {
                                        None
                                    };
                                    cands.push(Candidate {
                                        decl: decl.clone(),
                                        ctx: *dctx,
                                        env: denv.clone(),
                                        class,
                                    });
                                }
                                Entity::Var(v) => {
                                    let ty = self.var(*v).ty.clone();
                                    let x = TExpr {
                                        kind: TK::Var(*v),
                                        ty: ty.non_ref().clone(),
                                        lvalue: true,
                                        span,
                                    };
                                    return self.call_object(x, args, span);
                                }
                                Entity::ClassInst(_) | Entity::Class(..) | Entity::Alias(..) => {
                                    let mut d = vec![];
                                    let ty = self.resolve_named_type(q, ctx, &env, &mut d);
                                    self.cur().diags.extend(d);
                                    if let Ty::Class(c) = ty {
                                        let mut d = vec![];
                                        let r = self.construct(c, args, span, &mut d);
                                        self.cur().diags.extend(d);
                                        return r;
                                    }
                                    if args.len() == 1 {
                                        let x = args.into_iter().next().expect("one");
                                        return self.explicit_cast(x, &ty, span);
                                    }
                                    return TExpr::error(span);
                                }
                                _ => {}
                            }
                        }
                        if cands.is_empty() {
                            return self.err(
                                span,
                                format!("called object '{name_str}' is not a function"),
                            );
                        }
                        // Argument-dependent lookup adds to namespace-scope
                        // functions (not to members).
                        if q.is_simple() && cands.iter().all(|c| c.class.is_none()) {
                            self.add_adl_candidates(&q.last().ident, &args, &mut cands);
                        }
                        // Member functions called without an object use `this`.
                        let this_obj =
                            if cands.iter().any(|c| c.class.is_some() && !c.decl.is_static) {
                                self.enclosing_object(self.fn_stack.len() - 1, span)
                            } else {
                                None
                            };
                        let call =
                            self.finish_call(&cands, &explicit, this_obj, args, &name_str, span);
                        if q.is_simple() {
                            self.forbid_virtual_dispatch(call)
                        } else {
                            call
                        }
                    }
                    _ => {
                        // Found only by argument-dependent lookup.
                        let mut cands = vec![];
                        if q.is_simple() {
                            self.add_adl_candidates(&q.last().ident, &args, &mut cands);
                        }
                        if cands.is_empty() {
                            let hint = self.value_hint(q);
                            return self.err(
                                callee.span,
                                format!("use of undeclared identifier '{name_str}'{hint}"),
                            );
                        }
                        self.finish_call(&cands, &explicit, None, args, &name_str, span)
                    }
                }
            }
            _ => {
                let c = self.check_expr(callee);
                self.call_object(c, args, span)
            }
        }
    }

    fn explicit_targs(&mut self, q: &a::QualName) -> Vec<TArg> {
        match &q.last().template_args {
            Some(ta) => {
                let (ctx, env) = self.ctx_env();
                let mut d = vec![];
                let r = self.resolve_template_args(ta, ctx, &env, &mut d);
                self.cur().diags.extend(d);
                r
            }
            None => vec![],
        }
    }

    /// `__builtin_syclone_spec_constant(id, value)`: the specialization
    /// constant `id` (a `specialization_id` variable) whose default is
    /// `value`; of `value`'s type.
    fn spec_constant_intrinsic(&mut self, name: String, args: Vec<TExpr>, span: Span) -> TExpr {
        if args.len() != 2 {
            return self.err(
                span,
                format!("'{name}' takes 2 arguments, got {}", args.len()),
            );
        }
        if !matches!(&args[0].kind, TK::Var(v) if self.var(*v).global.is_some()) {
            return self.err(
                args[0].span,
                "a specialization constant is named by a variable of namespace or class scope",
            );
        }
        let ty = args[1].ty.non_ref().clone();
        TExpr {
            kind: TK::Intrinsic(name, args),
            ty,
            lvalue: false,
            span,
        }
    }

    fn intrinsic_call(&mut self, name: String, args: Vec<TExpr>, span: Span) -> TExpr {
        if let Some(op) = name.strip_prefix("__builtin_syclone_subgroup_") {
            let op = op.to_string();
            return self.subgroup_intrinsic(name, &op, args, span);
        }
        if name == "__builtin_syclone_spec_constant" {
            return self.spec_constant_intrinsic(name, args, span);
        }
        // `__builtin_syclone_group_scratch((T *)0)`: the work-group
        // algorithms' scratch array of T in work-group memory.
        // `__builtin_syclone_group_local_memory((T *)0)`: a T in work-group
        // memory of its own (each call site its own).
        // `__builtin_syclone_private_scratch((T *)0)`: a per-work-item
        // array of T that library code keeps state in.
        if name == "__builtin_syclone_group_scratch"
            || name == "__builtin_syclone_group_local_memory"
            || name == "__builtin_syclone_private_scratch"
        {
            let pointee = match args.as_slice() {
                [a] => a.ty.non_ref().pointee().cloned(),
                _ => None,
            };
            let Some(pointee) = pointee else {
                return self.err(span, format!("'{name}' takes one pointer argument"));
            };
            let space = if name != "__builtin_syclone_private_scratch" {
                crate::front::ast::AddressSpace::Local
            } else {
                crate::front::ast::AddressSpace::Private
            };
            return TExpr {
                kind: TK::Intrinsic(name, args),
                ty: Ty::Ptr {
                    pointee: Box::new(pointee),
                    pointee_const: false,
                    space: Some(space),
                },
                lvalue: false,
                span,
            };
        }
        if name == "__builtin_syclone_assert_site" {
            // (expression, file, function): three string literals.
            let literal = |a: &TExpr| matches!(a.kind, TK::StringLit(_));
            if args.len() != 3 || !args.iter().all(literal) {
                return self.err(span, format!("'{name}' takes three string literals"));
            }
            return TExpr {
                kind: TK::Intrinsic(name, args),
                ty: Ty::Int(IntKind::UInt),
                lvalue: false,
                span,
            };
        }
        if name == "__builtin_syclone_printf_format"
            || name == "__builtin_syclone_printf_string"
            || name == "__builtin_syclone_printf_string_offset"
        {
            // (format, the printf's arguments...) and (a %s argument): the
            // id of the string, or the offset into it; lowering finds the
            // string literal.
            let takes_values = name == "__builtin_syclone_printf_format";
            let pointer_first = args.first().is_some_and(|a| a.ty.is_pointer());
            if !pointer_first || (!takes_values && args.len() != 1) {
                return self.err(span, format!("'{name}' takes a pointer to a string"));
            }
            return TExpr {
                kind: TK::Intrinsic(name, args),
                ty: Ty::Int(IntKind::UInt),
                lvalue: false,
                span,
            };
        }
        if name == "__builtin_syclone_read_clock" {
            // The clock's scope, as SPIR-V numbers scopes: device 1,
            // work-group 2, sub-group 3.
            let scope = match args.as_slice() {
                [a] => self.const_eval_thir(a),
                _ => None,
            };
            let Some(scope @ 1..=3) = scope else {
                return self.err(
                    span,
                    format!("'{name}' takes a constant clock scope (1, 2 or 3)"),
                );
            };
            return TExpr {
                kind: TK::Intrinsic(name, vec![super::convert::int_lit(scope, span)]),
                ty: Ty::Int(IntKind::ULong),
                lvalue: false,
                span,
            };
        }
        if name == "__builtin_syclone_require_aspect" {
            // A `sycl::aspect` the kernel needs, which its uses of types
            // alone do not show (fpga_extensions.hpp's pipes).
            let aspect = match args.as_slice() {
                [a] => self.const_eval_thir(a),
                _ => None,
            };
            let Some(aspect) = aspect.filter(|&a| crate::bundle::Aspect::from_sycl(a).is_some())
            else {
                return self.err(
                    span,
                    format!("'{name}' takes a constant sycl::aspect that device images record"),
                );
            };
            return TExpr {
                kind: TK::Intrinsic(name, vec![super::convert::int_lit(aspect, span)]),
                ty: Ty::Void,
                lvalue: false,
                span,
            };
        }
        if name == "__builtin_syclone_group_barrier"
            || name == "__builtin_syclone_fence_work_group"
            || name == "__builtin_syclone_fence_device"
        {
            if !args.is_empty() {
                return self.err(span, format!("'{name}' takes no arguments"));
            }
            return TExpr {
                kind: TK::Intrinsic(name, vec![]),
                ty: Ty::Void,
                lvalue: false,
                span,
            };
        }
        let known = [
            "__spirv_BuiltInGlobalInvocationId",
            "__spirv_BuiltInLocalInvocationId",
            "__spirv_BuiltInWorkgroupId",
            "__spirv_BuiltInNumWorkgroups",
            "__spirv_BuiltInWorkgroupSize",
            "__spirv_BuiltInSubgroupLocalInvocationId",
            "__spirv_BuiltInSubgroupSize",
            "__spirv_BuiltInSubgroupId",
            "__spirv_BuiltInNumSubgroups",
            "__builtin_syclone_launch_extent",
            "__builtin_syclone_launch_local",
            "__builtin_syclone_launch_offset",
        ];
        if known.contains(&name.as_str()) {
            if args.len() != 1 {
                return self.err(span, format!("'{name}' takes one argument (the dimension)"));
            }
            let mut d = vec![];
            let a0 = self.convert(
                args.into_iter().next().expect("one"),
                &Ty::Int(IntKind::Int),
                &mut d,
            );
            self.cur().diags.extend(d);
            return TExpr {
                kind: TK::Intrinsic(name, vec![a0]),
                ty: Ty::size_t(),
                lvalue: false,
                span,
            };
        }
        if let Some(op) = name.strip_prefix("__builtin_syclone_atomic_") {
            return self.atomic_intrinsic(name.clone(), op, args, span);
        }
        if name == "__builtin_syclone_bit_equal" {
            if args.len() != 2 || args[0].ty.is_error() || !args[0].ty.is_arithmetic() {
                return self.err(span, format!("'{name}' takes two arithmetic values"));
            }
            let mut d = vec![];
            let ty = args[0].ty.clone();
            let args = args
                .into_iter()
                .map(|a| self.convert(a, &ty, &mut d))
                .collect();
            self.cur().diags.extend(d);
            return TExpr {
                kind: TK::Intrinsic(name, args),
                ty: Ty::Bool,
                lvalue: false,
                span,
            };
        }
        if name == "__builtin_syclone_bit_cast" {
            return self.bit_cast_intrinsic(name, args, span);
        }
        if matches!(
            name.as_str(),
            "__builtin_syclone_memcpy" | "__builtin_syclone_memmove" | "__builtin_syclone_memset"
        ) {
            // (T *dst, const U *src, size_t bytes) or (T *dst, int byte,
            // size_t bytes), as <cstring>'s device functions pass them;
            // lowering works by element type.
            let set = name == "__builtin_syclone_memset";
            if args.len() != 3 || !args[0].ty.is_pointer() || (!set && !args[1].ty.is_pointer()) {
                let what = if set {
                    "a pointer, a byte value"
                } else {
                    "two pointers"
                };
                return self.err(span, format!("'{name}' takes {what} and a byte count"));
            }
            let mut args = args;
            let mut d = vec![];
            let bytes = args.pop().expect("three");
            let bytes = self.convert(bytes, &Ty::size_t(), &mut d);
            if set {
                let byte = args.pop().expect("three");
                let byte = self.convert(byte, &Ty::Int(IntKind::Int), &mut d);
                args.push(byte);
            }
            args.push(bytes);
            self.cur().diags.extend(d);
            return TExpr {
                kind: TK::Intrinsic(name, args),
                ty: Ty::Void,
                lvalue: false,
                span,
            };
        }
        if let Some((func, single)) = crate::ir::MathFn::from_builtin(&name) {
            if args.len() != func.arity() {
                return self.err(
                    span,
                    format!(
                        "'{name}' takes {} arguments, got {}",
                        func.arity(),
                        args.len()
                    ),
                );
            }
            // The unsuffixed form is generic here (the model headers'
            // templates call it for T = float): float arguments give float.
            let all_float = args
                .iter()
                .all(|a| matches!(a.ty.non_ref(), Ty::Float(FloatKind::Float)));
            let ty = Ty::Float(if single || all_float {
                FloatKind::Float
            } else {
                FloatKind::Double
            });
            let mut d = vec![];
            let args = args
                .into_iter()
                .map(|a| self.convert(a, &ty, &mut d))
                .collect();
            self.cur().diags.extend(d);
            return TExpr {
                kind: TK::Intrinsic(name, args),
                ty,
                lvalue: false,
                span,
            };
        }
        // `va_start`, `va_end`, `va_copy`: fine in host code, diagnosed
        // where device code reaches them.
        if let Some(what) = name.strip_prefix("__builtin_va_") {
            return TExpr {
                kind: TK::HostOnly(format!("'va_{what}' (variadic arguments)")),
                ty: Ty::Void,
                lvalue: false,
                span,
            };
        }
        self.err(span, format!("unknown compiler intrinsic '{name}'"))
    }

    /// Whether `ty` is made of arithmetic scalars only (no bool, pointer or
    /// reference), so that its bits are its value.
    fn is_plain_bits(&mut self, ty: &Ty) -> bool {
        match ty {
            Ty::Bool => false,
            t if t.is_arithmetic() => true,
            Ty::Array(e, _) => self.is_plain_bits(e),
            Ty::Class(c) => {
                self.complete_class(*c);
                let info = self.class(*c);
                let parts: Vec<Ty> = info
                    .bases
                    .iter()
                    .map(|(b, _)| Ty::Class(*b))
                    .chain(info.fields.iter().map(|f| f.ty.clone()))
                    .collect();
                info.closure.is_none() && parts.iter().all(|p| self.is_plain_bits(p))
            }
            _ => false,
        }
    }

    /// `__builtin_syclone_bit_cast(to, from)`: the bits of `from` (made of
    /// arithmetic scalars) reinterpreted as the type of `to` (a value of the
    /// same size that only carries its type, as in
    /// `__builtin_syclone_bit_cast(0u, 1.0f)`).
    fn bit_cast_intrinsic(&mut self, name: String, args: Vec<TExpr>, span: Span) -> TExpr {
        let [to, from] = &args[..] else {
            return self.err(
                span,
                format!("'{name}' takes 2 arguments, got {}", args.len()),
            );
        };
        let (to_ty, from_ty) = (to.ty.non_ref().clone(), from.ty.non_ref().clone());
        if to_ty.is_error() || from_ty.is_error() {
            return TExpr::error(span);
        }
        let same_size =
            self.size_align(&to_ty).map(|x| x.0) == self.size_align(&from_ty).map(|x| x.0);
        if !self.is_plain_bits(&to_ty) || !self.is_plain_bits(&from_ty) || !same_size {
            return self.err(
                span,
                format!(
                    "'{name}' reinterprets a value made of arithmetic scalars as another such type of the same size, not '{}' as '{}'",
                    self.ty_name(&from_ty),
                    self.ty_name(&to_ty)
                ),
            );
        }
        TExpr {
            kind: TK::Intrinsic(name, args),
            ty: to_ty,
            lvalue: false,
            span,
        }
    }

    /// `__builtin_syclone_atomic_OP(T *p, operands...)`: an atomic access to
    /// `*p` returning its previous value (`store`: nothing).
    /// `compare_exchange(p, expected, desired)` compares bit patterns.
    fn atomic_intrinsic(&mut self, name: String, op: &str, args: Vec<TExpr>, span: Span) -> TExpr {
        let operands = match op {
            "load" => 0,
            "store" | "exchange" | "fetch_add" | "fetch_sub" | "fetch_and" | "fetch_or"
            | "fetch_xor" | "fetch_min" | "fetch_max" => 1,
            "compare_exchange" => 2,
            _ => return self.err(span, format!("unknown compiler intrinsic '{name}'")),
        };
        if args.len() != operands + 1 {
            return self.err(
                span,
                format!("'{name}' takes a pointer and {operands} operand(s)"),
            );
        }
        let elem = match args[0].ty.pointee() {
            Some(t) => t.clone(),
            None => {
                return self.err(
                    span,
                    format!("the first argument of '{name}' must be a pointer"),
                )
            }
        };
        let integral = matches!(elem, Ty::Int(k) if k.size() >= 4);
        let float = matches!(elem, Ty::Float(FloatKind::Float | FloatKind::Double));
        let bitwise = matches!(op, "fetch_and" | "fetch_or" | "fetch_xor");
        if !(integral || float) || (float && bitwise) {
            return self.err(
                span,
                format!(
                    "atomic {op} on '{}' is not supported: atomics take 32- and 64-bit integers{}",
                    self.ty_name(&elem),
                    if bitwise { "" } else { ", float and double" }
                ),
            );
        }
        let mut d = vec![];
        let mut it = args.into_iter();
        let mut converted = vec![it.next().expect("pointer")];
        converted.extend(it.map(|a| self.convert(a, &elem, &mut d)));
        self.cur().diags.extend(d);
        TExpr {
            kind: TK::Intrinsic(name, converted),
            ty: if op == "store" { Ty::Void } else { elem },
            lvalue: false,
            span,
        }
    }

    /// `call` as host code may make it: a call of a virtual member function
    /// dispatches through the object's vtable, which SYCL device code has
    /// not (SYCL 2020 5.4), so in device code it is an error; elsewhere the
    /// call stands.
    fn forbid_virtual_dispatch(&mut self, call: TExpr) -> TExpr {
        let TK::Call(f, _) = &call.kind else {
            return call;
        };
        let fi = self.func(*f);
        let virtual_member = fi.decl.is_virtual
            || fi
                .class
                .is_some_and(|c| self.overrides_a_virtual(c, &fi.decl.clone()));
        if !virtual_member {
            return call;
        }
        let span = call.span;
        let ty = call.ty.clone();
        let lvalue = call.lvalue;
        let refusal = TExpr {
            kind: TK::HostOnly("calling a virtual function".into()),
            ty: Ty::Void,
            lvalue: false,
            span,
        };
        TExpr {
            kind: TK::StmtExpr(vec![thir::Stmt::Expr(refusal)], Some(Box::new(call))),
            ty,
            lvalue,
            span,
        }
    }

    /// Whether a base of class `c` (at any depth) declares `virtual` a
    /// member function that `decl` overrides: same name, as many
    /// parameters, same constness.
    fn overrides_a_virtual(&self, c: ClassId, decl: &a::FunctionDecl) -> bool {
        let name = &decl.name.last().ident;
        self.class(c).bases.iter().any(|&(b, _)| {
            self.class(b).methods.iter().any(|m| {
                m.is_virtual
                    && &m.name.last().ident == name
                    && m.params.len() == decl.params.len()
                    && m.is_const == decl.is_const
            }) || self.overrides_a_virtual(b, decl)
        })
    }

    /// Call a member function named `name` on object `obj`.
    fn method_call(
        &mut self,
        obj: TExpr,
        name: &str,
        explicit: &[TArg],
        args: Vec<TExpr>,
        span: Span,
    ) -> TExpr {
        let Ty::Class(c) = obj.ty.clone() else {
            return self.err(
                span,
                format!(
                    "member reference base type '{}' is not a structure or union",
                    self.ty_name(&obj.ty)
                ),
            );
        };
        if name == "operator()" && self.class(c).closure.is_some() {
            return self.closure_call(obj, c, explicit, args, span);
        }
        let cands = self.method_candidates(c, name);
        if cands.is_empty() && name == "operator()" {
            let (o, a) = (obj.clone(), args.clone());
            if let Some(x) = self.call_through_closure_bases(o, c, explicit, a, span) {
                return x;
            }
        }
        if cands.is_empty() {
            let hint = self.did_you_mean_member("", name, Ctx::Class(c), Wanted::Value);
            return self.err(
                span,
                format!("no member named '{name}' in '{}'{hint}", self.class_name(c)),
            );
        }
        let what = format!("{}::{name}", self.class_name(c));
        self.finish_call(&cands, explicit, Some(obj), args, &what, span)
    }

    /// Whether class `c` (or a base) declares an `operator=` whose one
    /// parameter names class `named` (a reference to it or the class
    /// itself). With `named == c`, a copy or move assignment; an explicitly
    /// defaulted one is skipped when `skip_defaulted` (it is the implicit
    /// member-wise assignment).
    fn declares_assignment_from(
        &mut self,
        c: ClassId,
        named: ClassId,
        skip_defaulted: bool,
    ) -> bool {
        let name = self.class(named).name.clone();
        self.method_candidates(c, "operator=").iter().any(|k| {
            if skip_defaulted && k.decl.defaulted {
                return false;
            }
            let [p] = k.decl.params.as_slice() else {
                return false;
            };
            let mut t = &p.ty;
            while let a::TypeExprKind::LRef(inner) | a::TypeExprKind::RRef(inner) = &t.kind {
                t = inner;
            }
            matches!(&t.kind, a::TypeExprKind::Named(q) if q.last().ident == name)
        })
    }

    pub(super) fn method_candidates(&mut self, c: ClassId, name: &str) -> Vec<Candidate> {
        self.class_lookup(c, name)
            .into_iter()
            .filter_map(|e| match e {
                Entity::Function(d, ctx, env) => {
                    let class = if let Ctx::Class(cc) = ctx {
                        Some(cc)
                    } else {
                        None
                    };
                    Some(Candidate {
                        decl: d,
                        ctx,
                        env,
                        class,
                    })
                }
                _ => None,
            })
            .collect()
    }

    pub(super) fn finish_call(
        &mut self,
        cands: &[Candidate],
        explicit: &[TArg],
        obj: Option<TExpr>,
        args: Vec<TExpr>,
        what: &str,
        span: Span,
    ) -> TExpr {
        let mut d = vec![];
        // A `const` object calls only `const` member functions (where the
        // class declares any of the name).
        let callable_on_const =
            |c: &Candidate| c.class.is_none() || c.decl.is_const || c.decl.is_static;
        let const_object = obj.as_ref().is_some_and(|o| self.is_const_lvalue(o));
        let const_cands: Vec<Candidate>;
        let cands = if const_object
            && cands
                .iter()
                .any(|c| c.class.is_some() && callable_on_const(c))
        {
            const_cands = cands
                .iter()
                .filter(|c| callable_on_const(c))
                .cloned()
                .collect();
            &const_cands
        } else {
            cands
        };
        let by_category: Vec<Candidate>;
        let cands = match &obj {
            Some(o) if cands.iter().any(|c| c.decl.ref_qualifier.is_some()) => {
                by_category = self.callable_on_value_category(cands, o);
                &by_category
            }
            _ => cands,
        };
        let Some(f) = self.resolve_overload(cands, explicit, &args, what, span, &mut d) else {
            self.cur().diags.extend(d);
            return TExpr::error(span);
        };
        let mut args = self.finish_call_args(f, args, &mut d);
        self.cur().diags.extend(d);
        let fi = self.func(f);
        let is_member = fi.class.is_some()
            && !fi.decl.is_static
            && fi.decl.kind != a::FunctionKind::Constructor;
        if is_member {
            let class = fi.class;
            match obj {
                Some(o) => {
                    // A base-class member is called on the base subobject.
                    let o = match class {
                        Some(c) => self.base_subobject(o, &Ty::Class(c)),
                        None => o,
                    };
                    args.insert(0, materialize(o))
                }
                None => {
                    return self.err(
                        span,
                        format!("call to non-static member function '{what}' without an object"),
                    )
                }
            }
        }
        self.checking_calls.push(span);
        self.ensure_body(f);
        self.note_kernel_entry(f, span);
        self.checking_calls.pop();
        let ret = self.func(f).ret.clone();
        TExpr {
            kind: TK::Call(f, args),
            ty: ret.non_ref().clone(),
            lvalue: ret.is_ref(),
            span,
        }
    }

    /// Record a kernel if `f` is declared `[[clang::sycl_kernel_entry_point(Name)]]`.
    fn note_kernel_entry(&mut self, f: FuncId, span: Span) {
        let decl = self.func(f).decl.clone();
        let Some(attr) = decl.attrs.find(ENTRY_POINT_ATTR) else {
            return;
        };
        if self.kernels.iter().any(|k| k.entry == f) {
            return;
        }
        let (ctx, env) = (self.func(f).ctx, self.func(f).env.clone());
        let mut d = vec![];
        let name_ty = match attr.args.first() {
            Some(a::TemplateArg::Type(t)) => self.resolve_type(t, ctx, &env, &mut d),
            _ => {
                d.push(Diagnostic::error(
                    attr.span,
                    "'sycl_kernel_entry_point' attribute takes one argument: the kernel name type",
                ));
                Ty::Error
            }
        };
        self.diags.list.extend(d);
        self.kernels.push(KernelInstance {
            name_ty,
            entry: f,
            span,
            call_chain: self.checking_calls.clone(),
        });
    }

    /// Call an object: a closure or class with `operator()`.
    fn call_object(&mut self, obj: TExpr, args: Vec<TExpr>, span: Span) -> TExpr {
        match obj.ty.clone() {
            Ty::Class(_) => self.call_operator(obj, "operator()", args, span),
            Ty::Error => TExpr::error(span),
            Ty::OverloadSet => TExpr::error(span),
            Ty::Ptr { pointee, .. } | Ty::LRef(pointee, _)
                if matches!(*pointee, Ty::Function { .. }) =>
            {
                let Ty::Function { ret, .. } = *pointee else {
                    unreachable!("matched a function type")
                };
                TExpr {
                    kind: TK::HostOnly("a call through a function pointer".into()),
                    lvalue: ret.is_ref(),
                    ty: ret.non_ref().clone(),
                    span,
                }
            }
            t => self.err(
                span,
                format!(
                    "called object type '{}' is not a function or function pointer",
                    self.ty_name(&t)
                ),
            ),
        }
    }

    fn call_operator(&mut self, obj: TExpr, name: &str, args: Vec<TExpr>, span: Span) -> TExpr {
        match self.try_call_operator(obj.clone(), name, args.clone(), span) {
            Some(x) => x,
            None => {
                if let Some(x) = self.try_free_operator(
                    name,
                    std::iter::once(obj.clone()).chain(args).collect(),
                    span,
                ) {
                    return x;
                }
                let t = self.ty_name(&obj.ty);
                self.err(span, format!("type '{t}' does not provide an '{name}'"))
            }
        }
    }

    fn try_call_operator(
        &mut self,
        obj: TExpr,
        name: &str,
        args: Vec<TExpr>,
        span: Span,
    ) -> Option<TExpr> {
        let Ty::Class(c) = obj.ty.clone() else {
            return None;
        };
        if name == "operator()" && self.class(c).closure.is_some() {
            return Some(self.closure_call(obj, c, &[], args, span));
        }
        let cands = self.method_candidates(c, name);
        if cands.is_empty() && name == "operator()" {
            return self.call_through_closure_bases(obj, c, &[], args, span);
        }
        if cands.is_empty() {
            return None;
        }
        let what = format!("{}::{name}", self.class_name(c));
        Some(self.finish_call(&cands, &[], Some(obj), args, &what, span))
    }

    /// Argument-dependent lookup: the functions named `name` in the
    /// namespaces of class arguments (the innermost namespace around the
    /// class), and the friends those classes define (hidden friends, found
    /// only this way), added to `cands` once each.
    /// The namespace a declaration made in `ctx` belongs to (through
    /// enclosing classes).
    fn enclosing_namespace(&self, mut ctx: Ctx) -> Option<NsId> {
        loop {
            match ctx {
                Ctx::Ns(n) => return Some(n),
                Ctx::Class(p) => ctx = self.class(p).ctx,
                Ctx::Func(_) => return None,
            }
        }
    }

    /// The associated namespaces of an argument of type `ty`
    /// ([basic.lookup.argdep]): a class's, those of its template
    /// arguments' classes and enumerations (`util::Holder<geo::Pt>` brings
    /// `geo`), an enumeration's.
    fn associated_namespaces(&self, ty: &Ty) -> Vec<NsId> {
        let mut out = vec![];
        match ty {
            Ty::Enum(e) => out.extend(self.enclosing_namespace(self.enums[e.0 as usize].ctx)),
            Ty::Class(c) => {
                out.extend(self.enclosing_namespace(self.class(*c).ctx));
                if let Some((_, targs)) = &self.class(*c).template {
                    for a in targs {
                        if let TArg::Type(t) | TArg::ConstType(t) = a {
                            if let Ty::Class(tc) = t.non_ref() {
                                out.extend(self.enclosing_namespace(self.class(*tc).ctx));
                            }
                            if let Ty::Enum(e) = t.non_ref() {
                                out.extend(self.enclosing_namespace(self.enums[e.0 as usize].ctx));
                            }
                        }
                    }
                }
            }
            _ => {}
        }
        out.dedup();
        out
    }

    fn add_adl_candidates(&mut self, name: &str, args: &[TExpr], cands: &mut Vec<Candidate>) {
        for x in args {
            for n in self.associated_namespaces(x.ty.non_ref()) {
                for e in self.ns_lookup(n, name) {
                    if let Entity::Function(d, dctx, denv) = e {
                        if !cands.iter().any(|k| Rc::ptr_eq(&k.decl, &d)) {
                            cands.push(Candidate {
                                decl: d,
                                ctx: dctx,
                                env: denv,
                                class: None,
                            });
                        }
                    }
                }
            }
            let Ty::Class(c) = *x.ty.non_ref() else {
                continue;
            };
            // The class's friends and its bases' (associated classes).
            let mut classes = vec![c];
            let mut k = 0;
            while let Some(&cur) = classes.get(k) {
                self.complete_class(cur);
                for (b, _) in self.class(cur).bases.clone() {
                    if !classes.contains(&b) {
                        classes.push(b);
                    }
                }
                k += 1;
            }
            for owner in classes {
                for f in self.hidden_friends(owner, name) {
                    if !cands.iter().any(|k| Rc::ptr_eq(&k.decl, &f)) {
                        cands.push(Candidate {
                            decl: f,
                            ctx: Ctx::Class(owner),
                            env: self.class(owner).env.clone(),
                            class: None,
                        });
                    }
                }
            }
        }
    }

    /// [`Self::try_free_operator`] for operands of enumeration types: the
    /// operator found must take one of those types (by value or reference).
    fn try_enum_operator(
        &mut self,
        name: &str,
        enums: &[Ty],
        args: Vec<TExpr>,
        span: Span,
    ) -> Option<TExpr> {
        let cands = self.free_operator_candidates(name, &args);
        if cands.is_empty() {
            return None;
        }
        let mut probe = vec![];
        let f = self.resolve_overload(&cands, &[], &args, name, span, &mut probe)?;
        if !self
            .func(f)
            .params
            .iter()
            .any(|p| enums.contains(p.non_ref()))
        {
            return None;
        }
        Some(self.finish_call(&cands, &[], None, args, name, span))
    }

    /// The free functions named `name` a call with `args` considers:
    /// ordinary unqualified lookup, then argument-dependent lookup.
    fn free_operator_candidates(&mut self, name: &str, args: &[TExpr]) -> Vec<Candidate> {
        let (ctx, env) = self.ctx_env();
        let mut cands = match self.lookup_unqualified(name, ctx, &env) {
            Found::Entities(es) => free_candidates(es),
            _ => vec![],
        };
        self.add_adl_candidates(name, args, &mut cands);
        cands
    }

    pub(super) fn try_free_operator(
        &mut self,
        name: &str,
        args: Vec<TExpr>,
        span: Span,
    ) -> Option<TExpr> {
        let cands = self.free_operator_candidates(name, &args);
        if cands.is_empty() {
            return None;
        }
        let mut probe = vec![];
        self.resolve_overload(&cands, &[], &args, name, span, &mut probe)?;
        Some(self.finish_call(&cands, &[], None, args, name, span))
    }

    /// The friend functions named `name` that class `c` defines in its body.
    fn hidden_friends(&self, c: ClassId, name: &str) -> Vec<Rc<a::FunctionDecl>> {
        let Some(members) = self.class(c).decl.as_ref().and_then(|d| d.members.as_ref()) else {
            return vec![];
        };
        members
            .iter()
            .filter_map(|m| match &m.decl {
                a::Decl::Friend(inner, _) => match inner.as_ref() {
                    a::Decl::Function(f) if &*f.name.last().ident == name && f.body.is_some() => {
                        Some(f.clone())
                    }
                    _ => None,
                },
                _ => None,
            })
            .collect()
    }

    // ------------------------------------------------------------ lambdas

    fn new_call_operator(
        &mut self,
        closure: ClassId,
        decl: &Rc<a::FunctionDecl>,
        env: Rc<Env>,
        ret: Option<Ty>,
        (params, param_decls): (Vec<Ty>, Vec<usize>),
    ) -> FuncId {
        self.funcs.push(FuncInfo {
            decl: decl.clone(),
            ctx: Ctx::Class(closure),
            env,
            class: Some(closure),
            template_args: vec![],
            ret: ret.unwrap_or(Ty::Void),
            param_decls,
            params,
            body: None,
            body_state: BodyState::Checking,
            diags: vec![],
            closure: Some(closure),
            lambda_count: 0,
            lambda_sig_counts: HashMap::new(),
        });
        FuncId(self.funcs.len() as u32 - 1)
    }

    /// Check the call operator's body (its FnCtx is on top of the stack) and pop it.
    fn finish_call_operator(&mut self, op: FuncId, decl: &Rc<a::FunctionDecl>) {
        let body = self.check_body_common(op, decl);
        let fc = self.fn_stack.pop().expect("lambda ctx");
        if fc.ret.is_none() {
            self.funcs[op.0 as usize].ret = fc.deduced_ret.clone().unwrap_or(Ty::Void);
        }
        // Lambda bodies report their own diagnostics with the enclosing function's.
        self.funcs[op.0 as usize].diags.extend(fc.diags);
        self.funcs[op.0 as usize].body = Some(Rc::new(body));
        self.funcs[op.0 as usize].body_state = BodyState::Done;
    }

    /// The closure types among the bases of class `c`, at any depth (the
    /// `overloaded` idiom: `struct overloaded : Ts... { using
    /// Ts::operator()...; }`).
    fn closure_bases(&mut self, c: ClassId) -> Vec<ClassId> {
        self.complete_class(c);
        let mut out = vec![];
        let bases: Vec<ClassId> = self.class(c).bases.iter().map(|b| b.0).collect();
        for b in bases {
            if self.class(b).closure.is_some() {
                out.push(b);
            } else {
                out.extend(self.closure_bases(b));
            }
        }
        out
    }

    /// `obj(args)` for an object of class `c` whose call operators are
    /// those of closure types it derives from: overload resolution among
    /// them (each argument's conversion ranked; of equals, a non-template
    /// beats a generic lambda's instance), then the chosen closure's call
    /// on the base subobject. None when `c` has no closure bases.
    fn call_through_closure_bases(
        &mut self,
        obj: TExpr,
        c: ClassId,
        explicit: &[TArg],
        args: Vec<TExpr>,
        span: Span,
    ) -> Option<TExpr> {
        let bases = self.closure_bases(c);
        if bases.is_empty() {
            return None;
        }
        // (closure, ranks, is a template)
        let mut viable: Vec<(ClassId, Vec<super::convert::Rank>, bool)> = vec![];
        let mut rejected: Vec<(Span, String)> = vec![];
        for &b in &bases {
            let lambda_span = self.class(b).closure.as_ref().map(|x| x.lambda.span);
            let lambda_span = lambda_span.unwrap_or(span);
            let call_op = self.class(b).closure.as_ref().and_then(|x| x.call_op);
            let (ptys, is_template) = match call_op {
                Some(_) if !explicit.is_empty() => continue,
                Some(f) => {
                    let params = self.func(f).params.clone();
                    let required = self
                        .func(f)
                        .decl
                        .params
                        .iter()
                        .take_while(|p| p.default.is_none())
                        .count()
                        .min(params.len());
                    if args.len() < required || args.len() > params.len() {
                        rejected.push((
                            lambda_span,
                            format!(
                                "candidate function not viable: requires {} argument{}, but {} {} provided",
                                params.len(),
                                if params.len() == 1 { "" } else { "s" },
                                args.len(),
                                if args.len() == 1 { "was" } else { "were" }
                            ),
                        ));
                        continue;
                    }
                    (params, false)
                }
                None => match self.generic_call_signature(b, explicit, &args) {
                    Ok((_, _, ptys, _)) => (ptys, true),
                    Err(LambdaCallFailure::Unsatisfied { with, notes }) => {
                        rejected.push((
                            lambda_span,
                            format!("candidate template ignored: constraints not satisfied{with}"),
                        ));
                        rejected.extend(notes);
                        continue;
                    }
                    Err(LambdaCallFailure::Other(why)) => {
                        rejected.push((lambda_span, format!("candidate template ignored: {why}")));
                        continue;
                    }
                },
            };
            let mut ranks = vec![];
            let mut ok = true;
            for (k, (a, p)) in args.iter().zip(&ptys).enumerate() {
                match self.conversion_rank(a, p) {
                    Some(r) => ranks.push(r),
                    None => {
                        rejected.push((
                            lambda_span,
                            format!(
                                "candidate function not viable: no known conversion from '{}' to '{}' for {} argument",
                                self.ty_name(&a.ty),
                                self.ty_name(p),
                                ordinal(k + 1)
                            ),
                        ));
                        ok = false;
                        break;
                    }
                }
            }
            if ok {
                viable.push((b, ranks, is_template));
            }
        }
        let class_name = self.class_name(c);
        let better = |x: &(ClassId, Vec<super::convert::Rank>, bool),
                      y: &(ClassId, Vec<super::convert::Rank>, bool)| {
            let ge = x.1.iter().zip(&y.1).all(|(a, b)| a <= b);
            let gt = x.1.iter().zip(&y.1).any(|(a, b)| a < b);
            ge && (gt || (!x.2 && y.2))
        };
        let best: Vec<usize> = (0..viable.len())
            .filter(|&i| (0..viable.len()).all(|j| i == j || better(&viable[i], &viable[j])))
            .collect();
        let chosen = match best.as_slice() {
            [one] => viable[*one].0,
            _ if viable.is_empty() => {
                let mut d = Diagnostic::error(
                    span,
                    format!("no matching function for call to object of type '{class_name}'"),
                );
                for (sp, why) in rejected {
                    d = d.with_note(sp, why);
                }
                self.cur().diags.push(d);
                return Some(TExpr::error(span));
            }
            _ => {
                let mut d = Diagnostic::error(
                    span,
                    format!("call to object of type '{class_name}' is ambiguous"),
                );
                // The candidates no other is better than.
                for v in &viable {
                    if !viable.iter().any(|w| w.0 != v.0 && better(w, v)) {
                        if let Some(at) = self.class(v.0).closure.as_ref().map(|x| x.lambda.span) {
                            d = d.with_note(at, "candidate function");
                        }
                    }
                }
                self.cur().diags.push(d);
                return Some(TExpr::error(span));
            }
        };
        let base = self.base_subobject(obj, &Ty::Class(chosen));
        Some(self.closure_call(base, chosen, explicit, args, span))
    }

    /// `obj(args)` (`obj.operator()<explicit>(args)`) for `obj` of closure
    /// type `closure`.
    fn closure_call(
        &mut self,
        obj: TExpr,
        closure: ClassId,
        explicit: &[TArg],
        args: Vec<TExpr>,
        span: Span,
    ) -> TExpr {
        let what = "lambda call operator";
        let call_op = self.class(closure).closure.as_ref().and_then(|c| c.call_op);
        let f = match call_op {
            Some(_) if !explicit.is_empty() => {
                return self.err(
                    span,
                    format!("no matching function for call to {what}: it is not a template"),
                );
            }
            Some(f) => f,
            None => match self.generic_call_operator(closure, explicit, &args) {
                Ok(f) => f,
                Err(LambdaCallFailure::Unsatisfied { with, notes }) => {
                    // clang's words: the call operator template is the one
                    // candidate, ignored for its constraints.
                    let mut d = Diagnostic::error(
                        span,
                        format!(
                            "no matching function for call to object of type '{}'",
                            self.class_name(closure)
                        ),
                    );
                    if let Some(at) = self.class(closure).closure.as_ref().map(|c| c.lambda.span) {
                        d = d.with_note(
                            at,
                            format!("candidate template ignored: constraints not satisfied{with}"),
                        );
                    }
                    for (nsp, because) in notes {
                        d = d.with_note(nsp, because);
                    }
                    self.cur().diags.push(d);
                    return TExpr::error(span);
                }
                Err(LambdaCallFailure::Other(why)) => {
                    let lambda = self.class(closure).closure.as_ref().map(|c| c.lambda.span);
                    let mut d = Diagnostic::error(
                        span,
                        format!("no matching function for call to {what}: {why}"),
                    );
                    if let Some(at) = lambda {
                        d = d.with_note(at, "candidate: the lambda defined here");
                    }
                    self.cur().diags.push(d);
                    return TExpr::error(span);
                }
            },
        };
        let params = self.func(f).params.clone();
        // Parameters with default arguments may be left out.
        let required = self
            .func(f)
            .decl
            .params
            .iter()
            .take_while(|p| p.default.is_none())
            .count()
            .min(params.len());
        if args.len() < required || args.len() > params.len() {
            let expected = if required == params.len() {
                params.len().to_string()
            } else {
                format!("{required} to {}", params.len())
            };
            return self.err(
                span,
                format!(
                    "no matching function for call to {what}: expected {expected} arguments, got {}",
                    args.len()
                ),
            );
        }
        let mut d = vec![];
        let mut cargs = vec![materialize(obj)];
        for (x, p) in args.into_iter().zip(params.iter()) {
            cargs.push(self.convert(x, p, &mut d));
        }
        // The call operator's own defaults (after the object argument).
        let mut rest = cargs.split_off(1);
        self.append_default_args(f, &mut rest, &mut d);
        cargs.extend(rest);
        self.cur().diags.extend(d);
        let ret = self.func(f).ret.clone();
        TExpr {
            kind: TK::Call(f, cargs),
            ty: ret.non_ref().clone(),
            lvalue: ret.is_ref(),
            span,
        }
    }

    /// C++20 constraints of a generic lambda's call: its template header's
    /// (`[]<std::integral T>(T x)`, `[]<class T> requires C<T> (T x)`), its
    /// constrained `auto` parameters' (`[](std::integral auto x)`) and its
    /// trailing requires-clause (`[](auto x) requires C<decltype(x)>`,
    /// checked with the parameters declared), for the parameter types
    /// `ptys`; the notes of the first unsatisfied one.
    fn generic_lambda_constraints(
        &mut self,
        closure: ClassId,
        template: Option<&a::FunctionDecl>,
        ptys: &[Ty],
        param_decls: &[usize],
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Result<(), Vec<super::constraints::Because>> {
        use super::constraints::Satisfaction;
        if let Some(req) = template.and_then(|t| t.template.as_ref()?.requires.clone()) {
            if let Satisfaction::Unsatisfied(notes) = self.constraint_satisfaction(&req, ctx, env) {
                return Err(notes);
            }
        }
        let Some(lambda) = self
            .class(closure)
            .closure
            .as_ref()
            .map(|c| c.lambda.clone())
        else {
            return Ok(());
        };
        for (t, &i) in ptys.iter().zip(param_decls) {
            let Some(p) = lambda.params.get(i) else {
                continue;
            };
            let (placeholder, deduced) = match &p.ty.kind {
                a::TypeExprKind::LRef(x) | a::TypeExprKind::RRef(x) => (&**x, t.non_ref().clone()),
                a::TypeExprKind::Pointer(x) => match t {
                    Ty::Ptr { pointee, .. } => (&**x, (**pointee).clone()),
                    _ => continue,
                },
                _ => (&p.ty, t.clone()),
            };
            let Some(c) = placeholder.constraint.clone() else {
                continue;
            };
            if let Satisfaction::Unsatisfied(notes) =
                self.type_constraint_satisfaction(&c, &deduced, ctx, env)
            {
                return Err(notes);
            }
        }
        let Some(req) = lambda.trailing_requires.clone() else {
            return Ok(());
        };
        // The parameters are in scope (unevaluated: `decltype(x)`).
        let sat = self.in_expression_scope(ctx, env.clone(), req.span, |s| {
            s.push_frame();
            for (t, &i) in ptys.iter().zip(param_decls) {
                let Some(p) = lambda.params.get(i) else {
                    continue;
                };
                let name = p.name.clone().unwrap_or_else(|| Rc::from(""));
                let v = s.new_var(name.clone(), t.clone(), None, p.span);
                if p.pack {
                    s.add_to_pack(&name, v);
                } else {
                    s.cur().frames.last_mut().expect("frame").push((name, v));
                }
            }
            for p in lambda.params.iter().filter(|p| p.pack) {
                if let Some(n) = &p.name {
                    if !s.cur().packs.iter().any(|(pn, _)| pn == n) {
                        s.cur().packs.push((n.clone(), vec![]));
                    }
                }
            }
            let sat = s.constraint_satisfaction(&req, ctx, env);
            for p in lambda.params.iter().filter(|p| p.pack) {
                s.cur().packs.retain(|(pn, _)| Some(pn) != p.name.as_ref());
            }
            s.pop_frame();
            sat
        });
        match sat {
            Satisfaction::Unsatisfied(notes) => Err(notes),
            _ => Ok(()),
        }
    }

    /// "[with T = int, x:auto = float]": the template arguments of a
    /// generic lambda's call for the explicit template arguments `targs`
    /// and the parameter types `ptys`, as clang shows them.
    fn lambda_template_args_text(
        &self,
        g: &GenericLambda,
        targs: &[TArg],
        ptys: &[Ty],
        param_decls: &[usize],
    ) -> String {
        let mut parts = vec![];
        if let Some(th) = g.header() {
            for (p, a) in th.params.iter().zip(targs) {
                let name = p.name.as_deref().unwrap_or("<anonymous>");
                parts.push(format!("{name} = {}", self.with_arg_text(a)));
            }
        }
        let decl = &g.call_decl;
        for (i, pattern) in g.params.iter().enumerate() {
            let ParamPattern::Auto { form, pack, .. } = pattern else {
                continue;
            };
            let deduced: Vec<String> = ptys
                .iter()
                .zip(param_decls)
                .filter(|(_, &d)| d == i)
                .map(|(t, _)| {
                    let t = match (form, t) {
                        (generic_lambda::AutoForm::Value, t) => t.clone(),
                        (generic_lambda::AutoForm::Forwarding, Ty::LRef(..)) => t.clone(),
                        (generic_lambda::AutoForm::Ptr { .. }, Ty::Ptr { pointee, .. }) => {
                            (**pointee).clone()
                        }
                        (_, t) => t.non_ref().clone(),
                    };
                    self.ty_name(&t)
                })
                .collect();
            let name = match decl.params.get(i).and_then(|p| p.name.as_deref()) {
                Some(n) => format!("{n}:auto"),
                None => "auto".to_string(),
            };
            if *pack {
                parts.push(format!("{name} = <{}>", deduced.join(", ")));
            } else if let Some(t) = deduced.first() {
                parts.push(format!("{name} = {t}"));
            }
        }
        if parts.is_empty() {
            String::new()
        } else {
            format!(" [with {}]", parts.join(", "))
        }
    }

    /// The call operator of the generic lambda `closure` for these explicit
    /// template arguments and call arguments, instantiated on first use;
    /// else why it cannot be called so.
    /// The signature of the generic lambda `closure`'s call operator for
    /// these explicit template arguments and call arguments (its template
    /// arguments, their scope, the parameter types and the declaration
    /// each comes from), its constraints checked; nothing instantiated.
    #[allow(clippy::type_complexity)]
    fn generic_call_signature(
        &mut self,
        closure: ClassId,
        explicit: &[TArg],
        args: &[TExpr],
    ) -> Result<(Vec<TArg>, Rc<Env>, Vec<Ty>, Vec<usize>), LambdaCallFailure> {
        let Some(g) = self.class(closure).closure.clone().and_then(|c| c.generic) else {
            return Err("not a generic lambda".into());
        };
        let class_env = self.class(closure).env.clone();
        let ctx = Ctx::Class(closure);
        let arg_tys: Vec<(Ty, bool)> = args.iter().map(|a| (a.ty.clone(), a.lvalue)).collect();
        let (template_args, env) = match &g.template {
            Some(t) => {
                let Some(targs) = self.deduce_call(t, ctx, &class_env, explicit, &arg_tys) else {
                    return Err("template argument deduction failed".into());
                };
                let th = t.template.as_ref().expect("a lambda template has a header");
                let env = super::templates::bound_env(th, &targs, class_env);
                (targs, env)
            }
            None if !explicit.is_empty() => {
                return Err(
                    "explicit template arguments for a lambda with no template parameter list"
                        .into(),
                );
            }
            None => (vec![], class_env),
        };
        let (ptys, param_decls) = self.lambda_param_types(&g.params, &arg_tys, ctx, &env)?;
        if let Err(notes) = self.generic_lambda_constraints(
            closure,
            g.template.as_deref(),
            &ptys,
            &param_decls,
            ctx,
            &env,
        ) {
            let with = self.lambda_template_args_text(&g, &template_args, &ptys, &param_decls);
            return Err(LambdaCallFailure::Unsatisfied { with, notes });
        }
        Ok((template_args, env, ptys, param_decls))
    }

    fn generic_call_operator(
        &mut self,
        closure: ClassId,
        explicit: &[TArg],
        args: &[TExpr],
    ) -> Result<FuncId, LambdaCallFailure> {
        let (template_args, env, ptys, param_decls) =
            self.generic_call_signature(closure, explicit, args)?;
        let Some(g) = self.class(closure).closure.clone().and_then(|c| c.generic) else {
            return Err("not a generic lambda".into());
        };
        let ctx = Ctx::Class(closure);
        if let Some(i) = g
            .instances
            .iter()
            .find(|i| i.params == ptys && i.template_args == template_args)
        {
            return Ok(i.op);
        }
        let cl = self.class(closure).closure.clone().expect("a closure");
        let ret = match &cl.lambda.ret {
            Some(t) => {
                let mut d = vec![];
                let r = self.resolve_type(t, ctx, &env, &mut d);
                self.cur().diags.extend(d);
                Some(r)
            }
            None => None,
        };
        let op = self.new_call_operator(
            closure,
            &g.call_decl,
            env.clone(),
            ret.clone(),
            (ptys.clone(), param_decls),
        );
        if let Some(g) = self.classes[closure.0 as usize]
            .closure
            .as_mut()
            .and_then(|c| c.generic.as_mut())
        {
            g.instances.push(generic_lambda::CallOperatorInstance {
                template_args,
                params: ptys.clone(),
                op,
            });
        }
        self.generic_call_operator_instantiated(closure, &ptys, cl.lambda.ret.is_none());
        let mut fc = FnCtx::new(op, env);
        fc.this_class = Some(closure);
        fc.ret = ret;
        fc.capture_default = cl.lambda.default_capture;
        fc.explicit_captures = cl.lambda.captures.clone();
        self.fn_stack.push(fc);
        self.finish_call_operator(op, &g.call_decl);
        Ok(op)
    }

    /// In a lambda, capture what a discarded `if constexpr` branch names
    /// when the host compiler does (the closure layout must match it).
    fn capture_names_in_discarded(&mut self, discarded: &a::Stmt) {
        let level = self.fn_stack.len() - 1;
        let in_lambda = self.fn_stack[level].parent.is_some()
            && self.fn_stack[level].capture_default != CaptureDefault::None;
        if !in_lambda || !self.host.captures_in_discarded_statements() {
            return;
        }
        for name in generic_lambda::names_used_in(discarded) {
            if self.lookup_local(&name).is_none() {
                let span = discarded.span;
                let _ = self.name_in_level(level, &name, span);
            }
        }
    }

    /// The class of the member function whose `this` the body at `level`
    /// sees: its own, or for a lambda the enclosing member function's.
    pub(super) fn enclosing_class(&self, level: usize) -> Option<ClassId> {
        let fc = &self.fn_stack[level];
        let c = fc.this_class?;
        match self.class(c).closure {
            None => Some(c),
            Some(_) => self.enclosing_class(fc.parent?),
        }
    }

    /// The object `this` designates in the body checked at `level`: `*this`
    /// of a member function; in a lambda, the enclosing object, captured on
    /// first use (by reference for `[this]`, `[=]` and `[&]`, by copy for
    /// `[*this]`).
    fn enclosing_object(&mut self, level: usize, span: Span) -> Option<TExpr> {
        let closure = self.fn_stack[level].this_class?;
        let Some(info) = &self.class(closure).closure else {
            return Some(TExpr {
                kind: TK::This,
                ty: Ty::Class(closure),
                lvalue: true,
                span,
            });
        };
        if let Some(idx) = info
            .captures
            .iter()
            .position(|(s, _)| *s == CaptureSource::This)
        {
            return Some(self.this_field(closure, idx, span));
        }
        let fc = &self.fn_stack[level];
        let by_ref = match (
            fc.explicit_captures.iter().find(|c| c.is_this),
            fc.capture_default,
        ) {
            (Some(c), _) => c.by_ref,
            (None, CaptureDefault::None) => {
                self.fn_stack[level].diags.push(Diagnostic::error(
                    span,
                    "'this' cannot be implicitly captured in a lambda with no capture-default specified",
                ));
                return Some(TExpr::error(span));
            }
            (None, _) => true,
        };
        let outer = self.enclosing_object(fc.parent?, span)?;
        let ty = if by_ref {
            Ty::LRef(Box::new(outer.ty.clone()), false)
        } else {
            outer.ty.clone()
        };
        let ci = &mut self.classes[closure.0 as usize];
        ci.fields.push(Field {
            name: Rc::from("this"),
            ty,
            offset: 0,
            span,
            default_init: None,
        });
        ci.closure
            .as_mut()
            .expect("closure")
            .captures
            .push((CaptureSource::This, by_ref));
        let idx = ci.fields.len() - 1;
        self.pending_capture_inits
            .entry(closure)
            .or_default()
            .push(outer);
        Some(self.this_field(closure, idx, span))
    }

    /// `name` as an init-capture of the lambda checked at `level`.
    fn init_capture(&mut self, level: usize, name: &Rc<str>, span: Span) -> Option<TExpr> {
        let closure = self.fn_stack[level].this_class?;
        let l = self.class(closure).closure.as_ref()?.lambda.clone();
        if !l
            .captures
            .iter()
            .any(|c| c.init.is_some() && &c.name == name)
        {
            return None;
        }
        self.closure_member(closure, name, span)
    }

    /// The closure member (capture) called `name`, as seen from the call
    /// operator's body.
    fn closure_member(&self, closure: ClassId, name: &Rc<str>, span: Span) -> Option<TExpr> {
        let idx = self
            .class(closure)
            .fields
            .iter()
            .position(|f| &f.name == name)?;
        Some(self.this_field(closure, idx, span))
    }

    /// `this->field` for field `idx` of class `c` (the object of the body
    /// being checked), designating what a reference member refers to.
    fn this_field(&self, c: ClassId, idx: usize, span: Span) -> TExpr {
        let fty = self.class(c).fields[idx].ty.clone();
        let this = TExpr {
            kind: TK::This,
            ty: Ty::Class(c),
            lvalue: true,
            span,
        };
        TExpr {
            kind: TK::Field(Box::new(this), idx),
            ty: fty.non_ref().clone(),
            lvalue: true,
            span,
        }
    }

    /// Which parameters of every function `q` names (from `ctx`) are
    /// references: where an argument binds to a reference whatever the
    /// overload.
    fn reference_parameters(&mut self, q: &a::QualName, ctx: Ctx, env: &Env) -> Vec<bool> {
        let functions: Vec<Rc<a::FunctionDecl>> = self
            .lookup_qualified_entities(q, ctx, env)
            .into_iter()
            .filter_map(|e| match e {
                Entity::Function(d, ..) => Some(d),
                _ => None,
            })
            .collect();
        let most = functions.iter().map(|d| d.params.len()).max().unwrap_or(0);
        (0..most)
            .map(|i| {
                functions.iter().all(|d| {
                    d.params.get(i).is_some_and(|p| {
                        matches!(
                            p.ty.kind,
                            a::TypeExprKind::LRef(_) | a::TypeExprKind::RRef(_)
                        )
                    })
                })
            })
            .collect()
    }

    /// Inside an instance of a generic lambda's call operator: `name` as a
    /// capture (a closure field) or a constant of the enclosing function.
    fn generic_lambda_name(&mut self, level: usize, name: &Rc<str>, span: Span) -> Option<TExpr> {
        let closure = self.fn_stack[level].this_class?;
        let g = self.class(closure).closure.as_ref()?.generic.as_ref()?;
        if let Some((_, lit)) = g.constants.iter().find(|(n, _)| n == name) {
            let mut lit = lit.clone();
            lit.span = span;
            return Some(lit);
        }
        if self.unevaluated > 0 {
            if let Some((_, x)) = g.unevaluated.iter().find(|(n, _)| n == name) {
                let mut x = x.clone();
                x.span = span;
                return Some(x);
            }
        }
        self.closure_member(closure, name, span)
    }

    fn check_lambda(&mut self, l: &Rc<a::LambdaExpr>, span: Span) -> TExpr {
        let enclosing = self.cur().func;
        // Number the closure in its enclosing function (part of its mangled name).
        let (ctx, env) = self.ctx_env();
        let mut d = vec![];
        let mut patterns = vec![];
        let explicit_params: Vec<Rc<str>> = l
            .template
            .iter()
            .flat_map(|t| &t.params)
            .filter_map(|p| p.name.clone())
            .collect();
        let explicit_count = l.template.as_ref().map_or(0, |t| t.params.len());
        let mut autos = 0;
        for p in &l.params {
            match generic_lambda::auto_form(&p.ty) {
                Some(form) => {
                    let index = explicit_count + autos;
                    let pack = p.pack;
                    patterns.push(ParamPattern::Auto { index, form, pack });
                    autos += 1;
                }
                None if super::templates::mentions_params(&p.ty, &explicit_params) => patterns
                    .push(ParamPattern::Dependent {
                        ty: p.ty.clone(),
                        pack: p.pack,
                    }),
                None => patterns.push(ParamPattern::Concrete(
                    self.resolve_type(&p.ty, ctx, &env, &mut d),
                )),
            }
        }
        if let (Some(req), 0, None) = (&l.trailing_requires, autos, &l.template) {
            d.push(Diagnostic::error(
                req.span,
                "non-templated function cannot have a requires clause",
            ));
        }
        self.cur().diags.extend(d);
        let sig = self.lambda_signature_key(&patterns, l.template.as_ref(), ctx, &env);
        let fi = &mut self.funcs[enclosing.0 as usize];
        let discriminator = match self.host.lambda_numbering() {
            LambdaNumbering::Sequential => fi.lambda_count,
            LambdaNumbering::PerSignature => *fi.lambda_sig_counts.get(&sig).unwrap_or(&0),
        };
        fi.lambda_count += 1;
        *fi.lambda_sig_counts.entry(sig).or_insert(0) += 1;
        let unnumbered = self.names_lambdas_by_counter(enclosing);
        let named_on_use = std::mem::take(&mut self.lambda_named_on_use);

        let closure = self.new_class(
            Rc::from("<lambda>"),
            None,
            None,
            Ctx::Func(enclosing),
            env.clone(),
        );
        let op_decl = lambda_call_decl(l, span);
        let template = l.template.as_ref().map(|th| {
            Rc::new(a::FunctionDecl {
                template: Some(th.clone()),
                ..(*op_decl).clone()
            })
        });
        let generic = (autos > 0 || template.is_some()).then(|| GenericLambda {
            params: patterns.clone(),
            template,
            instances: vec![],
            constants: vec![],
            unevaluated: vec![],
            call_decl: op_decl.clone(),
        });
        self.classes[closure.0 as usize].closure = Some(ClosureInfo {
            lambda: l.clone(),
            enclosing,
            discriminator,
            unnumbered,
            unnumbered_id: None,
            unnumbered_on_use: unnumbered && named_on_use,
            call_op: None,
            captures: vec![],
            late_fields: vec![],
            pack_fields: vec![],
            deferred_fields: vec![],
            generic,
        });
        if unnumbered && !named_on_use {
            self.number_closure_in_code_order(closure);
        }
        let ret = match &l.ret {
            // `-> auto`, `-> decltype(auto)`: deduced from the returns.
            Some(t) if deduced_return(t).is_some() => None,
            Some(t) if super::templates::mentions_decltype(t) => {
                // `-> decltype(v + v)` names the parameters.
                let params: Vec<(Rc<str>, VarId)> = l
                    .params
                    .iter()
                    .zip(&patterns)
                    .filter_map(|(p, pattern)| match (&p.name, pattern) {
                        (Some(n), ParamPattern::Concrete(ty)) => {
                            Some((n.clone(), self.new_var(n.clone(), ty.clone(), None, p.span)))
                        }
                        _ => None,
                    })
                    .collect();
                self.cur().frames.push(params);
                let mut d = vec![];
                let r = self.resolve_type(t, ctx, &env, &mut d);
                self.cur().frames.pop();
                self.cur().diags.extend(d);
                Some(r)
            }
            Some(t) => {
                let mut d = vec![];
                let r = self.resolve_type(t, ctx, &env, &mut d);
                self.cur().diags.extend(d);
                Some(r)
            }
            None => None,
        };
        // An ordinary lambda's call operator now; a generic one's per call.
        let op = if autos == 0 && l.template.is_none() {
            let ptys: Vec<Ty> = patterns
                .into_iter()
                .map(|p| match p {
                    ParamPattern::Concrete(t) => t,
                    ParamPattern::Auto { .. } | ParamPattern::Dependent { .. } => Ty::Error,
                })
                .collect();
            let decls = (0..ptys.len()).collect();
            let op =
                self.new_call_operator(closure, &op_decl, env.clone(), ret.clone(), (ptys, decls));
            self.classes[closure.0 as usize]
                .closure
                .as_mut()
                .expect("closure")
                .call_op = Some(op);
            Some(op)
        } else {
            None
        };

        // Explicit captures first, in capture-list order.
        let parent = self.fn_stack.len() - 1;
        let mut fc = FnCtx::new(op.unwrap_or(enclosing), env);
        fc.this_class = Some(closure);
        fc.ret = ret;
        fc.deduced_form = l.ret.as_ref().and_then(deduced_return);
        fc.parent = Some(parent);
        fc.capture_default = l.default_capture;
        fc.explicit_captures = l.captures.clone();
        fc.keeps_nested_constants = op.is_some()
            && l.default_capture != CaptureDefault::None
            && self.host.keeps_constants_of_nested_lambdas()
            && !self.folds_enclosing_constants(l, parent);
        self.fn_stack.push(fc);
        let level = self.fn_stack.len() - 1;
        for c in &l.captures {
            if c.is_this {
                if self.enclosing_object(level, c.span).is_none() {
                    let sp = c.span;
                    self.cur().diags.push(Diagnostic::error(
                        sp,
                        "invalid use of 'this' outside of a non-static member function",
                    ));
                }
                continue;
            }
            if c.pack && c.init.is_some() {
                let sp = c.span;
                self.cur().diags.push(Diagnostic::error(
                    sp,
                    "init-capture packs ('...name = init') are not supported yet",
                ));
                continue;
            }
            if c.pack {
                self.capture_pack(level, parent, c);
                continue;
            }
            if let Some(init) = &c.init {
                // init-capture: evaluated in the enclosing context.
                let saved = self.fn_stack.pop().expect("ctx");
                let v = self.check_expr(init);
                // Copy-initialized: an object is copied as its class copies.
                let v = match v.ty.clone() {
                    ty @ Ty::Class(_) if v.lvalue => {
                        let mut d = vec![];
                        let copy = self.convert(v, &ty, &mut d);
                        self.cur().diags.extend(d);
                        self.rvalue(copy)
                    }
                    _ => self.rvalue(v),
                };
                self.fn_stack.push(saved);
                let vid = self.new_var(c.name.clone(), v.ty.clone(), None, c.span);
                let _ = vid;
                let ci = &mut self.classes[closure.0 as usize];
                ci.fields.push(Field {
                    name: c.name.clone(),
                    ty: v.ty.clone(),
                    offset: 0,
                    span: c.span,
                    default_init: None,
                });
                ci.closure
                    .as_mut()
                    .expect("closure")
                    .captures
                    .push((CaptureSource::Init, false));
                self.pending_capture_inits
                    .entry(closure)
                    .or_default()
                    .push(v);
                continue;
            }
            match self.name_in_level(parent, &c.name, c.span) {
                Some(outer) if !matches!(outer.kind, TK::IntLit(_)) => {
                    self.capture(level, &c.name, outer, c.span);
                }
                Some(_) => {}
                None => {
                    let sp = c.span;
                    self.cur().diags.push(Diagnostic::error(
                        sp,
                        format!("use of undeclared identifier '{}' in capture list", c.name),
                    ));
                }
            }
        }
        match op {
            Some(op) => self.finish_call_operator(op, &op_decl),
            None => {
                // The body is checked per call; capture what it names now,
                // and the constants whose uses the host compiler captures.
                let (ctx, env) = self.ctx_env();
                let rule = self.host.generic_lambda_constant_captures();
                let uses = if self.host.captures_in_tentative_declarations() {
                    generic_lambda::name_uses_as_gcc_parses(l)
                } else {
                    generic_lambda::name_uses(l)
                };
                let aggregates = self.aggregate_constants(level, &uses);
                let capturing = generic_captures::capturing_uses(l, rule, &aggregates, &mut |q| {
                    self.reference_parameters(q, ctx, &env)
                });
                let mut looked_up: Vec<Rc<str>> = vec![];
                for (name, at) in uses {
                    let already = self.class(closure).fields.iter().any(|f| f.name == name);
                    if already {
                        continue;
                    }
                    let first = !looked_up.contains(&name);
                    if first {
                        looked_up.push(name.clone());
                        if let Some(x) = self.name_in_level(level, &name, span) {
                            // An integer constant (its value) or a constant
                            // object (its variable, read as a constant).
                            let constant = match x.kind {
                                TK::IntLit(_) => true,
                                TK::Var(v) => self.is_constant_object(v),
                                _ => false,
                            };
                            if constant {
                                if let Some(g) = self.classes[closure.0 as usize]
                                    .closure
                                    .as_mut()
                                    .and_then(|c| c.generic.as_mut())
                                {
                                    g.constants.push((name.clone(), x));
                                }
                            }
                        }
                    }
                    let implicit = l.default_capture != CaptureDefault::None
                        && !l.captures.iter().any(|c| c.name == name);
                    if implicit && capturing.captures(&name, at, first) {
                        let constant = self
                            .class(closure)
                            .closure
                            .as_ref()
                            .and_then(|c| c.generic.as_ref())
                            .and_then(|g| g.constants.iter().find(|(n, _)| *n == name))
                            .map(|(_, lit)| lit.clone());
                        if let Some(lit) = constant {
                            self.capture(level, &name, lit, at.unwrap_or(span));
                        }
                    }
                }
                for name in generic_lambda::unevaluated_names(l) {
                    self.unevaluated += 1;
                    let outer = self.name_in_level(level, &name, span);
                    self.unevaluated -= 1;
                    if let Some(g) = self.classes[closure.0 as usize]
                        .closure
                        .as_mut()
                        .and_then(|c| c.generic.as_mut())
                    {
                        g.unevaluated.extend(outer.map(|x| (name, x)));
                    }
                }
                let fc = self.fn_stack.pop().expect("lambda ctx");
                self.cur().diags.extend(fc.diags);
            }
        }

        // Lay out the closure: fields in capture order, late captures last
        // (the fields keep their indexes; only their offsets follow).
        self.end_full_expression();
        let mut laid = self.class(closure).fields.clone();
        let (late, deferred, packs) = self
            .class(closure)
            .closure
            .as_ref()
            .map(|c| {
                (
                    c.late_fields.clone(),
                    c.deferred_fields.clone(),
                    c.pack_fields.clone(),
                )
            })
            .unwrap_or_default();
        let mut order = late_capture::layout_order(laid.len(), &late, &deferred);
        if self.host.captures_packs_last() {
            // A stable partition: the pack elements after the rest.
            order.sort_by_key(|i| packs.contains(i));
        }
        let mut off = 0u64;
        let mut align = 1u64;
        // g++ lays closures out under `#pragma pack` too.
        let pack = match self.host.packs_closures() {
            true => self.pack_limit(span),
            false => None,
        };
        let captures = self
            .class(closure)
            .closure
            .as_ref()
            .map(|c| c.captures.clone())
            .unwrap_or_default();
        for i in order {
            let (s, al) = self.size_align(&laid[i].ty).unwrap_or((0, 1));
            // A copy of a variable declared with an aligned alias keeps
            // the alias's alignment (g++ and clang alike).
            let al = match captures.get(i) {
                Some(&(CaptureSource::Var(v), false)) => self.var(v).alias_align.unwrap_or(al),
                _ => al,
            };
            let al = pack.map_or(al, |n| al.min(n));
            off = off.div_ceil(al) * al;
            laid[i].offset = off;
            off += s;
            align = align.max(al);
        }
        let ci = &mut self.classes[closure.0 as usize];
        ci.fields = laid;
        ci.size = if off == 0 {
            1
        } else {
            off.div_ceil(align) * align
        };
        ci.align = align;
        ci.nvsize = off;
        ci.complete = true;
        ci.laid_out = true;
        let inits = self
            .pending_capture_inits
            .remove(&closure)
            .unwrap_or_default();
        TExpr {
            kind: TK::Lambda(closure, inits),
            ty: Ty::Class(closure),
            lvalue: false,
            span,
        }
    }
}

impl Sema {
    /// `[xs...]` / `[&xs...]`: each element of the function parameter pack
    /// `xs` of an enclosing function, captured in order.
    fn capture_pack(&mut self, level: usize, parent: usize, c: &a::Capture) {
        let Some(pack) = self.var_packs().into_iter().find(|p| p.name == c.name) else {
            let sp = c.span;
            self.cur().diags.push(Diagnostic::error(
                sp,
                format!(
                    "'{}' in capture list is not a function parameter pack",
                    c.name
                ),
            ));
            return;
        };
        for var in pack.vars {
            self.fn_stack[pack.level]
                .frames
                .push(vec![(c.name.clone(), var)]);
            let outer = self.name_in_level(parent, &c.name, c.span);
            self.fn_stack[pack.level].frames.pop();
            if let Some(outer) = outer {
                self.capture(level, &c.name, outer, c.span);
            }
        }
    }
}

/// Whether id-expression or member access `e` is written in parentheses
/// (`(b)`, `(s.x)`): its span then begins before its name's or base's.
fn written_in_parentheses(e: &a::Expr) -> bool {
    match &e.kind {
        a::ExprKind::Name(q) => e.span.lo < q.span.lo,
        a::ExprKind::Member { base, .. } => e.span.lo < base.span.lo,
        _ => false,
    }
}

/// A `while` or `for` loop testing `cond` before each iteration; `pre`
/// declares the condition's variable (`while (int x = next())`), a scope
/// of each iteration, initialized anew before each test.
fn loop_with_condition(pre: Vec<TStmt>, cond: TExpr, body: TStmt, step: Option<TExpr>) -> TStmt {
    if pre.is_empty() {
        return TStmt::Loop {
            cond: Some(cond),
            body: Box::new(body),
            step,
            test_first: true,
        };
    }
    let span = cond.span;
    let mut iteration = pre;
    iteration.push(TStmt::If {
        cond: TExpr {
            kind: TK::Unary(crate::front::ast::UnOp::Not, Box::new(cond)),
            ty: Ty::Bool,
            lvalue: false,
            span,
        },
        then_s: Box::new(TStmt::Break(span)),
        else_s: None,
    });
    iteration.push(body);
    TStmt::Loop {
        cond: None,
        body: Box::new(TStmt::Scope(iteration)),
        step,
        test_first: true,
    }
}

/// The call a user-defined literal is ([lex.ext]): `10ms` is
/// `operator""ms(10ULL)`, `1.5_deg` is `operator""_deg(1.5L)`, `"tag"s` is
/// `operator""s("tag", 3)`, `'x'_c` is `operator""_c('x')`.
pub(super) fn user_literal_call(literal: &a::Expr, suffix: &str) -> (a::Expr, Vec<a::Expr>) {
    use crate::front::literal::{FloatSuffix, IntSuffix};
    let span = literal.span;
    let expr = |kind| a::Expr { kind, span };
    let args = match &literal.kind {
        ExprKind::IntLit(v, _) => vec![expr(ExprKind::IntLit(*v, IntSuffix::ULL))],
        ExprKind::FloatLit(v, _) => vec![expr(ExprKind::FloatLit(*v, FloatSuffix::L))],
        ExprKind::StringLit(s) => vec![
            literal.clone(),
            expr(ExprKind::IntLit(s.len() as u128, IntSuffix::UL)),
        ],
        _ => vec![literal.clone()],
    };
    let name = a::QualName::simple(Rc::from(format!("operator\"\"{suffix}")), span);
    (expr(ExprKind::Name(name)), args)
}

/// `1st`, `2nd`, `3rd`, `4th`... as clang numbers arguments.
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, x) if x != 11 => "st",
        (2, x) if x != 12 => "nd",
        (3, x) if x != 13 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}
