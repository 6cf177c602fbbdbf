//! Shared by the `frontend_throughput` bench and the `throughput` example
//! (the example builds for wasm32-wasip1): a large generated SYCL-style
//! translation unit and one timed preprocess + lex + parse of it.

use compiler_core::diag::Diagnostics;
use compiler_core::front::{parse, pipeline, preprocess};
use compiler_core::source::SourceMap;
use compiler_core::VirtualFiles;
use std::time::Instant;

const INCLUDE_DIR: &str = "/syclone/include";

/// `<sycl/sycl.hpp>` and what it includes, embedded (wasm has no files).
pub fn sycl_headers() -> VirtualFiles {
    let mut files = VirtualFiles::default();
    for (name, text) in [
        (
            "sycl/sycl.hpp",
            include_str!("../../native-runtime/include/sycl/sycl.hpp"),
        ),
        (
            "sycl/detail/kernel_desc.hpp",
            include_str!("../../native-runtime/include/sycl/detail/kernel_desc.hpp"),
        ),
        (
            "sycl/detail/spec_constants.hpp",
            include_str!("../../native-runtime/include/sycl/detail/spec_constants.hpp"),
        ),
        (
            "sycl/detail/index_space.hpp",
            include_str!("../../native-runtime/include/sycl/detail/index_space.hpp"),
        ),
        (
            "sycl/detail/atomic_ref.hpp",
            include_str!("../../native-runtime/include/sycl/detail/atomic_ref.hpp"),
        ),
        (
            "sycl/detail/legacy_atomic.hpp",
            include_str!("../../native-runtime/include/sycl/detail/legacy_atomic.hpp"),
        ),
        (
            "sycl/detail/reduction.hpp",
            include_str!("../../native-runtime/include/sycl/detail/reduction.hpp"),
        ),
        (
            "sycl/detail/math.hpp",
            include_str!("../../native-runtime/include/sycl/detail/math.hpp"),
        ),
        (
            "sycl/detail/vec.hpp",
            include_str!("../../native-runtime/include/sycl/detail/vec.hpp"),
        ),
        (
            "sycl/detail/vec_swizzles.inc",
            include_str!("../../native-runtime/include/sycl/detail/vec_swizzles.inc"),
        ),
        (
            "sycl/detail/hierarchical.hpp",
            include_str!("../../native-runtime/include/sycl/detail/hierarchical.hpp"),
        ),
        (
            "sycl/detail/device_copyable.hpp",
            include_str!("../../native-runtime/include/sycl/detail/device_copyable.hpp"),
        ),
        (
            "sycl/detail/span.hpp",
            include_str!("../../native-runtime/include/sycl/detail/span.hpp"),
        ),
        (
            "sycl/detail/group_load_store.hpp",
            include_str!("../../native-runtime/include/sycl/detail/group_load_store.hpp"),
        ),
        (
            "sycl/ext/oneapi/experimental/group_load_store.hpp",
            include_str!(
                "../../native-runtime/include/sycl/ext/oneapi/experimental/group_load_store.hpp"
            ),
        ),
        (
            "sycl/ext/oneapi/dot_product.hpp",
            include_str!("../../native-runtime/include/sycl/ext/oneapi/dot_product.hpp"),
        ),
        (
            "sycl/ext/intel/fpga_extensions.hpp",
            include_str!("../../native-runtime/include/sycl/ext/intel/fpga_extensions.hpp"),
        ),
        (
            "CL/sycl.hpp",
            include_str!("../../native-runtime/include/CL/sycl.hpp"),
        ),
        (
            "dpc_common.hpp",
            include_str!("../../native-runtime/include/dpc_common.hpp"),
        ),
        (
            "sycl/ext/oneapi/experimental/graph.hpp",
            include_str!("../../native-runtime/include/sycl/ext/oneapi/experimental/graph.hpp"),
        ),
        (
            "sycl/ext/oneapi/experimental/enqueue_functions.hpp",
            include_str!(
                "../../native-runtime/include/sycl/ext/oneapi/experimental/enqueue_functions.hpp"
            ),
        ),
        (
            "sycl/ext/oneapi/experimental/clock.hpp",
            include_str!("../../native-runtime/include/sycl/ext/oneapi/experimental/clock.hpp"),
        ),
        (
            "sycl/detail/half.hpp",
            include_str!("../../native-runtime/include/sycl/detail/half.hpp"),
        ),
        (
            "sycl/detail/bfloat16.hpp",
            include_str!("../../native-runtime/include/sycl/detail/bfloat16.hpp"),
        ),
        (
            "sycl/detail/bit_cast.hpp",
            include_str!("../../native-runtime/include/sycl/detail/bit_cast.hpp"),
        ),
        (
            "sycl/detail/group_algorithms.hpp",
            include_str!("../../native-runtime/include/sycl/detail/group_algorithms.hpp"),
        ),
        (
            "sycl/detail/group_local_memory.hpp",
            include_str!("../../native-runtime/include/sycl/detail/group_local_memory.hpp"),
        ),
        (
            "sycl/detail/opportunistic_group.hpp",
            include_str!("../../native-runtime/include/sycl/detail/opportunistic_group.hpp"),
        ),
        (
            "sycl/detail/stream.hpp",
            include_str!("../../native-runtime/include/sycl/detail/stream.hpp"),
        ),
        (
            "sycl/detail/device_global.hpp",
            include_str!("../../native-runtime/include/sycl/detail/device_global.hpp"),
        ),
        (
            "sycl/detail/device_assert.hpp",
            include_str!("../../native-runtime/include/sycl/detail/device_assert.hpp"),
        ),
        (
            "sycl/detail/device_printf.hpp",
            include_str!("../../native-runtime/include/sycl/detail/device_printf.hpp"),
        ),
        (
            "sycl/detail/image.hpp",
            include_str!("../../native-runtime/include/sycl/detail/image.hpp"),
        ),
        (
            "sycl/detail/decomposition.hpp",
            include_str!("../../native-runtime/include/sycl/detail/decomposition.hpp"),
        ),
        (
            "sycl/detail/kernel_bundle.hpp",
            include_str!("../../native-runtime/include/sycl/detail/kernel_bundle.hpp"),
        ),
        (
            "sycl/detail/kernel_compiler.hpp",
            include_str!("../../native-runtime/include/sycl/detail/kernel_compiler.hpp"),
        ),
        (
            "sycl/detail/runtime_abi.h",
            include_str!("../../native-runtime/include/sycl/detail/runtime_abi.h"),
        ),
        (
            "oneapi/dpl/execution",
            include_str!("../../native-runtime/include/oneapi/dpl/execution"),
        ),
        (
            "oneapi/dpl/algorithm",
            include_str!("../../native-runtime/include/oneapi/dpl/algorithm"),
        ),
        (
            "oneapi/dpl/numeric",
            include_str!("../../native-runtime/include/oneapi/dpl/numeric"),
        ),
        (
            "oneapi/dpl/iterator",
            include_str!("../../native-runtime/include/oneapi/dpl/iterator"),
        ),
        (
            "oneapi/dpl/functional",
            include_str!("../../native-runtime/include/oneapi/dpl/functional"),
        ),
        (
            "oneapi/dpl/detail/library.hpp",
            include_str!("../../native-runtime/include/oneapi/dpl/detail/library.hpp"),
        ),
        (
            "oneapi/dpl/detail/policy.hpp",
            include_str!("../../native-runtime/include/oneapi/dpl/detail/policy.hpp"),
        ),
        (
            "oneapi/dpl/detail/iterators.hpp",
            include_str!("../../native-runtime/include/oneapi/dpl/detail/iterators.hpp"),
        ),
        (
            "oneapi/dpl/detail/device_ranges.hpp",
            include_str!("../../native-runtime/include/oneapi/dpl/detail/device_ranges.hpp"),
        ),
        (
            "oneapi/dpl/detail/kernels.hpp",
            include_str!("../../native-runtime/include/oneapi/dpl/detail/kernels.hpp"),
        ),
        (
            "oneapi/dpl/detail/algorithms.hpp",
            include_str!("../../native-runtime/include/oneapi/dpl/detail/algorithms.hpp"),
        ),
        (
            "oneapi/dpl/detail/numeric.hpp",
            include_str!("../../native-runtime/include/oneapi/dpl/detail/numeric.hpp"),
        ),
        (
            "oneapi/dpl/detail/functional.hpp",
            include_str!("../../native-runtime/include/oneapi/dpl/detail/functional.hpp"),
        ),
        (
            "oneapi/dpl/random",
            include_str!("../../native-runtime/include/oneapi/dpl/random"),
        ),
        (
            "oneapi/dpl/detail/random.hpp",
            include_str!("../../native-runtime/include/oneapi/dpl/detail/random.hpp"),
        ),
    ] {
        files
            .0
            .insert(format!("{INCLUDE_DIR}/{name}"), text.to_string());
    }
    files
}

