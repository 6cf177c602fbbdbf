//! Parser tests over small C++ fragments (tokens come from the real preprocessor).

use super::*;
use crate::front::ast::*;
use crate::front::preprocess::{preprocess, PpOptions};
use crate::source::SourceMap;

fn parse(src: &str) -> (TranslationUnit, Diagnostics) {
    parse_in(src, LangStd::Cxx17)
}

/// [`parse`] in language mode `lang`.
fn parse_in(src: &str, lang: LangStd) -> (TranslationUnit, Diagnostics) {
    let mut sm = SourceMap::default();
    let main = sm.add("t.cpp", src);
    let mut diags = Diagnostics::default();
    let opts = PpOptions {
        lang,
        ..PpOptions::default()
    };
    let pp = preprocess(&mut sm, main, &crate::NoIncludes, &opts, &mut diags);
    let tu = parse_translation_unit(pp.tokens, &pp.symbols, &mut diags, lang);
    (tu, diags)
}

#[test]
fn parses_templates_classes_and_lambdas() {
    let (tu, d) = parse(
        "namespace sycl { template <int D = 1> class range { public: range(unsigned long n) { m[0] = n; } unsigned long m[D]; }; }
         template <typename T> T twice(T x) { return x + x; }
         int main() { sycl::range<1> r(10); auto f = [=](int i) { return twice<int>(i) > 3 ? 1 : 0; }; return f(2); }",
    );
    assert!(!d.has_errors(), "{:?}", d.list);
    assert_eq!(tu.decls.len(), 3);
}

#[test]
fn reports_errors_and_recovers() {
    let (tu, d) = parse("int a = ; int b = 2; struct S { int x };");
    assert!(d.has_errors());
    assert!(tu
        .decls
        .iter()
        .any(|x| matches!(x, Decl::Var(v) if v.name.as_ref() == "b")));
}

#[test]
fn parenthesized_pointer_after_a_type_is_a_cast_when_an_operator_follows() {
    // `T(*p) += x;` can only be an expression; `T(*q);` and `T(*f)(int);`
    // declare q and f.
    let (tu, d) = parse(
        "template <class U> struct R { R(U &); R &operator+=(U); };
         void g(int *p, int x) { R<int>(*p) += x; R<int>(*p)++; int(*q); int(*f)(int); }",
    );
    assert!(!d.has_errors(), "{:?}", d.list);
    let Some(Decl::Function(f)) = tu.decls.last() else {
        panic!("expected g");
    };
    let body = format!("{:?}", f.body);
    assert_eq!(body.matches("Decl(").count(), 2, "{body}");
}

#[test]
fn member_pointer_declarators_at_block_scope_declare() {
    // `int (R::*op)(int)` and `int (R::*ops[2])(int)` declare op and ops;
    // `(r.*op)(1)` stays a call.
    let (tu, d) = parse(
        "struct R { int f(int); int m; };
         void g(R &r) { int (R::*op)(int) = &R::f; int (R::*ops[2])(int) = {op, op};
                        int R::*pm = &R::m; (r.*op)(1); r.*pm = 2; }",
    );
    assert!(!d.has_errors(), "{:?}", d.list);
    let Some(Decl::Function(f)) = tu.decls.last() else {
        panic!("expected g");
    };
    let body = format!("{:?}", f.body);
    assert_eq!(body.matches("Decl(").count(), 3, "{body}");
}

#[test]
fn typedef_of_a_function_type_names_a_type() {
    let (tu, d) = parse(
        "typedef void write_func(void *ctx, void *data, int size), other(int);
         int write_to(write_func *func, void *ctx);
         write_func *g;",
    );
    assert!(!d.has_errors(), "{:?}", d.list);
    let aliases = tu
        .decls
        .iter()
        .filter(|x| matches!(x, Decl::Alias(_)))
        .count();
    assert_eq!(aliases, 2);
}

#[test]
fn constructor_named_with_its_template_arguments() {
    let (_, d) = parse("template <class T> struct F { F<T>(T *p) : p_(p) {} T *p_; };");
    assert!(!d.has_errors(), "{:?}", d.list);
}

