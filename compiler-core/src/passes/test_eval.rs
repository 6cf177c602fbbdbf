//! A reference interpreter of the device IR for the passes' tests: runs a
//! kernel's body as one work-item over parameter and memory bytes, so a
//! test can check that a pass keeps what a kernel computes.

use crate::ir::{BinaryOp, Block, Constant, Expr, Kernel, MathFn, ScalarType, Stmt, UnaryOp};

/// A scalar value: integers as their bit pattern truncated to the type.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Value {
    Bool(bool),
    Int(ScalarType, u64),
    F32(f32),
}

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

fn mask(ty: ScalarType) -> u64 {
    if ty.size() == 8 {
        u64::MAX
    } else {
        u64::from(u32::MAX)
    }
}

fn from_bits(ty: ScalarType, bits: u64) -> Value {
    match ty {
        ScalarType::Bool => Value::Bool(bits != 0),
        ScalarType::F32 => Value::F32(f32::from_bits(bits as u32)),
        ScalarType::F64 => panic!("the test interpreter has no doubles"),
        t => Value::Int(t, bits & mask(t)),
    }
}

fn bits(v: Value) -> u64 {
    match v {
        Value::Bool(b) => b.into(),
        Value::Int(_, b) => b,
        Value::F32(f) => f.to_bits().into(),
    }
}

/// An integer's value, sign-extended for signed types.
fn wide_value(ty: ScalarType, b: u64) -> i128 {
    match ty {
        ScalarType::I32 => i128::from(b as u32 as i32),
        ScalarType::I64 => i128::from(b as i64),
        _ => i128::from(b),
    }
}

