//! The built-in type traits (`__is_class(T)`, `__is_base_of(B, D)`,
//! `__is_constructible(T, Args...)`), which the model <type_traits> is
//! written with, as GCC's and clang's headers are. Class properties come
//! from the class's declared members: user-provided special members,
//! virtual functions, bases and fields. `nothrow` variants answer as the
//! plain ones: device code has no exceptions.

use super::thir::{Expr as TExpr, ExprKind as TK};
use super::{ClassId, Env, Sema, TArg, Ty};
use crate::diag::Severity;
use crate::front::ast::{ClassKey, FunctionDecl, FunctionKind, TypeTrait};
use crate::source::Span;
use std::rc::Rc;

/// What a class declares itself, for the traits (and where, for notes).
pub(super) struct Declared {
    /// A user-provided copy or move constructor.
    pub(super) copy_constructor: Option<Span>,
    /// A user-provided copy or move assignment operator.
    pub(super) copy_assignment: Option<Span>,
    /// A user-provided destructor.
    pub(super) destructor: Option<Span>,
    /// A constructor that is neither defaulted nor deleted.
    constructor: bool,
    virtual_destructor: bool,
    /// A virtual member function (destructors included).
    pub(super) virtual_function: bool,
    /// A pure virtual member function.
    pure: bool,
}

impl Sema {
    /// The value of trait `t` for `args`, or why it has none.
    pub(crate) fn type_trait(
        &mut self,
        t: TypeTrait,
        args: &[TArg],
        span: Span,
    ) -> Result<bool, String> {
        let mut tys = vec![];
        for a in args {
            match a {
                TArg::Type(ty) | TArg::ConstType(ty) => tys.push(ty.clone()),
                _ => return Err(format!("the arguments of '{t:?}' must be types")),
            }
        }
        let (n, at_least) = t.arity();
        if tys.len() < n || (!at_least && tys.len() > n) {
            return Err(format!(
                "type trait '{t:?}' takes {}{n} type{}, not {}",
                if at_least { "at least " } else { "" },
                if n == 1 { "" } else { "s" },
                tys.len()
            ));
        }
        if tys.iter().any(Ty::is_error) {
            return Ok(false);
        }
        // The traits need complete classes (bases, members), also behind
        // pointers and references.
        for ty in &tys {
            let mut t = ty.non_ref();
            while let Ty::Ptr { pointee, .. } | Ty::Array(pointee, _) = t {
                t = pointee;
            }
            if let Ty::Class(c) = t {
                self.complete_class(*c);
            }
        }
        use TypeTrait::*;
        let class = match &tys[0] {
            Ty::Class(c) => Some(*c),
            _ => None,
        };
        Ok(match t {
            IsClass => class.is_some_and(|c| !self.is_union(c)),
            IsUnion => class.is_some_and(|c| self.is_union(c)),
            IsEnum => matches!(tys[0], Ty::Enum(_)),
            IsEmpty => class.is_some_and(|c| self.is_empty_class(c)),
            IsPolymorphic => class.is_some_and(|c| self.is_polymorphic(c)),
            IsAbstract => class.is_some_and(|c| self.is_abstract(c)),
            IsFinal => {
                class.is_some_and(|c| self.class(c).decl.as_ref().is_some_and(|d| d.is_final))
            }
            IsAggregate => match &tys[0] {
                Ty::Array(..) => true,
                Ty::Class(c) => self.is_aggregate_class(*c),
                _ => false,
            },
            IsTrivial => self.trivially_copyable(&tys[0]) && self.trivially_default(&tys[0]),
            IsTriviallyCopyable => self.trivially_copyable(&tys[0]),
            IsStandardLayout => self.standard_layout(&tys[0]),
            IsPod => {
                self.trivially_copyable(&tys[0])
                    && self.trivially_default(&tys[0])
                    && self.standard_layout(&tys[0])
            }
            IsLiteralType => !matches!(tys[0], Ty::Void),
            IsTriviallyDestructible => self.trivially_destructible(&tys[0]),
            HasVirtualDestructor => class.is_some_and(|c| self.has_virtual_destructor(c)),
            IsBaseOf => match (&tys[0], &tys[1]) {
                (Ty::Class(b), Ty::Class(d)) => self.derives_from(*d, *b),
                _ => false,
            },
            IsSame => tys[0] == tys[1],
            IsConvertible => self.is_convertible(&tys[0], &tys[1], span),
            IsConstructible | IsNothrowConstructible => {
                self.is_constructible(&tys[0], &tys[1..], span)
            }
            IsTriviallyConstructible => {
                self.is_constructible(&tys[0], &tys[1..], span)
                    && self.trivially_copyable(&tys[0])
                    && (tys.len() > 1 || self.trivially_default(&tys[0]))
            }
            IsAssignable | IsNothrowAssignable => self.is_assignable(&tys[0], &tys[1], span),
            IsTriviallyAssignable => {
                self.is_assignable(&tys[0], &tys[1], span)
                    && self.trivially_copyable(tys[0].non_ref())
            }
        })
    }

