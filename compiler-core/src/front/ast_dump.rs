//! A textual dump of the syntax tree in the shape of clang's `-ast-dump`:
//! one node a line (node kind, name, type spelling in quotes, `<file:line:col>`),
//! children indented under `|-` and `` `- ``. Names are unresolved (this is
//! the parser's tree, before sema), so references print as written.

use crate::front::ast::*;
use crate::source::{SourceMap, Span};

/// Dump a whole translation unit.
pub fn dump(tu: &TranslationUnit, sm: &SourceMap) -> String {
    let d = Dumper { sm };
    let root = Node {
        label: "TranslationUnitDecl".into(),
        children: tu.decls.iter().map(|x| d.decl(x, false)).collect(),
    };
    let mut out = String::new();
    render(&root, "", true, true, &mut out);
    out
}

/// One line of the dump and the lines under it.
struct Node {
    label: String,
    children: Vec<Node>,
}

impl Node {
    fn leaf(label: String) -> Node {
        Node {
            label,
            children: vec![],
        }
    }
}

fn render(n: &Node, prefix: &str, last: bool, root: bool, out: &mut String) {
    let child_prefix = if root {
        String::new()
    } else {
        out.push_str(prefix);
        out.push_str(if last { "`-" } else { "|-" });
        format!("{prefix}{}", if last { "  " } else { "| " })
    };
    out.push_str(&n.label);
    out.push('\n');
    for (i, c) in n.children.iter().enumerate() {
        render(c, &child_prefix, i + 1 == n.children.len(), false, out);
    }
}

struct Dumper<'a> {
    sm: &'a SourceMap,
}

