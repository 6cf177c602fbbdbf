//! Itanium C++ ABI mangling of kernel name types, as the host compiler
//! spells them in `typeid(KernelName*).name()`: the key under which the
//! runtime finds a kernel. Covers namespaces, classes and class template
//! specializations (type and integral/enum arguments), builtin, pointer and
//! reference types, and closure types of lambdas in ordinary functions,
//! member functions, function templates and other lambdas, with the
//! substitution table and the `std::` abbreviations (`St`, `Sa`). Standard
//! names follow the host's library: libstdc++ declares them in `std`,
//! libc++ in an inline namespace (`std::__2::vector`, `NSt3__26vectorI...`),
//! where `std::allocator` has no abbreviation.
//!
//! A function template specialization is encoded with its template
//! arguments, its return type, and its parameter types as the template
//! declares them (`T_` for a type parameter, `XT_E` for a non-type one used
//! as a template argument): the signature is resolved once more with each
//! parameter bound to [`Ty::Param`] or [`TArg::ValueParam`]. Parameter types
//! that compute with a parameter (`int (&)[N + 1]`, `T::type`) are not
//! encoded in their dependent form.

mod dependent;

use super::generic_lambda::{AutoForm, GenericLambda, ParamPattern};
use super::*;

pub fn kernel_key(sema: &mut Sema, ty: &Ty) -> String {
    let mut m = Mangler::default();
    format!("P{}", m.ty(sema, ty))
}

/// The linker symbol of a function (`_Z5scaleff`; an `extern "C"`
/// function's own name): what `SYCL_EXTERNAL` calls are resolved by.
pub fn function_symbol(sema: &mut Sema, f: FuncId) -> String {
    let decl = &sema.func(f).decl;
    if decl.is_extern_c {
        return decl.name.last().ident.to_string();
    }
    let mut m = Mangler::default();
    format!("_Z{}", m.encoding(sema, f))
}

/// The mangled name of a variable of namespace or class scope, as in a
/// template argument that refers to it (`_ZL8coeff_id`, `_ZN2ns1K2idE`):
/// what a specialization constant is keyed by.
pub fn variable_name(sema: &mut Sema, v: VarId) -> String {
    let mut m = Mangler::default();
    m.variable(sema, v)
}

struct Mangler {
    /// Substitution candidates in order, by identity key.
    subs: Vec<String>,
    /// The type parameter packs of the function template whose signature
    /// is being mangled (by index).
    type_packs: Vec<u32>,
    /// The inline namespace of the host's standard library (`__2` for
    /// libc++), if it has one.
    std_inline: Option<&'static str>,
}

impl Default for Mangler {
    fn default() -> Self {
        Mangler {
            subs: vec![],
            type_packs: vec![],
            std_inline: crate::target::HostTarget::current().std_inline_namespace(),
        }
    }
}

/// Names libc++ declares in `std` itself, outside its inline namespace:
/// the language support that libc++abi and the compiler share.
const UNVERSIONED_STD_NAMES: &[&str] = &[
    "initializer_list",
    "type_info",
    "exception",
    "bad_alloc",
    "bad_array_new_length",
    "bad_cast",
    "bad_typeid",
    "bad_exception",
    "nothrow_t",
    "align_val_t",
    "byte",
];

