//! Implicit conversions (C++ [conv], [over.best.ics]): ranking for overload
//! resolution and applying them to checked expressions.

use super::thir::{Expr, ExprKind};
use super::*;

/// Rank of an implicit conversion sequence; lower is better.
pub(crate) type Rank = u8;
pub(crate) const EXACT: Rank = 0;
/// Exact match of an rvalue bound to a `const T&`: worse than binding it to
/// a `T&&` ([over.ics.rank] 3.2.3: `push_back(T&&)` over `push_back(const
/// T&)` for a temporary), better than anything else.
pub(crate) const RVALUE_TO_LVALUE_REF: Rank = 1;
/// Exact match by a qualification adjustment (`int*` to `const int*`):
/// worse than the identity ([over.ics.rank] 3.2.5), better than a promotion.
pub(crate) const QUALIFIED: Rank = 2;
pub(crate) const PROMOTION: Rank = 3;
pub(crate) const CONVERSION: Rank = 4;
/// A pointer conversion that also adds `const` (`float*` to `const void*`):
/// worse than the same conversion without it, whose sequence is a proper
/// subsequence of this one ([over.ics.rank] 3.2.1: `f(void*)` over
/// `f(const void*)` for a `float*`).
const CONVERSION_ADDING_CONST: Rank = 5;
/// A pointer converted to `bool`: worse than any other conversion
/// ([over.ics.rank]/4.1: `f(void*)` over `f(bool)` for an `int*`, and
/// `f(const void*)` too: `std::cout << v.data()` prints the address).
const POINTER_TO_BOOL: Rank = 6;
/// A user-defined conversion ([over.ics.user]); through a conversion
/// function to a non-class type it is followed by a standard conversion,
/// which ranks it ([over.ics.rank]/3.3: `operator float()` then a `float`
/// parameter beats promoting that `float` to `double`).
pub(crate) const USER: Rank = 7;
const USER_PROMOTION: Rank = 8;
const USER_CONVERSION: Rank = 9;
/// An argument matched by a C ellipsis `...`: worse than any conversion.
pub(crate) const ELLIPSIS: Rank = 10;

impl Sema {
    /// How `e` converts to `to`, or `None` if it cannot.
    pub(crate) fn conversion_rank(&mut self, e: &Expr, to: &Ty) -> Option<Rank> {
        if let ExprKind::BracedList(items) = &e.kind {
            return self.braced_list_rank(items, to);
        }
        let from = e.ty.clone();
        if from.is_error() || to.is_error() {
            return Some(EXACT);
        }
        if from == Ty::OverloadSet && to_function_pointer(to) {
            return Some(EXACT);
        }
        match to {
            Ty::LRef(t, is_const) => {
                let xvalue = self.is_xvalue(e);
                if e.lvalue && !xvalue && self.same_or_base(&from, t) {
                    // A `const` object binds to references to const only.
                    if !*is_const && self.is_const_lvalue(e) {
                        return None;
                    }
                    return Some(Self::identity_or_base(&from, t));
                }
                // A conversion function returning an lvalue reference
                // (`operator DataT &()` of a 0-dimensional accessor).
                if let Ty::Class(fc) = from {
                    let by_ref =
                        self.conversion_functions_to(fc, Some(t))
                            .into_iter()
                            .any(|(_, rt)| {
                                matches!(rt, Ty::LRef(..)) && self.same_or_base(rt.non_ref(), t)
                            });
                    if by_ref {
                        return Some(USER);
                    }
                }
                if *is_const {
                    let rank = self.conversion_rank(e, t)?;
                    let rvalue_bound = (!e.lvalue || xvalue) && self.same_or_base(&from, t);
                    return Some(if rvalue_bound && rank == EXACT {
                        RVALUE_TO_LVALUE_REF
                    } else {
                        rank
                    });
                }
                None
            }
            Ty::RRef(t) => {
                if !e.lvalue || self.is_xvalue(e) {
                    return self.conversion_rank(e, t);
                }
                None
            }
            Ty::Class(c) => {
                if self.same_or_base(&from, to) {
                    return Some(Self::identity_or_base(&from, to));
                }
                if self.converting_ctor(*c, e).is_some() {
                    return Some(USER);
                }
                if let Ty::Class(fc) = from {
                    if self.conversion_to_class(fc, to).is_some() {
                        return Some(USER);
                    }
                }
                None
            }
            _ => {
                if let Ty::Class(fc) = from {
                    // conversion function
                    // (a function returning a reference yields an lvalue:
                    // an array one then decays to a pointer)
                    let (_, _, second) = self.best_conversion_function(fc, to, e.span)?;
                    return Some(match second {
                        PROMOTION => USER_PROMOTION,
                        CONVERSION | CONVERSION_ADDING_CONST | POINTER_TO_BOOL => USER_CONVERSION,
                        _ => USER,
                    });
                }
                self.standard_rank(e, to)
            }
        }
    }

