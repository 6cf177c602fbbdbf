//! Code generation back ends.

pub mod spirv;
