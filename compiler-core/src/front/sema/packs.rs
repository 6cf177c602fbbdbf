//! Variadic templates: which parameter packs a pack-expansion pattern
//! expands, how long they are, and the bindings under which the pattern is
//! checked once per element (`f(args...)`, `tuple<Ts...>`, `(xs + ...)`).
//!
//! A template parameter pack is bound to [`TArg::Pack`] in the template's
//! [`Env`]; a function parameter pack is one variable per element, listed by
//! the function body's checker. Element `i` of an expansion binds every pack
//! the pattern names to its `i`-th element, so the ordinary checker handles
//! the pattern.

use super::*;
use crate::front::ast::{self as a, BinOp, ExprKind, TemplateArg, TypeExpr, TypeExprKind};

/// Identifiers an expansion pattern mentions, in expressions, types and
/// template arguments; nested expansions expand their own packs.
#[derive(Default)]
pub(crate) struct PatternNames(pub Vec<Rc<str>>);

impl PatternNames {
    pub fn of_expr(e: &a::Expr) -> Self {
        let mut n = PatternNames::default();
        n.expr(e);
        n
    }
    pub fn of_type(t: &TypeExpr) -> Self {
        let mut n = PatternNames::default();
        n.ty(t);
        n
    }
    /// `Base<I, Ts>(std::forward<Us>(us))...`, `Bases(args)...`: the name
    /// with its template arguments, and the arguments.
    pub fn of_mem_initializer(init: &a::CtorInit) -> Self {
        let mut n = PatternNames::default();
        n.qual(&init.name);
        init.args.iter().for_each(|e| n.expr(e));
        n
    }
    pub fn of_targ(t: &TemplateArg) -> Self {
        let mut n = PatternNames::default();
        n.targ(t);
        n
    }

    fn push(&mut self, name: &Rc<str>) {
        if !self.0.contains(name) {
            self.0.push(name.clone());
        }
    }

    fn qual(&mut self, q: &a::QualName) {
        for p in &q.parts {
            self.push(&p.ident);
            p.template_args.iter().flatten().for_each(|t| self.targ(t));
        }
    }

    fn targ(&mut self, t: &TemplateArg) {
        match t {
            TemplateArg::Type(t) => self.ty(t),
            TemplateArg::Expr(e) => self.expr(e),
            TemplateArg::PackExpansion(_) => {}
        }
    }

    fn ty(&mut self, t: &TypeExpr) {
        match &t.kind {
            TypeExprKind::Named(q) => self.qual(q),
            TypeExprKind::Decltype { expr, .. } => self.expr(expr),
            TypeExprKind::Pointer(i)
            | TypeExprKind::UnderlyingType(i)
            | TypeExprKind::MemberPointer(_, i)
            | TypeExprKind::LRef(i)
            | TypeExprKind::RRef(i) => self.ty(i),
            TypeExprKind::Array(i, n) => {
                self.ty(i);
                n.iter().for_each(|n| self.expr(n));
            }
            TypeExprKind::Function(r, ps, _) => {
                self.ty(r);
                ps.iter().for_each(|p| self.ty(&p.ty));
            }
            TypeExprKind::Builtin(_) | TypeExprKind::Auto | TypeExprKind::DecltypeAuto => {}
        }
    }

    fn expr(&mut self, e: &a::Expr) {
        match &e.kind {
            ExprKind::Name(q) => self.qual(q),
            // Expansions inside the pattern, `sizeof...` and lambdas (which
            // cannot capture packs here) do not expand with the pattern.
            ExprKind::PackExpansion(_)
            | ExprKind::Fold { .. }
            | ExprKind::SizeofPack(_)
            | ExprKind::Lambda(_) => {}
            // Types and template arguments inside the expression, then its
            // subexpressions.
            _ => {
                match &e.kind {
                    ExprKind::Cast(_, t, _)
                    | ExprKind::Construct(t, ..)
                    | ExprKind::New(t, ..)
                    | ExprKind::SizeofType(t)
                    | ExprKind::VaArg(_, t)
                    | ExprKind::AlignofType(t) => self.ty(t),
                    ExprKind::Typeid(t) => {
                        if let TemplateArg::Type(t) = &**t {
                            self.ty(t)
                        }
                    }
                    ExprKind::TypeTrait(_, args) => args.iter().for_each(|t| self.targ(t)),
                    ExprKind::Member { name, .. } => name
                        .parts
                        .iter()
                        .flat_map(|p| p.template_args.iter().flatten())
                        .for_each(|t| self.targ(t)),
                    _ => {}
                }
                e.for_each_child(|x| self.expr(x));
            }
        }
    }
}

