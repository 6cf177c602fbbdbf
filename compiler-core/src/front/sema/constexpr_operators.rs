//! Overloaded operators in constant evaluation: `a + b`, `a == b`, `-a`
//! where an operand is a class object call the class's constexpr member
//! `operator+` (with the object bound) or a constexpr free one, found from
//! where the expression is or, as argument-dependent lookup would, from the
//! class's own scope. The result is any constant: an object
//! (`(tile + V2{0, 1}).area()`), a `bool`, a number.

use super::constexpr_objects::ConstValue;
use super::*;
use crate::front::ast::{Param, QualName, UnOp};
use crate::source::Span;

/// The spelling of an overloadable unary operator.
pub(super) fn unary_spelling(op: UnOp) -> Option<&'static str> {
    match op {
        UnOp::Plus => Some("+"),
        UnOp::Neg => Some("-"),
        UnOp::Not => Some("!"),
        UnOp::BitNot => Some("~"),
        _ => None,
    }
}

impl Sema {
    /// `operator<op>` applied to `operands` (one of them a class object),
    /// evaluated where `ctx` and `env` say.
    pub(super) fn const_operator_call(
        &mut self,
        (ctx, env): (Ctx, Rc<Env>),
        op: &str,
        operands: Vec<ConstValue>,
        span: Span,
    ) -> Option<ConstValue> {
        let class = operands.iter().find_map(|v| match v {
            ConstValue::Object(c, _) => Some(*c),
            _ => None,
        })?;
        let name = format!("operator{op}");
        if let Some((object @ ConstValue::Object(..), rest)) = operands.split_first() {
            if let Some((result, _)) = self.run_method(object.clone(), &name, rest) {
                return Some(result);
            }
        }
        let q = QualName::simple(Rc::from(name), span);
        if let Some(v) = self.const_call_values(&q, operands.clone(), ctx, &env) {
            return Some(v);
        }
        let (cctx, cenv) = (self.class(class).ctx, self.class(class).env.clone());
        self.const_call_values(&q, operands, cctx, &cenv)
    }

    /// Whether a function with parameters `params` (of a declaration in
    /// `dctx`/`denv`) takes `args`: an object only where the parameter is
    /// of its class, a number only where it is not a class.
    pub(super) fn params_accept(
        &mut self,
        params: &[Param],
        dctx: Ctx,
        denv: &Rc<Env>,
        args: &[ConstValue],
    ) -> bool {
        params.iter().zip(args).all(|(p, v)| {
            let ty = self.resolve_type(&p.ty, dctx, denv, &mut vec![]);
            match (ty.non_ref(), v) {
                (Ty::Class(pc), ConstValue::Object(oc, _)) => pc == oc,
                (Ty::Int(_) | Ty::Float(_) | Ty::Bool | Ty::Enum(_), ConstValue::Object(..)) => {
                    false
                }
                (Ty::Class(_), ConstValue::Int(_) | ConstValue::Float(..)) => false,
                _ => true,
            }
        })
    }
}