    fn standard_rank(&self, e: &Expr, to: &Ty) -> Option<Rank> {
        let from = &e.ty;
        if from == to {
            return Some(EXACT);
        }
        match (from, to) {
            (Ty::Int(a), Ty::Int(b)) => {
                if a.rank() < 3 && *b == IntKind::Int {
                    Some(PROMOTION)
                } else {
                    Some(CONVERSION)
                }
            }
            (Ty::Bool, Ty::Int(IntKind::Int)) => Some(PROMOTION),
            (Ty::Float(FloatKind::Float), Ty::Float(FloatKind::Double)) => Some(PROMOTION),
            (Ty::Enum(_), Ty::Int(_)) => Some(PROMOTION),
            (Ty::Enum(_), Ty::Bool | Ty::Float(_)) => Some(CONVERSION),
            (Ty::Bool | Ty::Int(_) | Ty::Float(_), Ty::Bool | Ty::Int(_) | Ty::Float(_)) => {
                Some(CONVERSION)
            }
            (Ty::Ptr { .. } | Ty::Nullptr, Ty::Bool) => Some(POINTER_TO_BOOL),
            (Ty::Nullptr, Ty::Ptr { .. } | Ty::MemberPtr { .. }) => Some(CONVERSION),
            (Ty::Int(_), Ty::Ptr { .. }) if matches!(e.kind, ExprKind::IntLit(0)) => {
                Some(CONVERSION)
            }
            // Array-to-pointer is an exact match (adding `const` a
            // qualification adjustment); on to `void*` a conversion.
            (
                Ty::Array(el, _),
                Ty::Ptr {
                    pointee,
                    pointee_const,
                    ..
                },
            ) => {
                // The elements of a `const` array stay const: `void*` does
                // not take them. (Array types carry no `const`, so a
                // template deducing `T*` from one deduces `T` unqualified
                // and stays viable.)
                let const_elements = matches!(e.kind, ExprKind::Var(v) if self.var(v).is_const);
                if el == pointee {
                    Some(if *pointee_const { QUALIFIED } else { EXACT })
                } else if matches!(**pointee, Ty::Void) {
                    if const_elements && !*pointee_const {
                        return None;
                    }
                    Some(if *pointee_const {
                        CONVERSION_ADDING_CONST
                    } else {
                        CONVERSION
                    })
                } else {
                    None
                }
            }
            (
                Ty::Ptr {
                    pointee: a,
                    pointee_const: ca,
                    space: sa,
                },
                Ty::Ptr {
                    pointee: b,
                    pointee_const: cb,
                    space: sb,
                },
            ) => {
                let space_ok = sa == sb
                    || sb.is_none()
                    || matches!(sb, Some(crate::front::ast::AddressSpace::Generic));
                if !space_ok || (*ca && !*cb) {
                    return None;
                }
                if a == b && ca != cb {
                    Some(QUALIFIED)
                } else if a == b {
                    Some(EXACT)
                } else if matches!(**b, Ty::Void) || self.derived_to_base(a, b) {
                    Some(if *cb && !*ca {
                        CONVERSION_ADDING_CONST
                    } else {
                        CONVERSION
                    })
                } else {
                    None
                }
            }
            _ => None,
        }
    }

