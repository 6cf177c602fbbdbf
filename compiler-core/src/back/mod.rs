//! Code generation back ends.

pub mod spirv;
#[cfg(feature = "wgsl")]
pub mod wgsl;
