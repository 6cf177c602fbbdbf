//! Code generation back ends.

pub mod specialize;
pub mod spirv;
#[cfg(feature = "wgsl")]
pub mod wgsl;
