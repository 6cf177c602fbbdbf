//! The frontend throughput bench as a program, for wasm32-wasip1:
//! `cargo build --release -p compiler-core --example throughput --target wasm32-wasip1`
//! then run the `.wasm` with wasmtime or Node's WASI (docs/PERFORMANCE.md).

#[path = "../benches/throughput_common.rs"]
mod throughput_common;

/// The allocator syclcc uses natively (driver/src/main.rs).
#[cfg(not(target_family = "wasm"))]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let lines = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(200_000);
    throughput_common::report(std::env::consts::ARCH, lines, 7);
}
