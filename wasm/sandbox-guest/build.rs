//! Gives the wasm32 command a larger shadow stack (in linear memory) than
//! the 1 MiB default: the compiler recurses over nesting, bounded at 256
//! levels. Native builds of the guest are left alone.

/// Bytes of the guest's shadow stack.
const WASM_STACK_BYTES: u32 = 16 << 20;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        println!("cargo:rustc-link-arg-bins=-zstack-size={WASM_STACK_BYTES}");
    }
}
