//! Braced-init-list call arguments (`q.parallel_for(r, {e1, e2}, k)`,
//! `f({1, 2})`): a list has no type of its own; overload resolution ranks it
//! against each parameter, and the chosen parameter's type is then
//! list-initialized from it.

use super::convert::{Rank, EXACT, USER};
use super::thir::{Expr as TExpr, ExprKind as TK};
use super::*;
use crate::front::ast::{self as a, FunctionKind};

impl Sema {
    /// How well the braced list `items` initializes a parameter of type `to`:
    /// an approximation of [over.ics.list] by arity.
    pub(crate) fn braced_list_rank(&mut self, items: &[a::Expr], to: &Ty) -> Option<Rank> {
        let n = items.len();
        match to.non_ref() {
            // `f({a, b})` for `f(std::initializer_list<E>)`.
            Ty::Class(c) if self.initializer_list_element(*c).is_some() => {
                let elem = self.initializer_list_element(*c)?;
                self.list_elements_rank(items, &elem)
            }
            Ty::Class(c) => {
                let c = *c;
                // `{x}` with x of the class (or a class derived from it)
                // converts as x does ([over.ics.list]).
                if n == 1 {
                    if let Some(t) = self.probe_type(&items[0]) {
                        if self.same_or_base(&t, &Ty::Class(c)) {
                            return Some(EXACT);
                        }
                    }
                }
                // An initializer-list constructor, if every item converts
                // to the list's element type (`{id1, id2}` is no
                // `std::vector<device>`); else the other constructors.
                if n > 0 {
                    if let Some(list) = self.initializer_list_param(c) {
                        if self.items_convert_to_list_elements(items, &list) {
                            return Some(USER);
                        }
                    }
                }
                if self.is_aggregate(c) {
                    self.complete_class(c);
                    let slots = self.class(c).fields.len() + self.class(c).bases.len();
                    return (n <= slots).then_some(USER);
                }
                let ctors: Vec<Rc<a::FunctionDecl>> = self
                    .constructors(c)
                    .into_iter()
                    .filter(|d| {
                        let required = d
                            .params
                            .iter()
                            .filter(|p| p.default.is_none() && !p.pack)
                            .count();
                        let packs = d.params.iter().any(|p| p.pack);
                        !d.deleted && required <= n && (packs || n <= d.params.len())
                    })
                    .collect();
                if ctors.is_empty() {
                    return None;
                }
                // Where every item has a type of its own, a constructor fits
                // only if each converts to its parameter (`acc[{i, j}]` is an
                // `id<2>`, not an `item<2>` made of a range and an id).
                let item_types: Option<Vec<(Ty, bool)>> = items
                    .iter()
                    .map(|x| match &x.kind {
                        a::ExprKind::InitList(_) | a::ExprKind::PackExpansion(_) => None,
                        _ => self.probe_type(x).map(|t| (t, false)),
                    })
                    .collect();
                let (Some(item_types), Some(first)) = (item_types, items.first()) else {
                    return Some(USER);
                };
                let span = first.span;
                let env = self.class(c).env.clone();
                let instances = self.member_instances(c, &env, ctors, &item_types);
                let fits = instances.into_iter().any(|f| {
                    let params = self.func(f).params.clone();
                    item_types.iter().zip(&params).all(|((t, _), p)| {
                        let probe = TExpr {
                            kind: TK::Error,
                            ty: t.clone(),
                            lvalue: false,
                            span,
                        };
                        self.conversion_rank(&probe, p).is_some()
                    })
                });
                fits.then_some(USER)
            }
            Ty::Array(_, len) => (n as u64 <= *len).then_some(USER),
            Ty::Error => Some(EXACT),
            _ => (n <= 1).then_some(EXACT),
        }
    }

    /// Whether every item of `items` whose type is known converts to the
    /// element type of `list` (a `std::initializer_list<E>`).
    pub(super) fn items_convert_to_list_elements(&mut self, items: &[a::Expr], list: &Ty) -> bool {
        let elem = match list {
            Ty::Class(l) => self.initializer_list_element(*l),
            _ => None,
        };
        match elem {
            Some(elem) => self.list_elements_rank(items, &elem).is_some(),
            None => true,
        }
    }

    /// The worst conversion of an item of `items` whose type is known to
    /// `elem` ([over.ics.list]/5), None if one does not convert.
    fn list_elements_rank(&mut self, items: &[a::Expr], elem: &Ty) -> Option<Rank> {
        let mut worst = EXACT;
        for x in items {
            if matches!(
                x.kind,
                a::ExprKind::InitList(_) | a::ExprKind::PackExpansion(_)
            ) {
                continue;
            }
            let Some(t) = self.probe_type(x) else {
                continue;
            };
            let probe = TExpr {
                kind: TK::Error,
                ty: t,
                lvalue: false,
                span: x.span,
            };
            worst = worst.max(self.conversion_rank(&probe, elem)?);
        }
        Some(worst)
    }

    /// A parameter of type `to` initialized from the braced list `items`.
    pub(crate) fn convert_braced_list(&mut self, items: &[a::Expr], to: &Ty, span: Span) -> TExpr {
        let value = self.list_init(to.non_ref(), items, span);
        if to.is_ref() {
            super::convert::materialize(value)
        } else {
            value
        }
    }

    /// The `std::initializer_list<E>` parameter type of an initializer-list
    /// constructor of `c` (its first parameter is the list, any others have
    /// default arguments: `vector(initializer_list<T>, const Alloc& = Alloc())`),
    /// if it has one.
    pub(crate) fn initializer_list_param(&mut self, c: ClassId) -> Option<Ty> {
        let env = self.class(c).env.clone();
        for d in self.constructors(c) {
            let Some((p, rest)) = d.params.split_first() else {
                continue;
            };
            if rest.iter().any(|q| q.default.is_none()) {
                continue;
            }
            let t = self.resolve_type(&p.ty, Ctx::Class(c), &env, &mut vec![]);
            if let Ty::Class(l) = t.non_ref() {
                if self.initializer_list_element(*l).is_some() {
                    return Some(t.non_ref().clone());
                }
            }
        }
        None
    }

    /// The constructor declarations of class `c`.
    pub(crate) fn constructors(&self, c: ClassId) -> Vec<Rc<a::FunctionDecl>> {
        let name = self.class(c).name.clone();
        self.class(c)
            .methods
            .iter()
            .filter(|m| m.kind == FunctionKind::Constructor && m.name.last().ident == name)
            .cloned()
            .collect()
    }

    /// A braced list as a call argument, before overload resolution.
    pub(crate) fn braced_list_arg(items: &[a::Expr], span: Span) -> TExpr {
        TExpr {
            kind: TK::BracedList(items.to_vec()),
            ty: Ty::Void,
            lvalue: false,
            span,
        }
    }
}