    /// Whether `d` is a class derived from class `b` (the pointee types of
    /// a derived-to-base pointer conversion).
    pub(super) fn derived_to_base(&self, d: &Ty, b: &Ty) -> bool {
        match (d, b) {
            (Ty::Class(d), Ty::Class(b)) => d != b && self.derives_from(*d, *b),
            _ => false,
        }
    }

    /// The rank of binding or copying an object of class `from` to class
    /// `to`, one of its bases: the identity is an exact match, a
    /// derived-to-base conversion a conversion ([over.ics.ref],
    /// [over.best.ics]: `f(const Derived&)` beats `f(const Base&)`).
    fn identity_or_base(from: &Ty, to: &Ty) -> Rank {
        if from.non_ref() == to.non_ref() {
            EXACT
        } else {
            CONVERSION
        }
    }

    pub(crate) fn same_or_base(&mut self, from: &Ty, to: &Ty) -> bool {
        let from = from.non_ref();
        let to = to.non_ref();
        if from == to {
            return true;
        }
        if let (Ty::Class(a), Ty::Class(b)) = (from, to) {
            self.complete_class(*a);
            let bases: Vec<ClassId> = self.class(*a).bases.iter().map(|x| x.0).collect();
            return bases
                .iter()
                .any(|x| self.same_or_base(&Ty::Class(*x), &Ty::Class(*b)));
        }
        false
    }

    /// Indices into `bases` leading from class `from` to its base `to`
    /// (empty when they are the same class).
    pub(super) fn base_path(&mut self, from: ClassId, to: ClassId) -> Option<Vec<usize>> {
        if from == to {
            return Some(vec![]);
        }
        self.complete_class(from);
        let bases: Vec<ClassId> = self.class(from).bases.iter().map(|x| x.0).collect();
        for (i, b) in bases.into_iter().enumerate() {
            if let Some(mut rest) = self.base_path(b, to) {
                rest.insert(0, i);
                return Some(rest);
            }
        }
        None
    }

    /// The base-class subobject of type `to` of the object `e` designates
    /// (`e` itself when it already has that type).
    pub(crate) fn base_subobject(&mut self, e: Expr, to: &Ty) -> Expr {
        let (Ty::Class(from), Ty::Class(target)) = (e.ty.non_ref().clone(), to.non_ref().clone())
        else {
            return e;
        };
        let Some(path) = self.base_path(from, target) else {
            return e;
        };
        let span = e.span;
        let mut cur = e;
        let mut at = from;
        for i in path {
            let base = self.class(at).bases[i].0;
            cur = Expr {
                kind: ExprKind::BaseSub(Box::new(materialize(cur)), i),
                ty: Ty::Class(base),
                lvalue: true,
                span,
            };
            at = base;
        }
        cur
    }

    /// A non-explicit constructor of `c` callable with the single argument `e`.
    pub(crate) fn converting_ctor(&mut self, c: ClassId, e: &Expr) -> Option<FuncId> {
        let ctors = self.constructors_for(c, (e.ty.clone(), e.lvalue));
        // The one whose parameter the argument converts to best (the first
        // of equals).
        let mut best: Option<(FuncId, Rank)> = None;
        for f in ctors {
            let fi = self.func(f);
            if fi.decl.is_explicit || fi.params.is_empty() {
                continue;
            }
            let required = fi
                .decl
                .params
                .iter()
                .filter(|p| p.default.is_none())
                .count();
            if required > 1 {
                continue;
            }
            let p0 = fi.params[0].clone();
            if matches!(p0.non_ref(), Ty::Class(pc) if *pc == c) {
                continue; // copy/move constructor
            }
            if let Ty::Class(_) = e.ty {
                // No second user-defined conversion.
                if !self.same_or_base(&e.ty, &p0) {
                    continue;
                }
            }
            if let Some(rank) = self.conversion_rank(e, &p0) {
                if best.is_none_or(|b| rank < b.1) {
                    best = Some((f, rank));
                }
            }
        }
        best.map(|b| b.0)
    }

