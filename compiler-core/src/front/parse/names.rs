//! What the parser must know about names to parse C++: which identifiers name
//! types and which name templates, with scopes for template parameters,
//! classes, functions and blocks.
//!
//! The seam is the [`NameLookup`] trait: the parser only *asks* "what kind of
//! entity does this name denote here?" (as clang's parser asks `Sema` through
//! `getTypeName`/`isTemplateName`). Today [`NameTable`], a scoped table the
//! parser fills as it goes, answers; namespace-scope knowledge is keyed by the
//! unqualified name. Sema will implement the trait in issue 4 and answer from
//! real lookup.

use crate::front::token::{sym, Symbol};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameKind {
    Type,
    /// A class or alias template (names a type when given arguments).
    TypeTemplate,
    /// A function template (a call may give explicit arguments).
    FunctionTemplate,
    /// A concept (C++20): a template whose `C<args>` is a `bool` constant,
    /// and which constrains a template parameter (`template <C T>`) or a
    /// placeholder (`C auto x`).
    Concept,
    /// A variable, function or enumerator: hides a type name in inner scopes.
    Value,
    Namespace,
    /// Not declared (as far as the answering side knows).
    Unknown,
}

/// Where a name is being looked up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LookupScope {
    /// Ordinary unqualified lookup from the innermost scope outwards.
    Unqualified,
    /// After `::`: namespace-scope names only (block-scope values ignored).
    Qualified,
    /// After `.`/`->`: is the member a template?
    Member,
}

/// The parser's question to whoever knows the declarations (today
/// [`NameTable`]; sema in issue 4): what does `name` denote in `scope`?
pub trait NameLookup {
    fn classify(&self, scope: LookupScope, name: Symbol) -> NameKind;

    /// Unqualified lookup; `None` when undeclared.
    fn lookup(&self, name: Symbol) -> Option<NameKind> {
        match self.classify(LookupScope::Unqualified, name) {
            NameKind::Unknown => None,
            k => Some(k),
        }
    }
    /// Lookup ignoring block-scope values (for names after `::`).
    fn lookup_global(&self, name: Symbol) -> Option<NameKind> {
        match self.classify(LookupScope::Qualified, name) {
            NameKind::Unknown => None,
            k => Some(k),
        }
    }
    fn is_type(&self, name: Symbol) -> bool {
        matches!(
            self.classify(LookupScope::Unqualified, name),
            NameKind::Type | NameKind::TypeTemplate
        )
    }
    fn is_template(&self, name: Symbol) -> bool {
        matches!(
            self.classify(LookupScope::Unqualified, name),
            NameKind::TypeTemplate | NameKind::FunctionTemplate | NameKind::Concept
        )
    }
    /// Member names after `.`/`->`: known member templates anywhere.
    fn is_member_template(&self, name: Symbol) -> bool {
        self.classify(LookupScope::Member, name) == NameKind::FunctionTemplate
    }
}

/// Scoped name table in the style of clang's identifier chains: one index
/// per question (symbols are dense ids), whatever the scope depth.
pub struct NameTable {
    /// Indexed by symbol id; symbols past the end are undeclared.
    bindings: Vec<Bindings>,
    /// Per open scope below namespace scope: the names declared in it, so
    /// that closing the scope unbinds them.
    open_scopes: Vec<Vec<Symbol>>,
}

/// What one name denotes: at namespace scope, and in the open inner scopes
/// (innermost last, with the scope depth it was declared at).
#[derive(Default)]
struct Bindings {
    global: Option<NameKind>,
    /// A type or template of that name at namespace scope, kept even when a
    /// value of the same name in another namespace hides it from unqualified
    /// lookup (`sycl::property::no_init` beside the object `sycl::no_init`):
    /// after `::` the type is meant.
    global_type: Option<NameKind>,
    inner: Vec<(usize, NameKind)>,
    /// A member function template of some class seen so far.
    member_template: bool,
}

impl Default for NameTable {
    fn default() -> Self {
        Self::new()
    }
}

