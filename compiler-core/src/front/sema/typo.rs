//! Spelling suggestions for names nothing declares ("unknown type name
//! 'flaot'; did you mean 'float'?"), as clang's typo correction: among the
//! names visible where the name was written (types for a type, values for
//! an expression), the one fewest edits away (inserting, deleting or
//! replacing a character, or swapping two neighbours), if it is within a
//! third of the name's length.

use super::{ClassId, Ctx, Entity, Env, NsId, Sema};
use crate::front::ast::QualName;
use std::collections::HashMap;
use std::rc::Rc;

/// The names of a namespace (with those it nominates) by what they name,
/// kept until a declaration is added anywhere: unknown names in host code
/// (quiet unless reached from device code) each ask for them.
#[derive(Default)]
pub(crate) struct NamespaceNames {
    /// The number of namespace members when the lists were made.
    members: usize,
    lists: HashMap<(NsId, Wanted), Rc<Vec<Rc<str>>>>,
}

/// The built-in type names a misspelt type may have meant.
const BUILTIN_TYPE_NAMES: &[&str] = &[
    "bool", "char", "short", "int", "long", "float", "double", "void", "signed", "unsigned",
    "size_t", "half", "wchar_t",
];

/// What a suggestion must name.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Wanted {
    Type,
    Value,
}

impl Wanted {
    fn accepts(self, e: &Entity) -> bool {
        let is_type = matches!(
            e,
            Entity::Class(..) | Entity::ClassInst(_) | Entity::Alias(..) | Entity::Enum(_)
        );
        match self {
            Wanted::Type => is_type,
            Wanted::Value => matches!(
                e,
                Entity::Var(_) | Entity::Function(..) | Entity::Enumerator(..)
            ),
        }
    }
}

/// Edits from `a` to `b` (optimal string alignment distance).
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1)
                .min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = best;
        }
    }
    rows[a.len()][b.len()]
}

/// The candidate closest to `typed`, within a third of its length (and not
/// `typed` itself); the first of equally close ones. Reserved names
/// (`__x`, `_X`) are offered only for names spelt that way.
pub(crate) fn closest<'a>(
    typed: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let reserved = |n: &str| {
        n.starts_with("__") || (n.starts_with('_') && n[1..].starts_with(char::is_uppercase))
    };
    let allowed = typed.chars().count().div_ceil(3);
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        // (Each edit changes the length by one at most.)
        if c == typed
            || c.len().abs_diff(typed.len()) > allowed
            || (reserved(c) && !reserved(typed))
        {
            continue;
        }
        let d = edit_distance(typed, c);
        if d <= allowed && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

impl Sema {
    /// The names `scope` declares (a namespace's members, with those of the
    /// namespaces it nominates; a class's, with its fields, member functions
    /// and bases' names) that name what is `wanted`.
    pub(crate) fn scope_names(&mut self, scope: Ctx, wanted: Wanted) -> Rc<Vec<Rc<str>>> {
        match scope {
            Ctx::Ns(ns) => self.namespace_names(ns, wanted),
            Ctx::Class(c) => {
                let mut out = Vec::new();
                self.class_names(c, wanted, &mut out, &mut Vec::new());
                Rc::new(out)
            }
            Ctx::Func(_) => Rc::default(),
        }
    }

    fn namespace_names(&mut self, ns: NsId, wanted: Wanted) -> Rc<Vec<Rc<str>>> {
        let members: usize = self.namespaces.iter().map(|n| n.members.len()).sum();
        if self.typo_names.members != members {
            self.typo_names = NamespaceNames {
                members,
                lists: HashMap::new(),
            };
        }
        if let Some(list) = self.typo_names.lists.get(&(ns, wanted)) {
            return list.clone();
        }
        let mut out = Vec::new();
        let mut pending = vec![ns];
        let mut seen = Vec::new();
        while let Some(n) = pending.pop() {
            if seen.contains(&n) {
                continue;
            }
            seen.push(n);
            let space = &self.namespaces[n.0 as usize];
            for (name, entities) in &space.members {
                if entities.iter().any(|e| wanted.accepts(e)) {
                    out.push(name.clone());
                }
            }
            pending.extend(space.using_dirs.iter().copied());
        }
        let list = Rc::new(out);
        self.typo_names.lists.insert((ns, wanted), list.clone());
        list
    }

    fn class_names(
        &mut self,
        c: ClassId,
        wanted: Wanted,
        out: &mut Vec<Rc<str>>,
        seen: &mut Vec<ClassId>,
    ) {
        if seen.contains(&c) {
            return;
        }
        seen.push(c);
        let ci = self.class(c);
        for (name, entities) in &ci.members {
            if entities.iter().any(|e| wanted.accepts(e)) {
                out.push(name.clone());
            }
        }
        if wanted == Wanted::Value {
            out.extend(ci.fields.iter().map(|f| f.name.clone()));
            out.extend(ci.methods.iter().map(|m| m.name.last().ident.clone()));
        }
        let bases: Vec<ClassId> = ci.bases.iter().map(|(b, _)| *b).collect();
        for b in bases {
            self.class_names(b, wanted, out, seen);
        }
    }