struct Machine<'a> {
    kernel: &'a Kernel,
    params: &'a [u8],
    memory: Vec<Vec<u8>>,
    locals: Vec<Value>,
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
                let at = bits(self.eval(index)) as usize * size;
                let v = bits(self.eval(value)).to_le_bytes();
                self.memory[binding.0 as usize][at..at + size].copy_from_slice(&v[..size]);
            }
            Stmt::If {
                cond,
                then_block,
                else_block,
            } => {
                let taken = if self.eval(cond) == Value::Bool(true) {
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

    fn eval(&self, e: &Expr) -> Value {
        let ty = self.kernel.type_of(e);
        match e {
            Expr::Const(Constant::Float(_, v)) => Value::F32(*v as f32),
            Expr::Const(c) => from_bits(ty, c.bits()),
            Expr::Local(l) => self.locals[l.0 as usize],
            Expr::Param { offset, ty } => self.param(*offset, *ty),
            Expr::ParamAt { offset, word, ty } => {
                let word = bits(self.eval(word)) as u32;
                self.param(offset + 4 * word, *ty)
            }
            Expr::Load { binding, index } => {
                let size = ty.size() as usize;
                let at = bits(self.eval(index)) as usize * size;
                let mut b = [0u8; 8];
                b[..size].copy_from_slice(&self.memory[binding.0 as usize][at..at + size]);
                from_bits(ty, u64::from_le_bytes(b))
            }
            Expr::Unary(op, a) => {
                let a = self.eval(a);
                match (op, a) {
                    (UnaryOp::Not, Value::Bool(b)) => Value::Bool(!b),
                    (UnaryOp::Neg, Value::F32(f)) => Value::F32(-f),
                    (UnaryOp::Neg, Value::Int(t, b)) => from_bits(t, b.wrapping_neg()),
                    (UnaryOp::BitNot, Value::Int(t, b)) => from_bits(t, !b),
                    _ => panic!("bad unary {op:?} of {a:?}"),
                }
            }
            Expr::Binary(op, a, b) => self.binary(*op, self.eval(a), self.eval(b)),
            Expr::Convert(a, to) => convert(self.eval(a), *to),
            Expr::Bitcast(a, to) => from_bits(*to, bits(self.eval(a))),
            Expr::Select(c, a, b) => {
                if self.eval(c) == Value::Bool(true) {
                    self.eval(a)
                } else {
                    self.eval(b)
                }
            }
            // Its default: no host sets one here.
            Expr::SpecConst(i) => {
                let default = self.kernel.spec_constants[*i as usize].default;
                from_bits(ty, default.bits())
            }
            Expr::Math(MathFn::Fabs, args) => match self.eval(&args[0]) {
                Value::F32(f) => Value::F32(f.abs()),
                v => panic!("fabs of {v:?}"),
            },
            other => panic!("the test interpreter does not evaluate {other:?}"),
        }
    }

    fn param(&self, offset: u32, ty: ScalarType) -> Value {
        let size = ty.size() as usize;
        let mut b = [0u8; 8];
        b[..size].copy_from_slice(&self.params[offset as usize..offset as usize + size]);
        from_bits(ty, u64::from_le_bytes(b))
    }

    fn binary(&self, op: BinaryOp, a: Value, b: Value) -> Value {
        use BinaryOp::*;
        match (a, b) {
            (Value::Bool(x), Value::Bool(y)) => Value::Bool(match op {
                LogicalAnd => x && y,
                LogicalOr => x || y,
                Eq => x == y,
                Ne => x != y,
                _ => panic!("bad bool {op:?}"),
            }),
            (Value::F32(x), Value::F32(y)) => match op {
                Add => Value::F32(x + y),
                Sub => Value::F32(x - y),
                Mul => Value::F32(x * y),
                Div => Value::F32(x / y),
                Eq => Value::Bool(x == y),
                Ne => Value::Bool(x != y),
                Lt => Value::Bool(x < y),
                Le => Value::Bool(x <= y),
                Gt => Value::Bool(x > y),
                Ge => Value::Bool(x >= y),
                _ => panic!("bad float {op:?}"),
            },
            (Value::Int(t, x), Value::Int(_, y)) => {
                let (sx, sy) = (wide_value(t, x), wide_value(t, y));
                let width = t.size() * 8;
                let int = |v: u64| from_bits(t, v);
                match op {
                    Add => int(x.wrapping_add(y)),
                    Sub => int(x.wrapping_sub(y)),
                    Mul => int(x.wrapping_mul(y)),
                    // Division by zero is undefined; any value will do.
                    Div if sy == 0 => int(0),
                    Rem if sy == 0 => int(0),
                    Div => int(sx.wrapping_div(sy) as u64),
                    Rem => int(sx.wrapping_rem(sy) as u64),
                    BitAnd => int(x & y),
                    BitOr => int(x | y),
                    BitXor => int(x ^ y),
                    Shl => int(x << (y % u64::from(width))),
                    Shr => int((sx >> (y % u64::from(width))) as u64),
                    Eq => Value::Bool(sx == sy),
                    Ne => Value::Bool(sx != sy),
                    Lt => Value::Bool(sx < sy),
                    Le => Value::Bool(sx <= sy),
                    Gt => Value::Bool(sx > sy),
                    Ge => Value::Bool(sx >= sy),
                    LogicalAnd | LogicalOr => panic!("logical {op:?} of integers"),
                }
            }
            _ => panic!("{op:?} of {a:?} and {b:?}"),
        }
    }
}

/// C++'s conversion of `v` to `to` (floats truncate toward zero).
fn convert(v: Value, to: ScalarType) -> Value {
    match (v, to) {
        (Value::Bool(b), ScalarType::F32) => Value::F32(f32::from(u8::from(b))),
        (Value::Bool(b), t) => from_bits(t, b.into()),
        (Value::Int(_, b), ScalarType::Bool) => Value::Bool(b != 0),
        (Value::Int(t, b), ScalarType::F32) => Value::F32(wide_value(t, b) as f32),
        (Value::Int(t, b), to) => from_bits(to, wide_value(t, b) as u64),
        (Value::F32(f), ScalarType::Bool) => Value::Bool(f != 0.0),
        (Value::F32(f), ScalarType::F32) => Value::F32(f),
        (Value::F32(f), to) if to.is_signed_int() => from_bits(to, f as i64 as u64),
        (Value::F32(f), to) => from_bits(to, f as u64),
    }
}
