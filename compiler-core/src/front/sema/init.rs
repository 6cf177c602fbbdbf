//! Initialization from braced lists (C++17 [dcl.init.list], [dcl.init.aggr]):
//! aggregates of classes and arrays with brace elision and designators,
//! list-initialization through constructors, scalars from one element, and
//! the default member initializers that fill what a list leaves out.

use super::thir::{Expr as TExpr, ExprKind as TK};
use super::*;
use crate::front::ast::{self as a, ExprKind};

/// One element of a braced list, checked once before it is placed.
enum Item<'a> {
    Value(TExpr),
    Braced(&'a [a::Expr], Span),
    Designated(Rc<str>, Box<Item<'a>>, Span),
}

impl Item<'_> {
    fn span(&self) -> Span {
        match self {
            Item::Value(e) => e.span,
            Item::Braced(_, s) | Item::Designated(_, _, s) => *s,
        }
    }
}

impl Sema {
    /// An object of type `ty` list-initialized from the elements `items`.
    pub(crate) fn list_init(&mut self, ty: &Ty, items: &[a::Expr], span: Span) -> TExpr {
        match ty {
            Ty::Error => {
                self.check_items(items);
                TExpr::error(span)
            }
            // `std::initializer_list<float> l = {1.f, 2.f}`, a parameter
            // initialized from `{a, b}`.
            Ty::Class(c) if self.initializer_list_element(*c).is_some() => {
                self.initializer_list_object(*c, items, span)
            }
            Ty::Class(c) if !self.is_aggregate(*c) => {
                let list_ctor = self.initializer_list_param(*c).filter(|list| {
                    !items.is_empty() && self.items_convert_to_list_elements(items, list)
                });
                if let Some(Ty::Class(list)) = list_ctor {
                    // `small_vec v{1.f, 2.f}`: the initializer-list
                    // constructor, when every item converts to its element
                    // type ([over.match.list]/1).
                    let list = self.initializer_list_object(list, items, span);
                    let mut d = vec![];
                    let e = self.construct(*c, vec![list], span, &mut d);
                    self.report_all(d);
                    return e;
                }
                // `nd_range<1>{{n}, {g}}`: a nested list is a braced-list
                // argument, converted once the constructor is chosen.
                let args = self
                    .check_items(items)
                    .into_iter()
                    .map(|it| match it {
                        Some(Item::Value(v)) => v,
                        Some(Item::Braced(inner, sp)) => Sema::braced_list_arg(inner, sp),
                        Some(other) => {
                            let sp = other.span();
                            self.report(
                                sp,
                                "a designated initializer is not a constructor argument",
                            );
                            TExpr::error(sp)
                        }
                        None => TExpr::error(span),
                    })
                    .collect();
                let mut d = vec![];
                let e = self.construct(*c, args, span, &mut d);
                self.report_all(d);
                e
            }
            // `{x}` with x of the aggregate's class: a copy of x.
            Ty::Class(c)
                if items.len() == 1
                    && !matches!(items[0].kind, a::ExprKind::InitList(_))
                    && self
                        .probe_type(&items[0])
                        .is_some_and(|t| self.same_or_base(&t, &Ty::Class(*c))) =>
            {
                let x = self.check_expr(&items[0]);
                let mut d = vec![];
                let v = self.convert(x, ty, &mut d);
                self.report_all(d);
                v
            }
            Ty::Class(_) | Ty::Array(..) => {
                let elems = self.check_items(items);
                self.aggregate_items(ty, elems, span)
            }
            _ => self.scalar_list_init(ty, items, span),
        }
    }