/// One block of SYCL-program-style C++ (56 lines), names made unique by `i`.
fn block(out: &mut String, i: usize) {
    use std::fmt::Write;
    let _ = write!(
        out,
        r#"namespace app{i} {{
// Kernel names and a small class hierarchy.
class Kernel{i};
template <typename T, int N>
struct Vec{i} {{
  T data[N];
  T &operator[](int k) {{ return data[k]; }}
  const T &operator[](int k) const {{ return data[k]; }}
  static constexpr int size = N;
}};
struct Shape{i} {{
  float w = 1.0f, h = 2.0f;
  Shape{i}() = default;
  Shape{i}(float a, float b) : w(a), h(b) {{}}
  float area() const {{ return w * h; }}
}};
template <typename T>
T clamp{i}(T x, T lo, T hi) {{
  return x < lo ? lo : (x > hi ? hi : x);
}}
inline int mix{i}(int a, int b) {{
  int r = 0;
  for (int k = 0; k < 8; ++k) {{
    r += (a >> k) & 1 ? b << k : 0;
    if (r > 1000000) break;
  }}
  while (r % 7 != 0) r++;
  switch (r & 3) {{
  case 0: return r;
  case 1: return -r;
  default: return r / 2;
  }}
}}
#define SCALE{i}(x) ((x) * {i}.5f)
void run{i}(sycl::queue &q, float *data, size_t n) {{
  auto add = [](float a, float b) {{ return a + b; }};
  Vec{i}<float, 4> v{{}};
  v[0] = add(1.0f, 2.0f);
  q.submit([&](sycl::handler &h) {{
    h.parallel_for<Kernel{i}>(sycl::range<1>(n), [=](sycl::id<1> idx) {{
      size_t k = idx[0];
      float x = data[k];
      x = clamp{i}<float>(x, 0.0f, 1.0f);
      data[k] = SCALE{i}(x) + static_cast<float>(k % 3);
    }});
  }});
  q.wait();
}}
using ShapeAlias{i} = Shape{i};
enum class Mode{i} : int {{ A, B = 3, C }};
static_assert(sizeof(int) == 4, "int");
}} // namespace app{i}

