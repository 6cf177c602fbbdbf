//! Declaration collection (namespaces, classes, functions, variables,
//! aliases, enums) and class completion (bases, fields, Itanium layout).

use super::class_layout::Placed;
use super::inheriting_constructors;
use super::lookup::Found;
use super::*;
use crate::front::ast::{Decl, FunctionDecl, TypeExpr, TypeExprKind};

pub(crate) type Pending = Vec<(Rc<FunctionDecl>, Ctx, Rc<Env>)>;

impl Sema {
    pub(crate) fn collect_decls(
        &mut self,
        decls: &[Decl],
        ctx: Ctx,
        env: &Rc<Env>,
        to_check: &mut Pending,
    ) {
        for d in decls {
            self.collect_decl(d, ctx, env, to_check);
        }
    }

    pub(super) fn add_member(&mut self, ctx: Ctx, name: Rc<str>, e: Entity) {
        match ctx {
            Ctx::Ns(n) => self.namespaces[n.0 as usize]
                .members
                .entry(name)
                .or_default()
                .push(e),
            Ctx::Class(c) => self.classes[c.0 as usize]
                .members
                .entry(name)
                .or_default()
                .push(e),
            Ctx::Func(_) => {}
        }
    }

    fn collect_decl(&mut self, d: &Decl, ctx: Ctx, env: &Rc<Env>, to_check: &mut Pending) {
        match d {
            Decl::Namespace(n) => {
                let Ctx::Ns(parent) = ctx else { return };
                let id = match &n.name {
                    Some(name) => {
                        let existing = self.namespaces[parent.0 as usize]
                            .members
                            .get(name)
                            .and_then(|v| {
                                v.iter().find_map(|e| match e {
                                    Entity::Namespace(id) => Some(*id),
                                    _ => None,
                                })
                            });
                        match existing {
                            Some(id) => id,
                            None => {
                                let id = self.new_namespace(Some(name.clone()), parent, n.inline);
                                self.add_member(ctx, name.clone(), Entity::Namespace(id));
                                id
                            }
                        }
                    }
                    None => {
                        let id = self.new_namespace(None, parent, true);
                        self.namespaces[parent.0 as usize].using_dirs.push(id);
                        id
                    }
                };
                if n.inline && !self.namespaces[parent.0 as usize].using_dirs.contains(&id) {
                    self.namespaces[parent.0 as usize].using_dirs.push(id);
                }
                self.collect_decls(&n.decls, Ctx::Ns(id), env, to_check);
            }
            Decl::LinkageSpec(ds) => self.collect_decls(ds, ctx, env, to_check),
            Decl::Class(c) => {
                let Some(name) = c.name.clone() else { return };
                if c.specialization_args.is_some() {
                    // `template <> struct std::hash<X>` specializes std's.
                    let home = match &c.scope {
                        Some(scope) => self.resolve_namespace(scope, ctx).map(Ctx::Ns),
                        None => Some(ctx),
                    };
                    let specializations = match home {
                        Some(Ctx::Ns(n)) => &mut self.namespaces[n.0 as usize].specializations,
                        // A member class template's partial specialization.
                        Some(Ctx::Class(cl)) => &mut self.classes[cl.0 as usize].specializations,
                        _ => return,
                    };
                    specializations
                        .entry(name)
                        .or_default()
                        .push((c.clone(), ctx, env.clone()));
                    return;
                }
                // A definition after a forward declaration replaces it.
                let members = match ctx {
                    Ctx::Ns(n) => self.namespaces[n.0 as usize].members.get_mut(&name),
                    Ctx::Class(cl) => self.classes[cl.0 as usize].members.get_mut(&name),
                    Ctx::Func(_) => None,
                };
                if let Some(list) = members {
                    for e in list.iter_mut() {
                        if let Entity::Class(old, _, _) = e {
                            if old.members.is_none() || c.members.is_some() {
                                let c = with_earlier_defaults(c, old);
                                *e = Entity::Class(c, ctx, env.clone());
                            }
                            return;
                        }
                        if let Entity::ClassInst(id) = e {
                            let id = *id;
                            if c.members.is_some()
                                && self.classes[id.0 as usize]
                                    .decl
                                    .as_ref()
                                    .map(|d| d.members.is_none())
                                    .unwrap_or(true)
                            {
                                self.classes[id.0 as usize].decl = Some(c.clone());
                                self.register_class_members(id, c, to_check);
                            }
                            return;
                        }
                    }
                }
                if c.template.is_some() {
                    self.add_member(ctx, name, Entity::Class(c.clone(), ctx, env.clone()));
                } else {
                    let id = self.new_class(name.clone(), Some(c.clone()), None, ctx, env.clone());
                    self.add_member(ctx, name, Entity::ClassInst(id));
                    self.register_class_members(id, c, to_check);
                }
            }
            Decl::Function(f) => {
                if f.explicit_specialization {
                    self.register_explicit_specialization(f, ctx, env);
                    return;
                }
                if f.name.parts.len() > 1 {
                    self.collect_qualified_definition(f, ctx, env, to_check);
                    return;
                }
                let name = f.name.last().ident.clone();
                match self.merge_redeclaration(ctx, &name, f, env) {
                    None => {}
                    Some(Some(definition)) => {
                        if definition.template.is_none() && matches!(ctx, Ctx::Ns(_)) {
                            to_check.push((definition, ctx, env.clone()));
                        }
                        return;
                    }
                    Some(None) => return,
                }
                self.add_member(ctx, name, Entity::Function(f.clone(), ctx, env.clone()));
                if f.template.is_none() && f.body.is_some() {
                    if let Ctx::Ns(_) = ctx {
                        to_check.push((f.clone(), ctx, env.clone()));
                    }
                }
            }
            Decl::Var(v) => {
                if let Some(q) = v.qualified.as_ref().filter(|q| q.parts.len() == 1) {
                    // `template <class W> constexpr bool is_box_v<Box<W>> = true;`
                    self.add_variable_template_specialization(v, q, ctx, env);
                    return;
                }
                if let Some(q) = &v.qualified {
                    if self.collect_static_member_template_definition(v, q, ctx, env) {
                        return;
                    }
                    // `template <> const int S<char>::w = 7;` replaces what
                    // the template's definition gave the instance.
                    let specialization = v.template.as_ref().is_some_and(|t| t.params.is_empty());
                    for e in self.lookup_qualified_entities(q, ctx, env) {
                        if let Entity::Var(id) = e {
                            self.defined_static_members.push(id);
                            self.define_static_member(id, v, specialization);
                        }
                    }
                    return;
                }
                if v.template.is_some() {
                    // A variable template: its type and value depend on the
                    // arguments of each use.
                    let id = self.new_var(v.name.clone(), Ty::Error, None, v.span);
                    self.vars[id.0 as usize].template = Some((v.clone(), ctx, env.clone()));
                    self.add_member(ctx, v.name.clone(), Entity::Var(id));
                    return;
                }
                use crate::front::ast::{Initializer, TypeExprKind};
                // `auto x = init;` / `auto x{init};` at namespace scope.
                let auto_init = match (&v.ty.kind, &v.init) {
                    (TypeExprKind::Auto, Some(Initializer::Assign(e))) => Some(e),
                    (TypeExprKind::Auto, Some(Initializer::Brace(es, _, _))) if es.len() == 1 => {
                        es.first()
                    }
                    _ => None,
                };
                let ty = match auto_init {
                    Some(e) => {
                        // `constexpr auto square = [](int x) {...};`: clang
                        // emits the variable, and names its lambda, when
                        // code first uses it (never, when only constant
                        // expressions call it).
                        self.lambda_named_on_use =
                            matches!(e.kind, crate::front::ast::ExprKind::Lambda(_));
                        let x = self.check_standalone_expr(e, ctx, env.clone(), &mut vec![]);
                        self.lambda_named_on_use = false;
                        super::templates::decay(&x.ty)
                    }
                    None => self.resolve_type(&v.ty, ctx, env, &mut vec![]),
                };
                // `T a[] = {...}` and `char s[] = "text"` take their bound
                // from the initializer.
                let ty = match (ty, &v.ty.kind, &v.init) {
                    (Ty::Array(e, _), TypeExprKind::Array(_, None), Some(init)) => {
                        let len = match init {
                            Initializer::Brace(items, _, _)
                            | Initializer::Assign(crate::front::ast::Expr {
                                kind: crate::front::ast::ExprKind::InitList(items),
                                ..
                            }) => self.list_len(items) as u64,
                            Initializer::Assign(crate::front::ast::Expr {
                                kind: crate::front::ast::ExprKind::StringLit(text),
                                ..
                            }) => text.len() as u64 + 1,
                            _ => 0,
                        };
                        Ty::Array(e, len)
                    }
                    (ty, ..) => ty,
                };
                let id = self.new_var(v.name.clone(), ty.clone(), None, v.span);
                self.vars[id.0 as usize].global = Some((v.clone(), ctx, env.clone()));
                let is_const = declares_const(&v.ty) || v.is_constexpr;
                self.vars[id.0 as usize].is_const = is_const;
                if is_const && (ty.is_integral() || matches!(ty, Ty::Enum(_))) {
                    if let Some(crate::front::ast::Initializer::Assign(e)) = &v.init {
                        self.vars[id.0 as usize].const_value = self.const_eval_ast(e, ctx, env);
                    }
                }
                self.add_member(ctx, v.name.clone(), Entity::Var(id));
            }
            Decl::Alias(a) => {
                let aligning = |attrs: &crate::front::ast::Attributes| {
                    attrs.list.iter().any(|x| is_alignment_attribute(&x.name))
                };
                self.aligned_aliases |= aligning(&a.attrs) || aligning(&a.type_attrs);
                self.add_member(
                    ctx,
                    a.name.clone(),
                    Entity::Alias(a.clone(), ctx, env.clone()),
                );
            }
            Decl::Enum(e) => {
                let underlying = match &e.underlying {
                    Some(t) => match self.resolve_type(t, ctx, env, &mut vec![]) {
                        Ty::Int(k) => k,
                        _ => IntKind::Int,
                    },
                    None => IntKind::Int,
                };
                let id = EnumId(self.enums.len() as u32);
                let name = e
                    .name
                    .clone()
                    .unwrap_or_else(|| Rc::from("<anonymous enum>"));
                self.enums.push(EnumInfo {
                    name: name.clone(),
                    ctx,
                    underlying,
                    enumerators: vec![],
                });
                let mut next: i128 = 0;
                let mut list = vec![];
                for (n, v, _) in &e.enumerators {
                    if let Some(v) = v {
                        if let Some(val) = self.const_eval_ast_with_enum(v, ctx, env, id) {
                            next = val;
                        }
                    }
                    list.push((n.clone(), next));
                    self.enums[id.0 as usize]
                        .enumerators
                        .push((n.clone(), next));
                    if !e.scoped {
                        self.add_member(ctx, n.clone(), Entity::Enumerator(id, next));
                    }
                    next += 1;
                }
                if e.name.is_some() {
                    self.add_member(ctx, name, Entity::Enum(id));
                }
            }
            Decl::UsingDirective(n) => {
                if let Ctx::Ns(ns) = ctx {
                    if let Some(target) = self.resolve_namespace(n, ctx) {
                        self.namespaces[ns.0 as usize].using_dirs.push(target);
                    }
                }
            }
            Decl::NamespaceAlias(alias, n) => {
                if let Some(target) = self.resolve_namespace(n, ctx) {
                    self.add_member(ctx, alias.clone(), Entity::Namespace(target));
                }
            }
            Decl::UsingDecl(n) => {
                let found = self.lookup_qualified_entities(n, ctx, env);
                let name = n.last().ident.clone();
                for e in found {
                    self.add_member(ctx, name.clone(), e);
                }
            }
            Decl::DeductionGuide(g) => self.declare_deduction_guide(g, ctx, env),
            Decl::Concept(c) => self.declare_concept(c, ctx, env),
            Decl::StaticAssert(cond, msg, span) => {
                if let Some(d) = self.static_assertion(cond, msg.as_deref(), *span, ctx, env) {
                    self.diags.list.push(d);
                }
            }
            Decl::ExplicitInstantiation {
                decl,
                is_extern: false,
                ..
            } => match decl.as_ref() {
                Decl::Function(f) => {
                    self.explicit_instantiations
                        .push((f.clone(), ctx, env.clone()))
                }
                Decl::Class(c) => {
                    self.explicit_class_instantiations
                        .push((c.clone(), ctx, env.clone()))
                }
                _ => {}
            },
            // Kept in the AST for tools; sema does not act on them yet.
            Decl::Friend(..)
            | Decl::ExplicitInstantiation { .. }
            | Decl::StructuredBinding(_)
            | Decl::Empty => {}
        }
    }