    /// The constructors of `c` that a call with first argument `first` can
    /// use; constructor templates are deduced from it (and their defaults).
    pub(super) fn constructors_for(&mut self, c: ClassId, first: (Ty, bool)) -> Vec<FuncId> {
        let env = self.class(c).env.clone();
        let methods = self.constructors(c);
        self.member_instances(c, &env, methods, std::slice::from_ref(&first))
    }

    /// The instances of member functions `methods` of `c` for a call with
    /// `args`: templates deduced from them and their defaults (substitution
    /// failure drops a template).
    pub(super) fn member_instances(
        &mut self,
        c: ClassId,
        env: &Rc<Env>,
        methods: Vec<Rc<crate::front::ast::FunctionDecl>>,
        args: &[(Ty, bool)],
    ) -> Vec<FuncId> {
        let mut ids = vec![];
        for m in methods {
            let targs = if m.template.is_some() {
                match self.deduce_call(&m, Ctx::Class(c), env, &[], args) {
                    Some(targs) => targs,
                    None => continue,
                }
            } else {
                vec![]
            };
            if let Some(f) = self.function_instance(&m, Ctx::Class(c), env.clone(), Some(c), targs)
            {
                ids.push(f);
            }
        }
        ids
    }

    /// The conversion functions of class `c`, conversion function
    /// templates with their default template arguments (the `enable_if`
    /// idiom): those a conversion to no particular type may use.
    pub(crate) fn conversion_functions(&mut self, c: ClassId) -> Vec<(FuncId, Ty)> {
        self.conversion_functions_to(c, None)
    }

    /// The conversion functions of class `c` for a conversion to `to`, with
    /// their result types: a conversion function template's arguments are
    /// deduced from `to` ([temp.deduct.conv]: `template <class T> operator
    /// T*()` for an `int *` is `operator int*`), the others from their
    /// defaults; a template that deduces nothing for `to`, or whose
    /// signature does not exist for what it deduces, is left out. Those of
    /// its bases follow (`std::is_integral<T>`'s `operator bool` is
    /// `integral_constant`'s), except where one of `c` converts to the same
    /// type ([class.conv.fct]: it hides them).
    pub(crate) fn conversion_functions_to(
        &mut self,
        c: ClassId,
        to: Option<&Ty>,
    ) -> Vec<(FuncId, Ty)> {
        let mut found = vec![];
        self.conversion_functions_into(c, to, &mut found, &mut vec![]);
        found
    }

    /// [`Self::conversion_functions_to`] into `found`, each class searched
    /// once (an erroneous program can make a class its own base).
    fn conversion_functions_into(
        &mut self,
        c: ClassId,
        to: Option<&Ty>,
        found: &mut Vec<(FuncId, Ty)>,
        seen: &mut Vec<ClassId>,
    ) {
        if seen.contains(&c) {
            return;
        }
        seen.push(c);
        let hidden = found.len();
        for (f, rt) in self.own_conversion_functions_to(c, to) {
            if !found[..hidden].iter().any(|(_, t)| *t == rt) {
                found.push((f, rt));
            }
        }
        let bases: Vec<ClassId> = self.class(c).bases.iter().map(|(b, _)| *b).collect();
        for b in bases {
            self.conversion_functions_into(b, to, found, seen);
        }
    }

    /// The conversion functions `c` itself declares (see
    /// [`Self::conversion_functions_to`]).
    fn own_conversion_functions_to(&mut self, c: ClassId, to: Option<&Ty>) -> Vec<(FuncId, Ty)> {
        let env = self.class(c).env.clone();
        let methods: Vec<_> = self
            .class(c)
            .methods
            .iter()
            .filter(|m| m.kind == crate::front::ast::FunctionKind::Conversion)
            .cloned()
            .collect();
        let mut ids = vec![];
        for m in methods {
            let targs = match (&m.template, to) {
                (None, _) => Some(vec![]),
                (Some(_), Some(to)) => self.deduce_conversion(&m, c, &env, to),
                (Some(_), None) => self.deduce_call(&m, Ctx::Class(c), &env, &[], &[]),
            };
            let Some(targs) = targs else { continue };
            if let Some(f) = self.function_instance(&m, Ctx::Class(c), env.clone(), Some(c), targs)
            {
                ids.push(f);
            }
        }
        ids.into_iter()
            .map(|f| (f, self.func(f).ret.clone()))
            .collect()
    }

