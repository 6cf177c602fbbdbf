//! GNU variable-length arrays (`float tmp[n];`, common in code ported from
//! C) in host functions: the device pass must still read the function to
//! find the kernels it launches, so the array is declared with an unknown
//! bound and its declaration is a construct device code cannot use (SYCL
//! kernels have no variable-length arrays).

use super::thir::Stmt as TStmt;
use super::*;
use crate::front::ast::{self as a, TypeExprKind};

impl Sema {
    /// `v` declared as a variable-length array: declared here, and the
    /// statement device code rejects. None for any other declaration.
    pub(super) fn variable_length_array(&mut self, v: &a::VarDecl) -> Option<TStmt> {
        let TypeExprKind::Array(elem, Some(bound)) = &v.ty.kind else {
            return None;
        };
        if v.init.is_some() || v.is_static || v.is_constexpr {
            return None;
        }
        let (ctx, env) = self.ctx_env();
        if self.const_eval_ast(bound, ctx, &env).is_some() {
            return None;
        }
        let length = self.check_expr(bound);
        let non_integer = matches!(length.ty.non_ref(), Ty::Float(_) | Ty::Ptr { .. });
        if non_integer {
            let name = self.ty_name(&length.ty);
            self.report(
                bound.span,
                format!("size of array has non-integer type '{name}'"),
            );
        }
        let mut diags = vec![];
        let elem = self.resolve_type(elem, ctx, &env, &mut diags);
        self.report_all(diags);
        let f = self.cur().func;
        let id = self.new_var(
            v.name.clone(),
            Ty::Array(Box::new(elem), 0),
            Some(f),
            v.name_span,
        );
        self.vars[id.0 as usize].variable_length = true;
        self.cur()
            .frames
            .last_mut()
            .expect("frame")
            .push((v.name.clone(), id));
        Some(TStmt::Unsupported(
            "variable-length arrays (a GNU extension)".into(),
            v.span,
        ))
    }
}