    fn new_namespace(&mut self, name: Option<Rc<str>>, parent: NsId, inline: bool) -> NsId {
        self.namespaces.push(Namespace {
            name,
            parent: Some(parent),
            inline,
            members: HashMap::new(),
            using_dirs: vec![],
            specializations: HashMap::new(),
        });
        NsId(self.namespaces.len() as u32 - 1)
    }

    pub(crate) fn new_class(
        &mut self,
        name: Rc<str>,
        decl: Option<Rc<ast::ClassDecl>>,
        template: Option<(Rc<ast::ClassDecl>, Vec<TArg>)>,
        ctx: Ctx,
        env: Rc<Env>,
    ) -> ClassId {
        let is_special = decl
            .as_ref()
            .map(|d| {
                d.attrs
                    .find("clang::sycl_special_kernel_parameter")
                    .is_some()
            })
            .unwrap_or(false);
        let is_device_global = decl
            .as_ref()
            .is_some_and(|d| d.attrs.find("__sycl_detail__::device_global").is_some());
        self.classes.push(ClassInfo {
            name,
            decl,
            template,
            ctx,
            env,
            fields: vec![],
            bit_fields: vec![],
            variant_groups: vec![],
            bases: vec![],
            size: 0,
            align: 1,
            nvsize: 0,
            empty_subobjects: vec![],
            complete: false,
            laid_out: false,
            is_special,
            is_device_global,
            closure: None,
            members: HashMap::new(),
            specializations: HashMap::new(),
            registering: false,
            methods: vec![],
        });
        ClassId(self.classes.len() as u32 - 1)
    }

