//! Which lvalues designate `const` objects, and which are xvalues. `Ty` keeps `const` only below
//! pointers and references, so an lvalue's own `const` comes from what it
//! names: taking its address makes a pointer to const (`&c` is `const int *`)
//! and a `T &` parameter deduces `T` as `const X` from it. The value
//! category of an object also picks among ref-qualified member functions.

use super::overload::Candidate;
use super::thir::{Expr as TExpr, ExprKind as TK};
use super::types::Ty;
use super::Sema;
use crate::front::ast::RefQualifier;

impl Sema {
    /// Whether `e`, which sema marks an lvalue, is an xvalue: a call
    /// returning an rvalue reference (`std::move(x)`, `std::forward<T>(x)`),
    /// which binds to `T&&` and to `const T&`, not to `T&`.
    pub(crate) fn is_xvalue(&self, e: &TExpr) -> bool {
        matches!(&e.kind, TK::Call(f, _) if matches!(self.func(*f).ret, Ty::RRef(_)))
    }

    /// Whether the lvalue `e` designates a `const` object: a variable
    /// declared `const` or a reference to const, a member or array element
    /// of one, what a pointer to const points to, or a call returning a
    /// reference to const.
    pub(crate) fn is_const_lvalue(&self, e: &TExpr) -> bool {
        match &e.kind {
            TK::Var(v) => {
                let var = self.var(*v);
                match &var.ty {
                    Ty::LRef(_, is_const) => *is_const,
                    Ty::RRef(_) => false,
                    _ => var.is_const,
                }
            }
            TK::Field(object, _) | TK::BaseSub(object, _) => self.is_const_lvalue(object),
            TK::Index(base, _) => match &base.ty {
                Ty::Ptr { pointee_const, .. } => *pointee_const,
                _ => self.is_const_lvalue(base),
            },
            TK::Deref(p) => matches!(
                p.ty,
                Ty::Ptr {
                    pointee_const: true,
                    ..
                }
            ),
            // `get(x)` returning `const int &`.
            TK::Call(f, _) => matches!(self.func(*f).ret, Ty::LRef(_, true)),
            TK::Cond(_, a, b) => self.is_const_lvalue(a) || self.is_const_lvalue(b),
            _ => false,
        }
    }
}

impl Sema {
    /// The candidates among member functions with ref-qualifiers that an
    /// object of `object`'s value category can call: an lvalue does not call
    /// `&&` ones; an rvalue calls `&&` ones where there are any (they bind
    /// it better), else only `const &` ones among the `&` ones.
    pub(crate) fn callable_on_value_category(
        &self,
        cands: &[Candidate],
        object: &TExpr,
    ) -> Vec<Candidate> {
        let rvalue = !object.lvalue || self.is_xvalue(object);
        let has_rvalue_overload = cands
            .iter()
            .any(|c| c.decl.ref_qualifier == Some(RefQualifier::Rvalue));
        cands
            .iter()
            .filter(|c| match c.decl.ref_qualifier {
                None => true,
                Some(RefQualifier::Rvalue) => rvalue,
                Some(RefQualifier::Lvalue) => !rvalue || (c.decl.is_const && !has_rvalue_overload),
            })
            .cloned()
            .collect()
    }
}
