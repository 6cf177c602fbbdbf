//! Class and array objects in constant evaluation: `constexpr` objects of
//! namespace, class or block scope (`constexpr Dims dims{4, 3};`,
//! `constexpr std::array<int, 3> sizes{2, 5, 7};`) read where a constant is
//! needed: their members (`dims.w`), elements (`sizes[2]`, through
//! `operator[]` too) and the results of their member functions
//! (`dims.area()`, `sizes.size()`), whose bodies the statement interpreter
//! runs with the object's members bound. Objects are built from braced
//! aggregate initializers (nested braces, brace elision for a class whose
//! one member is an array, designated initializers, default member
//! initializers, zero for the rest) or from a constexpr constructor whose
//! body is empty and whose member initializers are constants. Anything else
//! (base classes, bit-fields, pointers) is not a constant for us, never a
//! wrong one.

use super::constexpr_body::{Item, Machine};
use super::thir::{Expr as TExpr, ExprKind as TK};
use super::*;
use crate::front::ast::{Expr, ExprKind, FunctionDecl, Initializer, StmtKind};

/// The value of an object in constant evaluation.
#[derive(Clone, Debug)]
pub(crate) enum ConstValue {
    /// An integral, `bool` or enumeration value.
    Int(i128),
    /// A `float` or `double` value, exactly representable in its type
    /// (see `const_arith.rs`).
    Float(f64, FloatKind),
    /// A closure object (see `constexpr_lambdas.rs`).
    Closure(Rc<super::constexpr_lambdas::ClosureValue>),
    Array(Vec<ConstValue>),
    /// A class object: its members' values in declaration order.
    Object(ClassId, Vec<ConstValue>),
}

impl ConstValue {
    /// The value, if it is an integer.
    pub(super) fn int(&self) -> Option<i128> {
        match self {
            ConstValue::Int(v) => Some(*v),
            _ => None,
        }
    }
}

impl Sema {
    /// The value of the class or array object `e` designates, if constant.
    pub(super) fn const_object(&mut self, e: &Expr, ctx: Ctx, env: &Rc<Env>) -> Option<ConstValue> {
        match &e.kind {
            ExprKind::Name(q) => {
                if q.is_simple() {
                    if let Some(v) = self.local_var(ctx, &q.last().ident) {
                        let init = self.var(v).constant_init.clone()?;
                        return self.thir_object(&init);
                    }
                }
                let id = self.named_variable(q, ctx, env)?;
                self.global_object(id)
            }
            ExprKind::Member {
                base,
                arrow: false,
                name,
            } if name.is_simple() => {
                let object = self.const_object(base, ctx, env)?;
                self.member_value(object, &name.last().ident)
            }
            ExprKind::Index(base, index) => {
                let k = usize::try_from(self.const_eval_ast(index, ctx, env)?).ok()?;
                match self.const_object(base, ctx, env)? {
                    ConstValue::Array(elems) => elems.get(k).cloned(),
                    _ => None,
                }
            }
            ExprKind::Construct(t, args, _) => {
                let ty = self.resolve_type(t, ctx, env, &mut vec![]);
                let items = self.ast_items(args, ctx, env)?;
                self.object_from_values(&ty, &items, ctx, env)
            }
            ExprKind::Call(callee, args) => self
                .const_call_object(callee, args, ctx, env)
                .or_else(|| self.const_object_by_machine(e, ctx, env)),
            // Overloaded operators of classes.
            ExprKind::Binary(..) | ExprKind::Unary(..) => self.const_object_by_machine(e, ctx, env),
            _ => None,
        }
    }

    /// The object `e` computes, run by the expression interpreter (member
    /// functions and operators returning objects).
    fn const_object_by_machine(&mut self, e: &Expr, ctx: Ctx, env: &Rc<Env>) -> Option<ConstValue> {
        let mut m = Machine::new(ctx, env.clone());
        self.eval_value(&mut m, e)
            .filter(|v| matches!(v, ConstValue::Array(_) | ConstValue::Object(..)))
    }

