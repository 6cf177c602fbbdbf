//! The sub-group intrinsics `sycl::sub_group` is written with:
//! `__builtin_syclone_subgroup_barrier()`, `_any(bool)`, `_all(bool)`,
//! `_shuffle(x, i)`, `_shuffle_xor(x, mask)`, `_shuffle_down(x, d)`,
//! `_shuffle_up(x, d)` and `_reduce_OP(x)`, `_iscan_OP(x)`, `_escan_OP(x)`
//! for OP in add, mul, min, max, and, or, xor; `x` is arithmetic, the result
//! has its type. `_ballot(bool, word)` is word `word` of the mask of the
//! work-items whose value is true, an `unsigned`.

use super::thir::{Expr as TExpr, ExprKind as TK};
use super::*;

impl Sema {
    pub(super) fn subgroup_intrinsic(
        &mut self,
        name: String,
        op: &str,
        args: Vec<TExpr>,
        span: Span,
    ) -> TExpr {
        let (ty, want) = match op {
            "barrier" => (Ty::Void, 0),
            "any" | "all" => (Ty::Bool, 1),
            "ballot" => (Ty::Int(IntKind::UInt), 2),
            _ => match (crate::ir::SubgroupOp::from_intrinsic(op), args.first()) {
                (Some(o), Some(a)) => (a.ty.clone(), 1 + o.has_operand() as usize),
                (Some(o), None) => (Ty::Error, 1 + o.has_operand() as usize),
                (None, _) => return self.err(span, format!("unknown compiler intrinsic '{name}'")),
            },
        };
        if args.len() != want {
            return self.err(
                span,
                format!("'{name}' takes {want} arguments, got {}", args.len()),
            );
        }
        if args.iter().any(|a| a.ty.is_error()) {
            return TExpr::error(span);
        }
        if want > 0 && !ty.is_arithmetic() {
            return self.err(
                span,
                format!(
                    "sub-group operations take arithmetic values, not '{}'",
                    self.ty_name(&ty)
                ),
            );
        }
        let mut d = vec![];
        let mut args = args.into_iter();
        let mut out = vec![];
        if let Some(v) = args.next() {
            let value_ty = if op == "ballot" { Ty::Bool } else { ty.clone() };
            out.push(self.convert(v, &value_ty, &mut d));
        }
        if let Some(i) = args.next() {
            out.push(self.convert(i, &Ty::Int(IntKind::UInt), &mut d));
        }
        self.report_all(d);
        TExpr {
            kind: TK::Intrinsic(name, out),
            ty,
            lvalue: false,
            span,
        }
    }
}
