//! Preprocess + lex + parse throughput over a ~200k-line generated SYCL-style
//! translation unit. Prints figures; asserts nothing about time.
//! `cargo bench -p compiler-core --bench frontend_throughput`

#[path = "throughput_common.rs"]
mod throughput_common;

/// The allocator syclcc uses (driver/src/main.rs).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    // `cargo bench` passes `--bench`; any number argument sets the line count.
    let lines = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(200_000);
    throughput_common::report("native", lines, 7);
}
