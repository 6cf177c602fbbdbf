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

use std::collections::{HashMap, HashSet};
use std::rc::Rc;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameKind {
    Type,
    /// A class or alias template (names a type when given arguments).
    TypeTemplate,
    /// A function template (a call may give explicit arguments).
    FunctionTemplate,
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
    fn classify(&self, scope: LookupScope, name: &str) -> NameKind;

    /// Unqualified lookup; `None` when undeclared.
    fn lookup(&self, name: &str) -> Option<NameKind> {
        match self.classify(LookupScope::Unqualified, name) {
            NameKind::Unknown => None,
            k => Some(k),
        }
    }
    /// Lookup ignoring block-scope values (for names after `::`).
    fn lookup_global(&self, name: &str) -> Option<NameKind> {
        match self.classify(LookupScope::Qualified, name) {
            NameKind::Unknown => None,
            k => Some(k),
        }
    }
    fn is_type(&self, name: &str) -> bool {
        matches!(
            self.classify(LookupScope::Unqualified, name),
            NameKind::Type | NameKind::TypeTemplate
        )
    }
    fn is_template(&self, name: &str) -> bool {
        matches!(
            self.classify(LookupScope::Unqualified, name),
            NameKind::TypeTemplate | NameKind::FunctionTemplate
        )
    }
    /// Member names after `.`/`->`: known member templates anywhere.
    fn is_member_template(&self, name: &str) -> bool {
        self.classify(LookupScope::Member, name) == NameKind::FunctionTemplate
    }
}

pub struct NameTable {
    scopes: Vec<HashMap<Rc<str>, NameKind>>,
    /// Member function templates of every class seen so far.
    member_templates: HashSet<Rc<str>>,
}

impl Default for NameTable {
    fn default() -> Self {
        Self::new()
    }
}

impl NameTable {
    pub fn new() -> Self {
        let mut t = NameTable {
            scopes: vec![HashMap::new()],
            member_templates: HashSet::new(),
        };
        // Builtin aliases our frontend knows without a declaration.
        for n in ["size_t", "ptrdiff_t", "nullptr_t", "max_align_t"] {
            t.scopes[0].insert(Rc::from(n), NameKind::Type);
        }
        t
    }
    pub fn push(&mut self) {
        self.scopes.push(HashMap::new());
    }
    pub fn pop(&mut self) {
        if self.scopes.len() > 1 {
            self.scopes.pop();
        }
    }
    /// Declare in the innermost scope. A value never demotes a template at
    /// namespace scope (a function template and an overload of it share a name).
    pub fn declare(&mut self, name: &Rc<str>, kind: NameKind) {
        let scope = self.scopes.last_mut().expect("scope");
        match (scope.get(name), kind) {
            (Some(NameKind::FunctionTemplate), NameKind::Value) => {}
            (Some(NameKind::TypeTemplate), NameKind::Type) => {}
            _ => {
                scope.insert(name.clone(), kind);
            }
        }
    }
    /// Declare at namespace (outermost) scope, used for class and template
    /// names declared inside namespaces and for class members that later
    /// appear after `.`/`->`/`::`.
    pub fn declare_global(&mut self, name: &Rc<str>, kind: NameKind) {
        let scope = &mut self.scopes[0];
        match (scope.get(name), kind) {
            (Some(NameKind::FunctionTemplate), NameKind::Value)
            | (Some(NameKind::TypeTemplate), NameKind::Type)
            | (Some(NameKind::Type), NameKind::Value)
            | (Some(NameKind::TypeTemplate), NameKind::Value) => {}
            _ => {
                scope.insert(name.clone(), kind);
            }
        }
    }
    pub fn declare_member_template(&mut self, name: &Rc<str>) {
        self.member_templates.insert(name.clone());
    }
}

impl NameLookup for NameTable {
    fn classify(&self, scope: LookupScope, name: &str) -> NameKind {
        let found = match scope {
            LookupScope::Unqualified => self.scopes.iter().rev().find_map(|s| s.get(name).copied()),
            LookupScope::Qualified => self.scopes[0].get(name).copied(),
            LookupScope::Member => {
                let known = self
                    .scopes
                    .iter()
                    .any(|s| matches!(s.get(name), Some(NameKind::FunctionTemplate)))
                    || self.member_templates.contains(name);
                known.then_some(NameKind::FunctionTemplate)
            }
        };
        found.unwrap_or(NameKind::Unknown)
    }
}