/// A function parameter pack: one variable per element, declared in the
/// function checked at `level` of the checker's stack.
#[derive(Clone, Debug)]
pub(crate) struct VarPack {
    pub level: usize,
    pub name: Rc<str>,
    pub vars: Vec<VarId>,
}

/// A scope of names for one function's body: pack name and element variable.
pub(crate) type Frame = Vec<(Rc<str>, VarId)>;

/// The packs one expansion walks in step, and how many elements they have.
#[derive(Debug)]
pub(crate) struct Expansion {
    pub len: usize,
    /// Template parameter packs (types or values) by name.
    template_packs: Vec<(Rc<str>, Vec<TArg>)>,
    var_packs: Vec<VarPack>,
}

/// Why a pattern cannot be expanded.
#[derive(Debug)]
pub(crate) enum ExpansionError {
    NoPack,
    Mismatch {
        first: Rc<str>,
        first_len: usize,
        other: Rc<str>,
        other_len: usize,
    },
}

impl ExpansionError {
    pub fn diagnostic(&self, span: Span) -> Diagnostic {
        match self {
            ExpansionError::NoPack => Diagnostic::error(
                span,
                "pack expansion does not contain any unexpanded parameter packs",
            ),
            ExpansionError::Mismatch {
                first,
                first_len,
                other,
                other_len,
            } => Diagnostic::error(
                span,
                format!(
                    "pack expansion contains parameter packs '{first}' and '{other}' that have \
                     different lengths ({first_len} vs. {other_len})"
                ),
            ),
        }
    }
}

impl Expansion {
    /// The packs among `names`: bound to [`TArg::Pack`] in `env`, or listed
    /// in `var_packs` (the function parameter packs in scope).
    pub fn of(
        names: &PatternNames,
        env: &Env,
        var_packs: &[VarPack],
    ) -> Result<Expansion, ExpansionError> {
        let mut exp = Expansion {
            len: 0,
            template_packs: vec![],
            var_packs: vec![],
        };
        let mut first: Option<(Rc<str>, usize)> = None;
        for name in &names.0 {
            // `var_packs` lists the innermost function first.
            let len = if let Some(p) = var_packs.iter().find(|p| &p.name == name) {
                exp.var_packs.push(p.clone());
                p.vars.len()
            } else if let Some(TArg::Pack(elems)) = env.get(name) {
                exp.template_packs.push((name.clone(), elems.clone()));
                elems.len()
            } else {
                continue;
            };
            match &first {
                None => first = Some((name.clone(), len)),
                Some((f, flen)) if *flen != len => {
                    return Err(ExpansionError::Mismatch {
                        first: f.clone(),
                        first_len: *flen,
                        other: name.clone(),
                        other_len: len,
                    })
                }
                Some(_) => {}
            }
        }
        let (_, len) = first.ok_or(ExpansionError::NoPack)?;
        exp.len = len;
        Ok(exp)
    }

    /// `parent` with every template parameter pack bound to its element `i`.
    pub fn env_for(&self, i: usize, parent: &Rc<Env>) -> Rc<Env> {
        if self.template_packs.is_empty() {
            return parent.clone();
        }
        Rc::new(Env {
            using_dirs: Vec::new(),
            entities: Vec::new(),
            bindings: self
                .template_packs
                .iter()
                .map(|(n, e)| (n.clone(), e[i].clone()))
                .collect(),
            parent: Some(parent.clone()),
        })
    }

    /// Scopes naming element `i` of every function parameter pack, each for
    /// the level of the function that owns the pack.
    pub fn frames_for(&self, i: usize) -> Vec<(usize, Frame)> {
        let mut out: Vec<(usize, Frame)> = vec![];
        for p in &self.var_packs {
            let entry = (p.name.clone(), p.vars[i]);
            match out.iter_mut().find(|(l, _)| *l == p.level) {
                Some((_, frame)) => frame.push(entry),
                None => out.push((p.level, vec![entry])),
            }
        }
        out
    }
}