    /// Record nested types, methods and static members of a class.
    pub(crate) fn register_class_members(
        &mut self,
        id: ClassId,
        c: &Rc<ast::ClassDecl>,
        to_check: &mut Pending,
    ) {
        let Some(members) = &c.members else { return };
        let env = self.class(id).env.clone();
        let was_registering = std::mem::replace(&mut self.classes[id.0 as usize].registering, true);
        let mut inherited = vec![];
        for m in members {
            match &m.decl {
                Decl::Function(f) => self.classes[id.0 as usize].methods.push(f.clone()),
                Decl::Var(v) if !v.is_static => {}
                Decl::UsingDecl(q) if inheriting_constructors::names_constructors(q) => {
                    inherited.push(q)
                }
                other => self.collect_decl(other, Ctx::Class(id), &env, to_check),
            }
        }
        for q in inherited {
            self.inherit_constructors(id, q);
        }
        self.classes[id.0 as usize].registering = was_registering;
        self.attach_out_of_class_definitions(id);
    }

    /// Resolve bases and fields and compute the Itanium layout.
    pub fn complete_class(&mut self, id: ClassId) {
        if self.class(id).laid_out {
            return;
        }
        self.classes[id.0 as usize].laid_out = true;
        let Some(decl) = self.class(id).decl.clone() else {
            // Closure types are laid out by their creator.
            if self.class(id).closure.is_some() {
                self.classes[id.0 as usize].complete = true;
            }
            return;
        };
        let Some(members) = &decl.members else { return };
        let env = self.class(id).env.clone();
        let ctx = Ctx::Class(id);
        // `#pragma pack(N)` where the class is defined: no member (base,
        // field) is aligned more than N, whatever its type or attributes.
        let pack = self.pack_limit(decl.span);
        let capped = |a: u64| pack.map_or(a, |n| a.min(n));
        // `offset` is the data size (where the next member may start);
        // `end` the size before rounding, which an empty base or member
        // placed after the data may extend.
        let mut offset: u64 = 0;
        let mut end: u64 = 0;
        let mut align: u64 = 1;
        let mut placed = Placed::default();
        let mut bases = vec![];
        let base_types: Vec<Ty> = decl
            .bases
            .iter()
            .flat_map(|b| self.base_types(b, ctx, &env))
            .collect();
        for ty in base_types {
            // A class is never its own base (an erroneous lookup can say so).
            if ty == Ty::Class(id) {
                continue;
            }
            if let Ty::Class(bc) = ty {
                self.complete_class(bc);
                let ba = capped(self.class(bc).align);
                let sub = self.empty_subobjects_of(&ty);
                let at = if self.is_empty_class(bc) {
                    let at = placed.empty_offset(&sub, offset, ba);
                    end = end.max(at + self.class(bc).size);
                    at
                } else {
                    let at = placed.first_free(&sub, offset.div_ceil(ba) * ba, ba);
                    offset = at + self.base_data_size(bc);
                    end = end.max(offset);
                    at
                };
                placed.add(&sub, at);
                bases.push((bc, at));
                align = align.max(ba);
            }
        }
        let mut fields = vec![];
        let mut bit_fields = vec![];
        // The bit after the last member when that was a bit-field: the next
        // bit-field may share its storage unit.
        let mut bit_end: Option<u64> = None;
        let mut ok = true;
        // A union's members all start at offset 0; it is as large as the
        // largest.
        let is_union = decl.key == crate::front::ast::ClassKey::Union;
        let mut union_size = 0;
        let mut variant_groups = vec![];
        // `__attribute__((packed))`: members at any byte.
        let class_packed = is_packed(&decl.attrs);
        // Bit-fields of a packed class or under `#pragma pack` may
        // straddle their type's alignment boundaries (g++ moves them to
        // the next boundary only when neither applies).
        let packed_bits = |member_packed: bool| member_packed || class_packed || pack.is_some();
        for m in members {
            if let Decl::Class(anon) = &m.decl {
                if anon.name.is_none() && anon.members.is_some() {
                    // An anonymous union or struct (`union { float f; int i; };`):
                    // its members are members of this class, where it lies.
                    let first = fields.len();
                    let (at, size, a, anon_id) =
                        self.anonymous_member(anon, ctx, &env, &mut fields, |a| {
                            if is_union {
                                0
                            } else {
                                let a = capped(a);
                                (bit_end.map_or(offset, |b| b.div_ceil(8))).div_ceil(a) * a
                            }
                        });
                    let a = capped(a);
                    let members = &fields[first..];
                    if !is_union
                        && self.is_union(anon_id)
                        && members.len() > 1
                        && members.iter().all(|f| f.offset == members[0].offset)
                    {
                        variant_groups.push(first..fields.len());
                    }
                    bit_fields.extend(self.class(anon_id).bit_fields.iter().map(|b| BitField {
                        field: first + b.field,
                        ..*b
                    }));
                    bit_end = None;
                    if is_union {
                        union_size = union_size.max(size);
                    } else {
                        offset = at + size;
                    }
                    align = align.max(a);
                    continue;
                }
            }
            if let Decl::Var(v) = &m.decl {
                if v.is_static {
                    continue;
                }
                let ty = self.resolve_type(&v.ty, ctx, &env, &mut vec![]);
                if let Some(width) = &v.bit_width {
                    let Some((size, a)) = self.size_align(&ty) else {
                        ok = false;
                        continue;
                    };
                    let width = match self.const_eval_ast(width, ctx, &env) {
                        Some(w) if w >= 0 && (w as u64) <= size * 8 => w as u64,
                        _ => {
                            self.diags.error(
                                width.span,
                                format!(
                                    "the width of bit-field '{}' must be a constant from 0 to {}",
                                    v.name,
                                    size * 8
                                ),
                            );
                            // Laid out as the whole type, so that uses add nothing.
                            size * 8
                        }
                    };
                    let unit_bits = a * 8;
                    let mut pos = if is_union {
                        0
                    } else {
                        bit_end.unwrap_or(offset * 8)
                    };
                    // Itanium C++ ABI: a bit-field that would straddle a
                    // boundary of its type's alignment starts at the next
                    // one (unless packed); a zero-width bit-field moves to
                    // it (packed or not).
                    let packed_here = packed_bits(is_packed(&v.attrs));
                    let straddles = pos / unit_bits != (pos + width - 1) / unit_bits;
                    if width == 0 || (straddles && !packed_here) {
                        pos = pos.div_ceil(unit_bits) * unit_bits;
                    }
                    // The unit of the type's size at its alignment that
                    // holds the bits; for packed bits (see `BitField::unit`)
                    // the bytes that hold them.
                    let (unit, unit_bytes) = if packed_here {
                        (pos / 8, (pos % 8 + width).div_ceil(8).next_power_of_two())
                    } else {
                        (pos / unit_bits * a, size)
                    };
                    if is_union {
                        union_size = union_size.max(width.div_ceil(8));
                    } else {
                        bit_end = Some(pos + width);
                        offset = (pos + width).div_ceil(8);
                    }
                    // An unnamed bit-field is padding: not a member, and it
                    // does not align the class.
                    if v.name.is_empty() || width == 0 {
                        continue;
                    }
                    // A named bit-field aligns the class as its type, at
                    // most the `#pragma pack` value; `packed` counts only
                    // where no pragma applies (g++'s rule).
                    align = align.max(match pack {
                        Some(n) => a.min(n),
                        None if is_packed(&v.attrs) || class_packed => 1,
                        None => a,
                    });
                    bit_fields.push(BitField {
                        field: fields.len(),
                        bit: (pos - unit * 8) as u32,
                        width: width as u32,
                        unit: unit_bytes as u32,
                    });
                    fields.push(Field {
                        name: v.name.clone(),
                        ty,
                        offset: unit,
                        span: v.name_span,
                        default_init: v.init.clone(),
                    });
                    continue;
                }
                bit_end = None;
                let requested = self.alignas(&v.attrs, ctx, &env);
                let packed = class_packed || is_packed(&v.attrs);
                // A member declared with an aligned alias has the alias's
                // alignment (`f4 x;` with `f4` 16-aligned floats).
                let declared = self.alias_alignment(&v.ty, ctx, &env, &mut vec![]);
                let member_align = |a: u64| {
                    let a = declared.unwrap_or(a);
                    capped(if packed { requested } else { a.max(requested) })
                };
                // `[[no_unique_address]] Empty e;` takes no bytes.
                let takes_no_space = v.attrs.list.iter().any(|a| a.name == "no_unique_address")
                    && matches!(ty, Ty::Class(c) if self.is_empty_class(c));
                let sub = match is_union {
                    true => vec![],
                    false => self.empty_subobjects_of(&ty),
                };
                match self.size_align(&ty).map(|(s, a)| (s, member_align(a))) {
                    Some((s, a)) if takes_no_space && !is_union => {
                        let at = placed.empty_offset(&sub, offset, a);
                        placed.add(&sub, at);
                        end = end.max(at + s);
                        fields.push(Field {
                            name: v.name.clone(),
                            ty,
                            offset: at,
                            span: v.name_span,
                            default_init: v.init.clone(),
                        });
                    }
                    Some((s, a)) if is_union => {
                        fields.push(Field {
                            name: v.name.clone(),
                            ty,
                            offset: 0,
                            span: v.name_span,
                            default_init: v.init.clone(),
                        });
                        union_size = union_size.max(s);
                        align = align.max(a);
                    }
                    Some((s, a)) => {
                        offset = placed.first_free(&sub, offset.div_ceil(a) * a, a);
                        placed.add(&sub, offset);
                        fields.push(Field {
                            name: v.name.clone(),
                            ty,
                            offset,
                            span: v.name_span,
                            default_init: v.init.clone(),
                        });
                        offset += s;
                        align = align.max(a);
                    }
                    None => {
                        ok = false;
                        fields.push(Field {
                            name: v.name.clone(),
                            ty,
                            offset,
                            span: v.name_span,
                            default_init: v.init.clone(),
                        });
                    }
                }
            }
        }
        align = align.max(self.alignas(&decl.attrs, ctx, &env));
        if is_union {
            offset = union_size;
        }
        let offset = offset.max(end);
        let size = if offset == 0 {
            align.max(1)
        } else {
            offset.div_ceil(align) * align
        };
        // A packed bit-field's unit rounded past the class's end ends with
        // it instead; one wider than the class has none.
        for b in &mut bit_fields {
            let f = &mut fields[b.field];
            let unit = u64::from(b.unit);
            if f.offset + unit > size {
                if unit <= size {
                    b.bit += ((f.offset - (size - unit)) * 8) as u32;
                    f.offset = size - unit;
                } else {
                    b.unit = 0;
                }
            }
        }
        let ci = &mut self.classes[id.0 as usize];
        ci.bases = bases;
        ci.fields = fields;
        ci.bit_fields = bit_fields;
        ci.variant_groups = variant_groups;
        ci.size = size;
        ci.align = align;
        ci.nvsize = offset;
        ci.empty_subobjects = placed.into_inner();
        ci.complete = ok && decl.members.is_some();
    }

