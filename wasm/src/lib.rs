//! wasm (stub)
