//! The floating-point math functions device code can call (`std::sqrt`,
//! `sinf`, `std::pow`...): reached through `__builtin_<name>` (double) and
//! `__builtin_<name>f` (float) in the model `<cmath>`, and emitted as
//! GLSL.std.450 extended instructions, which Vulkan and naga both support.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MathFn {
    Sqrt,
    InverseSqrt,
    Fabs,
    Floor,
    Ceil,
    Trunc,
    Round,
    Sin,
    Cos,
    Tan,
    Asin,
    Acos,
    Atan,
    Sinh,
    Cosh,
    Tanh,
    Asinh,
    Acosh,
    Atanh,
    Exp,
    Exp2,
    Log,
    Log2,
    Atan2,
    Pow,
    Fmin,
    Fmax,
    Fma,
}

/// Every function with its C name.
const NAMES: &[(MathFn, &str)] = &[
    (MathFn::Sqrt, "sqrt"),
    (MathFn::InverseSqrt, "rsqrt"),
    (MathFn::Fabs, "fabs"),
    (MathFn::Floor, "floor"),
    (MathFn::Ceil, "ceil"),
    (MathFn::Trunc, "trunc"),
    (MathFn::Round, "round"),
    (MathFn::Sin, "sin"),
    (MathFn::Cos, "cos"),
    (MathFn::Tan, "tan"),
    (MathFn::Asin, "asin"),
    (MathFn::Acos, "acos"),
    (MathFn::Atan, "atan"),
    (MathFn::Sinh, "sinh"),
    (MathFn::Cosh, "cosh"),
    (MathFn::Tanh, "tanh"),
    (MathFn::Asinh, "asinh"),
    (MathFn::Acosh, "acosh"),
    (MathFn::Atanh, "atanh"),
    (MathFn::Exp, "exp"),
    (MathFn::Exp2, "exp2"),
    (MathFn::Log, "log"),
    (MathFn::Log2, "log2"),
    (MathFn::Atan2, "atan2"),
    (MathFn::Pow, "pow"),
    (MathFn::Fmin, "fmin"),
    (MathFn::Fmax, "fmax"),
    (MathFn::Fma, "fma"),
];

impl MathFn {
    /// `__builtin_sqrtf` -> (Sqrt, single precision); `__builtin_sqrt` -> (Sqrt, double).
    pub fn from_builtin(name: &str) -> Option<(MathFn, bool)> {
        let base = name.strip_prefix("__builtin_")?;
        if let Some(&(f, _)) = NAMES.iter().find(|(_, n)| *n == base) {
            return Some((f, false));
        }
        let single = base.strip_suffix('f')?;
        NAMES
            .iter()
            .find(|(_, n)| *n == single)
            .map(|&(f, _)| (f, true))
    }

    pub fn name(self) -> &'static str {
        NAMES
            .iter()
            .find(|(f, _)| *f == self)
            .map_or("?", |(_, n)| n)
    }

    pub fn arity(self) -> usize {
        match self {
            MathFn::Atan2 | MathFn::Pow | MathFn::Fmin | MathFn::Fmax => 2,
            MathFn::Fma => 3,
            _ => 1,
        }
    }

    /// The GLSL.std.450 instruction number.
    pub fn glsl_opcode(self) -> u32 {
        match self {
            MathFn::Round => 1,
            MathFn::Trunc => 3,
            MathFn::Fabs => 4,
            MathFn::Floor => 8,
            MathFn::Ceil => 9,
            MathFn::Sin => 13,
            MathFn::Cos => 14,
            MathFn::Tan => 15,
            MathFn::Asin => 16,
            MathFn::Acos => 17,
            MathFn::Atan => 18,
            MathFn::Sinh => 19,
            MathFn::Cosh => 20,
            MathFn::Tanh => 21,
            MathFn::Asinh => 22,
            MathFn::Acosh => 23,
            MathFn::Atanh => 24,
            MathFn::Atan2 => 25,
            MathFn::Pow => 26,
            MathFn::Exp => 27,
            MathFn::Log => 28,
            MathFn::Exp2 => 29,
            MathFn::Log2 => 30,
            MathFn::Sqrt => 31,
            MathFn::InverseSqrt => 32,
            MathFn::Fmin => 37,
            MathFn::Fmax => 40,
            MathFn::Fma => 50,
        }
    }

    /// GLSL.std.450 defines this function for 64-bit floats too (the
    /// transcendental ones are 16/32-bit only: doubles go through float).
    pub fn has_f64(self) -> bool {
        matches!(
            self,
            MathFn::Sqrt
                | MathFn::InverseSqrt
                | MathFn::Fabs
                | MathFn::Floor
                | MathFn::Ceil
                | MathFn::Trunc
                | MathFn::Round
                | MathFn::Fmin
                | MathFn::Fmax
                | MathFn::Fma
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_names() {
        assert_eq!(
            MathFn::from_builtin("__builtin_sqrtf"),
            Some((MathFn::Sqrt, true))
        );
        assert_eq!(
            MathFn::from_builtin("__builtin_sqrt"),
            Some((MathFn::Sqrt, false))
        );
        assert_eq!(
            MathFn::from_builtin("__builtin_fmaf"),
            Some((MathFn::Fma, true))
        );
        assert_eq!(
            MathFn::from_builtin("__builtin_floor"),
            Some((MathFn::Floor, false))
        );
        assert_eq!(MathFn::from_builtin("__builtin_nope"), None);
        assert_eq!(MathFn::from_builtin("sqrtf"), None);
        for (f, n) in NAMES {
            assert_eq!(f.name(), *n);
        }
    }
}