    /// The `#pragma pack` limit on the alignment of the members of a class
    /// defined at `span`, where the host compiler reads it.
    pub(crate) fn pack_limit(&self, span: Span) -> Option<u64> {
        let closing = self.host.packs_classes_at_closing_brace();
        self.pack.for_class(span, closing).map(u64::from)
    }

    /// Lays out the anonymous union or struct `anon` at the offset `place`
    /// gives for its alignment, adding its members to `fields` at their
    /// offsets in the enclosing class: (offset, size, alignment).
    fn anonymous_member(
        &mut self,
        anon: &Rc<ast::ClassDecl>,
        ctx: Ctx,
        env: &Rc<Env>,
        fields: &mut Vec<Field>,
        place: impl FnOnce(u64) -> u64,
    ) -> (u64, u64, u64, ClassId) {
        let name = match anon.key {
            crate::front::ast::ClassKey::Union => "(anonymous union)",
            _ => "(anonymous struct)",
        };
        let id = self.new_class(Rc::from(name), Some(anon.clone()), None, ctx, env.clone());
        self.complete_class(id);
        let (size, align) = (self.class(id).size, self.class(id).align);
        let at = place(align);
        for f in self.class(id).fields.clone() {
            fields.push(Field {
                offset: at + f.offset,
                ..f
            });
        }
        (at, size, align, id)
    }

