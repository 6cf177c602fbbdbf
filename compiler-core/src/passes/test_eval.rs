//! A reference interpreter of the device IR for the passes' tests: runs a
//! kernel's body as one work-item over parameter and memory bytes, so a
//! test can check that a pass keeps what a kernel computes. Values are
//! constants, and operations compute as constant folding does
//! ([`super::fold`]); one whose result C++ leaves undefined (a division by
//! zero, an out-of-range shift or conversion) stops the test.

use super::fold;
use crate::ir::{Block, Constant, Expr, Kernel, MathFn, ScalarType, Stmt};

enum Flow {
    Next,
    Break,
    Continue,
    Return,
}

/// Runs `kernel` with parameter block `params` and binding memory
/// `memory` (little-endian elements); returns the memory afterwards.
pub(super) fn run(kernel: &Kernel, params: &[u8], memory: Vec<Vec<u8>>) -> Vec<Vec<u8>> {
    let locals = kernel.locals.iter().map(|l| from_bits(l.ty, 0)).collect();
    let mut m = Machine {
        kernel,
        params,
        memory,
        locals,
    };
    m.block(&kernel.body);
    m.memory
}

/// The value of type `ty` whose bits are the low bits of `bits`.
fn from_bits(ty: ScalarType, bits: u64) -> Constant {
    match ty {
        ScalarType::Bool => Constant::Bool(bits != 0),
        ScalarType::F32 => Constant::Float(ty, f32::from_bits(bits as u32).into()),
        ScalarType::F64 => Constant::Float(ty, f64::from_bits(bits)),
        t if t.size() == 8 => Constant::Int(t, bits),
        t => Constant::Int(t, bits & u64::from(u32::MAX)),
    }
}

fn defined(c: Option<Constant>, what: &dyn std::fmt::Debug) -> Constant {
    c.unwrap_or_else(|| panic!("the test kernel's {what:?} is undefined"))
}

struct Machine<'a> {
    kernel: &'a Kernel,
    params: &'a [u8],
    memory: Vec<Vec<u8>>,
    locals: Vec<Constant>,
}

impl Machine<'_> {
    fn block(&mut self, block: &Block) -> Flow {
        for s in block {
            match self.stmt(s) {
                Flow::Next => {}
                flow => return flow,
            }
        }
        Flow::Next
    }

    fn stmt(&mut self, s: &Stmt) -> Flow {
        match s {
            Stmt::Assign { local, value } => {
                self.locals[local.0 as usize] = self.eval(value);
            }
            Stmt::Store {
                binding,
                index,
                value,
            } => {
                let size = self.kernel.bindings[binding.0 as usize].elem.size() as usize;
                let at = self.eval(index).bits() as usize * size;
                let v = self.eval(value).bits().to_le_bytes();
                self.memory[binding.0 as usize][at..at + size].copy_from_slice(&v[..size]);
            }
            Stmt::If {
                cond,
                then_block,
                else_block,
            } => {
                let taken = if self.eval(cond) == Constant::Bool(true) {
                    then_block
                } else {
                    else_block
                };
                return self.block(taken);
            }
            Stmt::Loop { body, continuing } => {
                for _ in 0..1_000_000 {
                    match self.block(body) {
                        Flow::Break => return Flow::Next,
                        Flow::Return => return Flow::Return,
                        Flow::Next | Flow::Continue => {}
                    }
                    if let Flow::Return = self.block(continuing) {
                        return Flow::Return;
                    }
                }
                panic!("a loop of the test kernel does not end");
            }
            Stmt::Break => return Flow::Break,
            Stmt::Continue => return Flow::Continue,
            Stmt::Return => return Flow::Return,
            other => panic!("the test interpreter does not run {other:?}"),
        }
        Flow::Next
    }

    fn eval(&self, e: &Expr) -> Constant {
        match e {
            Expr::Const(c) => *c,
            Expr::Local(l) => self.locals[l.0 as usize],
            Expr::Param { offset, ty } => self.param(*offset, *ty),
            Expr::ParamAt { offset, word, ty } => {
                let word = self.eval(word).bits() as u32;
                self.param(offset + 4 * word, *ty)
            }
            Expr::Load { binding, index } => {
                let ty = self.kernel.bindings[binding.0 as usize].elem;
                let size = ty.size() as usize;
                let at = self.eval(index).bits() as usize * size;
                let mut b = [0u8; 8];
                b[..size].copy_from_slice(&self.memory[binding.0 as usize][at..at + size]);
                from_bits(ty, u64::from_le_bytes(b))
            }
            Expr::Unary(op, a) => defined(fold::unary(*op, self.eval(a)), e),
            Expr::Binary(op, a, b) => {
                let a = self.eval(a);
                // A shift count may be of another integer type.
                let b = defined(fold::convert(self.eval(b), a.ty()), e);
                defined(fold::binary(*op, a, b), e)
            }
            Expr::Convert(a, to) => defined(fold::convert(self.eval(a), *to), e),
            Expr::Bitcast(a, to) => from_bits(*to, self.eval(a).bits()),
            Expr::Select(c, a, b) => {
                if self.eval(c) == Constant::Bool(true) {
                    self.eval(a)
                } else {
                    self.eval(b)
                }
            }
            // Its default: no host sets one here.
            Expr::SpecConst(i) => self.kernel.spec_constants[*i as usize].default,
            Expr::Math(MathFn::Fabs, args) => match self.eval(&args[0]) {
                Constant::Float(t, v) => Constant::Float(t, v.abs()),
                v => panic!("fabs of {v:?}"),
            },
            other => panic!("the test interpreter does not evaluate {other:?}"),
        }
    }

    fn param(&self, offset: u32, ty: ScalarType) -> Constant {
        let size = ty.size() as usize;
        let mut b = [0u8; 8];
        b[..size].copy_from_slice(&self.params[offset as usize..offset as usize + size]);
        from_bits(ty, u64::from_le_bytes(b))
    }
}