#[test]
fn destructor_named_with_its_template_arguments() {
    let (_, d) = parse("template <class T> struct F { F<T>() {} ~F<T>() {} }; F<int> f;");
    assert!(!d.has_errors(), "{:?}", d.list);
}

#[test]
fn template_close_splits_shift() {
    let (_, d) = parse("template <class T> struct A {}; A<A<int>> x; int y = 1 >> 2;");
    assert!(!d.has_errors(), "{:?}", d.list);
}

#[test]
fn deep_nesting_is_a_diagnostic_not_a_stack_overflow() {
    // syclcc runs the compiler on a thread with a 64 MiB stack; 256 levels of
    // nesting need about 5 MiB in debug builds.
    let handle = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(|| {
            let deep = format!("int x = {}1{};", "(".repeat(100_000), ")".repeat(100_000));
            let (_, d) = parse(&deep);
            assert!(
                d.list
                    .iter()
                    .any(|x| x.message.contains("nesting is too deep")),
                "{:?}",
                d.list.first()
            );
            let blocks = format!("void f() {{ {} }}", "{".repeat(50_000));
            let (_, d) = parse(&blocks);
            assert!(d.has_errors());
        })
        .expect("thread");
    handle.join().expect("no stack overflow or panic");
}

#[test]
fn name_table_answers_through_the_name_lookup_trait() {
    use super::names::{LookupScope, NameKind, NameLookup, NameTable};
    let mut symbols = Symbols::new();
    let [vec, x, get, nothing] = ["vec", "x", "get", "nothing"].map(|n| symbols.intern(n));
    let mut t = NameTable::new();
    t.declare(vec, NameKind::TypeTemplate);
    t.push();
    t.declare(x, NameKind::Value);
    t.declare_member_template(get);
    let q: &dyn NameLookup = &t;
    assert_eq!(q.classify(LookupScope::Unqualified, x), NameKind::Value);
    assert_eq!(q.classify(LookupScope::Qualified, x), NameKind::Unknown);
    assert_eq!(
        q.classify(LookupScope::Qualified, vec),
        NameKind::TypeTemplate
    );
    assert_eq!(
        q.classify(LookupScope::Member, get),
        NameKind::FunctionTemplate
    );
    assert!(q.is_type(vec) && q.is_template(vec) && !q.is_type(x));
    assert_eq!(q.lookup(nothing), None);
    assert!(q.is_type(sym!("size_t")));
}

#[test]
fn undeclared_names_where_only_a_type_can_be_are_types() {
    // Types from headers the device pass does not model, or from macros
    // set on the host compiler's command line: the declarations parse (sema
    // reports the names only where device code needs them).
    let (tu, d) = parse(
        "void reference(const int n, const dfloat *v, dfloat *out);
         inline float convert(uchar4 data) { return 0; }
         double lcg(uint64_t *seed) { return 0; }
         long results(int &q, inArgsStruct in, const Opts &o, int n);
         const dfloat weight = 2;
         const dfloat *table;
         int product(int a, int b) { int r(a * b); return r; }",
    );
    assert!(!d.has_errors(), "{:?}", d.list);
    let params = |i: usize| match &tu.decls[i] {
        Decl::Function(f) => f
            .params
            .iter()
            .map(|p| p.name.as_deref().unwrap_or("").to_string())
            .collect::<Vec<_>>(),
        other => panic!("declaration {i} is not a function: {other:?}"),
    };
    assert_eq!(params(0), ["n", "v", "out"]);
    assert_eq!(params(1), ["data"]);
    assert_eq!(params(2), ["seed"]);
    assert_eq!(params(3), ["q", "in", "o", "n"]);
    assert!(matches!(&tu.decls[4], Decl::Var(_)));
    assert!(matches!(&tu.decls[5], Decl::Var(v) if &*v.name == "table"));
    // `r(a * b)` with `a` and `b` declared values stays a direct-initializer.
    let Decl::Function(f) = &tu.decls[6] else {
        panic!()
    };
    let Some(Stmt {
        kind: StmtKind::Compound(body),
        ..
    }) = &f.body
    else {
        panic!()
    };
    assert!(
        matches!(&body[0].kind, StmtKind::Decl(ds) if matches!(&ds[..], [Decl::Var(v)] if v.init.is_some())),
        "{:?}",
        body[0]
    );
}