    pub(super) fn is_union(&self, c: ClassId) -> bool {
        self.class(c)
            .decl
            .as_ref()
            .is_some_and(|d| d.key == ClassKey::Union)
    }

    pub(super) fn declared(&mut self, c: ClassId) -> Declared {
        self.complete_class(c);
        let mut d = Declared {
            copy_constructor: None,
            copy_assignment: None,
            destructor: None,
            constructor: false,
            virtual_destructor: false,
            virtual_function: false,
            pure: false,
        };
        let methods = self.class(c).methods.clone();
        let env = self.class(c).env.clone();
        for m in methods {
            let provided = !m.defaulted && !m.deleted;
            d.virtual_function |= m.is_virtual;
            d.pure |= m.is_pure;
            match m.kind {
                FunctionKind::Destructor => {
                    if provided {
                        d.destructor.get_or_insert(m.span);
                    }
                    d.virtual_destructor |= m.is_virtual;
                }
                FunctionKind::Constructor => {
                    d.constructor |= provided;
                    if provided && self.takes_own_class(&m, c, &env) {
                        d.copy_constructor.get_or_insert(m.span);
                    }
                }
                _ if m.name.last().ident.as_ref() == "operator="
                    && provided
                    && self.takes_own_class(&m, c, &env) =>
                {
                    d.copy_assignment.get_or_insert(m.span);
                }
                _ => {}
            }
        }
        d
    }

    /// Whether non-template member `m` of `c` takes a `c` (by value or
    /// reference) first and nothing else without a default: a copy or move
    /// constructor or assignment.
    pub(super) fn takes_own_class(
        &mut self,
        m: &Rc<FunctionDecl>,
        c: ClassId,
        env: &Rc<Env>,
    ) -> bool {
        if m.template.is_some() || m.params.iter().skip(1).any(|p| p.default.is_none()) {
            return false;
        }
        let f = self.function_instance(m, super::Ctx::Class(c), env.clone(), Some(c), vec![]);
        f.is_some_and(|f| {
            matches!(self.func(f).params.first().map(Ty::non_ref),
                Some(Ty::Class(p)) if *p == c)
        })
    }

    fn bases(&self, c: ClassId) -> Vec<ClassId> {
        self.class(c).bases.iter().map(|(b, _)| *b).collect()
    }

    fn field_types(&self, c: ClassId) -> Vec<Ty> {
        self.class(c).fields.iter().map(|f| f.ty.clone()).collect()
    }

    pub(super) fn is_empty_class(&mut self, c: ClassId) -> bool {
        !self.is_union(c)
            && self.field_types(c).is_empty()
            && !self.is_polymorphic(c)
            && self.bases(c).into_iter().all(|b| self.is_empty_class(b))
    }

    fn is_polymorphic(&mut self, c: ClassId) -> bool {
        self.declared(c).virtual_function
            || self.bases(c).into_iter().any(|b| self.is_polymorphic(b))
    }

    /// A pure virtual function of its own or of a base that it does not
    /// override (by name).
    fn is_abstract(&mut self, c: ClassId) -> bool {
        if self.declared(c).pure {
            return true;
        }
        let own: Vec<_> = self
            .class(c)
            .methods
            .iter()
            .map(|m| m.name.last().ident.clone())
            .collect();
        self.bases(c).into_iter().any(|b| {
            let pure: Vec<_> = self
                .class(b)
                .methods
                .iter()
                .filter(|m| m.is_pure)
                .map(|m| m.name.last().ident.clone())
                .collect();
            pure.iter().any(|p| !own.contains(p)) || self.is_abstract(b) && pure.is_empty()
        })
    }

    fn has_virtual_destructor(&mut self, c: ClassId) -> bool {
        self.declared(c).virtual_destructor
            || self
                .bases(c)
                .into_iter()
                .any(|b| self.has_virtual_destructor(b))
    }

    /// An aggregate (see `init.rs`) without virtual functions or bases.
    pub(super) fn is_aggregate_class(&mut self, c: ClassId) -> bool {
        self.is_aggregate(c)
            && !self.declared(c).virtual_function
            && self
                .class(c)
                .decl
                .as_ref()
                .is_some_and(|decl| decl.bases.iter().all(|b| !b.is_virtual))
    }

    /// Whether `d` is `b` or derives from it.
    pub(crate) fn derives_from(&self, d: ClassId, b: ClassId) -> bool {
        d == b
            || self
                .class(d)
                .bases
                .iter()
                .any(|(x, _)| self.derives_from(*x, b))
    }

    /// A property scalars and pointers have, references have when `refs`,
    /// arrays have when their elements do, and classes have when `own`
    /// holds for them and the property for their bases and fields.
    fn holds_throughout(
        &mut self,
        ty: &Ty,
        refs: bool,
        own: fn(&mut Self, ClassId) -> bool,
    ) -> bool {
        match ty {
            Ty::Void | Ty::Function { .. } => false,
            Ty::LRef(..) | Ty::RRef(_) => refs,
            Ty::Array(e, _) => self.holds_throughout(e, refs, own),
            Ty::Class(c) => {
                let c = *c;
                own(self, c)
                    && self
                        .bases(c)
                        .iter()
                        .all(|b| self.holds_throughout(&Ty::Class(*b), refs, own))
                    && self
                        .field_types(c)
                        .iter()
                        .all(|f| self.holds_throughout(f, refs, own))
            }
            _ => true,
        }
    }