impl Dumper<'_> {
    /// `<file:line:col>` of the start of `span`.
    fn loc(&self, span: Span) -> String {
        if span.file.0 as usize >= self.sm.len() {
            return "<invalid sloc>".into();
        }
        let f = self.sm.file(span.file);
        let (l, c) = f.line_col(span.lo.min(f.text.len() as u32));
        format!("<{}:{l}:{c}>", f.name)
    }

    fn snippet(&self, span: Span) -> String {
        if span.file.0 as usize >= self.sm.len() {
            return String::new();
        }
        self.sm
            .snippet(span)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn name(&self, q: &QualName) -> String {
        let mut s = if q.global {
            "::".to_string()
        } else {
            String::new()
        };
        for (i, p) in q.parts.iter().enumerate() {
            if i > 0 {
                s.push_str("::");
            }
            s.push_str(&p.ident);
            if let Some(args) = &p.template_args {
                s.push('<');
                let a: Vec<String> = args.iter().map(|a| self.targ(a)).collect();
                s.push_str(&a.join(", "));
                s.push('>');
            }
        }
        s
    }

    fn targ(&self, a: &TemplateArg) -> String {
        match a {
            TemplateArg::Type(t) => self.ty(t),
            TemplateArg::Expr(e) => self.snippet(e.span),
            TemplateArg::PackExpansion(p) => format!("{}...", self.targ(p)),
        }
    }

    /// The spelling of a syntactic type, clang style (`const float &`).
    fn ty(&self, t: &TypeExpr) -> String {
        let cv = |s: String| {
            let mut p = String::new();
            if t.is_const {
                p.push_str("const ");
            }
            if t.is_volatile {
                p.push_str("volatile ");
            }
            p + &s
        };
        match &t.kind {
            TypeExprKind::Builtin(b) => cv(builtin_spelling(b)),
            TypeExprKind::Named(q) => cv(self.name(q)),
            TypeExprKind::Auto => cv("auto".into()),
            TypeExprKind::DecltypeAuto => cv("decltype(auto)".into()),
            TypeExprKind::Decltype { expr, .. } => {
                cv(format!("decltype({})", self.snippet(expr.span)))
            }
            TypeExprKind::UnderlyingType(i) => cv(format!("__underlying_type({})", self.ty(i))),
            TypeExprKind::Pointer(i) => {
                let c = if t.is_const { " const" } else { "" };
                format!("{} *{c}", self.ty(i))
            }
            TypeExprKind::MemberPointer(c, i) => format!("{} {}::*", self.ty(i), self.name(c)),
            TypeExprKind::LRef(i) => format!("{} &", self.ty(i)),
            TypeExprKind::RRef(i) => format!("{} &&", self.ty(i)),
            TypeExprKind::Array(i, n) => match n {
                Some(n) => format!("{} [{}]", self.ty(i), self.snippet(n.span)),
                None => format!("{} []", self.ty(i)),
            },
            TypeExprKind::Function(r, ps, variadic) => {
                format!("{} ({})", self.ty(r), self.param_list(ps, *variadic))
            }
        }
    }

    fn param_list(&self, ps: &[Param], variadic: bool) -> String {
        let mut v: Vec<String> = ps
            .iter()
            .map(|p| format!("{}{}", self.ty(&p.ty), if p.pack { "..." } else { "" }))
            .collect();
        if variadic {
            v.push("...".into());
        }
        v.join(", ")
    }

    fn template_params(&self, h: &TemplateHeader) -> Vec<Node> {
        h.params.iter().map(|p| self.template_param(p)).collect()
    }

    fn template_param(&self, p: &TemplateParam) -> Node {
        let name = p.name.as_deref().unwrap_or("");
        let loc = self.loc(p.span);
        match &p.kind {
            TemplateParamKind::Type { default, pack } => {
                let mut l = format!("TemplateTypeParmDecl {loc} typename");
                if *pack {
                    l.push_str(" ...");
                }
                if !name.is_empty() {
                    l.push(' ');
                    l.push_str(name);
                }
                if let Some(d) = default {
                    l.push_str(&format!(" default '{}'", self.ty(d)));
                }
                Node::leaf(l)
            }
            TemplateParamKind::NonType { ty, default, pack } => {
                let mut l = format!("NonTypeTemplateParmDecl {loc} '{}'", self.ty(ty));
                if *pack {
                    l.push_str(" ...");
                }
                if !name.is_empty() {
                    l.push(' ');
                    l.push_str(name);
                }
                Node {
                    label: l,
                    children: default.iter().map(|e| self.expr(e)).collect(),
                }
            }
            TemplateParamKind::Template {
                params,
                default,
                pack,
            } => {
                let mut l = format!("TemplateTemplateParmDecl {loc}");
                if *pack {
                    l.push_str(" ...");
                }
                if !name.is_empty() {
                    l.push(' ');
                    l.push_str(name);
                }
                if let Some(d) = default {
                    l.push_str(&format!(" default {}", self.name(d)));
                }
                Node {
                    label: l,
                    children: params.iter().map(|p| self.template_param(p)).collect(),
                }
            }
        }
    }

    /// Wrap `inner` in a template node when a header is present.
    fn templated(&self, kind: &str, name: &str, h: Option<&TemplateHeader>, inner: Node) -> Node {
        match h {
            Some(h) => {
                let mut children = self.template_params(h);
                children.push(inner);
                Node {
                    label: format!("{kind} {} {name}", self.loc(h.span)),
                    children,
                }
            }
            None => inner,
        }
    }

    fn decl(&self, d: &Decl, in_class: bool) -> Node {
        match d {
            Decl::Namespace(n) => {
                let mut l = format!("NamespaceDecl {}", self.loc(n.span));
                if n.inline {
                    l.push_str(" inline");
                }
                if let Some(name) = &n.name {
                    l.push(' ');
                    l.push_str(name);
                }
                Node {
                    label: l,
                    children: n.decls.iter().map(|x| self.decl(x, false)).collect(),
                }
            }
            Decl::Class(c) => self.class(c),
            Decl::Function(f) => self.function(f, in_class),
            Decl::Var(v) => self.var(v, in_class),
            Decl::Alias(a) => {
                let inner = Node::leaf(format!(
                    "TypeAliasDecl {} {} '{}'",
                    self.loc(a.span),
                    a.name,
                    self.ty(&a.ty)
                ));
                self.templated("TypeAliasTemplateDecl", &a.name, a.template.as_ref(), inner)
            }
            Decl::Enum(e) => {
                let mut l = format!("EnumDecl {}", self.loc(e.span));
                if e.scoped {
                    l.push_str(" class");
                }
                if let Some(n) = &e.name {
                    l.push(' ');
                    l.push_str(n);
                }
                if let Some(u) = &e.underlying {
                    l.push_str(&format!(" '{}'", self.ty(u)));
                }
                Node {
                    label: l,
                    children: e
                        .enumerators
                        .iter()
                        .map(|(n, v, sp)| Node {
                            label: format!("EnumConstantDecl {} {n}", self.loc(*sp)),
                            children: v.iter().map(|x| self.expr(x)).collect(),
                        })
                        .collect(),
                }
            }
            Decl::NamespaceAlias(alias, n) => Node::leaf(format!(
                "NamespaceAliasDecl {} {alias} = {}",
                self.loc(n.span),
                self.name(n)
            )),
            Decl::UsingDirective(n) => Node::leaf(format!(
                "UsingDirectiveDecl {} {}",
                self.loc(n.span),
                self.name(n)
            )),
            Decl::UsingDecl(n) => {
                Node::leaf(format!("UsingDecl {} {}", self.loc(n.span), self.name(n)))
            }
            Decl::StaticAssert(c, m, sp) => Node {
                label: format!("StaticAssertDecl {}", self.loc(*sp)),
                children: std::iter::once(&**c)
                    .chain(m.iter().map(|b| &**b))
                    .map(|x| self.expr(x))
                    .collect(),
            },
            Decl::Concept(c) => {
                let mut children = self.template_params(&c.template);
                children.push(self.expr(&c.constraint));
                Node {
                    label: format!("ConceptDecl {} {}", self.loc(c.span), c.name),
                    children,
                }
            }
            Decl::LinkageSpec(ds) => Node {
                label: "LinkageSpecDecl C".into(),
                children: ds.iter().map(|x| self.decl(x, false)).collect(),
            },
            Decl::Friend(inner, sp) => Node {
                label: format!("FriendDecl {}", self.loc(*sp)),
                children: match **inner {
                    Decl::Empty => vec![],
                    ref x => vec![self.decl(x, false)],
                },
            },
            Decl::DeductionGuide(g) => {
                let mut l = format!(
                    "CXXDeductionGuideDecl {} {} '({}) -> {}'",
                    self.loc(g.span),
                    g.name,
                    self.param_list(&g.params, g.variadic),
                    self.ty(&g.result)
                );
                if g.is_explicit {
                    l.push_str(" explicit");
                }
                let inner = Node {
                    label: l,
                    children: g.params.iter().map(|p| self.param(p)).collect(),
                };
                self.templated("FunctionTemplateDecl", &g.name, g.template.as_ref(), inner)
            }
            Decl::ExplicitInstantiation {
                decl,
                is_extern,
                span,
            } => Node {
                label: format!(
                    "ExplicitInstantiationDecl {}{}",
                    self.loc(*span),
                    if *is_extern { " extern" } else { "" }
                ),
                children: vec![self.decl(decl, in_class)],
            },
            Decl::StructuredBinding(b) => {
                let names: Vec<&str> = b.names.iter().map(|(n, _)| n.as_ref()).collect();
                let mut children: Vec<Node> = b
                    .names
                    .iter()
                    .map(|(n, sp)| Node::leaf(format!("BindingDecl {} {n}", self.loc(*sp))))
                    .collect();
                children.extend(self.init(&b.init));
                Node {
                    label: format!(
                        "DecompositionDecl {} '{}' [{}]",
                        self.loc(b.span),
                        self.ty(&b.ty),
                        names.join(", ")
                    ),
                    children,
                }
            }
            Decl::Empty => Node::leaf("EmptyDecl".into()),
        }
    }

    fn class(&self, c: &ClassDecl) -> Node {
        let key = match c.key {
            ClassKey::Class => "class",
            ClassKey::Struct => "struct",
            ClassKey::Union => "union",
        };
        let name = c.name.as_deref().unwrap_or("");
        let kind = match (&c.specialization_args, &c.template) {
            (Some(_), Some(h)) if !h.params.is_empty() => "ClassTemplatePartialSpecializationDecl",
            (Some(_), _) => "ClassTemplateSpecializationDecl",
            _ => "CXXRecordDecl",
        };
        let mut l = format!("{kind} {} {key}", self.loc(c.span));
        if !name.is_empty() {
            l.push(' ');
            l.push_str(name);
        }
        if let Some(args) = &c.specialization_args {
            let a: Vec<String> = args.iter().map(|a| self.targ(a)).collect();
            l.push_str(&format!("<{}>", a.join(", ")));
        }
        if c.members.is_some() {
            l.push_str(" definition");
        }
        if c.is_final {
            l.push_str(" final");
        }
        let mut children: Vec<Node> = c
            .bases
            .iter()
            .map(|b| {
                let access = match b.access {
                    Access::Public => "public",
                    Access::Protected => "protected",
                    Access::Private => "private",
                };
                Node::leaf(format!(
                    "{}{access} '{}'{}",
                    if b.is_virtual { "virtual " } else { "" },
                    self.ty(&b.ty),
                    if b.pack { "..." } else { "" }
                ))
            })
            .collect();
        for m in c.members.iter().flatten() {
            children.push(self.decl(&m.decl, true));
        }
        let rec = Node { label: l, children };
        match &c.template {
            Some(h) if c.specialization_args.is_none() => {
                self.templated("ClassTemplateDecl", name, Some(h), rec)
            }
            Some(h) => {
                // Specializations list their own parameters first.
                let mut rec = rec;
                let mut params = self.template_params(h);
                params.append(&mut rec.children);
                rec.children = params;
                rec
            }
            None => rec,
        }
    }

    fn function(&self, f: &FunctionDecl, in_class: bool) -> Node {
        let kind = match f.kind {
            FunctionKind::Constructor => "CXXConstructorDecl",
            FunctionKind::Destructor => "CXXDestructorDecl",
            FunctionKind::Conversion => "CXXConversionDecl",
            FunctionKind::Normal if in_class || f.name.parts.len() > 1 => "CXXMethodDecl",
            FunctionKind::Normal => "FunctionDecl",
        };
        let ret = match f.kind {
            FunctionKind::Constructor | FunctionKind::Destructor => "void".to_string(),
            _ => self.ty(&f.ret),
        };
        let mut l = format!(
            "{kind} {} {} '{ret} ({}){}'",
            self.loc(f.span),
            self.name(&f.name),
            self.param_list(&f.params, f.variadic),
            if f.is_const { " const" } else { "" }
        );
        for (flag, word) in [
            (f.is_static, "static"),
            (f.is_inline, "inline"),
            (f.is_constexpr, "constexpr"),
            (f.is_virtual, "virtual"),
            (f.is_pure, "pure"),
            (f.is_explicit, "explicit"),
            (f.is_extern_c, "extern_c"),
            (f.noexcept.is_some(), "noexcept"),
            (f.deleted, "delete"),
            (f.defaulted, "default"),
            (f.explicit_specialization, "explicit_specialization"),
        ] {
            if flag {
                l.push(' ');
                l.push_str(word);
            }
        }
        let mut children: Vec<Node> = f.params.iter().map(|p| self.param(p)).collect();
        if let Some(Some(e)) = &f.noexcept {
            children.push(Node {
                label: "NoexceptSpec".into(),
                children: vec![self.expr(e)],
            });
        }
        for ci in &f.ctor_inits {
            children.push(Node {
                label: format!(
                    "CXXCtorInitializer {} {}",
                    self.loc(ci.span),
                    self.name(&ci.name)
                ),
                children: ci.args.iter().map(|a| self.expr(a)).collect(),
            });
        }
        if let Some(b) = &f.body {
            children.push(self.stmt(b));
        }
        let mut node = Node { label: l, children };
        let last = f.name.last().ident.to_string();
        node = self.templated("FunctionTemplateDecl", &last, f.template.as_ref(), node);
        for h in f.outer_templates.iter().rev() {
            node = self.templated("TemplateHeader", "", Some(h), node);
        }
        node
    }

    fn param(&self, p: &Param) -> Node {
        let mut l = format!("ParmVarDecl {}", self.loc(p.span));
        if let Some(n) = &p.name {
            l.push(' ');
            l.push_str(n);
        }
        l.push_str(&format!(" '{}'", self.ty(&p.ty)));
        if p.pack {
            l.push_str(" pack");
        }
        Node {
            label: l,
            children: p.default.iter().map(|e| self.expr(e)).collect(),
        }
    }

    fn var(&self, v: &VarDecl, in_class: bool) -> Node {
        let field = in_class && !v.is_static;
        let kind = if field { "FieldDecl" } else { "VarDecl" };
        // A variable template's specialization is named as its template.
        let name = match &v.qualified {
            Some(q) if q.parts.len() > 1 => self.name(q),
            _ => v.name.to_string(),
        };
        let mut l = format!("{kind} {} {name} '{}'", self.loc(v.span), self.ty(&v.ty));
        for (flag, word) in [
            (v.is_static, "static"),
            (v.is_extern, "extern"),
            (v.is_constexpr, "constexpr"),
            (v.is_inline, "inline"),
        ] {
            if flag {
                l.push(' ');
                l.push_str(word);
            }
        }
        match &v.init {
            Some(Initializer::Assign(_)) => l.push_str(" cinit"),
            Some(Initializer::Paren(..)) => l.push_str(" callinit"),
            Some(Initializer::Brace(..)) => l.push_str(" listinit"),
            None => {}
        }
        let mut children = vec![];
        if let Some(w) = &v.bit_width {
            children.push(Node {
                label: "BitWidth".into(),
                children: vec![self.expr(w)],
            });
        }
        if let Some(i) = &v.init {
            children.extend(self.init(i));
        }
        let node = Node { label: l, children };
        self.templated("VarTemplateDecl", &v.name, v.template.as_ref(), node)
    }

    fn init(&self, i: &Initializer) -> Vec<Node> {
        match i {
            Initializer::Assign(e) => vec![self.expr(e)],
            Initializer::Paren(es, sp) => vec![Node {
                label: format!("ParenListExpr {}", self.loc(*sp)),
                children: es.iter().map(|e| self.expr(e)).collect(),
            }],
            Initializer::Brace(es, sp, _) => vec![Node {
                label: format!("InitListExpr {}", self.loc(*sp)),
                children: es.iter().map(|e| self.expr(e)).collect(),
            }],
        }
    }

    fn stmt(&self, s: &Stmt) -> Node {
        let loc = self.loc(s.span);
        let boxed = |x: &Option<Box<Stmt>>| x.iter().map(|s| self.stmt(s)).collect::<Vec<_>>();
        match &s.kind {
            StmtKind::Expr(e) => self.expr(e),
            StmtKind::Decl(ds) => Node {
                label: format!("DeclStmt {loc}"),
                children: ds.iter().map(|d| self.decl(d, false)).collect(),
            },
            StmtKind::Compound(ss) => Node {
                label: format!("CompoundStmt {loc}"),
                children: ss.iter().map(|x| self.stmt(x)).collect(),
            },
            StmtKind::If {
                init,
                cond,
                then_branch,
                else_branch,
                is_constexpr,
            } => {
                let mut l = format!("IfStmt {loc}");
                if *is_constexpr {
                    l.push_str(" constexpr");
                }
                if init.is_some() {
                    l.push_str(" has_init");
                }
                if else_branch.is_some() {
                    l.push_str(" has_else");
                }
                let mut children = boxed(init);
                children.push(self.stmt(cond));
                children.push(self.stmt(then_branch));
                children.extend(boxed(else_branch));
                Node { label: l, children }
            }
            StmtKind::While { cond, body } => Node {
                label: format!("WhileStmt {loc}"),
                children: vec![self.stmt(cond), self.stmt(body)],
            },
            StmtKind::DoWhile { body, cond } => Node {
                label: format!("DoStmt {loc}"),
                children: vec![self.stmt(body), self.expr(cond)],
            },
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                let mut children = boxed(init);
                children.extend(boxed(cond));
                children.extend(step.iter().map(|e| self.expr(e)));
                children.push(self.stmt(body));
                Node {
                    label: format!("ForStmt {loc}"),
                    children,
                }
            }
            StmtKind::RangeFor {
                init,
                var,
                range,
                body,
            } => {
                let mut children = boxed(init);
                children.push(self.var(var, false));
                children.push(self.expr(range));
                children.push(self.stmt(body));
                Node {
                    label: format!("CXXForRangeStmt {loc}"),
                    children,
                }
            }
            StmtKind::Switch { init, cond, body } => {
                let mut children = boxed(init);
                children.push(self.stmt(cond));
                children.push(self.stmt(body));
                Node {
                    label: format!(
                        "SwitchStmt {loc}{}",
                        if init.is_some() { " has_init" } else { "" }
                    ),
                    children,
                }
            }
            StmtKind::Case(e) => Node {
                label: format!("CaseStmt {loc}"),
                children: vec![self.expr(e)],
            },
            StmtKind::Default => Node::leaf(format!("DefaultStmt {loc}")),
            StmtKind::Return(e) => Node {
                label: format!("ReturnStmt {loc}"),
                children: e.iter().map(|x| self.expr(x)).collect(),
            },
            StmtKind::Break => Node::leaf(format!("BreakStmt {loc}")),
            StmtKind::Continue => Node::leaf(format!("ContinueStmt {loc}")),
            StmtKind::Goto(l) => Node::leaf(format!("GotoStmt {loc} '{l}'")),
            StmtKind::Asm => Node::leaf(format!("GCCAsmStmt {loc}")),
            StmtKind::Label(l, inner) => Node {
                label: format!("LabelStmt {loc} '{l}'"),
                children: vec![self.stmt(inner)],
            },
            StmtKind::Try { body, handlers } => {
                let mut children = vec![self.stmt(body)];
                for (v, h) in handlers {
                    let mut c = vec![];
                    if let Some(v) = v {
                        c.push(self.var(v, false));
                    }
                    c.push(self.stmt(h));
                    children.push(Node {
                        label: format!(
                            "CXXCatchStmt {}{}",
                            self.loc(h.span),
                            if v.is_none() { " ..." } else { "" }
                        ),
                        children: c,
                    });
                }
                Node {
                    label: format!("CXXTryStmt {loc}"),
                    children,
                }
            }
            StmtKind::Empty => Node::leaf(format!("NullStmt {loc}")),
        }
    }

    fn expr(&self, e: &Expr) -> Node {
        let loc = self.loc(e.span);
        let leaf = |s: String| Node::leaf(s);
        let node = |label: String, xs: Vec<&Expr>| Node {
            label,
            children: xs.into_iter().map(|x| self.expr(x)).collect(),
        };
        match &e.kind {
            ExprKind::IntLit(v, _) => leaf(format!("IntegerLiteral {loc} {v}")),
            ExprKind::FloatLit(v, _) => leaf(format!("FloatingLiteral {loc} {v}")),
            ExprKind::CharLit(c) => leaf(format!("CharacterLiteral {loc} {c}")),
            ExprKind::StringLit(s) => leaf(format!("StringLiteral {loc} {s:?}")),
            ExprKind::UserLiteral(x, suffix) => {
                node(format!("UserDefinedLiteral {loc} '{suffix}'"), vec![x])
            }
            ExprKind::BoolLit(b) => leaf(format!("CXXBoolLiteralExpr {loc} {b}")),
            ExprKind::Nullptr => leaf(format!("CXXNullPtrLiteralExpr {loc}")),
            ExprKind::This => leaf(format!("CXXThisExpr {loc}")),
            ExprKind::Name(q) => leaf(format!("DeclRefExpr {loc} '{}'", self.name(q))),
            ExprKind::Unary(op, x) => {
                let (sp, pos) = match op {
                    UnOp::Plus => ("+", "prefix"),
                    UnOp::Neg => ("-", "prefix"),
                    UnOp::Not => ("!", "prefix"),
                    UnOp::BitNot => ("~", "prefix"),
                    UnOp::Deref => ("*", "prefix"),
                    UnOp::AddrOf => ("&", "prefix"),
                    UnOp::PreInc => ("++", "prefix"),
                    UnOp::PreDec => ("--", "prefix"),
                    UnOp::PostInc => ("++", "postfix"),
                    UnOp::PostDec => ("--", "postfix"),
                };
                node(format!("UnaryOperator {loc} {pos} '{sp}'"), vec![x])
            }
            ExprKind::Binary(op, a, b) => node(
                format!("BinaryOperator {loc} '{}'", op.spelling()),
                vec![a, b],
            ),
            ExprKind::Assign(op, a, b) => {
                let label = match op {
                    Some(op) => format!("CompoundAssignOperator {loc} '{}='", op.spelling()),
                    None => format!("BinaryOperator {loc} '='"),
                };
                node(label, vec![a, b])
            }
            ExprKind::Cond(c, a, b) => node(format!("ConditionalOperator {loc}"), vec![c, a, b]),
            ExprKind::Call(f, args) => {
                let mut xs = vec![&**f];
                xs.extend(args.iter());
                node(format!("CallExpr {loc}"), xs)
            }
            ExprKind::Index(a, i) => node(format!("ArraySubscriptExpr {loc}"), vec![a, i]),
            ExprKind::Member { base, arrow, name } => node(
                format!(
                    "MemberExpr {loc} {}{}",
                    if *arrow { "->" } else { "." },
                    self.name(name)
                ),
                vec![base],
            ),
            ExprKind::Cast(k, t, x) => {
                let kind = match k {
                    CastKind::CStyle => "CStyleCastExpr",
                    CastKind::Functional => "CXXFunctionalCastExpr",
                    CastKind::Static => "CXXStaticCastExpr",
                    CastKind::Reinterpret => "CXXReinterpretCastExpr",
                    CastKind::Const => "CXXConstCastExpr",
                    CastKind::Dynamic => "CXXDynamicCastExpr",
                };
                node(format!("{kind} {loc} '{}'", self.ty(t)), vec![x])
            }
            ExprKind::Construct(t, args, braced) => node(
                format!(
                    "CXXConstructExpr {loc} '{}'{}",
                    self.ty(t),
                    if *braced { " list" } else { "" }
                ),
                args.iter().collect(),
            ),
            ExprKind::InitList(xs) => node(format!("InitListExpr {loc}"), xs.iter().collect()),
            ExprKind::Designated(f, x) => node(format!("DesignatedInitExpr {loc} .{f}"), vec![x]),
            ExprKind::PackExpansion(x) => node(format!("PackExpansionExpr {loc}"), vec![x]),
            ExprKind::SizeofPack(n) => leaf(format!("SizeOfPackExpr {loc} {n}")),
            ExprKind::Fold { op, lhs, rhs } => {
                let dir = match (lhs, rhs) {
                    (Some(_), None) => "right",
                    (None, Some(_)) => "left",
                    _ => "binary",
                };
                let xs: Vec<&Expr> = [lhs, rhs].into_iter().flatten().map(|b| &**b).collect();
                node(format!("CXXFoldExpr {loc} {dir} '{}'", op.spelling()), xs)
            }
            ExprKind::SizeofType(t) => leaf(format!(
                "UnaryExprOrTypeTraitExpr {loc} sizeof '{}'",
                self.ty(t)
            )),
            ExprKind::SizeofExpr(x) => {
                node(format!("UnaryExprOrTypeTraitExpr {loc} sizeof"), vec![x])
            }
            ExprKind::AlignofType(t) => leaf(format!(
                "UnaryExprOrTypeTraitExpr {loc} alignof '{}'",
                self.ty(t)
            )),
            ExprKind::AlignofExpr(x) => {
                node(format!("UnaryExprOrTypeTraitExpr {loc} alignof"), vec![x])
            }
            ExprKind::VaArg(x, t) => node(format!("VAArgExpr {loc} '{}'", self.ty(t)), vec![x]),
            ExprKind::TypeTrait(t, args) => {
                let tys: Vec<String> = args.iter().map(|a| self.targ(a)).collect();
                leaf(format!("TypeTraitExpr {loc} {t:?} '{}'", tys.join("', '")))
            }
            ExprKind::Lambda(l) => self.lambda(l, loc),
            ExprKind::Requires(r) => Node {
                label: format!("RequiresExpr {loc} 'bool'"),
                children: r
                    .requirements
                    .iter()
                    .map(|q| match q {
                        Requirement::Simple(x) | Requirement::Nested(x) => self.expr(x),
                        Requirement::Compound { expr, .. } => self.expr(expr),
                        Requirement::Type(t) => {
                            Node::leaf(format!("TypeRequirement '{}'", self.ty(t)))
                        }
                    })
                    .collect(),
            },
            ExprKind::MemberPointerAccess {
                object,
                member,
                arrow,
            } => node(
                format!(
                    "BinaryOperator {loc} '{}'",
                    if *arrow { "->*" } else { ".*" }
                ),
                vec![object, member],
            ),
            ExprKind::StmtExpr(stmts) => Node {
                label: format!("StmtExpr {loc}"),
                children: stmts.iter().map(|s| self.stmt(s)).collect(),
            },
            ExprKind::New(t, args, placement) => node(
                format!(
                    "CXXNewExpr {loc} '{}'{}",
                    self.ty(t),
                    if placement.is_empty() {
                        ""
                    } else {
                        " placement"
                    }
                ),
                placement.iter().chain(args.iter()).collect(),
            ),
            ExprKind::Delete(x, arr) => node(
                format!("CXXDeleteExpr {loc}{}", if *arr { " array" } else { "" }),
                vec![x],
            ),
            ExprKind::Throw(x) => node(
                format!("CXXThrowExpr {loc}"),
                x.iter().map(|b| &**b).collect(),
            ),
            ExprKind::Typeid(a) => match &**a {
                TemplateArg::Type(t) => leaf(format!("CXXTypeidExpr {loc} '{}'", self.ty(t))),
                TemplateArg::Expr(x) => node(format!("CXXTypeidExpr {loc}"), vec![x]),
                TemplateArg::PackExpansion(_) => leaf(format!("RecoveryExpr {loc}")),
            },
            ExprKind::Error => leaf(format!("RecoveryExpr {loc}")),
        }
    }

    fn lambda(&self, l: &LambdaExpr, loc: String) -> Node {
        let mut label = format!("LambdaExpr {loc}");
        match l.default_capture {
            CaptureDefault::ByCopy => label.push_str(" [=]"),
            CaptureDefault::ByRef => label.push_str(" [&]"),
            CaptureDefault::None => {}
        }
        for (flag, word) in [
            (l.is_mutable, "mutable"),
            (l.is_constexpr, "constexpr"),
            (l.is_generic, "generic"),
        ] {
            if flag {
                label.push(' ');
                label.push_str(word);
            }
        }
        if let Some(r) = &l.ret {
            label.push_str(&format!(" -> '{}'", self.ty(r)));
        }
        let mut children = vec![];
        if let Some(h) = &l.template {
            children.extend(self.template_params(h));
        }
        for c in &l.captures {
            let what = if c.is_this {
                if c.by_ref { "this" } else { "*this" }.to_string()
            } else {
                format!("{}{}", if c.by_ref { "&" } else { "" }, c.name)
            };
            children.push(Node {
                label: format!("LambdaCapture {} {what}", self.loc(c.span)),
                children: c.init.iter().map(|e| self.expr(e)).collect(),
            });
        }
        children.extend(l.params.iter().map(|p| self.param(p)));
        children.push(self.stmt(&l.body));
        Node { label, children }
    }
}

pub(crate) fn builtin_spelling(b: &BuiltinSpec) -> String {
    let mut w: Vec<&str> = vec![];
    if b.unsigned {
        w.push("unsigned");
    }
    if b.signed && b.char_ {
        w.push("signed");
    }
    if b.short {
        w.push("short");
    }
    w.extend(std::iter::repeat_n("long", b.long as usize));
    for (f, s) in [
        (b.void, "void"),
        (b.bool_, "bool"),
        (b.char_, "char"),
        (b.float, "float"),
        (b.double, "double"),
        (b.half, "_Float16"),
        (b.char16, "char16_t"),
        (b.char32, "char32_t"),
        (b.wchar, "wchar_t"),
        (b.int128, "__int128"),
    ] {
        if f {
            w.push(s);
        }
    }
    let has_base = b.void
        || b.bool_
        || b.char_
        || b.float
        || b.double
        || b.half
        || b.char16
        || b.char32
        || b.wchar;
    // clang spells `unsigned long int` as `unsigned long`, `unsigned` as `unsigned int`.
    if !has_base && !b.short && b.long == 0 {
        w.push("int");
    }
    w.join(" ")
}