#[test]
fn using_declarations_may_list_several_names() {
    let (tu, d) = parse(
        "namespace a { int x; struct T {}; } namespace b { int y; }
         using a::x, b::y, typename a::T;
         int f() { using a::x, b::y; return x + y; }",
    );
    assert!(!d.has_errors(), "{:?}", d.list);
    let usings = tu
        .decls
        .iter()
        .filter(|d| matches!(d, Decl::UsingDecl(_)))
        .count();
    assert_eq!(usings, 3);
}

#[test]
fn members_of_dependent_bases_named_by_using_declarations_are_values() {
    // SYCLomatic's `dpct::experimental::group`: `type` is a data member of
    // the base, though other classes declare types called `type`.
    let (_, d) = parse(
        "template <class T> struct id { using type = T; };
         template <int D> struct base { int type; };
         template <int D> struct derived : base<D> {
           using base<D>::type;
           using base<D>::base;
           derived() { type = 2; }
           void set(int v) { type = v; }
         };",
    );
    assert!(!d.has_errors(), "{:?}", d.list);
}

#[test]
fn a_condition_is_a_declaration_only_when_a_declarator_follows_the_type() {
    // `detail::is_floating_point<T>` is a variable template of another
    // namespace than `std::is_floating_point`, which the parser knows as a
    // type: with no declarator after it, the condition is an expression.
    let (_, d) = parse(
        "namespace std { template <class T> struct is_floating_point {}; }
         namespace dp { namespace detail { template <class T> constexpr bool is_floating_point = true; } }
         template <class T> int f(T a) {
           if constexpr (dp::detail::is_floating_point<T>) return 1;
           if (dp::detail::is_floating_point<T> && a) return 2;
           while (int *p = nullptr) return 3;
           if (int x = 4; x > 3) return x;
           return 0;
         }",
    );
    assert!(!d.has_errors(), "{:?}", d.list);
}

#[test]
fn concept_and_requires_are_identifiers_before_cxx20() {
    let (tu, d) = parse(
        "int concept = 1; int requires(int x) { return x + concept; }
         struct S { int requires; bool concept() const { return requires > 0; } };",
    );
    assert!(!d.has_errors(), "{:?}", d.list);
    assert!(matches!(&tu.decls[0], Decl::Var(v) if &*v.name == "concept"));
    assert!(matches!(&tu.decls[1], Decl::Function(f) if &*f.name.last().ident == "requires"));
}

#[test]
fn consteval_and_constinit_declare_in_cxx20_and_name_before() {
    let (tu, d) = parse_in(
        "consteval int sq(int x) { return x * x; }
         constinit int seed = sq(3);
         struct S { static consteval int one() { return 1; } };
         int main() { auto t = [](int v) consteval { return 3 * v; }; return t(sq(2)); }",
        LangStd::Cxx20,
    );
    assert!(!d.has_errors(), "{:?}", d.list);
    assert!(matches!(&tu.decls[0], Decl::Function(f) if f.is_constexpr));
    assert!(matches!(&tu.decls[1], Decl::Var(v) if &*v.name == "seed"));
    let (tu, d) = parse("int consteval = 1; int constinit(int x) { return x + consteval; }");
    assert!(!d.has_errors(), "{:?}", d.list);
    assert!(matches!(&tu.decls[0], Decl::Var(v) if &*v.name == "consteval"));
    assert!(matches!(&tu.decls[1], Decl::Function(f) if &*f.name.last().ident == "constinit"));
}