    /// The strictest `alignas(...)` or GNU `aligned(...)` among `attrs` (1
    /// when there is none): `alignas(16)`, `alignas(T)`; `aligned` alone is
    /// the target's largest alignment, 16.
    fn alignas(&mut self, attrs: &crate::front::ast::Attributes, ctx: Ctx, env: &Rc<Env>) -> u64 {
        self.alignment_attribute(attrs, ctx, env).unwrap_or(1)
    }

    /// [`Self::alignas`], `None` when `attrs` holds no alignment attribute.
    fn alignment_attribute(
        &mut self,
        attrs: &crate::front::ast::Attributes,
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Option<u64> {
        let mut align = None;
        for a in attrs
            .list
            .iter()
            .filter(|a| is_alignment_attribute(&a.name))
        {
            if a.args.is_empty() && a.name != "alignas" {
                align = Some(align.unwrap_or(1).max(16));
            }
            for arg in &a.args {
                let v = match arg {
                    crate::front::ast::TemplateArg::Expr(e) => {
                        self.const_eval_ast(e, ctx, env).map(|v| v.max(1) as u64)
                    }
                    crate::front::ast::TemplateArg::PackExpansion(_) => None,
                    crate::front::ast::TemplateArg::Type(t) => self.type_expr_align(t, ctx, env),
                };
                align = Some(align.unwrap_or(1).max(v.unwrap_or(1)));
            }
        }
        align
    }

    /// The alignment of the type `t` names: an aligned type alias's where
    /// `t` names one (see [`Self::alias_alignment`]), else its type's.
    pub(crate) fn type_expr_align(&mut self, t: &TypeExpr, ctx: Ctx, env: &Rc<Env>) -> Option<u64> {
        if let Some(a) = self.alias_alignment(t, ctx, env, &mut vec![]) {
            return Some(a);
        }
        let ty = self.resolve_type(t, ctx, env, &mut vec![]);
        self.size_align(&ty).map(|(_, a)| a)
    }

    /// The alignment that a type alias with an alignment attribute gives
    /// the type `t` names (`typedef float f4 __attribute__((aligned(16)));`,
    /// also through aliases of it and as the element type of an array),
    /// if `t` names one. Such an alias may raise or lower its type's
    /// alignment (`typedef double d2 __attribute__((aligned(2)))` puts a
    /// double at any even offset); its size stays the type's. `Ty` does not
    /// keep aliases, so this looks at the written type; template arguments
    /// drop the attribute, as g++ does (`-Wignored-attributes`).
    pub(crate) fn alias_alignment(
        &mut self,
        t: &TypeExpr,
        ctx: Ctx,
        env: &Rc<Env>,
        seen: &mut Vec<usize>,
    ) -> Option<u64> {
        if !self.aligned_aliases {
            return None;
        }
        let q = match &t.kind {
            TypeExprKind::Named(q) => q,
            TypeExprKind::Array(elem, _) => return self.alias_alignment(elem, ctx, env, seen),
            _ => return None,
        };
        let Found::Entities(es) = self.lookup_qualified(q, ctx, env, &mut vec![]) else {
            return None;
        };
        let (a, actx, aenv) = es.into_iter().find_map(|e| match e {
            Entity::Alias(a, actx, aenv) => Some((a, actx, aenv)),
            _ => None,
        })?;
        // `typedef struct S S;` finds itself; alias templates may recurse.
        let key = Rc::as_ptr(&a) as usize;
        if seen.contains(&key) || seen.len() > 64 {
            return None;
        }
        seen.push(key);
        let args = q.last().template_args.as_deref();
        let alias_env = Rc::new(self.alias_env(&a, actx, &aenv, args, ctx, env, &mut vec![])?);
        let mut own = self.alignment_attribute(&a.attrs, actx, &alias_env);
        if self.host.aligns_alias_type_ids() {
            if let Some(b) = self.alignment_attribute(&a.type_attrs, actx, &alias_env) {
                own = Some(own.map_or(b, |o| o.max(b)));
            }
        }
        match own {
            Some(align) => Some(align),
            None => self.alias_alignment(&a.ty, actx, &alias_env, seen),
        }
    }

    /// The function for `decl` in context with template arguments `targs`
    /// (already complete: explicit + deduced + defaults).
    pub(crate) fn function_instance(
        &mut self,
        decl: &Rc<FunctionDecl>,
        ctx: Ctx,
        env: Rc<Env>,
        class: Option<ClassId>,
        targs: Vec<TArg>,
    ) -> Option<FuncId> {
        // A friend defined in a class template is one function per
        // instance of the class (`ctx`), like a member.
        let owner = class.or(match ctx {
            Ctx::Class(c) => Some(c),
            _ => None,
        });
        let key = (Rc::as_ptr(decl) as usize, targs.clone(), owner);
        if let Some(f) = self.func_cache.get(&key) {
            return Some(*f);
        }
        if decl.template.is_some() {
            let found = self.explicit_specialization_of(decl, (ctx, &env), owner, &targs);
            if let Some((spec, sctx, senv)) = found {
                let f = self.function_instance(&spec, sctx, senv, owner, vec![])?;
                self.func_cache.insert(key, f);
                return Some(f);
            }
        }
        let mut fenv = env;
        if let Some(t) = &decl.template {
            fenv = super::templates::bound_env(t, &targs, fenv);
        }
        let mut diags = vec![];
        let mut params = vec![];
        let mut param_decls = vec![];
        for (i, p) in decl.params.iter().enumerate() {
            if p.pack {
                let tys = self.expand_param_type(&p.ty, ctx, &fenv, &mut diags);
                param_decls.extend(std::iter::repeat_n(i, tys.len()));
                params.extend(tys);
            } else {
                params.push(self.resolve_type(&p.ty, ctx, &fenv, &mut diags));
                param_decls.push(i);
            }
        }
        let ret = match decl.kind {
            ast::FunctionKind::Constructor | ast::FunctionKind::Destructor => Ty::Void,
            // Deduced from the body's return statements.
            _ if matches!(decl.ret.kind, ast::TypeExprKind::DecltypeAuto) => Ty::Error,
            _ if decl.trailing_return && super::templates::mentions_decltype(&decl.ret) => {
                let named = param_decls
                    .iter()
                    .zip(&params)
                    .filter_map(|(&i, t)| decl.params[i].name.clone().map(|n| (n, t.clone())))
                    .collect();
                self.resolve_trailing_return(&decl.ret, ctx, &fenv, named, &mut diags)
            }
            _ => self.resolve_type(&decl.ret, ctx, &fenv, &mut diags),
        };
        self.funcs.push(FuncInfo {
            decl: decl.clone(),
            ctx,
            env: fenv,
            class,
            template_args: targs,
            ret,
            params,
            param_decls,
            body: None,
            body_state: BodyState::NotChecked,
            diags,
            closure: None,
            lambda_count: 0,
            lambda_sig_counts: HashMap::new(),
        });
        let id = FuncId(self.funcs.len() as u32 - 1);
        self.func_cache.insert(key, id);
        Some(id)
    }

    /// Check the body of `f` if it has one and was not checked yet.
    pub fn ensure_body(&mut self, f: FuncId) {
        if self.func(f).body_state != BodyState::NotChecked || self.func(f).decl.body.is_none() {
            return;
        }
        if self.depth > MAX_INSTANTIATION_DEPTH {
            let span = self.func(f).decl.span;
            self.diags.error(
                span,
                "recursive template instantiation exceeded the maximum depth of 256",
            );
            self.funcs[f.0 as usize].body_state = BodyState::Done;
            return;
        }
        self.funcs[f.0 as usize].body_state = BodyState::Checking;
        self.depth += 1;
        self.begin_body(f);
        let body = self.check_function_body(f);
        self.end_body(f);
        self.depth -= 1;
        let fi = &mut self.funcs[f.0 as usize];
        fi.body = Some(Rc::new(body));
        fi.body_state = BodyState::Done;
    }
}

impl Sema {
    /// `template <class T> concept C = ...;`: a variable template of type
    /// `bool` in name lookup, whose value is the constraint's satisfaction.
    fn declare_concept(&mut self, c: &Rc<ast::ConceptDecl>, ctx: Ctx, env: &Rc<Env>) {
        let span = c.span;
        let bool_type = TypeExpr::plain(
            TypeExprKind::Builtin(ast::BuiltinSpec {
                bool_: true,
                ..Default::default()
            }),
            span,
        );
        let decl = Rc::new(ast::VarDecl {
            name: c.name.clone(),
            qualified: None,
            ty: bool_type,
            init: Some(ast::Initializer::Assign((*c.constraint).clone())),
            is_static: false,
            is_extern: false,
            is_constexpr: true,
            is_inline: false,
            template: Some(c.template.clone()),
            attrs: ast::Attributes::default(),
            span,
            name_span: span,
            bit_width: None,
        });
        let id = self.new_var(c.name.clone(), Ty::Bool, None, span);
        let var = &mut self.vars[id.0 as usize];
        var.template = Some((decl, ctx, env.clone()));
        var.concept = Some(c.clone());
        var.is_const = true;
        self.add_member(ctx, c.name.clone(), Entity::Var(id));
    }