    /// `object.name` of a constant object, when it is an integer.
    pub(super) fn const_member(
        &mut self,
        base: &Expr,
        name: &str,
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Option<i128> {
        let object = self.const_object(base, ctx, env)?;
        self.member_value(object, name)?.int()
    }

    /// `base[k]` of a constant array or of a class object with an
    /// `operator[]`, when it is an integer.
    pub(super) fn const_element(
        &mut self,
        base: &Expr,
        index: &Expr,
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Option<i128> {
        match self.const_object(base, ctx, env)? {
            ConstValue::Array(elems) => {
                let k = usize::try_from(self.const_eval_ast(index, ctx, env)?).ok()?;
                elems.get(k)?.int()
            }
            object @ ConstValue::Object(..) => {
                let k = self.const_eval_ast(index, ctx, env)?;
                self.run_method(object, "operator[]", &[ConstValue::Int(k)])?
                    .0
                    .int()
            }
            _ => None,
        }
    }

    /// `base.name(args)` on a constant object: the member function's body
    /// run with the object's members bound.
    pub(super) fn const_method_call(
        &mut self,
        base: &Expr,
        name: &str,
        args: &[Expr],
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Option<i128> {
        let object = self.const_object(base, ctx, env)?;
        let values = self.const_arguments(args, ctx, env)?;
        self.run_method(object, name, &values)?.0.int()
    }

    /// Call arguments as values: scalars and closures, or constant objects.
    pub(super) fn const_arguments(
        &mut self,
        args: &[Expr],
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Option<Vec<ConstValue>> {
        args.iter()
            .map(|a| match self.const_value_ast(a, ctx, env) {
                Some(v) => Some(v),
                None => self.const_object(a, ctx, env),
            })
            .collect()
    }

    /// Runs member function `name` of a class object: the `const` one
    /// where both exist; several candidates of that arity are not
    /// evaluated. Its result, and the object after the call.
    /// Constant object expression `e` converted to an integer (see
    /// [`Self::const_converted_to_integer`]).
    pub(super) fn const_object_as_integer(
        &mut self,
        e: &Expr,
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Option<i128> {
        let object = self.const_object(e, ctx, env)?;
        self.const_converted_to_integer(&object)
    }

    /// Constant object `object` converted to an integer by the one
    /// `constexpr` conversion function of its class (or of a base) to an
    /// integral, `bool` or enumeration type: `integral_constant`'s
    /// `operator value_type()`. A base's function sees no members.
    pub(super) fn const_converted_to_integer(&mut self, object: &ConstValue) -> Option<i128> {
        let ConstValue::Object(c, _) = object else {
            return None;
        };
        if self.constexpr_depth >= super::consteval::MAX_CONSTEXPR_DEPTH {
            return None;
        }
        let to_integer: Vec<FuncId> = self
            .conversion_functions(*c)
            .into_iter()
            .filter(|(f, rt)| {
                let decl = &self.func(*f).decl;
                decl.is_constexpr
                    && decl.body.is_some()
                    && (rt.is_integral() || matches!(rt, Ty::Bool | Ty::Enum(_)))
            })
            .map(|(f, _)| f)
            .collect();
        let [f] = to_integer.as_slice() else {
            return None;
        };
        let (decl, fctx, fenv) = {
            let fi = self.func(*f);
            (fi.decl.clone(), fi.ctx, fi.env.clone())
        };
        let mut m = Machine::new(fctx, fenv);
        if fctx == Ctx::Class(*c) {
            self.bind_constexpr_members(&mut m, object);
        }
        let body = decl.body.clone()?;
        self.constexpr_depth += 1;
        let result = self.run_constexpr_body(&mut m, &body);
        self.constexpr_depth -= 1;
        result
    }

    pub(super) fn run_method(
        &mut self,
        object: ConstValue,
        name: &str,
        args: &[ConstValue],
    ) -> Option<(ConstValue, Option<ConstValue>)> {
        let ConstValue::Object(c, _) = &object else {
            return None;
        };
        let c = *c;
        if self.constexpr_depth >= super::consteval::MAX_CONSTEXPR_DEPTH {
            return None;
        }
        let mut found: Vec<(Rc<FunctionDecl>, Ctx, Rc<Env>)> = self
            .class_lookup(c, name)
            .into_iter()
            .filter_map(|e| match e {
                Entity::Function(d, dctx, denv)
                    if d.template.is_none()
                        && !d.is_static
                        && d.body.is_some()
                        && d.params.len() == args.len() =>
                {
                    Some((d, dctx, denv))
                }
                _ => None,
            })
            .collect();
        found.retain(|(d, dctx, denv)| {
            let (d, dctx, denv) = (d.clone(), *dctx, denv.clone());
            self.params_accept(&d.params, dctx, &denv, args)
        });
        if found.iter().any(|(d, ..)| d.is_const) {
            found.retain(|(d, ..)| d.is_const);
        }
        let [(decl, dctx, denv)] = found.as_slice() else {
            return None;
        };
        // The members of the class the function is declared in.
        if *dctx != Ctx::Class(c) {
            return None;
        }
        let (decl, dctx, denv) = (decl.clone(), *dctx, denv.clone());
        let ret = self.resolve_type(&decl.ret, dctx, &denv, &mut vec![]);
        let mut m = Machine::new(dctx, denv.clone()).returning(ret);
        self.bind_constexpr_members(&mut m, &object);
        self.bind_constexpr_args(&mut m, &decl.params, args, dctx, &denv)?;
        let body = decl.body.clone()?;
        self.constexpr_depth += 1;
        let result = self.run_constexpr_value(&mut m, &body);
        self.constexpr_depth -= 1;
        let after = self.constexpr_members_after(&m, &object);
        Some((result?, after))
    }

    /// Binds parameters to argument values in `m`: scalars converted to
    /// the parameter's type, objects of class or array type, closures, and
    /// the characters of a string literal for a `const char *`.
    pub(super) fn bind_constexpr_args(
        &mut self,
        m: &mut Machine,
        params: &[crate::front::ast::Param],
        args: &[ConstValue],
        dctx: Ctx,
        denv: &Rc<Env>,
    ) -> Option<()> {
        for (p, v) in params.iter().zip(args) {
            let Some(n) = &p.name else { continue };
            match v {
                ConstValue::Int(_) | ConstValue::Float(..) => {
                    self.bind_constexpr_param(m, n.clone(), &p.ty, v.clone())?
                }
                ConstValue::Closure(_) => Self::bind_captured_value(m, n.clone(), v.clone()),
                object => {
                    let ty = self.resolve_type(&p.ty, dctx, denv, &mut vec![]);
                    let ty = match (ty.non_ref(), object) {
                        (t @ (Ty::Class(_) | Ty::Array(..)), _) => t.clone(),
                        // `const char *s` bound to a string literal: its
                        // characters, read through `s[i]`.
                        (
                            Ty::Ptr {
                                pointee,
                                pointee_const: true,
                                ..
                            },
                            ConstValue::Array(chars),
                        ) if matches!(**pointee, Ty::Int(k) if k.size() == 1) => {
                            Ty::Array(pointee.clone(), chars.len() as u64)
                        }
                        _ => return None,
                    };
                    let value = match (&ty, object) {
                        (Ty::Array(elem, _), ConstValue::Array(elems)) if elem.is_integral() => {
                            ConstValue::Array(
                                elems
                                    .iter()
                                    .map(|e| super::const_arith::as_type(e.clone(), elem))
                                    .collect::<Option<Vec<_>>>()?,
                            )
                        }
                        _ => object.clone(),
                    };
                    Self::bind_constexpr_value(m, n.clone(), &ty, value);
                }
            }
        }
        Some(())
    }

    fn member_value(&mut self, object: ConstValue, name: &str) -> Option<ConstValue> {
        let ConstValue::Object(c, mut members) = object else {
            return None;
        };
        let k = self.class(c).fields.iter().position(|f| &*f.name == name)?;
        (k < members.len()).then(|| members.swap_remove(k))
    }

    /// The value of a `const` variable of namespace or class scope of class
    /// or array type, from its initializer.
    fn global_object(&mut self, id: VarId) -> Option<ConstValue> {
        let var = self.var(id);
        if !var.is_const || !matches!(var.ty, Ty::Class(_) | Ty::Array(..)) {
            return None;
        }
        let ty = var.ty.clone();
        let (decl, dctx, denv) = var.global.clone()?;
        if self.constexpr_depth >= super::consteval::MAX_CONSTEXPR_DEPTH {
            return None;
        }
        self.constexpr_depth += 1;
        let v = self.object_from_init(&ty, decl.init.as_ref(), dctx, &denv);
        self.constexpr_depth -= 1;
        v
    }

    fn object_from_init(
        &mut self,
        ty: &Ty,
        init: Option<&Initializer>,
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Option<ConstValue> {
        let items = match init {
            None => vec![],
            Some(Initializer::Brace(items, ..) | Initializer::Paren(items, _)) => {
                self.ast_items(items, ctx, env)?
            }
            Some(Initializer::Assign(e)) => self.ast_items(std::slice::from_ref(e), ctx, env)?,
        };
        // `T x = {...}` and `T x = y` initialize from the one item.
        match (init, items.as_slice()) {
            (Some(Initializer::Assign(_)), [item]) => self.item_value(ty, item, ctx, env),
            _ => self.object_from_values(ty, &items, ctx, env),
        }
    }

    /// The items of an initializer list, evaluated as constants.
    pub(super) fn ast_items(
        &mut self,
        items: &[Expr],
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Option<Vec<Item>> {
        items
            .iter()
            .map(|e| match &e.kind {
                ExprKind::InitList(inner) => Some(Item::List(self.ast_items(inner, ctx, env)?)),
                ExprKind::Designated(name, value) => Some(Item::Designated(
                    name.clone(),
                    Box::new(
                        self.ast_items(std::slice::from_ref(&**value), ctx, env)?
                            .pop()?,
                    ),
                )),
                _ => match self.const_value_ast(e, ctx, env) {
                    Some(v) => Some(Item::Value(v)),
                    None => Some(Item::Value(self.const_object(e, ctx, env)?)),
                },
            })
            .collect()
    }

    /// One item as the value of an object of type `ty`.
    fn item_value(&mut self, ty: &Ty, item: &Item, ctx: Ctx, env: &Rc<Env>) -> Option<ConstValue> {
        match (item, ty) {
            (Item::List(inner), _) => self.object_from_values(ty, inner, ctx, env),
            (Item::Value(ConstValue::Int(v)), Ty::Int(k)) => {
                Some(ConstValue::Int(super::consteval::wrap(*v, *k)))
            }
            (Item::Value(ConstValue::Int(v)), Ty::Bool) => Some(ConstValue::Int((*v != 0) as i128)),
            (Item::Value(v @ ConstValue::Int(_)), Ty::Enum(_)) => Some(v.clone()),
            (Item::Value(v @ ConstValue::Float(..)), Ty::Int(_) | Ty::Bool | Ty::Float(_)) => {
                super::const_arith::convert(v, ty)
            }
            (Item::Value(ConstValue::Int(v)), Ty::Float(_)) => {
                super::const_arith::convert(&ConstValue::Int(*v), ty)
            }
            // An array (or a string literal's characters) of at most as
            // many elements, the rest zero.
            (Item::Value(ConstValue::Array(elems)), Ty::Array(elem, n))
                if elems.len() as u64 <= *n && *n <= 1 << 16 =>
            {
                let mut elems = elems
                    .iter()
                    .map(|e| self.item_value(elem, &Item::Value(e.clone()), ctx, env))
                    .collect::<Option<Vec<_>>>()?;
                while (elems.len() as u64) < *n {
                    elems.push(self.object_from_values(elem, &[], ctx, env)?);
                }
                Some(ConstValue::Array(elems))
            }
            (Item::Value(v @ ConstValue::Object(c, _)), Ty::Class(t)) if c == t => Some(v.clone()),
            // A class made from one value by its constructor.
            (Item::Value(_), Ty::Class(_)) => {
                self.object_from_values(ty, std::slice::from_ref(item), ctx, env)
            }
            _ => None,
        }
    }

    /// An object of type `ty` initialized from a braced (or parenthesized)
    /// list of evaluated items.
    pub(super) fn object_from_values(
        &mut self,
        ty: &Ty,
        items: &[Item],
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Option<ConstValue> {
        match ty {
            Ty::Int(_) | Ty::Bool | Ty::Enum(_) | Ty::Float(_) => match items {
                [] => super::const_arith::convert(&ConstValue::Int(0), ty),
                [item] => self.item_value(ty, item, ctx, env),
                _ => None,
            },
            Ty::Array(elem, n) => {
                let n = usize::try_from(*n).ok()?;
                if items.len() > n || n > 1 << 16 {
                    return None;
                }
                (0..n)
                    .map(|i| match items.get(i) {
                        Some(item) => self.item_value(elem, item, ctx, env),
                        None => self.object_from_values(elem, &[], ctx, env),
                    })
                    .collect::<Option<Vec<_>>>()
                    .map(ConstValue::Array)
            }
            Ty::Class(c) => self.class_object(*c, items, ctx, env),
            _ => None,
        }
    }

    fn class_object(
        &mut self,
        c: ClassId,
        items: &[Item],
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Option<ConstValue> {
        self.complete_class(c);
        // A copy of an object of the class.
        if let [Item::Value(v @ ConstValue::Object(k, _))] = items {
            if *k == c {
                return Some(v.clone());
            }
        }
        // An object of an empty class (`std::is_integral<int>{}`, derived
        // from `integral_constant`): nothing to hold.
        if items.is_empty() && self.class(c).closure.is_none() && self.is_empty_class(c) {
            return Some(ConstValue::Object(c, vec![]));
        }
        let info = self.class(c);
        if !info.bases.is_empty() || !info.bit_fields.is_empty() || info.closure.is_some() {
            return None;
        }
        let fields = info.fields.clone();
        let class_env = info.env.clone();
        let ctors: Vec<Rc<FunctionDecl>> = self
            .constructors(c)
            .into_iter()
            .filter(|d| !d.deleted)
            .collect();
        if !ctors.is_empty() {
            return self.constructed_object(c, &fields, &ctors, items);
        }
        // Brace elision: `std::array<int, 3>{2, 5, 7}` initializes its one
        // array member from the list.
        let elided = matches!(fields.as_slice(), [f] if matches!(f.ty, Ty::Array(..)))
            && !matches!(items, [Item::List(_)] | [Item::Value(ConstValue::Array(_))])
            && !items.is_empty();
        if elided {
            let array = self.object_from_values(&fields[0].ty, items, ctx, env)?;
            return Some(ConstValue::Object(c, vec![array]));
        }
        if items.len() > fields.len() {
            return None;
        }
        let designated = items.iter().any(|e| matches!(e, Item::Designated(..)));
        let mut members = Vec::with_capacity(fields.len());
        for (i, f) in fields.iter().enumerate() {
            let given = if designated {
                items.iter().find_map(|e| match e {
                    Item::Designated(name, value) if *name == f.name => Some(&**value),
                    _ => None,
                })
            } else {
                items.get(i)
            };
            members.push(match given {
                Some(item) => self.item_value(&f.ty, item, ctx, env)?,
                None => self.default_member(c, f, &class_env)?,
            });
        }
        Some(ConstValue::Object(c, members))
    }

    /// A member not initialized by the list: its default member
    /// initializer, else zero.
    fn default_member(&mut self, c: ClassId, f: &Field, class_env: &Rc<Env>) -> Option<ConstValue> {
        match &f.default_init {
            Some(init) => self.object_from_init(&f.ty, Some(init), Ctx::Class(c), class_env),
            None => self.object_from_values(&f.ty, &[], Ctx::Class(c), class_env),
        }
    }

    /// An object made by a constexpr constructor (the only one of its
    /// arity, not a template) whose body is empty: its member initializers
    /// evaluated with the parameters bound to the integer arguments.
    fn constructed_object(
        &mut self,
        c: ClassId,
        fields: &[Field],
        ctors: &[Rc<FunctionDecl>],
        items: &[Item],
    ) -> Option<ConstValue> {
        let arity: Vec<&Rc<FunctionDecl>> = ctors
            .iter()
            .filter(|d| {
                let required = d.params.iter().filter(|p| p.default.is_none()).count();
                (required..=d.params.len()).contains(&items.len())
            })
            .collect();
        let [ctor] = arity.as_slice() else {
            return None;
        };
        let empty_body = matches!(&ctor.body, Some(s) if matches!(&s.kind, StmtKind::Compound(b) if b.is_empty()));
        if !ctor.is_constexpr || ctor.template.is_some() || !empty_body {
            return None;
        }
        let class_env = self.class(c).env.clone();
        let mut bindings = vec![];
        for (i, p) in ctor.params.iter().enumerate() {
            let value = match items.get(i) {
                Some(Item::Value(ConstValue::Int(v))) => *v,
                Some(_) => return None,
                None => self.const_eval_ast(p.default.as_deref()?, Ctx::Class(c), &class_env)?,
            };
            if let Some(n) = &p.name {
                bindings.push((n.clone(), TArg::Value(value)));
            }
        }
        let call_env = Rc::new(Env {
            using_dirs: Vec::new(),
            entities: Vec::new(),
            bindings,
            parent: Some(class_env.clone()),
        });
        let mut members = Vec::with_capacity(fields.len());
        for f in fields {
            let init = ctor
                .ctor_inits
                .iter()
                .find(|i| i.name.is_simple() && i.name.last().ident == f.name);
            members.push(match init {
                Some(i) => {
                    let args = self.ast_items(&i.args, Ctx::Class(c), &call_env)?;
                    match args.as_slice() {
                        [item] => self.item_value(&f.ty, item, Ctx::Class(c), &call_env)?,
                        _ => self.object_from_values(&f.ty, &args, Ctx::Class(c), &call_env)?,
                    }
                }
                None => self.default_member(c, f, &class_env)?,
            });
        }
        // A member initializer naming no member (a base or a delegated
        // constructor) is not modelled.
        if ctor.ctor_inits.iter().any(|i| {
            !fields
                .iter()
                .any(|f| i.name.is_simple() && i.name.last().ident == f.name)
        }) {
            return None;
        }
        Some(ConstValue::Object(c, members))
    }

    /// The initializer of `constexpr` local `v` of class or array type `ty`
    /// whose value the constant evaluator computes from a constexpr call or
    /// an operator of its class (`constexpr Dims d = tile_dims(4);`,
    /// `constexpr V2 t = a + b;`), as the aggregate of its value.
    pub(super) fn constant_object_init(
        &mut self,
        v: &crate::front::ast::VarDecl,
        ty: &Ty,
    ) -> Option<TExpr> {
        let Some(Initializer::Assign(e)) = &v.init else {
            return None;
        };
        if !matches!(
            e.kind,
            ExprKind::Call(..) | ExprKind::Binary(..) | ExprKind::Unary(..)
        ) {
            return None;
        }
        let (ctx, env) = self.ctx_env();
        let value = self.const_object(e, ctx, &env)?;
        self.value_as_thir(&value, ty, e.span)
    }

    /// A constant value as the checked expression that builds it.
    fn value_as_thir(&mut self, value: &ConstValue, ty: &Ty, span: Span) -> Option<TExpr> {
        let kind = match (value, ty) {
            (ConstValue::Int(v), t) if t.is_integral() || matches!(t, Ty::Enum(_)) => {
                TK::IntLit(*v)
            }
            (ConstValue::Array(elems), Ty::Array(elem, n)) if elems.len() as u64 == *n => {
                TK::Aggregate(
                    elems
                        .iter()
                        .map(|x| self.value_as_thir(x, elem, span))
                        .collect::<Option<Vec<_>>>()?,
                )
            }
            (ConstValue::Object(c, members), Ty::Class(tc)) if c == tc => {
                let fields: Vec<Ty> = self.class(*c).fields.iter().map(|f| f.ty.clone()).collect();
                if fields.len() != members.len() || !self.class(*c).bases.is_empty() {
                    return None;
                }
                TK::Aggregate(
                    members
                        .iter()
                        .zip(&fields)
                        .map(|(x, t)| self.value_as_thir(x, t, span))
                        .collect::<Option<Vec<_>>>()?,
                )
            }
            _ => return None,
        };
        Some(TExpr {
            kind,
            ty: ty.clone(),
            lvalue: false,
            span,
        })
    }

    /// A block-scope constant object's value from its checked initializer
    /// (braced lists of constants).
    fn thir_object(&self, e: &TExpr) -> Option<ConstValue> {
        match &e.kind {
            TK::Aggregate(items) => {
                let values = items
                    .iter()
                    .map(|x| self.thir_object(x))
                    .collect::<Option<Vec<_>>>()?;
                match &e.ty {
                    Ty::Array(..) => Some(ConstValue::Array(values)),
                    Ty::Class(c) => {
                        let info = self.class(*c);
                        let plain = info.bases.is_empty() && info.bit_fields.is_empty();
                        (plain && values.len() == info.fields.len())
                            .then_some(ConstValue::Object(*c, values))
                    }
                    _ => None,
                }
            }
            _ if e.ty.is_integral() || matches!(e.ty, Ty::Enum(_)) => {
                self.const_eval_thir(e).map(ConstValue::Int)
            }
            _ => None,
        }
    }
}
