//! `std::initializer_list<E>` made from braced lists ([dcl.init.list]/5):
//! the list is a hidden array of `E` holding the converted items and a
//! `std::initializer_list<E>` built from a pointer to its first element and
//! its length (the private constructor of the model `<initializer_list>`).
//! The array is a local whose address is taken, so in device code it lives
//! in per-work-item memory and the list's pointer resolves into it like any
//! pointer to a local array.
//!
//! Also the element type a braced list gives `E`: for `auto x = {...}`
//! ([dcl.type.auto.deduct]) and for a function template parameter
//! `initializer_list<P>` ([temp.deduct.call]/1), deduced from each item,
//! where the items must agree.

use super::templates::decay;
use super::thir::{Expr as TExpr, ExprKind as TK, Stmt as TStmt};
use super::*;
use crate::front::ast::{self as a, ExprKind, NamePart, QualName, TemplateArg, TypeExprKind};

/// Why a braced list gives no element type.
pub(crate) enum ElementTypeError {
    /// Two items of different types (`{1, 2.0}`).
    Conflict { first: Ty, other: Ty, span: Span },
    /// An item without a type of its own (a nested braced list), or none.
    NoType(Span),
}

/// Why deduction from a braced-list argument failed.
pub(crate) struct ConflictingDeduction {
    pub param: Rc<str>,
    pub first: Ty,
    pub other: Ty,
}

impl Sema {
    /// The element type `E` of class `c` if it is a `std::initializer_list<E>`.
    pub(crate) fn initializer_list_element(&self, c: ClassId) -> Option<Ty> {
        let (decl, args) = self.class(c).template.as_ref()?;
        if decl.name.as_deref() != Some("initializer_list") {
            return None;
        }
        match args.first()? {
            TArg::Type(t) | TArg::ConstType(t) => Some(t.clone()),
            _ => None,
        }
    }

    /// `std::initializer_list<elem>`, or `Ty::Error` where no
    /// `<initializer_list>` was included.
    pub(crate) fn initializer_list_of(&mut self, elem: &Ty, span: Span) -> Ty {
        if self.fn_stack.is_empty() {
            return Ty::Error;
        }
        let param: Rc<str> = Rc::from("__initializer_list_element");
        let part = |ident: &str, args: Option<Vec<TemplateArg>>| NamePart {
            ident: Rc::from(ident),
            template_args: args,
            span,
        };
        let elem_expr = a::TypeExpr::plain(
            TypeExprKind::Named(QualName::simple(param.clone(), span)),
            span,
        );
        let list = a::TypeExpr::plain(
            TypeExprKind::Named(QualName {
                global: true,
                parts: vec![
                    part("std", None),
                    part("initializer_list", Some(vec![TemplateArg::Type(elem_expr)])),
                ],
                span,
            }),
            span,
        );
        let (ctx, env) = self.ctx_env_naming(param, elem);
        self.resolve_type(&list, ctx, &env, &mut vec![])
    }

    /// The `std::initializer_list` class `list` made from the braced list
    /// `items`: `({ E __list_array[N] = {items...}; initializer_list<E>(__list_array, N); })`,
    /// or the default-constructed empty list for `{}`.
    pub(crate) fn initializer_list_object(
        &mut self,
        list: ClassId,
        items: &[a::Expr],
        span: Span,
    ) -> TExpr {
        let Some(elem) = self.initializer_list_element(list) else {
            return self.err(span, "internal: not a std::initializer_list");
        };
        let Some(func) = self.fn_stack.last().map(|f| f.func) else {
            // Outside a function body no function owns the array: host
            // code only, as device code reads no global that points into
            // memory.
            return TExpr {
                kind: TK::HostOnly("a std::initializer_list outside a function".into()),
                ty: Ty::Class(list),
                lvalue: false,
                span,
            };
        };
        let len = self.list_len(items) as u64;
        if len == 0 {
            // `{}`: the empty list, with no array behind it.
            let mut d = vec![];
            let value = self.construct(list, vec![], span, &mut d);
            self.report_all(d);
            return value;
        }
        let array_ty = Ty::Array(Box::new(elem.clone()), len);
        let array_init = self.list_init(&array_ty, items, span);
        let array = self.new_var(Rc::from("__list_array"), array_ty.clone(), Some(func), span);
        let array_ref = TExpr {
            kind: TK::Var(array),
            ty: array_ty,
            lvalue: true,
            span,
        };
        let first = self.rvalue(array_ref);
        let size = TExpr {
            kind: TK::IntLit(len as i128),
            ty: Ty::size_t(),
            lvalue: false,
            span,
        };
        let mut d = vec![];
        let value = self.construct(list, vec![first, size], span, &mut d);
        self.report_all(d);
        TExpr {
            ty: value.ty.clone(),
            kind: TK::StmtExpr(
                vec![TStmt::Decl(array, Some(array_init))],
                Some(Box::new(value)),
            ),
            lvalue: false,
            span,
        }
    }

    /// The types of the items of a braced list (pack expansions expanded),
    /// with their spans; None for an item with no type of its own.
    fn list_item_types(&mut self, items: &[a::Expr]) -> Vec<(Option<Ty>, Span)> {
        let mut out = vec![];
        for x in items {
            match &x.kind {
                ExprKind::InitList(_) | ExprKind::Designated(..) => out.push((None, x.span)),
                ExprKind::PackExpansion(p) => match self.expansion_in_body(p) {
                    Ok(exp) => {
                        for i in 0..exp.len {
                            let t = self.with_pack_element(&exp, i, |s| s.probe_type(p));
                            out.push((t, x.span));
                        }
                    }
                    Err(_) => out.push((None, x.span)),
                },
                _ => out.push((self.probe_type(x), x.span)),
            }
        }
        out
    }