    /// An aggregate `ty` initialized from the list elements `elems`.
    fn aggregate_items(&mut self, ty: &Ty, mut elems: Vec<Option<Item<'_>>>, span: Span) -> TExpr {
        let mut pos = 0;
        let e = self.aggregate(ty, &mut elems, &mut pos, span);
        match elems.get(pos).and_then(|x| x.as_ref()) {
            // A designator after the last field it could name.
            Some(Item::Designated(name, _, sp)) => {
                let (name, sp) = (name.clone(), *sp);
                let known = matches!(ty, Ty::Class(c)
                            if self.class(*c).fields.iter().any(|f| f.name == name));
                let msg = if known {
                    format!("designator '.{name}' is out of order (C++ requires declaration order)")
                } else {
                    format!(
                        "field designator '{name}' does not refer to any field in '{}'",
                        self.ty_name(ty)
                    )
                };
                self.report(sp, msg);
            }
            Some(extra) => {
                let what = if matches!(ty, Ty::Array(..)) {
                    "array"
                } else {
                    "struct"
                };
                let sp = extra.span();
                self.report(sp, format!("excess elements in {what} initializer"));
            }
            None => {}
        }
        e
    }

    /// An aggregate `ty` list-initialized from arguments already checked
    /// (a deduced class type's: `overloaded{l1, l2}` deduced from the
    /// closures, which are not checked twice); a nested braced list is
    /// placed as written.
    pub(crate) fn aggregate_from_args(&mut self, ty: &Ty, args: Vec<TExpr>, span: Span) -> TExpr {
        let mut lists: Vec<(Vec<a::Expr>, Span)> = vec![];
        let mut slots: Vec<Result<TExpr, usize>> = vec![];
        for v in args {
            match v.kind {
                TK::BracedList(items) => {
                    lists.push((items, v.span));
                    slots.push(Err(lists.len() - 1));
                }
                _ => slots.push(Ok(v)),
            }
        }
        let elems = slots
            .into_iter()
            .map(|s| {
                Some(match s {
                    Ok(v) => Item::Value(v),
                    Err(i) => Item::Braced(&lists[i].0, lists[i].1),
                })
            })
            .collect();
        self.aggregate_items(ty, elems, span)
    }

    fn scalar_list_init(&mut self, ty: &Ty, items: &[a::Expr], span: Span) -> TExpr {
        match items {
            [] => self.value_init(ty, span),
            [one] => {
                let v = match &one.kind {
                    ExprKind::InitList(inner) => return self.scalar_list_init(ty, inner, span),
                    _ => self.check_expr(one),
                };
                self.convert_reporting(v, ty)
            }
            [_, second, ..] => {
                self.check_items(items);
                self.report(second.span, "excess elements in scalar initializer");
                TExpr::error(span)
            }
        }
    }

    /// Copy-initialization of `ty` from `v`, its diagnostics reported.
    fn convert_reporting(&mut self, v: TExpr, ty: &Ty) -> TExpr {
        let mut d = vec![];
        let e = self.convert(v, ty, &mut d);
        self.report_all(d);
        e
    }

    /// C++17 aggregates: no user-provided constructors, not a closure type.
    pub(crate) fn is_aggregate(&mut self, c: ClassId) -> bool {
        if self.class(c).closure.is_some() {
            return false;
        }
        self.complete_class(c);
        !self
            .constructors(c)
            .iter()
            .any(|m| !m.defaulted && !m.deleted)
    }