    /// Why each conversion function of class `c` does not convert to `to`,
    /// in clang's words: an `explicit` one is not a candidate, a template
    /// could not be deduced for it or its signature does not exist for
    /// what was deduced.
    fn conversion_candidate_notes(&mut self, c: ClassId, to: &Ty) -> Vec<(Span, String)> {
        use crate::front::ast::TypeExprKind;
        let env = self.class(c).env.clone();
        let methods: Vec<_> = self
            .class(c)
            .methods
            .iter()
            .filter(|m| m.kind == crate::front::ast::FunctionKind::Conversion)
            .cloned()
            .collect();
        let mut notes = vec![];
        for m in methods {
            if m.is_explicit && !self.explicit_conversion && *to != Ty::Bool {
                notes.push((
                    m.span,
                    "explicit conversion function is not a candidate".into(),
                ));
                continue;
            }
            let Some(th) = &m.template else {
                notes.push((m.span, "candidate function".into()));
                continue;
            };
            let params: Vec<Rc<str>> = th.params.iter().filter_map(|p| p.name.clone()).collect();
            let mut pat = match &m.ret.kind {
                TypeExprKind::LRef(i) | TypeExprKind::RRef(i) => (**i).clone(),
                _ => m.ret.clone(),
            };
            pat.is_const = false;
            let mut b = vec![];
            let why = if super::templates::mentions_params(&pat, &params)
                && !self.match_type(&pat, to.non_ref(), &params, Ctx::Class(c), &env, &mut b)
            {
                format!(
                    "candidate template ignored: could not match '{}' against '{}'",
                    self.type_text(&pat, &env),
                    self.ty_name(to)
                )
            } else if self.deduce_conversion(&m, c, &env, to).is_none() {
                "candidate template ignored: substitution failure".to_string()
            } else {
                "candidate template".to_string()
            };
            notes.push((m.span, why));
        }
        notes
    }

    /// The template arguments of conversion function template `m` of class
    /// `c` for a conversion to `to` ([temp.deduct.conv]): its conversion
    /// type `P`, without its reference and top-level cv-qualifiers, is
    /// matched against `A`, the target without its reference (`Ty` keeps no
    /// top-level cv); the parameters `P` does not name take their defaults.
    fn deduce_conversion(
        &mut self,
        m: &Rc<crate::front::ast::FunctionDecl>,
        c: ClassId,
        env: &Rc<Env>,
        to: &Ty,
    ) -> Option<Vec<TArg>> {
        use crate::front::ast::TypeExprKind;
        let th = m.template.as_ref()?;
        let params: Vec<Rc<str>> = th.params.iter().filter_map(|p| p.name.clone()).collect();
        let mut pat = match &m.ret.kind {
            TypeExprKind::LRef(i) | TypeExprKind::RRef(i) => (**i).clone(),
            _ => m.ret.clone(),
        };
        pat.is_const = false;
        pat.is_volatile = false;
        let target = to.non_ref().clone();
        let mut b = vec![];
        if super::templates::mentions_params(&pat, &params)
            && !self.match_type(&pat, &target, &params, Ctx::Class(c), env, &mut b)
        {
            return None;
        }
        // `T` from a target's `const` pointee arrives as `const X`: the
        // type itself for a by-value `T`.
        for (_, a) in b.iter_mut() {
            if let TArg::ConstType(t) = a {
                if matches!(pat.kind, TypeExprKind::Named(_)) {
                    *a = TArg::Type(t.clone());
                }
            }
        }
        self.deduce_call_from(m, Ctx::Class(c), env, &[], &[], b)
    }