    /// No user-provided copy, move or destructor, nothing virtual (a
    /// reference member is copied as its pointer).
    fn trivially_copyable(&mut self, ty: &Ty) -> bool {
        !ty.is_ref()
            && self.holds_throughout(ty, true, |s, c| {
                let d = s.declared(c);
                d.copy_constructor.is_none()
                    && d.copy_assignment.is_none()
                    && d.destructor.is_none()
                    && !d.virtual_function
            })
    }

    /// A trivial default constructor: none of its own, none in its bases
    /// and fields.
    fn trivially_default(&mut self, ty: &Ty) -> bool {
        self.holds_throughout(ty, false, |s, c| {
            let d = s.declared(c);
            !d.constructor && !d.virtual_function
        })
    }

    /// Whether class `c` itself declares a copy or move constructor.
    pub(super) fn declares_copy_constructor(&mut self, c: ClassId) -> bool {
        self.declared(c).copy_constructor.is_some()
    }

    /// No user-provided copy or move constructor, nothing virtual.
    pub(super) fn trivially_copy_constructible(&mut self, ty: &Ty) -> bool {
        !ty.is_ref()
            && self.holds_throughout(ty, true, |s, c| {
                let d = s.declared(c);
                d.copy_constructor.is_none() && !d.virtual_function
            })
    }

    pub(super) fn trivially_destructible(&mut self, ty: &Ty) -> bool {
        self.holds_throughout(ty, true, |s, c| {
            let d = s.declared(c);
            d.destructor.is_none() && !d.virtual_destructor
        })
    }

    /// No virtual functions, fields of standard-layout types, and the
    /// fields in at most one class of the hierarchy.
    fn standard_layout(&mut self, ty: &Ty) -> bool {
        self.holds_throughout(ty, false, |s, c| {
            let with_fields = |s: &Self, x: ClassId| !s.class(x).fields.is_empty();
            let classes_with_fields = usize::from(with_fields(s, c))
                + s.bases(c).iter().filter(|b| with_fields(s, **b)).count();
            !s.is_polymorphic(c) && classes_with_fields <= 1
        })
    }

    /// `std::declval<T>()`: an lvalue for `T&`, else an rvalue of `T`.
    fn declval(ty: &Ty, span: Span) -> TExpr {
        let (ty, lvalue) = match ty {
            Ty::LRef(t, _) => ((**t).clone(), true),
            Ty::RRef(t) => ((**t).clone(), false),
            t => (t.clone(), false),
        };
        TExpr {
            kind: TK::HostOnly("declval".into()),
            ty,
            lvalue,
            span,
        }
    }

    fn is_convertible(&mut self, from: &Ty, to: &Ty, span: Span) -> bool {
        match (from, to) {
            (Ty::Void, Ty::Void) => true,
            (Ty::Void, _) | (_, Ty::Void) | (_, Ty::Array(..)) | (_, Ty::Function { .. }) => false,
            _ => {
                let e = Self::declval(from, span);
                self.conversion_rank(&e, to).is_some()
            }
        }
    }

    fn is_constructible(&mut self, ty: &Ty, args: &[Ty], span: Span) -> bool {
        match (ty, args) {
            (Ty::Void | Ty::Function { .. }, _) => false,
            (Ty::Class(c), _) => {
                let c = *c;
                if self.is_abstract(c) {
                    return false;
                }
                let args: Vec<TExpr> = args.iter().map(|a| Self::declval(a, span)).collect();
                let mut diags = vec![];
                let built = self.construct(c, args, span, &mut diags);
                !built.ty.is_error() && !diags.iter().any(|d| d.severity == Severity::Error)
            }
            (Ty::LRef(..) | Ty::RRef(_), []) => false,
            (Ty::Array(..), []) => self.is_constructible(&array_elem(ty), &[], span),
            (_, []) => true,
            (_, [from]) => self.is_convertible(from, ty, span) || explicit_scalar(from, ty),
            _ => false,
        }
    }

    fn is_assignable(&mut self, to: &Ty, from: &Ty, span: Span) -> bool {
        match to {
            Ty::LRef(t, is_const) => !is_const && self.is_convertible(from, t, span),
            Ty::Class(_) => self.is_convertible(from, to, span),
            _ => false,
        }
    }
}

/// The innermost element type of an array type.
fn array_elem(ty: &Ty) -> Ty {
    match ty {
        Ty::Array(e, _) => array_elem(e),
        t => t.clone(),
    }
}

/// A conversion a cast makes between scalars that no implicit one does
/// (`int` from an enumeration, a pointer from another pointer).
fn explicit_scalar(from: &Ty, to: &Ty) -> bool {
    let scalar = |t: &Ty| {
        matches!(
            t.non_ref(),
            Ty::Bool | Ty::Int(_) | Ty::Float(_) | Ty::Enum(_)
        )
    };
    scalar(from) && scalar(to)
}
