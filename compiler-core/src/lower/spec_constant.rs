//! Specialization constants: `__builtin_syclone_spec_constant(id, value)`,
//! what `kernel_handler::get_specialization_constant` is written with.
//! Each scalar of the value becomes an [`IExpr::SpecConst`] keyed by the
//! `specialization_id` variable's mangled name and the scalar's byte offset
//! in the host layout; its default is the scalar's value in the variable's
//! (constant) initializer, which the prologue computed.

use super::values::Val;
use super::Lowerer;
use crate::front::sema::mangle;
use crate::front::sema::thir::{self, ExprKind as TK};
use crate::front::sema::Ty;
use crate::ir::{Constant, Expr as IExpr, SpecConstant};
use crate::passes::propagate::{constants_after, evaluate, Known};
use crate::source::Span;

/// Where one scalar of a specialization constant is.
struct Leaf<'a> {
    symbol: &'a str,
    name: &'a str,
    offset: u32,
}

impl Lowerer<'_> {
    /// `__builtin_syclone_spec_constant(id, value)`; sema checked that `id`
    /// names a global variable.
    pub(super) fn spec_constant(&mut self, args: &[thir::Expr], span: Span) -> Val {
        let [id, value] = args else {
            self.error(span, "internal: malformed specialization constant");
            return Val::Void;
        };
        let TK::Var(var) = id.kind else {
            self.error(id.span, "internal: malformed specialization constant");
            return Val::Void;
        };
        let symbol = mangle::variable_name(self.sema, var);
        let name = self.sema.var(var).name.to_string();
        let default = self.rvalue(value);
        let ty = value.ty.non_ref().clone();
        let known = constants_after(&self.prologue);
        let leaf = Leaf {
            symbol: &symbol,
            name: &name,
            offset: 0,
        };
        self.spec_value(&ty, default, &leaf, &known, span)
    }

    fn spec_value(&mut self, ty: &Ty, default: Val, at: &Leaf, known: &Known, span: Span) -> Val {
        let part = |offset: u64| Leaf {
            offset: at.offset + offset as u32,
            ..*at
        };
        match (ty, default) {
            (_, Val::Ref(place)) => {
                let value = self.load(&place);
                self.spec_value(ty, value, at, known, span)
            }
            (Ty::Class(c), Val::Agg(parts)) => {
                self.sema.complete_class(*c);
                let bases = self.sema.class(*c).bases.clone();
                let fields = self.sema.class(*c).fields.clone();
                let offsets = bases.iter().map(|(b, o)| (Ty::Class(*b), *o));
                let offsets = offsets.chain(fields.iter().map(|f| (f.ty.clone(), f.offset)));
                let parts = offsets
                    .zip(parts)
                    .map(|((t, o), v)| self.spec_value(&t, v, &part(o), known, span))
                    .collect();
                Val::Agg(parts)
            }
            (Ty::Array(elem, _), Val::Agg(parts)) => {
                let size = self.sema.size_align(elem).map_or(0, |x| x.0);
                let parts = parts
                    .into_iter()
                    .enumerate()
                    .map(|(i, v)| self.spec_value(elem, v, &part(i as u64 * size), known, span))
                    .collect();
                Val::Agg(parts)
            }
            (Ty::Bool | Ty::Int(_) | Ty::Float(_) | Ty::Enum(_), Val::Scalar(e)) => {
                let size = self.sema.size_align(ty).map_or(4, |x| x.0 as u32);
                match evaluate(&e, known) {
                    Some(default) => {
                        Val::Scalar(IExpr::SpecConst(self.spec_scalar(at, size, default)))
                    }
                    None => {
                        self.error(
                            span,
                            format!(
                                "the default value of specialization constant '{}' is not a constant the device compiler can compute",
                                at.name
                            ),
                        );
                        Val::Scalar(e)
                    }
                }
            }
            (_, v) => {
                self.error(
                    span,
                    format!(
                        "specialization constant '{}' has a type that device code cannot specialize (only scalars, and classes and arrays of them)",
                        at.name
                    ),
                );
                v
            }
        }
    }

    /// The index of the kernel's specialization-constant scalar at `at`.
    fn spec_scalar(&mut self, at: &Leaf, size: u32, default: Constant) -> u32 {
        self.spec_scalar_at(at.symbol, at.offset, size, default)
    }

    /// The index of the runtime's `bool` specialization constant `symbol`
    /// (false unless the launch's device sets it).
    pub(super) fn device_flag(&mut self, symbol: &str) -> u32 {
        self.spec_scalar_at(symbol, 0, 1, Constant::Bool(false))
    }

    fn spec_scalar_at(&mut self, symbol: &str, offset: u32, size: u32, default: Constant) -> u32 {
        let found = self
            .spec_constants
            .iter()
            .position(|c| c.symbol == symbol && c.offset == offset);
        if let Some(i) = found {
            return i as u32;
        }
        self.spec_constants.push(SpecConstant {
            symbol: symbol.to_string(),
            offset,
            size,
            default,
        });
        self.spec_constants.len() as u32 - 1
    }
}