    /// The conversion function of class `from` an implicit conversion to
    /// the non-class type `to` uses: the one whose result converts best
    /// (the first of equals); `explicit` ones only in explicit casts and for
    /// `bool` (contextual conversions: conditions, `!`, `&&`). Its result
    /// type and the rank of
    /// the conversion after it.
    fn best_conversion_function(
        &mut self,
        from: ClassId,
        to: &Ty,
        span: Span,
    ) -> Option<(FuncId, Ty, Rank)> {
        let mut best: Option<(FuncId, Ty, Rank)> = None;
        for (f, rt) in self.conversion_functions_to(from, Some(to)) {
            if self.func(f).decl.is_explicit && *to != Ty::Bool && !self.explicit_conversion {
                continue;
            }
            let probe = Expr {
                kind: ExprKind::Error,
                ty: rt.non_ref().clone(),
                lvalue: rt.is_ref(),
                span,
            };
            if let Some(rank) = self.standard_rank(&probe, to) {
                // Of two equally good, a non-template beats a template's
                // instance ([over.match.best]/2.4).
                let better = match &best {
                    None => true,
                    Some(b) => {
                        rank < b.2
                            || (rank == b.2
                                && self.func(b.0).decl.template.is_some()
                                && self.func(f).decl.template.is_none())
                    }
                };
                if better {
                    best = Some((f, rt, rank));
                }
            }
        }
        best
    }

    /// A conversion function of class `from` that yields `to` (a class) or
    /// a class derived from it, by value or by reference.
    /// Is `T x = e;` (one expression `es[0]` of another class) a call of a
    /// conversion function of `e`'s class, no converting constructor of
    /// `to` taking it?
    pub(super) fn converts_by_conversion_function(&mut self, es: &[Expr], to: &Ty) -> bool {
        let ([e], Ty::Class(c)) = (es, to) else {
            return false;
        };
        let Ty::Class(from) = e.ty.non_ref().clone() else {
            return false;
        };
        !self.same_or_base(&e.ty, to)
            && self.converting_ctor(*c, e).is_none()
            && self.conversion_to_class(from, to).is_some()
    }

    pub(super) fn conversion_to_class(&mut self, from: ClassId, to: &Ty) -> Option<(FuncId, Ty)> {
        self.conversion_functions_to(from, Some(to))
            .into_iter()
            .find(|(_, rt)| self.same_or_base(&rt.non_ref().clone(), to))
    }

    /// The call of conversion function `f` (returning `rt`) on object `e`.
    fn call_conversion(&mut self, f: FuncId, rt: &Ty, e: Expr) -> Expr {
        let span = e.span;
        let obj = if e.lvalue { e } else { materialize(e) };
        // A base's conversion function converts the base subobject.
        let obj = match self.func(f).ctx {
            Ctx::Class(owner) => self.base_subobject(obj, &Ty::Class(owner)),
            _ => obj,
        };
        self.ensure_body(f);
        Expr {
            kind: ExprKind::Call(f, vec![obj]),
            ty: rt.non_ref().clone(),
            lvalue: rt.is_ref(),
            span,
        }
    }

    /// lvalue-to-rvalue (and array-to-pointer) conversion.
    pub(crate) fn rvalue(&self, e: Expr) -> Expr {
        if let Ty::Array(el, _) = e.ty.clone() {
            // A const array decays to a pointer to const elements.
            let ty = Ty::Ptr {
                pointee: el.clone(),
                pointee_const: e.lvalue && self.is_const_lvalue(&e),
                space: None,
            };
            let span = e.span;
            return Expr {
                kind: ExprKind::AddrOf(Box::new(Expr {
                    kind: ExprKind::Index(Box::new(e), Box::new(int_lit(0, span))),
                    ty: (*el).clone(),
                    lvalue: true,
                    span,
                })),
                ty,
                lvalue: false,
                span,
            };
        }
        if e.lvalue {
            let ty = e.ty.clone();
            let span = e.span;
            return Expr {
                kind: ExprKind::Load(Box::new(e)),
                ty,
                lvalue: false,
                span,
            };
        }
        e
    }