#[test]
fn cxx20_concepts_and_constraints_parse() {
    let (tu, d) = parse_in(
        "template <typename T> constexpr bool is_num = true;
         template <typename T> concept Num = is_num<T>;
         template <typename T, typename U> concept Conv = is_num<U>;
         template <Num T> T f(T x) { return x; }
         template <Conv<int>... Ts> int g(Ts... xs) { return 0; }
         template <typename T> requires Num<T> && (sizeof(T) > 2 || Conv<T, long>) T h(T x) { return x; }
         template <typename T> struct W { T v; int get() const requires Num<T> { return 1; } };
         int k(Num auto x, const Conv<int> auto &y) { return 0; }
         template <typename T> concept Sized = requires(const T &c, int n) {
           c.size(); typename T::value_type; { c.size() + n } noexcept -> Conv<long>; requires Num<T>;
         };
         int main() { Num auto v = 3; if constexpr (requires { v + 1; }) return v; return 0; }",
        LangStd::Cxx20,
    );
    assert!(!d.has_errors(), "{:?}", d.list);
    let Decl::Concept(num) = &tu.decls[1] else {
        panic!("{:?}", tu.decls[1])
    };
    assert_eq!(&*num.name, "Num");
    // `template <Num T>`: the type-constraint is the header's constraint `Num<T>`.
    let Decl::Function(f) = &tu.decls[3] else {
        panic!()
    };
    let req = f
        .template
        .as_ref()
        .and_then(|t| t.requires.as_ref())
        .expect("constraint");
    let ExprKind::Name(q) = &req.kind else {
        panic!("{req:?}")
    };
    assert_eq!(q.to_string_lossy(), "Num<...>");
    // A constrained pack is a fold over its elements.
    let Decl::Function(g) = &tu.decls[4] else {
        panic!()
    };
    let req = g
        .template
        .as_ref()
        .and_then(|t| t.requires.as_ref())
        .expect("constraint");
    assert!(
        matches!(
            &req.kind,
            ExprKind::Fold {
                op: BinOp::LogAnd,
                ..
            }
        ),
        "{req:?}"
    );
    let Decl::Function(h) = &tu.decls[5] else {
        panic!()
    };
    let req = h
        .template
        .as_ref()
        .and_then(|t| t.requires.as_ref())
        .expect("clause");
    assert!(
        matches!(&req.kind, ExprKind::Binary(BinOp::LogAnd, _, r) if matches!(r.kind, ExprKind::Binary(BinOp::LogOr, ..)))
    );
    // A trailing requires-clause on a member function.
    let Decl::Class(w) = &tu.decls[6] else {
        panic!()
    };
    let get = w
        .members
        .as_ref()
        .unwrap()
        .iter()
        .find_map(|m| match &m.decl {
            Decl::Function(f) => Some(f.clone()),
            _ => None,
        });
    assert!(get.unwrap().trailing_requires.is_some());
    // Constrained `auto` parameters invent constrained template parameters.
    let Decl::Function(k) = &tu.decls[7] else {
        panic!()
    };
    let th = k.template.as_ref().expect("abbreviated template");
    assert_eq!(th.params.len(), 2);
    assert!(matches!(
        &th.requires.as_ref().unwrap().kind,
        ExprKind::Binary(BinOp::LogAnd, ..)
    ));
    let Decl::Concept(sized) = &tu.decls[8] else {
        panic!()
    };
    let ExprKind::Requires(r) = &sized.constraint.kind else {
        panic!()
    };
    assert_eq!(r.params.len(), 2);
    assert!(matches!(
        &r.requirements[..],
        [
            Requirement::Simple(_),
            Requirement::Type(_),
            Requirement::Compound {
                noexcept: true,
                constraint: Some(_),
                ..
            },
            Requirement::Nested(_)
        ]
    ));
}