"#
    );
}

/// A translation unit of about `lines` lines including `<sycl/sycl.hpp>`.
pub fn generate(lines: usize) -> String {
    let mut s = String::from("#include <sycl/sycl.hpp>\n");
    let mut i = 0;
    while s.bytes().filter(|&b| b == b'\n').count() < lines {
        for _ in 0..100 {
            block(&mut s, i);
            i += 1;
        }
    }
    s
}

pub struct Run {
    /// Lines of the main file (the included header is not counted).
    pub lines: usize,
    /// Tokens after preprocessing (counted when run on one thread).
    pub tokens: Option<usize>,
    pub seconds: f64,
    pub errors: usize,
}

/// How the two halves of the frontend run.
#[derive(Clone, Copy)]
pub enum Mode {
    /// As the compiler runs them (natively at once, on two threads).
    Frontend,
    /// Preprocess, then parse, on one thread.
    OneThread,
}

/// Preprocess, lex and parse `src` once, timed.
pub fn run(src: &str, headers: &VirtualFiles, mode: Mode) -> Run {
    let start = Instant::now();
    let mut sm = SourceMap::default();
    let main = sm.add("bench.cpp", src);
    let opts = preprocess::PpOptions {
        include_dirs: vec![INCLUDE_DIR.into()],
        device_pass: true,
        date_time: Some(("Jan  1 2000".into(), "00:00:00".into())),
        ..Default::default()
    };
    let mut diags = Diagnostics::default();
    let (tokens, tu) = match mode {
        Mode::Frontend => {
            let front = pipeline::preprocess_and_parse(&mut sm, main, headers, &opts, true);
            diags.list.extend(front.preprocessor_diagnostics);
            diags.list.extend(front.parser_diagnostics);
            (None, front.tu)
        }
        Mode::OneThread => {
            let out = preprocess::preprocess(&mut sm, main, headers, &opts, &mut diags);
            let tokens = out.tokens.len();
            let tu = parse::parse_translation_unit(
                out.tokens,
                &out.symbols,
                &mut diags,
                Default::default(),
            );
            (Some(tokens), tu)
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    drop(tu);
    let errors = diags
        .list
        .iter()
        .filter(|d| d.severity == compiler_core::diag::Severity::Error)
        .count();
    if errors > 0 {
        eprintln!(
            "first diagnostics: {:?}",
            diags
                .list
                .iter()
                .take(3)
                .map(|d| &d.message)
                .collect::<Vec<_>>()
        );
    }
    Run {
        lines: src.lines().count(),
        tokens,
        seconds,
        errors,
    }
}

/// Run `iterations` times in each mode and print the best and median
/// lines per second.
pub fn report(label: &str, lines: usize, iterations: usize) {
    let src = generate(lines);
    let headers = sycl_headers();
    let mut tokens = 0;
    for (mode, how) in [
        (Mode::Frontend, "as compiled"),
        (Mode::OneThread, "one thread"),
    ] {
        let mut runs: Vec<Run> = (0..iterations).map(|_| run(&src, &headers, mode)).collect();
        runs.sort_by(|a, b| a.seconds.total_cmp(&b.seconds));
        tokens = runs[0].tokens.unwrap_or(tokens);
        let best = &runs[0];
        let median = &runs[runs.len() / 2];
        println!(
            "{label}, {how}: {} lines, {} errors; best {:.1} ms = {:.0} lines/s; median {:.1} ms = {:.0} lines/s",
            best.lines,
            best.errors,
            best.seconds * 1e3,
            best.lines as f64 / best.seconds,
            median.seconds * 1e3,
            median.lines as f64 / median.seconds,
        );
    }
    println!("{tokens} tokens after preprocessing");
}