/// Combine the elements of a fold and its initial value in the fold's
/// nesting: `E1 op (E2 op (… op I))` when the pack is on the left,
/// `((I op E1) op E2) …` otherwise. None for an empty unary fold (or when
/// `combine` fails).
pub(crate) fn fold_operands<T>(
    mut elems: Vec<T>,
    init: Option<T>,
    pack_on_left: bool,
    mut combine: impl FnMut(T, T) -> Option<T>,
) -> Option<T> {
    if pack_on_left {
        elems.extend(init);
        let mut acc = elems.pop()?;
        while let Some(x) = elems.pop() {
            acc = combine(x, acc)?;
        }
        Some(acc)
    } else {
        let mut it = init.into_iter().chain(elems);
        let mut acc = it.next()?;
        for x in it {
            acc = combine(acc, x)?;
        }
        Some(acc)
    }
}

/// Template arguments with every pack spliced in (`[int, Pack[a, b]]` is
/// `[int, a, b]`): the form argument lists are matched in.
pub(crate) fn flatten(args: &[TArg]) -> Vec<TArg> {
    let mut out = vec![];
    for a in args {
        match a {
            TArg::Pack(elems) => out.extend(flatten(elems)),
            a => out.push(a.clone()),
        }
    }
    out
}

impl Sema {
    /// The template arguments one `pattern...` stands for.
    pub(crate) fn expand_template_arg(
        &mut self,
        pattern: &TemplateArg,
        span: Span,
        ctx: Ctx,
        env: &Env,
        diags: &mut Vec<Diagnostic>,
    ) -> Vec<TArg> {
        let env = Rc::new(env.clone());
        let exp = match Expansion::of(&PatternNames::of_targ(pattern), &env, &[]) {
            Ok(e) => e,
            Err(e) => {
                diags.push(e.diagnostic(span));
                return vec![];
            }
        };
        (0..exp.len)
            .flat_map(|i| {
                let ei = exp.env_for(i, &env);
                self.resolve_template_args(std::slice::from_ref(pattern), ctx, &ei, diags)
            })
            .collect()
    }

    /// The types of one function parameter declared `pattern... name`.
    pub(crate) fn expand_param_type(
        &mut self,
        pattern: &TypeExpr,
        ctx: Ctx,
        env: &Rc<Env>,
        diags: &mut Vec<Diagnostic>,
    ) -> Vec<Ty> {
        let exp = match Expansion::of(&PatternNames::of_type(pattern), env, &[]) {
            Ok(e) => e,
            Err(e) => {
                diags.push(e.diagnostic(pattern.span));
                return vec![];
            }
        };
        (0..exp.len)
            .map(|i| {
                let ei = exp.env_for(i, env);
                self.resolve_type(pattern, ctx, &ei, diags)
            })
            .collect()
    }
}

/// Function bodies: expansions in argument lists, folds and `sizeof...`.
impl Sema {
    /// The packs `pattern` expands in the function being checked.
    pub(super) fn expansion_in_body(&self, pattern: &a::Expr) -> Result<Expansion, ExpansionError> {
        let (_, env) = self.ctx_env();
        Expansion::of(&PatternNames::of_expr(pattern), &env, &self.var_packs())
    }

    /// Calls `f` on each of `inits`; a pack expansion (`Bases(args)...`)
    /// once per element, under that element's bindings.
    pub(crate) fn each_mem_initializer(
        &mut self,
        inits: &[a::CtorInit],
        f: &mut impl FnMut(&mut Self, &a::CtorInit),
    ) {
        for init in inits {
            if !init.pack {
                f(self, init);
                continue;
            }
            let (_, env) = self.ctx_env();
            let names = PatternNames::of_mem_initializer(init);
            match Expansion::of(&names, &env, &self.var_packs()) {
                Ok(exp) => {
                    for i in 0..exp.len {
                        self.with_pack_element(&exp, i, |s| f(s, init));
                    }
                }
                Err(e) => self.report_all(vec![e.diagnostic(init.span)]),
            }
        }
    }

    /// Check an argument (or initializer) list, expanding `pattern...` items.
    pub(crate) fn check_args(&mut self, args: &[a::Expr]) -> Vec<thir::Expr> {
        let mut out = vec![];
        for x in args {
            match &x.kind {
                ExprKind::PackExpansion(p) => out.extend(self.expand_expr(p, x.span)),
                ExprKind::InitList(items) => out.push(Self::braced_list_arg(items, x.span)),
                _ => out.push(self.check_expr(x)),
            }
        }
        out
    }

    /// How many initializers a braced list has once its packs are expanded.
    pub(crate) fn list_len(&self, items: &[a::Expr]) -> usize {
        items
            .iter()
            .map(|x| match &x.kind {
                ExprKind::PackExpansion(p) => self.expansion_in_body(p).map_or(1, |e| e.len),
                _ => 1,
            })
            .sum()
    }