    /// The names visible from `ctx` (with `env`'s template parameters and
    /// `locals`), as lists: the enclosing classes' and namespaces' members,
    /// and for types the built-in type names.
    fn visible_names(
        &mut self,
        ctx: Ctx,
        env: &Env,
        wanted: Wanted,
        locals: &[Rc<str>],
    ) -> Vec<Rc<Vec<Rc<str>>>> {
        let mut own: Vec<Rc<str>> = env.bindings.iter().map(|(n, _)| n.clone()).collect();
        own.extend(locals.iter().cloned());
        if wanted == Wanted::Type {
            own.extend(BUILTIN_TYPE_NAMES.iter().map(|&n| Rc::from(n)));
        }
        let mut lists = vec![Rc::new(own)];
        let mut cur = Some(ctx);
        while let Some(c) = cur {
            cur = match c {
                Ctx::Func(f) => Some(self.func(f).ctx),
                Ctx::Class(id) => {
                    lists.push(self.scope_names(c, wanted));
                    Some(self.class(id).ctx)
                }
                Ctx::Ns(n) => {
                    lists.push(self.scope_names(c, wanted));
                    self.namespaces[n.0 as usize].parent.map(Ctx::Ns)
                }
            };
        }
        lists
    }

    /// "; did you mean 'x'?" for `name`, which nothing declares where it
    /// was written unqualified (in `ctx`, with `env` and the function's
    /// `locals`); empty when no visible name is close.
    pub(crate) fn did_you_mean(
        &mut self,
        name: &str,
        ctx: Ctx,
        env: &Env,
        wanted: Wanted,
        locals: &[Rc<str>],
    ) -> String {
        if name.chars().count() < MIN_SUGGESTED_LENGTH {
            return String::new();
        }
        let lists = self.visible_names(ctx, env, wanted, locals);
        suggestion(
            "",
            name,
            lists.iter().flat_map(|l| l.iter().map(|n| n.as_ref())),
        )
    }

    /// [`Self::did_you_mean`] for `prefix::name`, a member of `scope`.
    pub(crate) fn did_you_mean_member(
        &mut self,
        prefix: &str,
        name: &str,
        scope: Ctx,
        wanted: Wanted,
    ) -> String {
        if name.chars().count() < MIN_SUGGESTED_LENGTH {
            return String::new();
        }
        let names = self.scope_names(scope, wanted);
        suggestion(prefix, name, names.iter().map(|n| n.as_ref()))
    }
}

impl Sema {
    /// "; did you mean ...?" for the value `q` that lookup did not find
    /// from the function being checked (its locals, those of the functions
    /// around a lambda, and the scopes around it).
    pub(crate) fn value_hint(&mut self, q: &QualName) -> String {
        let (ctx, env) = self.ctx_env();
        if q.is_simple() {
            let locals: Vec<Rc<str>> = self
                .fn_stack
                .iter()
                .flat_map(|fc| fc.frames.iter().flatten().map(|(n, _)| n.clone()))
                .collect();
            return self.did_you_mean(&q.last().ident, ctx, &env, Wanted::Value, &locals);
        }
        self.qualified_hint(q, ctx, &env, Wanted::Value)
    }

    /// "; did you mean ...?" for `A::b`, which names nothing `wanted` in
    /// the scope `A` designates.
    pub(crate) fn qualified_hint(
        &mut self,
        q: &QualName,
        ctx: Ctx,
        env: &Env,
        wanted: Wanted,
    ) -> String {
        let Some(scope) = self.resolve_prefix(q, ctx, env, &mut vec![]) else {
            return String::new();
        };
        let written = q.to_string_lossy();
        let prefix = written.rfind("::").map_or("", |k| &written[..k + 2]);
        self.did_you_mean_member(prefix, &q.last().ident, scope, wanted)
    }
}

/// Shorter names get no suggestion (one edit from `i` is any other letter).
const MIN_SUGGESTED_LENGTH: usize = 3;

fn suggestion<'a>(
    prefix: &str,
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> String {
    match closest(name, candidates) {
        Some(c) => format!("; did you mean '{prefix}{c}'?"),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::{closest, edit_distance};

    #[test]
    fn edits_count_insertions_deletions_replacements_and_swaps() {
        assert_eq!(edit_distance("flaot", "float"), 1);
        assert_eq!(edit_distance("coutn", "count"), 1);
        assert_eq!(edit_distance("sqrtt", "sqrt"), 1);
        assert_eq!(edit_distance("dobule", "double"), 1);
        assert_eq!(edit_distance("range", "rnage"), 1);
        assert_eq!(edit_distance("abc", "xyz"), 3);
        assert_eq!(edit_distance("", "ab"), 2);
    }

    #[test]
    fn the_closest_name_within_a_third_of_the_length_is_suggested() {
        let names = ["float", "double", "floor", "__flaot_impl"];
        assert_eq!(closest("flaot", names), Some("float"));
        assert_eq!(closest("dobule", names), Some("double"));
        assert_eq!(closest("x", names), None);
        assert_eq!(closest("vector", names), None);
        assert_eq!(
            closest("float", ["float"]),
            None,
            "the name itself is no suggestion"
        );
        assert_eq!(closest("__flaot_imp", names), Some("__flaot_impl"));
    }
}