/// Whether declaring `new` where `old` is already declared in the same
/// scope keeps `old`: a value never demotes a template (a function template
/// and an overload of it share a name), nor a type its template; a
/// namespace never demotes a type (`class node` beside `namespace
/// property::node`: a name before `::` is a qualifier whatever it is).
fn keeps(old: NameKind, new: NameKind, at_namespace_scope: bool) -> bool {
    match (old, new) {
        (NameKind::FunctionTemplate, NameKind::Value)
        | (NameKind::TypeTemplate, NameKind::Type)
        | (NameKind::Type | NameKind::TypeTemplate, NameKind::Namespace) => true,
        (NameKind::Type | NameKind::TypeTemplate, NameKind::Value) => at_namespace_scope,
        _ => false,
    }
}

impl NameTable {
    pub fn new() -> Self {
        let mut t = NameTable {
            bindings: Vec::new(),
            open_scopes: Vec::new(),
        };
        // Builtin aliases our frontend knows without a declaration.
        for n in [
            sym!("size_t"),
            sym!("ptrdiff_t"),
            sym!("nullptr_t"),
            sym!("max_align_t"),
        ] {
            t.declare_global(n, NameKind::Type);
        }
        t
    }
    pub fn push(&mut self) {
        self.open_scopes.push(Vec::new());
    }
    pub fn pop(&mut self) {
        let Some(names) = self.open_scopes.pop() else {
            return;
        };
        for name in names {
            if let Some(b) = self.bindings.get_mut(name.0 as usize) {
                b.inner.pop();
            }
        }
    }
    /// Declare in the innermost scope.
    pub fn declare(&mut self, name: Symbol, kind: NameKind) {
        let depth = self.open_scopes.len();
        if depth == 0 {
            return self.declare_at_namespace_scope(name, kind, false);
        }
        let b = self.binding_mut(name);
        match b.inner.last_mut() {
            Some((d, old)) if *d == depth => {
                if !keeps(*old, kind, false) {
                    *old = kind;
                }
            }
            _ => {
                b.inner.push((depth, kind));
                self.open_scopes[depth - 1].push(name);
            }
        }
    }
    /// Declare at namespace (outermost) scope, used for class and template
    /// names declared inside namespaces and for class members that later
    /// appear after `.`/`->`/`::`.
    pub fn declare_global(&mut self, name: Symbol, kind: NameKind) {
        self.declare_at_namespace_scope(name, kind, true);
    }
    fn declare_at_namespace_scope(&mut self, name: Symbol, kind: NameKind, global_rules: bool) {
        let b = self.binding_mut(name);
        if matches!(kind, NameKind::Type | NameKind::TypeTemplate) {
            b.global_type = Some(kind);
        }
        match b.global {
            Some(old) if keeps(old, kind, global_rules) => {}
            _ => b.global = Some(kind),
        }
    }
    pub fn declare_member_template(&mut self, name: Symbol) {
        self.binding_mut(name).member_template = true;
    }
    fn binding_mut(&mut self, name: Symbol) -> &mut Bindings {
        let i = name.0 as usize;
        if i >= self.bindings.len() {
            self.bindings.resize_with(i + 1, Bindings::default);
        }
        &mut self.bindings[i]
    }
}

impl NameLookup for NameTable {
    fn classify(&self, scope: LookupScope, name: Symbol) -> NameKind {
        let b = self.bindings.get(name.0 as usize);
        let found = match scope {
            LookupScope::Unqualified => {
                b.and_then(|b| b.inner.last().map(|&(_, k)| k).or(b.global))
            }
            LookupScope::Qualified => b.and_then(|b| b.global_type.or(b.global)),
            LookupScope::Member => {
                let ft = Some(NameKind::FunctionTemplate);
                let known = b.is_some_and(|b| {
                    b.member_template
                        || b.global == ft
                        || b.inner.iter().any(|&(_, k)| Some(k) == ft)
                });
                known.then_some(NameKind::FunctionTemplate)
            }
        };
        found.unwrap_or(NameKind::Unknown)
    }
}
