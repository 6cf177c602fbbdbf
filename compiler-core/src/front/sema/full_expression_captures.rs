//! clang's captures at the end of a full-expression. Whether naming an
//! enclosing constant odr-uses it is known only once its use is complete
//! (bound to a reference: `i % N` with `sycl::id`'s `operator%(const T &)`,
//! `std::min(x, N)`); clang records such uses and decides them when the
//! full-expression ends, so their captures come after every other capture
//! the full-expression made. g++ captures where the reference binds.
//! Observed with clang 14 (closure bytes of probes:
//! `ref(a[i % N]).fetch_add(b[i] + c[i])` lays out `a`, `b`, `c`, then
//! `N`; g++ `N`, `a`, `b`, `c`). Sema ends full-expressions at statements
//! and conditions of the body being checked (not of the functions it
//! instantiates meanwhile), and before a closure is laid out.

use super::*;

impl Sema {
    /// Field `field` of `closure` (a constant bound to a reference in the
    /// body being checked) was just captured: under clang it is laid out
    /// where that body's full-expression ends.
    pub(super) fn capture_at_full_expression_end(&mut self, closure: ClassId, field: usize) {
        if self
            .host
            .captures_referenced_constants_at_full_expression_end()
        {
            let level = self.fn_stack.len().saturating_sub(1);
            self.full_expression_captures.push((level, closure, field));
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