#[test]
fn lambda_requires_clauses_parse() {
    let (tu, d) = parse_in(
        "template <typename T> concept Num = true;
         auto f = []<typename T> requires Num<T> (T x) { return x; };
         auto g = [](auto x) requires Num<decltype(x)> { return x; };
         auto h = []<Num T>(T x) -> T requires (sizeof(T) > 2) || Num<T> { return x; };",
        LangStd::Cxx20,
    );
    assert!(!d.has_errors(), "{:?}", d.list);
    let lambda = |i: usize| -> Rc<LambdaExpr> {
        let Decl::Var(v) = &tu.decls[i] else {
            panic!("{:?}", tu.decls[i])
        };
        match v.init.as_ref().map(|i| &i.exprs()[0].kind) {
            Some(ExprKind::Lambda(l)) => l.clone(),
            other => panic!("{other:?}"),
        }
    };
    // After the template parameter list: the header's constraint.
    let f = lambda(1);
    assert!(f.trailing_requires.is_none());
    let req = f
        .template
        .as_ref()
        .and_then(|t| t.requires.clone())
        .expect("header");
    assert!(matches!(&req.kind, ExprKind::Name(q) if q.to_string_lossy() == "Num<...>"));
    assert_eq!(f.params.len(), 1);
    // Trailing, naming a parameter.
    let g = lambda(2);
    assert!(g.template.is_none() && g.is_generic);
    assert!(g.trailing_requires.is_some());
    // A type-constraint and a trailing clause after the return type.
    let h = lambda(3);
    assert!(h
        .template
        .as_ref()
        .and_then(|t| t.requires.as_ref())
        .is_some());
    assert!(matches!(
        h.trailing_requires.as_ref().map(|r| &r.kind),
        Some(ExprKind::Binary(BinOp::LogOr, ..))
    ));
    assert!(h.ret.is_some());
}

#[test]
fn decltype_nested_name_specifiers_parse() {
    let (tu, d) = parse_in(
        "struct S { using type = int; static int f(); };
         S s;
         decltype(s)::type a = 1;
         int b = decltype(s)::f();
         template <class T> void g(T t) { typename decltype(t)::type x = 0; decltype(t)::f(); }",
        LangStd::Cxx17,
    );
    assert!(!d.has_errors(), "{:?}", d.list);
    let Decl::Var(a) = &tu.decls[2] else {
        panic!("{:?}", tu.decls[2])
    };
    let TypeExprKind::Named(q) = &a.ty.kind else {
        panic!("{:?}", a.ty)
    };
    assert_eq!(q.parts.len(), 2);
    assert!(matches!(
        q.parts[0].decltype_type().map(|t| &t.kind),
        Some(TypeExprKind::Decltype { .. })
    ));
    assert_eq!(q.to_string_lossy(), "decltype(...)::type");
    // In an expression: a call of the static member.
    let Decl::Var(b) = &tu.decls[3] else { panic!() };
    assert!(matches!(
        b.init.as_ref().map(|i| &i.exprs()[0].kind),
        Some(ExprKind::Construct(..) | ExprKind::Call(..))
    ));
}

#[test]
fn elaborated_class_in_a_namespace_scope_declaration_declares_it_there() {
    let (tu, d) = parse(
        "template <class N, class T> struct pipe {};
         using ints = pipe<class ints_tag, int>;
         namespace app { struct holder { using p = pipe<class member_tag, float>; }; }",
    );
    assert!(!d.has_errors(), "{:?}", d.list);
    let class_names = |decls: &[Decl]| -> Vec<String> {
        decls
            .iter()
            .filter_map(|d| match d {
                Decl::Class(c) => c.name.as_ref().map(|n| n.to_string()),
                _ => None,
            })
            .collect()
    };
    // The tag comes first, then the alias that names it.
    assert_eq!(class_names(&tu.decls), ["pipe", "ints_tag"]);
    let Some(Decl::Namespace(ns)) = tu.decls.last() else {
        panic!("expected the namespace last: {:?}", tu.decls.last());
    };
    assert_eq!(class_names(&ns.decls), ["member_tag", "holder"]);
}

#[test]
fn global_new_and_delete_take_a_leading_scope() {
    let (_, d) = parse(
        "void *operator new(unsigned long, void *p);
         struct U { U(int); };
         U *f(void *p) { return ::new (p) U(1); }
         void g(int *q) { int *r = ::new int(2); ::delete r; ::delete[] q; }
         template <class T, class... A> T *make(void *p, A &&...a) { return ::new (p) T(static_cast<A &&>(a)...); }",
    );
    assert!(!d.has_errors(), "{:?}", d.list);
}