    /// The element type `auto x = {items...}` deduces: the decayed type of
    /// every item, which must be one type.
    fn list_element_type(&mut self, items: &[a::Expr], span: Span) -> Result<Ty, ElementTypeError> {
        let mut found: Option<Ty> = None;
        for (t, sp) in self.list_item_types(items) {
            let t = decay(&t.ok_or(ElementTypeError::NoType(sp))?);
            match &found {
                Some(first) if *first != t => {
                    return Err(ElementTypeError::Conflict {
                        first: first.clone(),
                        other: t,
                        span: sp,
                    })
                }
                Some(_) => {}
                None => found = Some(t),
            }
        }
        found.ok_or(ElementTypeError::NoType(span))
    }

    /// The type `auto x = {items...}` gives `x`: `std::initializer_list<E>`
    /// of the items' type; else an error (in clang's words) and `Ty::Error`.
    pub(crate) fn auto_list_type(&mut self, items: &[a::Expr], span: Span) -> Ty {
        let elem = self.reported_element_type(items, span);
        if elem.is_error() {
            return elem;
        }
        let list = self.initializer_list_of(&elem, span);
        if list.is_error() {
            self.report(span, "cannot deduce type of initializer list because std::initializer_list was not found; include <initializer_list>");
        }
        list
    }

    /// The element type of the braced list `items` (`for (auto x : {a, b})`
    /// iterates over one); else an error (in clang's words) and `Ty::Error`.
    pub(crate) fn reported_element_type(&mut self, items: &[a::Expr], span: Span) -> Ty {
        match self.list_element_type(items, span) {
            Ok(elem) => elem,
            Err(e) => {
                let (sp, msg) = self.element_type_message(&e);
                self.report(sp, msg);
                Ty::Error
            }
        }
    }

    fn element_type_message(&self, e: &ElementTypeError) -> (Span, String) {
        match e {
            ElementTypeError::Conflict { first, other, span } => (
                *span,
                format!(
                    "deduced conflicting types ('{}' vs '{}') for initializer list element type",
                    self.ty_name(first),
                    self.ty_name(other)
                ),
            ),
            ElementTypeError::NoType(span) => (
                *span,
                "cannot deduce the element type of a std::initializer_list from this braced list"
                    .into(),
            ),
        }
    }

    /// What the braced-list arguments of a call deduce for function
    /// template `f` ([temp.deduct.call]/1): a parameter `initializer_list<P>`
    /// (or a reference to one) deduces `P` from each item whose type is
    /// known, and the items must agree. Parameters given explicitly are
    /// not deduced; other braced lists deduce nothing.
    pub(crate) fn deduce_from_braced_lists(
        &mut self,
        f: &a::FunctionDecl,
        ctx: Ctx,
        env: &Rc<Env>,
        explicit: usize,
        args: &[TExpr],
    ) -> Result<Bindings, ConflictingDeduction> {
        let mut known: Bindings = vec![];
        let Some(th) = f.template.as_ref() else {
            return Ok(known);
        };
        let params: Vec<Rc<str>> = th.params.iter().filter_map(|p| p.name.clone()).collect();
        let given: Vec<Rc<str>> = th
            .params
            .iter()
            .take(explicit)
            .filter_map(|p| p.name.clone())
            .collect();
        for (pd, arg) in f.params.iter().zip(args) {
            if pd.pack {
                break;
            }
            let TK::BracedList(items) = &arg.kind else {
                continue;
            };
            let Some(pattern) = list_element_pattern(&pd.ty) else {
                continue;
            };
            if super::templates::mentions_params(pattern, &given) {
                continue;
            }
            let mut deduced: Option<Bindings> = None;
            for (t, _) in self.list_item_types(items) {
                let Some(t) = t else { continue };
                let mut b = known.clone();
                if !self.deduce_param(pattern, &(t, false), &params, ctx, env, &mut b) {
                    continue;
                }
                match &deduced {
                    None => deduced = Some(b),
                    Some(first) => {
                        for (name, value) in &b {
                            let Some((_, old)) = first.iter().find(|(n, _)| n == name) else {
                                continue;
                            };
                            if let (
                                TArg::Type(x) | TArg::ConstType(x),
                                TArg::Type(y) | TArg::ConstType(y),
                            ) = (old, value)
                            {
                                if x != y {
                                    return Err(ConflictingDeduction {
                                        param: name.clone(),
                                        first: x.clone(),
                                        other: y.clone(),
                                    });
                                }
                            }
                        }
                    }
                }
            }
            if let Some(b) = deduced {
                known = b;
            }
        }
        Ok(known)
    }

    /// The note of a candidate whose braced-list items deduce different
    /// types (clang's words).
    pub(crate) fn conflicting_deduction_message(&self, c: &ConflictingDeduction) -> String {
        format!(
            "deduced conflicting types for parameter '{}' ('{}' vs. '{}')",
            c.param,
            self.ty_name(&c.first),
            self.ty_name(&c.other)
        )
    }
}

/// `P` of a parameter declared `initializer_list<P>`, `std::initializer_list<P>`
/// or a reference to one.
fn list_element_pattern(t: &a::TypeExpr) -> Option<&a::TypeExpr> {
    let t = match &t.kind {
        TypeExprKind::LRef(inner) | TypeExprKind::RRef(inner) => inner.as_ref(),
        _ => t,
    };
    let TypeExprKind::Named(q) = &t.kind else {
        return None;
    };
    let last = q.last();
    if &*last.ident != "initializer_list" {
        return None;
    }
    match last.template_args.as_deref() {
        Some([TemplateArg::Type(p)]) => Some(p),
        _ => None,
    }
}