    fn check_items<'a>(&mut self, items: &'a [a::Expr]) -> Vec<Option<Item<'a>>> {
        let mut out = vec![];
        for x in items {
            match &x.kind {
                ExprKind::PackExpansion(p) => out.extend(
                    self.expand_expr(p, x.span)
                        .into_iter()
                        .map(|v| Some(Item::Value(v))),
                ),
                _ => out.push(Some(self.check_item(x))),
            }
        }
        out
    }

    fn check_item<'a>(&mut self, x: &'a a::Expr) -> Item<'a> {
        match &x.kind {
            ExprKind::InitList(inner) => Item::Braced(inner, x.span),
            ExprKind::Designated(name, value) => {
                Item::Designated(name.clone(), Box::new(self.check_item(value)), x.span)
            }
            _ => Item::Value(self.check_expr(x)),
        }
    }

    /// The elements of an aggregate: base subobjects, then fields (or the
    /// array elements), with field names for designators. A union has one:
    /// the member `designated` names, else its member with a default member
    /// initializer, else its first.
    fn aggregate_elements(
        &mut self,
        ty: &Ty,
        designated: Option<&str>,
    ) -> Vec<(Ty, Option<(ClassId, usize)>)> {
        match ty {
            Ty::Class(c) if self.is_union(*c) => {
                self.complete_class(*c);
                let fields = &self.class(*c).fields;
                let i = designated
                    .and_then(|name| fields.iter().position(|f| &*f.name == name))
                    .or_else(|| fields.iter().position(|f| f.default_init.is_some()))
                    .unwrap_or(0);
                fields
                    .get(i)
                    .map(|f| (f.ty.clone(), Some((*c, i))))
                    .into_iter()
                    .collect()
            }
            Ty::Class(c) => {
                self.complete_class(*c);
                let ci = self.class(*c);
                let mut out: Vec<_> = ci
                    .bases
                    .iter()
                    .map(|(b, _)| (Ty::Class(*b), None))
                    .collect();
                out.extend(
                    ci.fields
                        .iter()
                        .enumerate()
                        .map(|(i, f)| (f.ty.clone(), Some((*c, i)))),
                );
                out
            }
            Ty::Array(e, n) => (0..*n).map(|_| ((**e).clone(), None)).collect(),
            _ => vec![],
        }
    }

    /// Aggregate-initialize `ty` from `items[*pos..]`, consuming what it uses
    /// (brace elision lets a nested aggregate take elements of the outer list).
    fn aggregate(
        &mut self,
        ty: &Ty,
        items: &mut [Option<Item<'_>>],
        pos: &mut usize,
        span: Span,
    ) -> TExpr {
        let designated = match items.get(*pos) {
            Some(Some(Item::Designated(name, ..))) => Some(name.clone()),
            _ => None,
        };
        let elements = self.aggregate_elements(ty, designated.as_deref());
        let groups = self.variant_elements(ty);
        let group_of = |k: usize| groups.iter().find(|g| g.contains(&k)).cloned();
        let mut inits = Vec::with_capacity(elements.len());
        let mut k = 0;
        while k < elements.len() {
            let (ety, field) = &elements[k];
            // A designator names the next field to initialize; skipped ones
            // get their defaults.
            if let Some(Some(Item::Designated(name, _, sp))) = items.get(*pos) {
                let (name, sp) = (name.clone(), *sp);
                let target = elements.iter().position(|(_, f)| {
                    f.is_some_and(|(c, i)| self.class(c).fields[i].name == name)
                });
                match target {
                    Some(t) if t >= k => {
                        while k < t {
                            match group_of(k) {
                                // The union member designated is the one.
                                Some(g) if g.contains(&t) => inits.push(no_initializer(span)),
                                Some(g) => {
                                    self.variant_defaults(&elements, g.clone(), &mut inits, span);
                                    k = g.end;
                                    continue;
                                }
                                None => {
                                    let (ety, field) = &elements[k];
                                    inits.push(self.default_element(ety, *field, span));
                                }
                            }
                            k += 1;
                        }
                        let Some(Item::Designated(_, value, _)) = items[*pos].take() else {
                            unreachable!("matched above")
                        };
                        *pos += 1;
                        let ety = elements[k].0.clone();
                        inits.push(self.place_item(&ety, *value));
                        k += 1;
                        if let Some(g) = group_of(k - 1) {
                            while k < g.end {
                                inits.push(no_initializer(span));
                                k += 1;
                            }
                        }
                        continue;
                    }
                    Some(_) => {
                        self.report(
                            sp,
                            format!("designator '.{name}' is out of order (C++ requires declaration order)"),
                        );
                        items[*pos] = None;
                        *pos += 1;
                        continue;
                    }
                    None => {
                        self.report(
                            sp,
                            format!(
                                "field designator '{name}' does not refer to any field in '{}'",
                                self.ty_name(ty)
                            ),
                        );
                        items[*pos] = None;
                        *pos += 1;
                        continue;
                    }
                }
            }
            // An anonymous union takes one initializer, for its first
            // member; without one, its member with a default member
            // initializer (else its first) is initialized.
            let group = group_of(k);
            if let (Some(g), None) = (&group, items.get(*pos)) {
                self.variant_defaults(&elements, g.clone(), &mut inits, span);
                k = g.end;
                continue;
            }
            let init = match items.get(*pos) {
                None => self.default_element(ety, *field, span),
                Some(None) => {
                    *pos += 1;
                    TExpr::error(span)
                }
                Some(Some(Item::Value(v))) if self.elides_braces(ety, v) => {
                    let ety = ety.clone();
                    self.aggregate(&ety, items, pos, span)
                }
                Some(Some(_)) => {
                    let item = items[*pos].take().expect("present");
                    *pos += 1;
                    let ety = ety.clone();
                    self.place_item(&ety, item)
                }
            };
            inits.push(init);
            k += 1;
            if let Some(g) = group {
                while k < g.end {
                    inits.push(no_initializer(span));
                    k += 1;
                }
            }
        }
        TExpr {
            kind: TK::Aggregate(inits),
            ty: ty.clone(),
            lvalue: false,
            span,
        }
    }

    /// Whether a plain value initializes the first element of the aggregate
    /// `ety` (brace elision) rather than `ety` itself.
    fn elides_braces(&mut self, ety: &Ty, v: &TExpr) -> bool {
        match ety {
            Ty::Array(..) => true,
            Ty::Class(c) => v.ty.non_ref() != ety && !v.ty.is_error() && self.is_aggregate(*c),
            _ => false,
        }
    }

    fn place_item(&mut self, ety: &Ty, item: Item<'_>) -> TExpr {
        match item {
            Item::Value(v) => self.convert_reporting(v, ety),
            Item::Braced(inner, sp) => self.list_init(ety, inner, sp),
            Item::Designated(name, _, sp) => {
                self.report(
                    sp,
                    format!("designator '.{name}' inside an array or nested list is not supported"),
                );
                TExpr::error(sp)
            }
        }
    }

    /// The aggregate elements of `ty` (a class, not a union) that are the
    /// members of one of its anonymous unions, by union.
    fn variant_elements(&mut self, ty: &Ty) -> Vec<std::ops::Range<usize>> {
        match ty {
            Ty::Class(c) if !self.is_union(*c) => {
                self.complete_class(*c);
                let info = self.class(*c);
                let bases = info.bases.len();
                info.variant_groups
                    .iter()
                    .map(|g| g.start + bases..g.end + bases)
                    .collect()
            }
            _ => vec![],
        }
    }

    /// The elements of anonymous union `group` that the list does not
    /// mention: its member with a default member initializer (else its
    /// first) initialized so, the others not at all.
    fn variant_defaults(
        &mut self,
        elements: &[(Ty, Option<(ClassId, usize)>)],
        group: std::ops::Range<usize>,
        inits: &mut Vec<TExpr>,
        span: Span,
    ) {
        let active = group
            .clone()
            .find(|&k| {
                elements[k]
                    .1
                    .is_some_and(|(c, i)| self.class(c).fields[i].default_init.is_some())
            })
            .unwrap_or(group.start);
        for k in group {
            if k == active {
                let (ety, field) = &elements[k];
                inits.push(self.default_element(ety, *field, span));
            } else {
                inits.push(no_initializer(span));
            }
        }
    }

    /// An element the list does not mention: its default member
    /// initializer, else value-initialized.
    fn default_element(&mut self, ety: &Ty, field: Option<(ClassId, usize)>, span: Span) -> TExpr {
        if let Some((c, i)) = field {
            if let Some(e) = self.default_member_init(c, i) {
                // `this` in it is the object the aggregate initializes.
                return TExpr {
                    ty: e.ty.clone(),
                    lvalue: e.lvalue,
                    span: e.span,
                    kind: TK::MemberDefault(Box::new(e)),
                };
            }
            if self.class(c).fields[i].ty.is_ref() {
                let name = self.class(c).fields[i].name.clone();
                self.report(
                    span,
                    format!("reference member '{name}' is not initialized"),
                );
                return TExpr::error(span);
            }
        }
        self.value_init(ety, span)
    }

    /// Each base and member of class `c` initialized as an implicit (or
    /// defaulted) default constructor does: by its default member
    /// initializer, else value-initialized.
    pub(super) fn member_wise_default(&mut self, c: ClassId, span: Span) -> TExpr {
        let mut none: Vec<Option<Item<'_>>> = vec![];
        self.aggregate(&Ty::Class(c), &mut none, &mut 0, span)
    }

    /// Value-initialization: zero for scalars, the default constructor for
    /// classes with one, element-wise for aggregates and arrays.
    pub(crate) fn value_init(&mut self, ty: &Ty, span: Span) -> TExpr {
        match ty {
            Ty::Class(c) if !self.is_aggregate(*c) => {
                let mut d = vec![];
                let e = self.construct(*c, vec![], span, &mut d);
                self.report_all(d);
                e
            }
            Ty::Class(_) | Ty::Array(..) => {
                let mut none: Vec<Option<Item<'_>>> = vec![];
                self.aggregate(ty, &mut none, &mut 0, span)
            }
            _ => self.zero_value(ty, span),
        }
    }

    /// Whether default-initializing a `c` runs code: a default member
    /// initializer or a user-provided default constructor, of `c`, of a
    /// base or of a member object (arrays included). Such objects are
    /// constructed where C++ default-initializes them: locals and arrays
    /// declared without an initializer, and the bases and members a
    /// constructor's initializer list leaves out.
    /// Answered once per class.
    pub(crate) fn default_init_runs_code(&mut self, c: ClassId) -> bool {
        if let Some(&known) = self.default_init_runs_code.get(&c) {
            return known;
        }
        self.complete_class(c);
        let user_default = self.constructors(c).iter().any(|m| {
            !m.defaulted && !m.deleted && m.params.iter().all(|p| p.default.is_some() || p.pack)
        });
        let info = self.class(c);
        let runs = user_default || info.fields.iter().any(|f| f.default_init.is_some()) || {
            let mut inner: Vec<ClassId> = info.bases.iter().map(|b| b.0).collect();
            inner.extend(info.fields.iter().filter_map(|f| element_class(&f.ty)));
            inner
                .into_iter()
                .any(|k| k != c && self.default_init_runs_code(k))
        };
        self.default_init_runs_code.insert(c, runs);
        runs
    }

    /// Whether default-initializing an object of type `ty` (a class, or an
    /// array of them) runs code ([`Sema::default_init_runs_code`]).
    pub(crate) fn default_init_of_type_runs_code(&mut self, ty: &Ty) -> bool {
        element_class(ty).is_some_and(|c| self.default_init_runs_code(c))
    }

    /// The default member initializer of field `i` of `c`, checked in the
    /// class's scope and converted to the field's type.
    pub(crate) fn default_member_init(&mut self, c: ClassId, i: usize) -> Option<TExpr> {
        let field = self.class(c).fields.get(i)?.clone();
        let init = field.default_init?;
        self.enter_class_scope(c);
        let e = match &init {
            a::Initializer::Assign(x) => match &x.kind {
                ExprKind::InitList(items) => self.list_init(&field.ty, items, x.span),
                _ => {
                    let v = self.check_expr(x);
                    self.convert_reporting(v, &field.ty)
                }
            },
            a::Initializer::Brace(items, sp, _) => self.list_init(&field.ty, items, *sp),
            a::Initializer::Paren(args, sp) => {
                let args = self.check_args(args);
                self.init_value(&field.ty, args, *sp)
                    .unwrap_or_else(|| TExpr::error(*sp))
            }
        };
        self.leave_class_scope();
        Some(e)
    }
}

/// The element of an aggregate for an anonymous union's member that is not
/// the one initialized: nothing (its bytes are the initialized member's).
fn no_initializer(span: Span) -> TExpr {
    TExpr {
        kind: TK::StmtExpr(vec![], None),
        ty: Ty::Void,
        lvalue: false,
        span,
    }
}

/// The class of `ty`, or of its (nested) array elements.
fn element_class(ty: &Ty) -> Option<ClassId> {
    match ty {
        Ty::Class(c) => Some(*c),
        Ty::Array(e, _) => element_class(e),
        _ => None,
    }
}
