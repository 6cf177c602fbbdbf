//! Where the host compiler lays out a captured constant bound to a
//! reference (`i % N` with `sycl::id`'s `operator%(const T &)`,
//! `std::max(K, b[i])`), which sema captures only once the binding shows
//! the odr-use. g++ captures a constant where it is named (and drops, when
//! the lambda ends, the captures no odr-use needed): `std::max(K, b[i])`
//! lays out `K` before `b`. clang decides such odr-uses at the end of the
//! full-expression, after every other capture it made: `ref(a[i % N])
//! .fetch_add(b[i] + c[i])` lays out `a`, `b`, `c`, then `N`. Observed
//! with g++ 12 and clang 14 (closure bytes of probe programs). Sema ends
//! full-expressions at statements and conditions of the body being checked
//! (not of the functions it instantiates meanwhile), and before a closure
//! is laid out.

use super::*;

impl Sema {
    /// Field `field` of `closure` (a constant bound to a reference in the
    /// body being checked, named when the closure had `fields_at_use`
    /// fields) was just captured: clang lays it out where that body's
    /// full-expression ends, g++ where the constant was named (it captures
    /// constants where they are named and drops the captures no odr-use
    /// needed when the lambda ends).
    pub(super) fn place_constant_capture(
        &mut self,
        closure: ClassId,
        field: usize,
        fields_at_use: usize,
    ) {
        if self
            .host
            .captures_referenced_constants_at_full_expression_end()
        {
            let level = self.fn_stack.len().saturating_sub(1);
            self.full_expression_captures.push((level, closure, field));
        } else if let Some(cl) = self.classes[closure.0 as usize].closure.as_mut() {
            cl.deferred_fields.push((field, fields_at_use));
        }
    }

    /// A full-expression of the body being checked ended: the deferred
    /// captures it (and the bodies nested in it) made are laid out after
    /// the fields captured so far.
    pub(super) fn end_full_expression(&mut self) {
        let level = self.fn_stack.len().saturating_sub(1);
        let (ended, open): (Vec<_>, Vec<_>) = std::mem::take(&mut self.full_expression_captures)
            .into_iter()
            .partition(|(at, _, _)| *at >= level);
        self.full_expression_captures = open;
        for (_, closure, field) in ended {
            let ci = &mut self.classes[closure.0 as usize];
            let after = ci.fields.len();
            if let Some(cl) = ci.closure.as_mut() {
                cl.deferred_fields.push((field, after));
            }
        }
    }
}
