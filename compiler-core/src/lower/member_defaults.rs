//! Aggregate initialization whose default member initializers read the
//! object being initialized (`struct S { int a; int b = a * 2; }; S s{3};`):
//! the object is built in storage, member by member, so that `this` in a
//! default member initializer names it and its earlier members already hold
//! their values.

use super::values::{PlaceV, Slot, Val};
use super::*;

impl Lowerer<'_> {
    /// The value of the aggregate `inits` of type `ty` built in place when a
    /// default member initializer among them uses `this`; None otherwise
    /// (the caller builds it from its parts).
    pub(super) fn aggregate_reading_itself(
        &mut self,
        ty: &Ty,
        inits: &[thir::Expr],
        span: Span,
    ) -> Option<Val> {
        let reads_itself = inits
            .iter()
            .any(|i| matches!(&i.kind, TK::MemberDefault(x) if x.mentions_this()));
        if !reads_itself || !matches!(ty, Ty::Class(_)) || inits.iter().any(|i| i.ty.is_ref()) {
            return None;
        }
        let storage = self.new_storage(ty, "aggregate", span);
        let Slot::Agg(parts) = self.slots[storage.0 as usize].clone() else {
            return None;
        };
        if parts.len() != inits.len() {
            return None;
        }
        let frame = self.frames.len().checked_sub(1)?;
        for (part, init) in parts.iter().zip(inits) {
            let place = PlaceV::Slot(*part);
            match &init.kind {
                TK::MemberDefault(x) => {
                    let object = Some(PlaceV::Slot(storage));
                    let outer = std::mem::replace(&mut self.frames[frame].this_place, object);
                    self.init_from_expr(&place, &init.ty, x);
                    self.frames[frame].this_place = outer;
                }
                _ => self.init_from_expr(&place, &init.ty, init),
            }
        }
        Some(self.load(&PlaceV::Slot(storage)))
    }
}