    /// The operands of `?:` in their composite pointer type ([expr.cond]/7,
    /// [expr.type]/4): `c ? &a[i] : 0` is an `int *` on both sides, `c ? p
    /// : cp` a `const int *`, `c ? derived : base` a `Base *`. Other pairs
    /// come back as they are.
    pub(super) fn composite_pointer_operands(&mut self, x: Expr, y: Expr) -> (Expr, Expr) {
        let pointer = |t: &Ty| matches!(t, Ty::Ptr { .. });
        let null = |e: &Expr| {
            matches!(e.ty, Ty::Nullptr)
                || (e.ty.is_integral() && matches!(e.kind, ExprKind::IntLit(0)))
        };
        if x.ty == y.ty || !(pointer(&x.ty) || pointer(&y.ty)) {
            return (x, y);
        }
        // A derived class's bases are known once it is complete.
        for t in [&x.ty, &y.ty] {
            if let Ty::Ptr { pointee, .. } = t {
                if let Ty::Class(c) = **pointee {
                    self.complete_class(c);
                }
            }
        }
        let mut d = vec![];
        let pair = if pointer(&x.ty) && (null(&y) || self.conversion_rank(&y, &x.ty).is_some()) {
            let t = x.ty.clone();
            let y = self.convert(y, &t, &mut d);
            (x, y)
        } else if pointer(&y.ty) && (null(&x) || self.conversion_rank(&x, &y.ty).is_some()) {
            let t = y.ty.clone();
            (self.convert(x, &t, &mut d), y)
        } else {
            (x, y)
        };
        self.cur().diags.extend(d);
        pair
    }