    /// `template R f<A>(P...);`: the function template instance it names,
    /// whose body is then checked like any other (kernels in it are found).
    /// `template struct Box<int>;`: the class instance, so that the
    /// `SYCL_EXTERNAL` member functions it defines are exported.
    pub(crate) fn explicit_class_instance(
        &mut self,
        decl: &ast::ClassDecl,
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Option<ClassId> {
        let (Some(name), Some(args)) = (&decl.name, &decl.specialization_args) else {
            return None;
        };
        let mut q = decl.scope.clone().unwrap_or(ast::QualName {
            global: false,
            parts: vec![],
            span: decl.name_span,
        });
        q.parts.push(ast::NamePart {
            ident: name.clone(),
            template_args: Some(args.clone()),
            span: decl.name_span,
        });
        let mut diags = vec![];
        let ty = self.resolve_named_type(&q, ctx, env, &mut diags);
        self.diags.list.extend(diags);
        match ty {
            Ty::Class(id) => {
                self.complete_class(id);
                Some(id)
            }
            _ => None,
        }
    }

    pub(crate) fn explicit_function_instance(
        &mut self,
        decl: &Rc<FunctionDecl>,
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Option<FuncId> {
        let mut head = decl.name.clone();
        let written_args = head.parts.last_mut()?.template_args.take();
        let explicit = match &written_args {
            Some(args) => self.resolve_template_args(args, ctx, env, &mut vec![]),
            None => vec![],
        };
        let args: Vec<(Ty, bool)> = decl
            .params
            .iter()
            .map(|p| {
                let t = self.resolve_type(&p.ty, ctx, env, &mut vec![]);
                (t.non_ref().clone(), true)
            })
            .collect();
        for e in self.lookup_qualified_entities(&head, ctx, env) {
            let Entity::Function(cand, cctx, cenv) = e else {
                continue;
            };
            if cand.template.is_none() || cand.params.len() != decl.params.len() {
                continue;
            }
            if let Some(targs) = self.deduce_call(&cand, cctx, &cenv, &explicit, &args) {
                return self.function_instance(&cand, cctx, cenv, None, targs);
            }
        }
        None
    }
}

impl Sema {
    /// `f` redeclares a function already declared in `ctx` (a prototype and
    /// its definition): keep one entity, the definition, with the default
    /// arguments the earlier declaration gave. `None`: not a redeclaration;
    /// `Some(Some(d))`: the definition `d` now stands for both.
    pub(super) fn merge_redeclaration(
        &mut self,
        ctx: Ctx,
        name: &Rc<str>,
        f: &Rc<FunctionDecl>,
        env: &Rc<Env>,
    ) -> Option<Option<Rc<FunctionDecl>>> {
        let existing: Vec<(usize, Rc<FunctionDecl>)> = {
            let members = match ctx {
                Ctx::Ns(n) => self.namespaces[n.0 as usize].members.get(name),
                Ctx::Class(c) => self.classes[c.0 as usize].members.get(name),
                Ctx::Func(_) => None,
            };
            members
                .into_iter()
                .flatten()
                .enumerate()
                .filter_map(|(i, e)| match e {
                    Entity::Function(d, _, _) if d.params.len() == f.params.len() => {
                        Some((i, d.clone()))
                    }
                    _ => None,
                })
                .collect()
        };
        if existing.is_empty() {
            return None;
        }
        let sig = self.declared_signature(f, ctx, env)?;
        for (i, old) in existing {
            let same_template = match (&old.template, &f.template) {
                (None, None) => true,
                (Some(a), Some(b)) => a.params.len() == b.params.len(),
                _ => false,
            };
            if !same_template || old.is_const != f.is_const {
                continue;
            }
            // Overloads that differ in their constraints are other functions.
            if self.constraints_spelling(&old, env) != self.constraints_spelling(f, env) {
                continue;
            }
            if self.declared_signature(&old, ctx, env).as_ref() != Some(&sig) {
                continue;
            }
            if f.body.is_some() || old.body.is_none() {
                // The definition, with defaults only the first declaration wrote.
                let mut merged = (**f).clone();
                inherit_from_declaration(&mut merged, &old);
                let members = match ctx {
                    Ctx::Ns(n) => self.namespaces[n.0 as usize].members.get_mut(name),
                    Ctx::Class(c) => self.classes[c.0 as usize].members.get_mut(name),
                    Ctx::Func(_) => None,
                };
                let merged = Rc::new(merged);
                if let Some(list) = members {
                    list[i] = Entity::Function(merged.clone(), ctx, env.clone());
                }
                return Some(f.body.is_some().then_some(merged));
            }
            return Some(None);
        }
        None
    }

    /// The parameter types of `f` as declared, template parameters standing
    /// for themselves (what makes two declarations the same function).
    pub(super) fn declared_signature(
        &mut self,
        f: &FunctionDecl,
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> Option<Vec<SignaturePart>> {
        let bindings = f
            .template
            .iter()
            .flat_map(|t| t.params.iter().enumerate())
            .filter_map(|(i, p)| {
                let arg = match p.kind {
                    crate::front::ast::TemplateParamKind::NonType { .. } => {
                        TArg::ValueParam(i as u32)
                    }
                    _ => TArg::Type(Ty::Param(i as u32)),
                };
                Some((p.name.clone()?, arg))
            })
            .collect();
        let e = Env {
            using_dirs: Vec::new(),
            entities: Vec::new(),
            bindings,
            parent: Some(env.clone()),
        };
        // Non-type template parameters (`enable_if_t<C, int> = 0`), the
        // return type and the parameters; a member of a template parameter
        // (`typename P::value_type *`) compares as written, anything else
        // unresolvable (dependent SFINAE conditions) makes the declaration
        // one of its own.
        let mut types: Vec<&crate::front::ast::TypeExpr> = vec![];
        for p in f.template.iter().flat_map(|t| t.params.iter()) {
            if let crate::front::ast::TemplateParamKind::NonType { ty, .. } = &p.kind {
                types.push(ty);
            }
        }
        if super::check::deduced_return(&f.ret).is_none() {
            types.push(&f.ret);
        }
        types.extend(f.params.iter().map(|p| &p.ty));
        let type_params = f
            .template
            .as_ref()
            .map(super::templates::type_parameter_names)
            .unwrap_or_default();
        // Resolving with the parameters standing for themselves may
        // instantiate a class template with them (`Z<Its...>` with an empty
        // pack): what that reports (a failed `static_assert`) is not about
        // the program.
        let reported = self.diags.list.len();
        let mut out = vec![];
        for t in types {
            let resolved = self.resolve_type(t, ctx, &e, &mut vec![]);
            if !resolved.is_error() {
                out.push(SignaturePart::Type(resolved));
                continue;
            }
            match super::templates::dependent_member_spelling(t, &type_params) {
                Some(spelled) => out.push(SignaturePart::Spelled(spelled)),
                None => {
                    self.diags.list.truncate(reported);
                    return None;
                }
            }
        }
        self.diags.list.truncate(reported);
        Some(out)
    }
}

/// One type of a declared signature: resolved, or spelled with template
/// parameters by position where it names a member of one.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum SignaturePart {
    Type(Ty),
    Spelled(String),
}

impl Sema {
    /// The out-of-class definition of a static data member (`const int
    /// S::tag = 42;`) gives the member declared without one its
    /// initializer, evaluated in the class's scope: device code reads it,
    /// and a constant one is a constant. An initializer the class gave
    /// stays unless `replace` (an explicit specialization's definition).
    pub(super) fn define_static_member(
        &mut self,
        id: VarId,
        def: &Rc<crate::front::ast::VarDecl>,
        replace: bool,
    ) {
        let Some(init) = &def.init else { return };
        let Some((decl, gctx, genv)) = self.var(id).global.clone() else {
            return;
        };
        if decl.init.is_some() && !replace {
            return;
        }
        let defined = Rc::new(crate::front::ast::VarDecl {
            init: Some(init.clone()),
            ..(*decl).clone()
        });
        self.vars[id.0 as usize].global = Some((defined, gctx, genv.clone()));
        let var = self.var(id);
        if var.is_const && (var.ty.is_integral() || matches!(var.ty, Ty::Enum(_))) {
            let value = match init {
                crate::front::ast::Initializer::Assign(e) => self.const_eval_ast(e, gctx, &genv),
                crate::front::ast::Initializer::Brace(es, ..)
                | crate::front::ast::Initializer::Paren(es, _) => match es.as_slice() {
                    [e] => self.const_eval_ast(e, gctx, &genv),
                    _ => None,
                },
            };
            self.vars[id.0 as usize].const_value = value;
        }
    }
}

/// Whether a declared type is const: `const T`, or an array of const
/// elements (`const int t[4]`).
fn declares_const(t: &crate::front::ast::TypeExpr) -> bool {
    match &t.kind {
        crate::front::ast::TypeExprKind::Array(elem, _) => t.is_const || declares_const(elem),
        _ => t.is_const,
    }
}

/// What definition `merged` keeps of an earlier declaration of the same
/// function: the default arguments only the declaration wrote, and its
/// attributes (`SYCL_EXTERNAL` on the prototype in a header, none on the
/// definition).
pub(super) fn inherit_from_declaration(merged: &mut FunctionDecl, declared: &FunctionDecl) {
    for (p, q) in merged.params.iter_mut().zip(&declared.params) {
        if p.default.is_none() {
            p.default = q.default.clone();
        }
    }
    for a in &declared.attrs.list {
        if merged.attrs.find(&a.name).is_none() {
            merged.attrs.list.push(a.clone());
        }
    }
}

/// Whether an attribute of this name sets an alignment (`alignas`,
/// `aligned`, `[[gnu::aligned]]`).
fn is_alignment_attribute(name: &str) -> bool {
    matches!(
        name.strip_prefix("gnu::").unwrap_or(name),
        "alignas" | "aligned" | "__aligned__"
    )
}

/// Whether `attrs` holds GNU `packed` (a class's members, or this member,
/// at any byte).
fn is_packed(attrs: &crate::front::ast::Attributes) -> bool {
    attrs.list.iter().any(|a| {
        matches!(
            a.name.strip_prefix("gnu::").unwrap_or(&a.name),
            "packed" | "__packed__"
        )
    })
}

/// A parameter's default given by an earlier declaration, where this one
/// gives none: whether it was taken.
fn inherit_default<D: Clone>(default: &mut Option<D>, earlier: &Option<D>) -> bool {
    if default.is_some() || earlier.is_none() {
        return false;
    }
    *default = earlier.clone();
    true
}

/// Class template `c` with the default template arguments that an earlier
/// declaration `earlier` gave and `c` does not repeat (`template <class T,
/// Alignment A = Alignment::PAGE> class Alloc;` then the definition with
/// `template <class T, Alignment A>`), where the parameters have the same
/// names (the defaults are written with them).
fn with_earlier_defaults(c: &Rc<ast::ClassDecl>, earlier: &ast::ClassDecl) -> Rc<ast::ClassDecl> {
    use crate::front::ast::TemplateParamKind as K;
    let (Some(th), Some(old)) = (&c.template, &earlier.template) else {
        return c.clone();
    };
    let same_names = th.params.len() == old.params.len()
        && th
            .params
            .iter()
            .zip(&old.params)
            .all(|(a, b)| a.name == b.name);
    if !same_names {
        return c.clone();
    }
    let mut header = th.clone();
    let mut changed = false;
    for (p, o) in header.params.iter_mut().zip(&old.params) {
        changed |= match (&mut p.kind, &o.kind) {
            (K::Type { default: d, .. }, K::Type { default: x, .. }) => inherit_default(d, x),
            (K::NonType { default: d, .. }, K::NonType { default: x, .. }) => inherit_default(d, x),
            (K::Template { default: d, .. }, K::Template { default: x, .. }) => {
                inherit_default(d, x)
            }
            _ => false,
        };
    }
    if !changed {
        return c.clone();
    }
    let mut merged = (**c).clone();
    merged.template = Some(header);
    Rc::new(merged)
}