    /// `pattern...`: the pattern checked once per pack element.
    pub(crate) fn expand_expr(&mut self, pattern: &a::Expr, span: Span) -> Vec<thir::Expr> {
        match self.expansion_in_body(pattern) {
            Ok(exp) => (0..exp.len)
                .map(|i| self.with_pack_element(&exp, i, |s| s.check_expr(pattern)))
                .collect(),
            Err(e) => {
                self.report_all(vec![e.diagnostic(span)]);
                vec![thir::Expr::error(span)]
            }
        }
    }

    /// `pattern...` checked from the last pack element to the first (the
    /// elements are returned in order).
    fn expand_expr_last_first(&mut self, pattern: &a::Expr, span: Span) -> Vec<thir::Expr> {
        match self.expansion_in_body(pattern) {
            Ok(exp) => {
                let mut elems: Vec<thir::Expr> = (0..exp.len)
                    .rev()
                    .map(|i| self.with_pack_element(&exp, i, |s| s.check_expr(pattern)))
                    .collect();
                elems.reverse();
                elems
            }
            Err(e) => {
                self.report_all(vec![e.diagnostic(span)]);
                vec![thir::Expr::error(span)]
            }
        }
    }

    /// `(pack op ...)`, `(... op pack)`, `(init op ... op pack)` and
    /// `(pack op ... op init)`: the elements combined with `op`, right-nested
    /// when the pack is on the left, left-nested otherwise.
    pub(crate) fn check_fold(
        &mut self,
        op: BinOp,
        lhs: Option<&a::Expr>,
        rhs: Option<&a::Expr>,
        span: Span,
    ) -> thir::Expr {
        let pack_on_left = match (lhs, rhs) {
            (Some(l), Some(_)) => self.expansion_in_body(l).is_ok(),
            (Some(_), None) => true,
            _ => false,
        };
        let (pattern, init) = if pack_on_left { (lhs, rhs) } else { (rhs, lhs) };
        let Some(pattern) = pattern else {
            return self.err(span, "a fold expression needs an operand");
        };
        let (elems, init) = match self.host.checks_folds_from_their_init() {
            true => {
                let init = init.map(|i| self.check_expr(i));
                let elems = match pack_on_left {
                    true => self.expand_expr_last_first(pattern, pattern.span),
                    false => self.expand_expr(pattern, pattern.span),
                };
                (elems, init)
            }
            false => {
                let elems = self.expand_expr(pattern, pattern.span);
                (elems, init.map(|i| self.check_expr(i)))
            }
        };
        let folded = fold_operands(elems, init, pack_on_left, |l, r| {
            Some(self.binary_operands(op, l, r, span))
        });
        match folded {
            Some(e) => e,
            None => self.empty_fold(op, span),
        }
    }

    /// A unary fold over an empty pack: `true` for `&&`, `false` for `||`,
    /// `void()` for `,`; other operators have no value for it.
    fn empty_fold(&mut self, op: BinOp, span: Span) -> thir::Expr {
        let value = |kind, ty| thir::Expr {
            kind,
            ty,
            lvalue: false,
            span,
        };
        match op {
            BinOp::LogAnd => value(thir::ExprKind::BoolLit(true), Ty::Bool),
            BinOp::LogOr => value(thir::ExprKind::BoolLit(false), Ty::Bool),
            BinOp::Comma => value(
                thir::ExprKind::Convert(Box::new(value(
                    thir::ExprKind::IntLit(0),
                    Ty::Int(IntKind::Int),
                ))),
                Ty::Void,
            ),
            _ => self.err(
                span,
                format!(
                    "unary fold expression has empty expansion for operator '{}' with no fallback value",
                    op.spelling()
                ),
            ),
        }
    }

    /// `sizeof...(name)`: the length of a template or function parameter pack.
    pub(crate) fn sizeof_pack(&mut self, name: &Rc<str>, span: Span) -> thir::Expr {
        let (_, env) = self.ctx_env();
        let len = match self.var_packs().iter().find(|p| &p.name == name) {
            Some(p) => Some(p.vars.len()),
            None => match env.get(name) {
                Some(TArg::Pack(elems)) => Some(elems.len()),
                _ => None,
            },
        };
        match len {
            Some(n) => thir::Expr {
                kind: thir::ExprKind::IntLit(n as i128),
                ty: Ty::size_t(),
                lvalue: false,
                span,
            },
            None => self.err(
                span,
                format!("'{name}' does not refer to the name of a parameter pack"),
            ),
        }
    }
}
