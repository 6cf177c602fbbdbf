//! Code generation back ends.

pub mod aliased_bindings;
pub mod specialize;
pub mod spirv;
#[cfg(feature = "wgsl")]
pub mod wgsl;