    /// Apply the implicit conversion of `e` to `to` (after a successful rank check).
    pub(crate) fn convert(&mut self, e: Expr, to: &Ty, diags: &mut Vec<Diagnostic>) -> Expr {
        if let ExprKind::BracedList(items) = &e.kind {
            return self.convert_braced_list(items, to, e.span);
        }
        if e.ty.is_error() || to.is_error() {
            return e;
        }
        if e.ty == Ty::OverloadSet && to_function_pointer(to) {
            // Host code only (`os << std::endl`): device code cannot use
            // function pointers, and the checks of device code say so.
            return Expr {
                ty: to.clone(),
                ..e
            };
        }
        let span = e.span;
        match to {
            Ty::LRef(t, is_const) => {
                if e.lvalue && self.same_or_base(&e.ty, t) {
                    return self.base_subobject(e, t);
                }
                if *is_const {
                    if let Some(captured) = self.capture_constant_bound_to_reference(&e, t) {
                        return captured;
                    }
                }
                // A conversion function returning an lvalue reference
                // (`operator DataT &()` of a 0-dimensional accessor).
                if let Ty::Class(fc) = e.ty {
                    let by_ref =
                        self.conversion_functions_to(fc, Some(t))
                            .into_iter()
                            .find(|(_, rt)| {
                                matches!(rt, Ty::LRef(..)) && self.same_or_base(rt.non_ref(), t)
                            });
                    if let Some((f, rt)) = by_ref {
                        let call = self.call_conversion(f, &rt, e);
                        return self.base_subobject(call, t);
                    }
                }
                if *is_const || !e.lvalue {
                    let v = self.convert(e, t, diags);
                    return materialize(v);
                }
                diags.push(Diagnostic::error(span, format!("cannot bind a non-const lvalue reference of type '{}' to a value of type '{}'", self.ty_name(to), self.ty_name(&e.ty))));
                Expr::error(span)
            }
            Ty::RRef(t) => {
                // An xvalue (or prvalue) of the type binds as it is.
                if self.same_or_base(&e.ty, t) {
                    return materialize(self.base_subobject(e, t));
                }
                let v = self.convert(e, t, diags);
                materialize(v)
            }
            Ty::Class(c) => {
                // An object of a class with a user copy or move constructor
                // is copied (or moved, from an xvalue) by it; one whose
                // implicit copy constructor calls its parts' part by part.
                if e.ty == *to && e.lvalue && self.declares_copy_constructor(*c) {
                    return self.construct(*c, vec![e], span, diags);
                }
                if e.ty == *to && e.lvalue {
                    if let Some(copy) = self.memberwise_copy(*c, &e, diags) {
                        return copy;
                    }
                }
                if self.same_or_base(&e.ty, to) {
                    return self.base_subobject(e, to);
                }
                if let Some(ctor) = self.converting_ctor(*c, &e) {
                    let p0 = self.func(ctor).params[0].clone();
                    let a = self.convert(e, &p0, diags);
                    let mut args = vec![a];
                    self.append_default_args(ctor, &mut args, diags);
                    return Expr {
                        kind: ExprKind::Construct(ctor, args),
                        ty: to.clone(),
                        lvalue: false,
                        span,
                    };
                }
                if let Ty::Class(fc) = e.ty {
                    if let Some((f, rt)) = self.conversion_to_class(fc, to) {
                        let call = self.call_conversion(f, &rt, e);
                        return self.convert(call, to, diags);
                    }
                }
                diags.push(Diagnostic::error(
                    span,
                    format!(
                        "no viable conversion from '{}' to '{}'",
                        self.ty_name(&e.ty),
                        self.ty_name(to)
                    ),
                ));
                Expr::error(span)
            }
            _ => {
                if let Ty::Class(fc) = e.ty.clone() {
                    if let Some((f, rt, _)) = self.best_conversion_function(fc, to, span) {
                        let call = self.call_conversion(f, &rt, e);
                        let call = self.rvalue(call);
                        return self.convert(call, to, diags);
                    }
                    let mut d = Diagnostic::error(
                        span,
                        format!(
                            "no viable conversion from '{}' to '{}'",
                            self.ty_name(&e.ty),
                            self.ty_name(to)
                        ),
                    );
                    for (at, why) in self.conversion_candidate_notes(fc, to) {
                        d = d.with_note(at, why);
                    }
                    diags.push(d);
                    return Expr::error(span);
                }
                let e = self.rvalue(e);
                if &e.ty == to {
                    return e;
                }
                if let (Ty::Ptr { pointee: d, .. }, Ty::Ptr { pointee: b, .. }) = (e.ty.clone(), to)
                {
                    if self.derived_to_base(&d, b) && self.standard_rank(&e, to).is_some() {
                        // `&static_cast<B &>(*e)` (of `x` itself for `e` = `&x`, so
                        // that `x` is seen to have its address taken).
                        let object = match e.kind {
                            ExprKind::AddrOf(x) => *x,
                            kind => Expr {
                                kind: ExprKind::Deref(Box::new(Expr { kind, ..e })),
                                ty: *d,
                                lvalue: true,
                                span,
                            },
                        };
                        let base = self.base_subobject(object, b);
                        return Expr {
                            kind: ExprKind::AddrOf(Box::new(base)),
                            ty: to.clone(),
                            lvalue: false,
                            span,
                        };
                    }
                }
                if self.standard_rank(&e, to).is_none() {
                    diags.push(Diagnostic::error(
                        span,
                        format!(
                            "cannot convert '{}' to '{}'",
                            self.ty_name(&e.ty),
                            self.ty_name(to)
                        ),
                    ));
                    return Expr::error(span);
                }
                Expr {
                    kind: ExprKind::Convert(Box::new(e)),
                    ty: to.clone(),
                    lvalue: false,
                    span,
                }
            }
        }
    }
}

pub(crate) fn materialize(e: Expr) -> Expr {
    if e.lvalue {
        return e;
    }
    let ty = e.ty.clone();
    let span = e.span;
    Expr {
        kind: ExprKind::Temporary(Box::new(e)),
        ty,
        lvalue: true,
        span,
    }
}

pub(crate) fn int_lit(v: i128, span: Span) -> Expr {
    Expr {
        kind: ExprKind::IntLit(v),
        ty: Ty::Int(IntKind::Int),
        lvalue: false,
        span,
    }
}

/// Is `to` a pointer or reference to a function (what a function name,
/// such as the manipulator `std::endl`, converts to)?
fn to_function_pointer(to: &Ty) -> bool {
    match to {
        Ty::Ptr { pointee, .. } | Ty::LRef(pointee, _) => matches!(**pointee, Ty::Function { .. }),
        _ => false,
    }
}