fn seq_id(i: usize) -> String {
    if i == 0 {
        return "S_".into();
    }
    let mut n = i - 1;
    let digits = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut s = vec![];
    loop {
        s.push(digits[n % 36]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    s.reverse();
    format!("S{}_", String::from_utf8_lossy(&s))
}

fn source_name(s: &str) -> String {
    format!("{}{}", s.len(), s)
}

/// An array's bound as mangled: `T[]` (unknown bound, as in
/// `unique_ptr<T[]>`; `n` = 0) is `A_`.
fn array_bound(n: u64) -> String {
    if n == 0 {
        String::new()
    } else {
        n.to_string()
    }
}

impl Mangler {
    fn lookup(&self, key: &str) -> Option<String> {
        self.subs.iter().position(|k| k == key).map(seq_id)
    }
    fn add(&mut self, key: String) {
        if !self.subs.contains(&key) {
            self.subs.push(key);
        }
    }

    /// `t` qualified `const`: `K` before it, except that an array's const
    /// is its elements' (`const float[4]` is `A4_Kf`).
    fn const_ty(&mut self, s: &mut Sema, t: &Ty) -> String {
        let key = format!("ty:const {t:?}");
        if let Some(r) = self.lookup(&key) {
            return r;
        }
        let r = match t {
            Ty::Array(e, n) => format!("A{}_{}", array_bound(*n), self.const_ty(s, e)),
            Ty::DependentArray { element, bound } => {
                format!("A{}_{}", template_param(*bound), self.const_ty(s, element))
            }
            _ => format!("K{}", self.ty(s, t)),
        };
        self.add(key);
        r
    }

    fn ty(&mut self, s: &mut Sema, t: &Ty) -> String {
        match t {
            Ty::Void => "v".into(),
            Ty::Bool => "b".into(),
            Ty::Int(k) => match k {
                IntKind::Char => "c",
                IntKind::SChar => "a",
                IntKind::UChar => "h",
                IntKind::Short => "s",
                IntKind::UShort => "t",
                IntKind::Int => "i",
                IntKind::UInt => "j",
                IntKind::Long => "l",
                IntKind::ULong => "m",
                IntKind::LongLong => "x",
                IntKind::ULongLong => "y",
                IntKind::WChar => "w",
                IntKind::Char16 => "Ds",
                IntKind::Char32 => "Di",
                IntKind::Int128 => "n",
                IntKind::UInt128 => "o",
            }
            .into(),
            Ty::Float(k) => match k {
                FloatKind::Half => "DF16_",
                FloatKind::Float => "f",
                FloatKind::Double => "d",
                FloatKind::LongDouble => "e",
            }
            .into(),
            Ty::Nullptr => "Dn".into(),
            Ty::Ptr {
                pointee,
                pointee_const,
                ..
            } => {
                let key = format!("ty:{t:?}");
                if let Some(r) = self.lookup(&key) {
                    return r;
                }
                let inner = if *pointee_const {
                    self.const_ty(s, pointee)
                } else {
                    self.ty(s, pointee)
                };
                self.add(key);
                format!("P{inner}")
            }
            Ty::LRef(inner, _) | Ty::RRef(inner) => {
                let key = format!("ty:{t:?}");
                if let Some(r) = self.lookup(&key) {
                    return r;
                }
                let is_const = matches!(t, Ty::LRef(_, true));
                let i = if is_const {
                    self.const_ty(s, inner)
                } else {
                    self.ty(s, inner)
                };
                self.add(key);
                format!("{}{i}", if matches!(t, Ty::RRef(_)) { "O" } else { "R" })
            }
            Ty::Array(e, n) => {
                let key = format!("ty:{t:?}");
                if let Some(r) = self.lookup(&key) {
                    return r;
                }
                let r = format!("A{}_{}", array_bound(*n), self.ty(s, e));
                self.add(key);
                r
            }
            Ty::Class(c) => self.class(s, *c),
            Ty::Param(i) => {
                // Keyed by spelling, like a generic lambda's `auto`
                // parameter: both host compilers take a `T_` inside a
                // closure type among the template arguments
                // (`W<main::{lambda(auto)}>`, `UlT_E_`) for the function
                // template's own first parameter (`S1_`); not for a
                // parameter pack (`DpT0_` stays).
                let tp = template_param(*i);
                let key = match self.type_packs.contains(i) {
                    true => format!("ty:{t:?}"),
                    false => format!("tparam:{tp}"),
                };
                if let Some(r) = self.lookup(&key) {
                    return r;
                }
                self.add(key);
                tp
            }
            Ty::DependentArray { element, bound } => {
                let key = format!("ty:{t:?}");
                if let Some(r) = self.lookup(&key) {
                    return r;
                }
                let r = format!("A{}_{}", template_param(*bound), self.ty(s, element));
                self.add(key);
                r
            }
            // `N <scope's prefix> <name> E` (`NSt12remove_constIT_E4typeE`).
            Ty::DependentMember { scope, name } => {
                let key = format!("ty:{t:?}");
                if let Some(r) = self.lookup(&key) {
                    return r;
                }
                if let Some(r) = self.libcxx_trait_type(s, *scope, name) {
                    self.add(key);
                    return r;
                }
                let class = self.class(s, *scope);
                let prefix = match class.strip_prefix('N').and_then(|c| c.strip_suffix('E')) {
                    Some(inner) => inner.to_string(),
                    None => class,
                };
                self.add(key);
                format!("N{prefix}{}E", source_name(name))
            }
            Ty::Enum(e) => {
                let key = format!("enum:{}", e.0);
                if let Some(r) = self.lookup(&key) {
                    return r;
                }
                let (name, ctx) = (
                    s.enums[e.0 as usize].name.clone(),
                    s.enums[e.0 as usize].ctx,
                );
                let r = self.nested(s, ctx, &source_name(&name));
                self.add(key);
                r
            }
            // `F <return> <parameters> E`, `v` for none, `z` for `...`.
            Ty::Function {
                ret,
                params,
                variadic,
            } => {
                let key = format!("ty:{t:?}");
                if let Some(r) = self.lookup(&key) {
                    return r;
                }
                let mut r = format!("F{}", self.ty(s, ret));
                for p in params {
                    r += &self.ty(s, p);
                }
                if *variadic {
                    r.push('z');
                } else if params.is_empty() {
                    r.push('v');
                }
                r.push('E');
                self.add(key);
                r
            }
            // `M <class> <member type>`, a const member function's type
            // with its qualifier (`K`).
            Ty::MemberPtr {
                class,
                member,
                const_method,
            } => {
                let key = format!("ty:{t:?}");
                if let Some(r) = self.lookup(&key) {
                    return r;
                }
                let qualifier = if *const_method { "K" } else { "" };
                let r = format!(
                    "M{}{qualifier}{}",
                    self.class(s, *class),
                    self.ty(s, member)
                );
                self.add(key);
                r
            }
            _ => "v".into(),
        }
    }

    /// `std::remove_const_t<T>` and the other trait aliases libc++ computes
    /// with a clang builtin, as clang mangles them for libc++: the alias is
    /// `__remove_const(T)`, `u14__remove_constIT_E` (checked against clang
    /// 21's libc++). The model's aliases name the `::type` of
    /// `__libcxx_builtin_alias<trait, T>` (under `__SYCLONE_HOST_LIBCXX`),
    /// so that a `typename std::remove_const<T>::type` written out stays
    /// the name it is (`NSt3__112remove_constIT_E4typeE`).
    fn libcxx_trait_type(&mut self, s: &mut Sema, scope: ClassId, member: &str) -> Option<String> {
        let class = s.class(scope);
        if member != "type"
            || &*class.name != "__libcxx_builtin_alias"
            || !self.in_std_inline(s, class.ctx)
        {
            return None;
        }
        let (_, args) = class.template.clone()?;
        let [TArg::Template(trait_template), TArg::Type(arg)] = args.as_slice() else {
            return None;
        };
        let (trait_name, _) = s.template_name_decl(*trait_template);
        let builtin = libcxx_trait_builtin(&trait_name)?;
        let arg = self.ty(s, arg);
        Some(format!("u{}I{arg}E", source_name(builtin)))
    }

    /// `<prefix> name` inside `N...E` if the context is not global.
    /// `_Z <name>` of a global variable; `L` marks internal linkage (a
    /// namespace-scope variable that is static, or const and not inline or
    /// extern), as g++ and clang mangle it.
    fn variable(&mut self, s: &mut Sema, v: VarId) -> String {
        let name = s.var(v).name.clone();
        let Some((decl, ctx, _)) = s.var(v).global.clone() else {
            return format!("_Z{}", source_name(&name));
        };
        let internal = matches!(ctx, Ctx::Ns(_))
            && (decl.is_static
                || ((decl.ty.is_const || decl.is_constexpr) && !decl.is_inline && !decl.is_extern));
        let unqualified = format!("{}{}", if internal { "L" } else { "" }, source_name(&name));
        format!("_Z{}", self.nested(s, ctx, &unqualified))
    }

    /// Whether names declared in `ctx` carry the host library's inline
    /// namespace (`std::__2::` for libc++).
    fn in_std_inline(&self, s: &Sema, ctx: Ctx) -> bool {
        self.std_inline.is_some() && is_std(s, ctx)
    }

    /// `St` and the host library's inline namespace (`St3__2`), a
    /// substitution candidate (`S_` when it comes first).
    fn std_inline_prefix(&mut self) -> String {
        let key = "ns:std-inline".to_string();
        if let Some(r) = self.lookup(&key) {
            return r;
        }
        self.add(key);
        format!("St{}", source_name(self.std_inline.unwrap_or_default()))
    }

    fn nested(&mut self, s: &mut Sema, ctx: Ctx, name: &str) -> String {
        match ctx {
            Ctx::Ns(n) if n == GLOBAL_NS => name.to_string(),
            _ if self.in_std_inline(s, ctx) => format!("N{}{name}E", self.std_inline_prefix()),
            _ if is_std(s, ctx) => format!("St{name}"),
            Ctx::Func(f) => {
                let enc = self.encoding(s, f);
                format!("Z{enc}E{name}")
            }
            _ => {
                let p = self.prefix(s, ctx);
                format!("N{p}{name}E")
            }
        }
    }

    /// The mangled prefix for a namespace or class context (registers substitutions).
    fn prefix(&mut self, s: &mut Sema, ctx: Ctx) -> String {
        match ctx {
            Ctx::Ns(n) if n == GLOBAL_NS => String::new(),
            _ if self.in_std_inline(s, ctx) => self.std_inline_prefix(),
            // `St` abbreviates `::std::` and is not a substitution candidate.
            _ if is_std(s, ctx) => "St".into(),
            Ctx::Ns(n) => {
                let key = format!("ns:{}", n.0);
                if let Some(r) = self.lookup(&key) {
                    return r;
                }
                let ns = &s.namespaces[n.0 as usize];
                let parent = ns.parent.unwrap_or(GLOBAL_NS);
                let name = ns.name.clone();
                let p = self.prefix(s, Ctx::Ns(parent));
                // An anonymous namespace is `_GLOBAL__N_1`, as g++ and
                // clang name it.
                let name = name.unwrap_or_else(|| "_GLOBAL__N_1".into());
                self.add(key);
                format!("{p}{}", source_name(&name))
            }
            Ctx::Class(c) => {
                let key = format!("class:{}", c.0);
                if let Some(r) = self.lookup(&key) {
                    return r;
                }
                let r = self.class_unqualified(s, c, true);
                self.add(key);
                r
            }
            Ctx::Func(f) => {
                let enc = self.encoding(s, f);
                format!("Z{enc}E")
            }
        }
    }

    fn class(&mut self, s: &mut Sema, c: ClassId) -> String {
        let key = format!("class:{}", c.0);
        if let Some(r) = self.lookup(&key) {
            return r;
        }
        let ctx = s.class(c).ctx;
        let libcxx = self.in_std_inline(s, ctx);
        let r = match ctx {
            _ if libcxx && &*s.class(c).name == "string" => self.libcxx_string(s),
            _ if is_std(s, ctx) && &*s.class(c).name == "string" => self.libstdcxx_string(),
            Ctx::Ns(n) if n == GLOBAL_NS => self.class_unqualified(s, c, false),
            _ if is_std(s, ctx) && (!libcxx || unversioned_std_class(s, c)) => {
                self.class_unqualified(s, c, true)
            }
            Ctx::Func(_) => {
                let p = self.prefix(s, ctx);
                let name = self.class_unqualified(s, c, false);
                format!("{p}{name}")
            }
            _ => {
                let inner = self.class_unqualified(s, c, true);
                format!("N{inner}E")
            }
        };
        self.add(key);
        r
    }

    /// `std::string` as g++ (libstdc++'s C++11 ABI) mangles it, the host
    /// compiler's name for it: `std::__cxx11::basic_string<char,
    /// std::char_traits<char>, std::allocator<char>>`, with the substitution
    /// candidates it registers on the way (the model header's `std::string`
    /// is a plain class).
    fn libstdcxx_string(&mut self) -> String {
        for candidate in [
            "std::__cxx11",
            "std::__cxx11::basic_string",
            "std::char_traits",
            "std::char_traits<char>",
            "std::allocator<char>",
        ] {
            self.add(format!("libstdc++:{candidate}"));
        }
        "NSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE".into()
    }

    /// `std::string` as clang with libc++ mangles it: `std::__2::basic_string<
    /// char, std::__2::char_traits<char>, std::__2::allocator<char>>`, with
    /// the substitution candidates it registers on the way; the model's
    /// `std::allocator<char>`, where the unit has one (`std::vector<char>`),
    /// is the candidate its later uses find.
    fn libcxx_string(&mut self, s: &Sema) -> String {
        let std = self.std_inline_prefix();
        let again = self.lookup("ns:std-inline").expect("registered");
        let allocator = s.classes.iter().position(|c| {
            &*c.name == "allocator"
                && is_std(s, c.ctx)
                && c.template.as_ref().is_some_and(|(_, args)| {
                    matches!(args.as_slice(), [TArg::Type(Ty::Int(IntKind::Char))])
                })
        });
        let (allocator_template, allocator_char) = match allocator {
            Some(i) => (
                format!(
                    "tmpl:{:p}",
                    Rc::as_ptr(&s.classes[i].template.as_ref().expect("a template").0)
                ),
                format!("class:{i}"),
            ),
            None => ("libc++:allocator".into(), "libc++:allocator<char>".into()),
        };
        for candidate in [
            "libc++:basic_string".to_string(),
            "libc++:char_traits".into(),
            "libc++:char_traits<char>".into(),
            allocator_template,
            allocator_char,
        ] {
            self.add(candidate);
        }
        format!("N{std}12basic_stringIcN{again}11char_traitsIcEEN{again}9allocatorIcEEEE")
    }

    /// The class's name with its enclosing prefix (without `N`/`E`) when
    /// `with_prefix`; template arguments included.
    fn class_unqualified(&mut self, s: &mut Sema, c: ClassId, with_prefix: bool) -> String {
        if let Some(cl) = s.class(c).closure.clone() {
            if let Some(id) = cl.unnumbered_id {
                return source_name(&format!("$_{id}"));
            }
            let generic = cl.generic.clone();
            let patterns: Vec<ParamPattern> = match (&cl.generic, cl.call_op) {
                (Some(g), _) => g.params.clone(),
                (None, Some(op)) => s
                    .func(op)
                    .params
                    .iter()
                    .map(|t| ParamPattern::Concrete(t.clone()))
                    .collect(),
                (None, None) => vec![],
            };
            let mut sig = String::new();
            let header = generic.as_ref().and_then(|g| g.header().cloned());
            if let (Some(h), true) = (header, s.host.mangles_lambda_template_params()) {
                let env = super::templates::dependent_env(&h, &[], s.class(c).env.clone());
                for p in &h.params {
                    let decl = self.template_param_decl(s, c, &env, p);
                    sig.push_str(&decl);
                }
            }
            if patterns.is_empty() {
                sig.push('v');
            }
            for p in &patterns {
                let m = self.lambda_param(s, c, generic.as_ref(), p);
                sig.push_str(&m);
            }
            let disc = if cl.discriminator == 0 {
                String::new()
            } else {
                (cl.discriminator - 1).to_string()
            };
            return format!("Ul{sig}E{disc}_");
        }
        let ctx = s.class(c).ctx;
        let name = source_name(&s.class(c).name);
        let p = if !with_prefix {
            String::new()
        } else if unversioned_std_class(s, c) {
            "St".into()
        } else {
            self.prefix(s, ctx)
        };
        match s.class(c).template.clone() {
            Some((tdecl, args)) => {
                // `std::allocator` is `Sa` (not a candidate itself).
                let head = if is_std(s, ctx)
                    && !self.in_std_inline(s, ctx)
                    && &*s.class(c).name == "allocator"
                {
                    "Sa".to_string()
                } else {
                    let tkey = format!("tmpl:{:p}", Rc::as_ptr(&tdecl));
                    match self.lookup(&tkey) {
                        Some(r) => r,
                        None => {
                            self.add(tkey);
                            format!("{p}{name}")
                        }
                    }
                };
                let (cx, env) = (s.class(c).ctx, s.class(c).env.clone());
                let a = self.template_args(s, &args, tdecl.template.as_ref(), cx, &env);
                format!("{head}{a}")
            }
            None => format!("{p}{name}"),
        }
    }

    /// `I <template-arg>+ E`; a value argument is typed by its parameter's
    /// declared type, resolved in `ctx`/`env`.
    fn template_args(
        &mut self,
        s: &mut Sema,
        args: &[TArg],
        header: Option<&ast::TemplateHeader>,
        ctx: Ctx,
        env: &Rc<Env>,
    ) -> String {
        let mut a = String::from("I");
        for (i, arg) in args.iter().enumerate() {
            if let (Some(h), true) = (header, s.host.mangles_placeholder_param_types()) {
                if let Some(placeholder) = h.params.get(i).and_then(|p| match &p.kind {
                    ast::TemplateParamKind::NonType {
                        ty, pack: false, ..
                    } => self.placeholder_type(ty),
                    _ => None,
                }) {
                    a.push_str(&format!("Tn{placeholder}"));
                }
            }
            match arg {
                TArg::Type(t) => a.push_str(&self.ty(s, t)),
                TArg::ConstType(t) => {
                    let r = self.const_ty(s, t);
                    a.push_str(&r);
                }
                // A parameter in an expression is not a substitution candidate.
                TArg::ValueParam(i) => a.push_str(&format!("X{}E", template_param(*i))),
                TArg::Pack(elems) => {
                    let inner = self.template_args(s, elems, None, ctx, env);
                    a.push_str(&format!("J{}", &inner[1..]));
                }
                TArg::Var(v) => a.push_str(&format!("L{}E", self.variable(s, *v))),
                // The address of a function, as g++ and clang write it: its
                // encoding continues this name's substitutions.
                TArg::Func(f) => {
                    let encoding = self.encoding(s, *f);
                    a.push_str(&format!("XadL_Z{encoding}EE"));
                }
                TArg::Template(t) => {
                    // A template template argument: the template's name.
                    let key = format!("template:{}", t.0);
                    match self.lookup(&key) {
                        Some(r) => a.push_str(&r),
                        None => {
                            let (name, tctx) = s.template_name_decl(*t);
                            let r = self.nested(s, tctx, &source_name(&name));
                            self.add(key);
                            a.push_str(&r);
                        }
                    }
                }
                TArg::Value(v) => {
                    let pty = header
                        .and_then(|h| h.params.get(i))
                        .and_then(|p| match &p.kind {
                            ast::TemplateParamKind::NonType { ty, .. } => Some(ty.clone()),
                            _ => None,
                        });
                    let ty = match pty {
                        Some(t) => s.resolve_type(&t, ctx, env, &mut vec![]),
                        None => Ty::Int(IntKind::Int),
                    };
                    let tm = match ty {
                        Ty::Error => "i".to_string(),
                        t => self.ty(s, &t),
                    };
                    if *v < 0 {
                        a.push_str(&format!("L{tm}n{}E", -v));
                    } else {
                        a.push_str(&format!("L{tm}{v}E"));
                    }
                }
            }
        }
        a.push('E');
        a
    }

    /// The declared type of a non-type template parameter with a
    /// placeholder: `auto` is `Da`, `decltype(auto)` `Dc`, under pointers,
    /// references and `const` (each such level a substitution candidate);
    /// None for a type without one or of another shape.
    fn placeholder_type(&mut self, ty: &ast::TypeExpr) -> Option<String> {
        let inner = match &ty.kind {
            ast::TypeExprKind::Auto => "Da".to_string(),
            ast::TypeExprKind::DecltypeAuto => "Dc".to_string(),
            ast::TypeExprKind::Pointer(t) => format!("P{}", self.placeholder_type(t)?),
            ast::TypeExprKind::LRef(t) => format!("R{}", self.placeholder_type(t)?),
            ast::TypeExprKind::RRef(t) => format!("O{}", self.placeholder_type(t)?),
            _ => return None,
        };
        let (mangled, composite) = if ty.is_const {
            (format!("K{inner}"), true)
        } else {
            let composite = !matches!(
                ty.kind,
                ast::TypeExprKind::Auto | ast::TypeExprKind::DecltypeAuto
            );
            (inner, composite)
        };
        if !composite {
            return Some(mangled);
        }
        let key = format!("placeholder:{mangled}");
        Some(self.lookup(&key).unwrap_or_else(|| {
            self.add(key);
            mangled
        }))
    }

    /// `<prefix> <name>` of a template in `ctx`, a substitution candidate
    /// under `key`: its earlier substitution, else the prefix (registered
    /// only then) and `name`.
    fn template_head(&mut self, s: &mut Sema, key: String, ctx: Ctx, name: &str) -> String {
        if let Some(r) = self.lookup(&key) {
            return r;
        }
        let p = self.prefix(s, ctx);
        self.add(key);
        format!("{p}{name}")
    }

    /// `<encoding>` of a function template specialization: the template's
    /// name with the arguments, then the declared return and parameter types.
    fn template_encoding(
        &mut self,
        s: &mut Sema,
        f: FuncId,
        header: &ast::TemplateHeader,
        mname: String,
    ) -> String {
        let fi = s.func(f);
        let (decl, ctx, targs) = (fi.decl.clone(), fi.ctx, fi.template_args.clone());
        let declared_env = fi.env.parent.clone().unwrap_or_default();
        let head = self.template_head(s, format!("ftmpl:{:p}", Rc::as_ptr(&decl)), ctx, &mname);
        let a = self.template_args(s, &targs, Some(header), ctx, &declared_env);
        let name = match ctx {
            Ctx::Ns(n) if n == GLOBAL_NS => format!("{head}{a}"),
            _ => format!("N{}{head}{a}E", member_qualifiers(&decl)),
        };
        // The signature as declared: type parameters stay parameters.
        let env = super::templates::dependent_env(header, &targs, declared_env);
        let outer_packs = std::mem::replace(&mut self.type_packs, type_packs(header));
        let ret = match decl.ret.kind {
            ast::TypeExprKind::Auto if !decl.trailing_return => "Da".to_string(),
            ast::TypeExprKind::DecltypeAuto => "Dc".to_string(),
            _ => match self.dependent_signature_type(s, &decl.ret, ctx, &env, header, &decl.params)
            {
                Some(written) => written,
                None => {
                    let t = s.resolve_type(&decl.ret, ctx, &env, &mut vec![]);
                    self.ty(s, &t)
                }
            },
        };
        let type_params = super::templates::type_parameter_names(header);
        let mut ps = String::new();
        for p in &decl.params {
            let unqualified = ast::TypeExpr {
                is_const: false,
                ..p.ty.clone()
            };
            if let Some(written) =
                self.dependent_signature_type(s, &unqualified, ctx, &env, header, &decl.params)
            {
                ps.push_str(&written);
                continue;
            }
            let t = s.resolve_type(&p.ty, ctx, &env, &mut vec![]);
            let dependent = match t.is_error() {
                // Top-level `const` is not part of the signature.
                true => {
                    let unqualified = ast::TypeExpr {
                        is_const: false,
                        ..p.ty.clone()
                    };
                    self.dependent_member(s, &unqualified, &type_params)
                }
                false => None,
            };
            let m = dependent.unwrap_or_else(|| self.ty(s, &t));
            if p.pack {
                // `Dp <type>`: a function parameter pack, itself a candidate.
                let key = format!("pack:{t:?}");
                match self.lookup(&key) {
                    Some(r) => ps.push_str(&r),
                    None => {
                        self.add(key);
                        ps.push_str(&format!("Dp{m}"));
                    }
                }
            } else {
                ps.push_str(&m);
            }
        }
        if ps.is_empty() {
            ps.push('v');
        }
        self.type_packs = outer_packs;
        format!("{name}{ret}{ps}")
    }

    /// A declared parameter type naming a member of a type template
    /// parameter (`typename P::DTypeO *`), which resolves only per
    /// instance: `N T2_ 6DTypeO E` under its `const`, pointer and reference
    /// layers, each a substitution candidate as a resolved type's would be.
    /// None for any other type.
    fn dependent_member(
        &mut self,
        s: &mut Sema,
        t: &ast::TypeExpr,
        type_params: &[Option<Rc<str>>],
    ) -> Option<String> {
        use ast::TypeExprKind as K;
        let key = format!(
            "dep:{}",
            super::templates::dependent_member_spelling(t, type_params)?
        );
        if let Some(r) = self.lookup(&key) {
            return Some(r);
        }
        let (unqualified, layer) = match &t.kind {
            K::Pointer(inner) => (self.dependent_qualified(s, inner, type_params)?, "P"),
            K::LRef(inner) => (self.dependent_qualified(s, inner, type_params)?, "R"),
            K::RRef(inner) => (self.dependent_qualified(s, inner, type_params)?, "O"),
            K::Named(q) => {
                let param = type_params
                    .iter()
                    .position(|p| p.as_ref() == Some(&q.parts[0].ident))?;
                let prefix = self.ty(s, &Ty::Param(param as u32));
                (format!("{prefix}{}", source_name(&q.parts[1].ident)), "N")
            }
            _ => return None,
        };
        self.add(key);
        Some(match layer {
            "N" => format!("N{unqualified}E"),
            _ => format!("{layer}{unqualified}"),
        })
    }

    /// The pointee or referee of a dependent member type, `K`-qualified
    /// (itself a candidate) when declared `const`.
    fn dependent_qualified(
        &mut self,
        s: &mut Sema,
        t: &ast::TypeExpr,
        type_params: &[Option<Rc<str>>],
    ) -> Option<String> {
        let inner = self.dependent_member(
            s,
            &ast::TypeExpr {
                is_const: false,
                ..t.clone()
            },
            type_params,
        )?;
        if !t.is_const {
            return Some(inner);
        }
        let key = format!(
            "dep:const {}",
            super::templates::dependent_member_spelling(t, type_params)?
        );
        if let Some(r) = self.lookup(&key) {
            return Some(r);
        }
        self.add(key);
        Some(format!("K{inner}"))
    }

    /// `<encoding>` of a function: name and parameter types.
    fn encoding(&mut self, s: &mut Sema, f: FuncId) -> String {
        let fi = s.func(f);
        let decl = fi.decl.clone();
        let params = fi.params.clone();
        let ctx = fi.ctx;
        let closure = fi.closure;
        let name_src = decl.name.last().ident.to_string();
        if let Some(c) = closure {
            // Lambda call operator: Z <enclosing> E N [K] <closure> cl E <params>
            let wrapper = self.local_wrapper(s, c);
            let k = if decl.is_const { "K" } else { "" };
            let cprefix = self.prefix(s, Ctx::Class(c));
            let generic = s
                .class(c)
                .closure
                .as_ref()
                .and_then(|cl| cl.generic.clone());
            if let Some(g) = generic {
                let ret = s.func(f).ret.clone();
                let head = format!("{wrapper}N{k}{cprefix}cl");
                return self.generic_call_operator(s, (c, f), &g, (&params, &ret), &decl, head);
            }
            let ps = self.params(s, &params);
            return format!("{wrapper}N{k}{cprefix}clE{ps}");
        }
        // clang for WebAssembly mangles `main(int, char **)` as any other
        // function (its code generation renames it `__main_argc_argv`).
        let wasm_main_with_arguments = crate::target::HostTarget::current()
            == crate::target::HostTarget::Wasm32Wasi
            && params.len() == 2;
        let is_main = name_src == "main"
            && matches!(ctx, Ctx::Ns(n) if n == GLOBAL_NS)
            && !wasm_main_with_arguments;
        if is_main || decl.is_extern_c {
            return source_name(&name_src);
        }
        let mname = operator_name(&name_src).unwrap_or_else(|| source_name(&name_src));
        // `L`: a static function at namespace scope has internal linkage,
        // which g++ and clang mangle into the name (`_ZL4oncei`); for a
        // static function template's instances only clang does
        // (`_ZL6scaledIiET_S0_`, g++ `_Z6scaledIiET_S0_`).
        let internal = decl.is_static
            && (decl.template.is_none() || s.host.marks_internal_template_instances());
        let mname = if internal && !matches!(ctx, Ctx::Class(_)) {
            format!("L{mname}")
        } else {
            mname
        };
        if let Some(header) = &decl.template {
            return self.template_encoding(s, f, header, mname);
        }
        let name = match ctx {
            Ctx::Ns(n) if n == GLOBAL_NS => mname,
            Ctx::Class(_) => {
                let p = self.prefix(s, ctx);
                format!("N{}{p}{mname}E", member_qualifiers(&decl))
            }
            _ => {
                let p = self.prefix(s, ctx);
                format!("N{p}{mname}E")
            }
        };
        let ps = self.params(s, &params);
        format!("{name}{ps}")
    }

    /// An instance of a generic lambda's call operator, a member function
    /// template: `<head> I <explicit template arguments> <deduced auto
    /// types> E E <return> <parameters as declared>`
    /// (`...clIN4sycl7handlerEEEDaS0_` for `(auto &h)`, `...clILb1EfEEDaS_`
    /// for `<bool B, typename T>(T)`).
    fn generic_call_operator(
        &mut self,
        s: &mut Sema,
        (closure, op): (ClassId, FuncId),
        g: &GenericLambda,
        (params, ret_ty): (&[Ty], &Ty),
        decl: &ast::FunctionDecl,
        head: String,
    ) -> String {
        self.add(format!("generic-op:{}", closure.0));
        let explicit = match g.header() {
            Some(header) => {
                let env = s.class(closure).env.clone();
                let targs = g.template_args_of(op).to_vec();
                let a = self.template_args(s, &targs, Some(header), Ctx::Class(closure), &env);
                a[1..a.len() - 1].to_string()
            }
            None => String::new(),
        };
        // The `auto` parameters' deduced types, in parameter order (a
        // pack's as one argument, `J...E`).
        let param_decls = s.func(op).param_decls.clone();
        let mut args = String::new();
        for (i, pattern) in g.params.iter().enumerate() {
            let ParamPattern::Auto { form, pack, .. } = pattern else {
                continue;
            };
            let deduced: Vec<Ty> = param_decls
                .iter()
                .zip(params)
                .filter(|(d, _)| **d == i)
                .map(|(_, ty)| match (form, ty) {
                    (AutoForm::LRef { .. }, Ty::LRef(inner, _)) => (**inner).clone(),
                    (AutoForm::Forwarding, Ty::RRef(inner)) => (**inner).clone(),
                    (AutoForm::Ptr { .. }, Ty::Ptr { pointee, .. }) => (**pointee).clone(),
                    _ => ty.clone(),
                })
                .collect();
            let mangled: String = deduced.iter().map(|t| self.ty(s, t)).collect();
            if *pack {
                args.push_str(&format!("J{mangled}E"));
            } else {
                args.push_str(&mangled);
            }
        }
        let ret = match decl.ret.kind {
            ast::TypeExprKind::Auto if !decl.trailing_return => "Da".to_string(),
            ast::TypeExprKind::DecltypeAuto => "Dc".to_string(),
            _ => self.ty(s, ret_ty),
        };
        let mut ps = String::new();
        for pattern in &g.params {
            let m = self.lambda_param(s, closure, Some(g), pattern);
            ps.push_str(&m);
        }
        if g.params.is_empty() {
            ps.push('v');
        }
        format!("{head}I{explicit}{args}EE{ret}{ps}")
    }

    /// `<template-param-decl>` of a lambda's explicit template parameter:
    /// `Ty` (a type), `Tn <type>` (a value), `Tt <decls> E` (a template),
    /// `Tp` before a pack's.
    fn template_param_decl(
        &mut self,
        s: &mut Sema,
        closure: ClassId,
        env: &Rc<Env>,
        p: &ast::TemplateParam,
    ) -> String {
        let (pack, decl) = match &p.kind {
            ast::TemplateParamKind::Type { pack, .. } => (*pack, "Ty".to_string()),
            ast::TemplateParamKind::NonType { ty, pack, .. } => {
                let t = s.resolve_type(ty, Ctx::Class(closure), env, &mut vec![]);
                (*pack, format!("Tn{}", self.ty(s, &t)))
            }
            ast::TemplateParamKind::Template { params, pack, .. } => {
                let inner: String = params
                    .iter()
                    .map(|q| self.template_param_decl(s, closure, env, q))
                    .collect();
                (*pack, format!("Tt{inner}E"))
            }
        };
        if pack {
            format!("Tp{decl}")
        } else {
            decl
        }
    }

    /// A lambda's parameter type as declared: template parameters (`auto`
    /// or of an explicit list) in their dependent form (`T_`, `RKT0_`...).
    fn lambda_param(
        &mut self,
        s: &mut Sema,
        closure: ClassId,
        generic: Option<&GenericLambda>,
        pattern: &ParamPattern,
    ) -> String {
        let (inner, key) = match pattern {
            ParamPattern::Concrete(t) => return self.ty(s, t),
            // The invented template parameters: T_, T0_, T1_...
            ParamPattern::Auto { index, form, .. } => {
                let key = format!("{}{index}", form.mangled_qualifiers());
                (self.auto_param(*index, form), key)
            }
            ParamPattern::Dependent { ty, .. } => {
                let header = generic.and_then(GenericLambda::header);
                let env = s.class(closure).env.clone();
                let env = match header {
                    Some(h) => super::templates::dependent_env(h, &[], env),
                    None => env,
                };
                let t = s.resolve_type(ty, Ctx::Class(closure), &env, &mut vec![]);
                (self.ty(s, &t), format!("{t:?}"))
            }
        };
        if !pattern.is_pack() {
            return inner;
        }
        // `Dp <type>`: a function parameter pack, itself a candidate.
        let key = format!("pack:{key}");
        if let Some(r) = self.lookup(&key) {
            return r;
        }
        self.add(key);
        format!("Dp{inner}")
    }

    /// A generic lambda's `auto` parameter in its dependent form (`T_`,
    /// `RKT_`...), shortened by the substitutions already made. Its
    /// substitution candidates, innermost first (T_, then KT_, RKT_, as
    /// g++), are keyed by spelling: a lambda nested in a generic lambda's
    /// call operator reuses the outer `T_` (`UlRT_E_ ... UlS6_E_`, g++ and
    /// clang alike).
    fn auto_param(&mut self, index: usize, form: &AutoForm) -> String {
        let tp = template_param(index as u32);
        let qualifiers = form.mangled_qualifiers();
        let key = |k: usize| format!("tparam:{}{tp}", &qualifiers[k..]);
        let known = (0..=qualifiers.len()).find_map(|k| Some((k, self.lookup(&key(k))?)));
        let (k, inner) = known.unwrap_or((qualifiers.len(), tp.clone()));
        for k in (0..=qualifiers.len()).rev() {
            self.add(key(k));
        }
        format!("{}{inner}", &qualifiers[..k])
    }

    fn local_wrapper(&mut self, s: &mut Sema, c: ClassId) -> String {
        match s.class(c).ctx {
            Ctx::Func(ef) => {
                let enc = self.encoding(s, ef);
                format!("Z{enc}E")
            }
            _ => String::new(),
        }
    }

    fn params(&mut self, s: &mut Sema, params: &[Ty]) -> String {
        if params.is_empty() {
            return "v".into();
        }
        params.iter().map(|p| self.ty(s, p)).collect()
    }
}

/// The indices of the type parameter packs of a template header.
fn type_packs(header: &ast::TemplateHeader) -> Vec<u32> {
    header
        .params
        .iter()
        .enumerate()
        .filter(|(_, p)| matches!(p.kind, ast::TemplateParamKind::Type { pack: true, .. }))
        .map(|(i, _)| i as u32)
        .collect()
}

/// `T_`, `T0_`, `T1_`...: the template parameter at `index`.
fn template_param(index: u32) -> String {
    match index {
        0 => "T_".to_string(),
        k => format!("T{}_", k - 1),
    }
}

/// The clang builtin libc++ computes type trait `std::trait` with (its
/// `_t` alias is the builtin applied to the argument).
fn libcxx_trait_builtin(trait_name: &str) -> Option<&'static str> {
    Some(match trait_name {
        "remove_const" => "__remove_const",
        "remove_volatile" => "__remove_volatile",
        "remove_cv" => "__remove_cv",
        "remove_cvref" => "__remove_cvref",
        "remove_reference" => "__remove_reference_t",
        "remove_pointer" => "__remove_pointer",
        "remove_extent" => "__remove_extent",
        "remove_all_extents" => "__remove_all_extents",
        "add_pointer" => "__add_pointer",
        "add_lvalue_reference" => "__add_lvalue_reference",
        "add_rvalue_reference" => "__add_rvalue_reference",
        "decay" => "__decay",
        "make_signed" => "__make_signed",
        "make_unsigned" => "__make_unsigned",
        "underlying_type" => "__underlying_type",
        _ => return None,
    })
}

/// Whether `c` is one of the classes libc++ declares in `std` itself
/// ([`UNVERSIONED_STD_NAMES`]).
fn unversioned_std_class(s: &Sema, c: ClassId) -> bool {
    let class = s.class(c);
    is_std(s, class.ctx) && UNVERSIONED_STD_NAMES.contains(&&*class.name)
}

/// Is `ctx` the namespace `::std`?
pub(super) fn is_std(s: &Sema, ctx: Ctx) -> bool {
    match ctx {
        Ctx::Ns(n) => {
            let ns = &s.namespaces[n.0 as usize];
            ns.parent == Some(GLOBAL_NS) && ns.name.as_deref() == Some("std")
        }
        _ => false,
    }
}

fn operator_name(n: &str) -> Option<String> {
    let op = n.strip_prefix("operator")?;
    Some(
        match op {
            "()" => "cl",
            "[]" => "ix",
            "+" => "pl",
            "-" => "mi",
            "*" => "ml",
            "/" => "dv",
            "=" => "aS",
            "==" => "eq",
            "<" => "lt",
            _ => return None,
        }
        .into(),
    )
}

/// A member function's `<CV-qualifiers> [<ref-qualifier>]` in a nested
/// name: `K` for `const`, `R` for `&`, `O` for `&&`.
fn member_qualifiers(decl: &ast::FunctionDecl) -> &'static str {
    match (decl.is_const, decl.ref_qualifier) {
        (false, None) => "",
        (true, None) => "K",
        (false, Some(ast::RefQualifier::Lvalue)) => "R",
        (false, Some(ast::RefQualifier::Rvalue)) => "O",
        (true, Some(ast::RefQualifier::Lvalue)) => "KR",
        (true, Some(ast::RefQualifier::Rvalue)) => "KO",
    }
}
