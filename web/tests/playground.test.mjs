// The playground in headless Chromium with WebGPU (SwiftShader where there
// is no GPU): each program is built in the page (the wasm compiler and
// clang as WebAssembly), run on WebGPU, and judged by its own output.
// Needs /usr/bin/chromium (or $CHROMIUM) and `cargo xtask wasm-web`'s package.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { startServer } from '../serve.mjs';

const BUILD_AND_RUN_MS = 240_000;
let server;
let browser;
let page;

before(async () => {
  server = await startServer(0);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--enable-unsafe-webgpu',
      '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'],
  });
  page = await browser.newPage();
  page.on('console', (m) => { if (m.type() === 'error') console.error(`page: ${m.text()}`); });
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.waitForFunction(() => document.getElementById('status').textContent === 'ready', null, { timeout: 60_000 });
});

after(async () => {
  await browser?.close();
  server?.close();
});

/** Builds and runs `example` in the page: its exit status, output and launches. */
async function buildAndRun(example, source, flags = '') {
  // Wait for this selection's load even when the example is already shown:
  // a load finishing after `fill` would replace the source.
  await page.evaluate(() => { delete document.getElementById('source').dataset.example; });
  await page.selectOption('#example', example);
  await page.waitForFunction((name) => document.getElementById('source').dataset.example === name, example);
  if (source) await page.fill('#source', source);
  await page.fill('#flags', flags);
  await page.click('#run');
  await page.waitForFunction(() => document.getElementById('status').dataset.exitCode !== undefined, null,
    { timeout: BUILD_AND_RUN_MS });
  return page.evaluate(() => ({
    exitCode: document.getElementById('status').dataset.exitCode,
    status: document.getElementById('status').textContent,
    output: document.getElementById('output').textContent,
    kernels: [...document.querySelectorAll('#kernels li')].map((li) => li.textContent),
  }));
}

/** The program exited 0, printed PASSED and ran every kernel on WebGPU. */
function assertPassedOnWebGpu(r) {
  assert.equal(r.exitCode, '0', `${r.status}\n${r.output}`);
  assert.match(r.output, /PASSED/);
  assert.ok(r.kernels.every((k) => k.endsWith('on WebGPU')), r.kernels.join('\n'));
}

for (const example of ['vector_add.cpp', 'saxpy_usm.cpp', 'local_memory_reverse.cpp', 'reduction_sum.cpp']) {
  test(`${example} builds in the browser and passes on WebGPU`, { timeout: BUILD_AND_RUN_MS }, async () => {
    const r = await buildAndRun(example);
    assert.equal(r.exitCode, '0', `${r.status}\n${r.output}`);
    assert.match(r.output, /PASSED/);
    assert.ok(r.kernels.length > 0 && r.kernels.every((k) => k.endsWith('on WebGPU')), r.kernels.join('\n'));
    assert.match(r.status, /with the precompiled sycl\.hpp/);
  });
}

test('flags reach both passes: C++20 and -D', { timeout: BUILD_AND_RUN_MS }, async () => {
  const source = `#include <sycl/sycl.hpp>
#include <concepts>
#include <iostream>
template <typename T> concept Number = std::integral<T> || std::floating_point<T>;
Number auto triple(Number auto x) { return x * SCALE; }
int main() {
  sycl::queue q;
  int *v = sycl::malloc_shared<int>(16, q);
  q.parallel_for(16, [=](sycl::id<1> i) { v[i] = triple(int(i)); }).wait();
  bool ok = true;
  for (int i = 0; i < 16; ++i) ok &= v[i] == 3 * i;
  sycl::free(v, q);
  std::cout << (ok ? "PASSED" : "FAILED") << "\\n";
}
`;
  const r = await buildAndRun('vector_add.cpp', source, '-std=c++20 -DSCALE=3 -O2');
  assert.equal(r.exitCode, '0', `${r.status}\n${r.output}`);
  assert.match(r.output, /PASSED/);
  assert.doesNotMatch(r.status, /precompiled/, 'a PCH of other flags must not be used');
});

test('a flag the playground does not take fails the build', { timeout: BUILD_AND_RUN_MS }, async () => {
  const r = await buildAndRun('vector_add.cpp', undefined, '-fopenmp');
  assert.equal(r.exitCode, 'build-failed', r.output);
  assert.match(r.output, /-fopenmp: the playground takes/);
});

test('macros defined before sycl.hpp are honored (no precompiled header)', { timeout: BUILD_AND_RUN_MS }, async () => {
  const source = `#define PLAYGROUND_VALUE 8
#include <sycl/sycl.hpp>
#include <cstdio>
int main() {
  sycl::queue q;
  std::printf("%d kernels, PLAYGROUND_VALUE=%d: PASSED on %s\\n", 0, PLAYGROUND_VALUE, q.get_device().get_info<sycl::info::device::name>().c_str());
}
`;
  const r = await buildAndRun('vector_add.cpp', source);
  assert.equal(r.exitCode, '0', `${r.status}\n${r.output}`);
  assert.match(r.output, /0 kernels, PLAYGROUND_VALUE=8: PASSED/);
  assert.doesNotMatch(r.status, /precompiled/);
});

test('a free-function kernel launches with the wasm32 host layout', { timeout: BUILD_AND_RUN_MS }, async () => {
  const source = `#include <sycl/sycl.hpp>
#include <iostream>
namespace syclexp = sycl::ext::oneapi::experimental;
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::nd_range_kernel<1>))
void add_offset(int *data, int offset) {
  size_t i = sycl::ext::oneapi::this_work_item::get_nd_item<1>().get_global_id(0);
  data[i] += offset;
}
int main() {
  sycl::queue q;
  int *data = sycl::malloc_shared<int>(64, q);
  for (int i = 0; i < 64; ++i) data[i] = i;
  sycl::kernel k = syclexp::get_kernel_bundle<add_offset, sycl::bundle_state::executable>(q.get_context())
                       .ext_oneapi_get_kernel<add_offset>();
  q.submit([&](sycl::handler &h) {
    h.set_args(data, 100);
    h.parallel_for(sycl::nd_range<1>(64, 16), k);
  }).wait();
  bool ok = true;
  for (int i = 0; i < 64; ++i) ok &= data[i] == 100 + i;
  std::cout << (ok ? "PASSED" : "FAILED") << "\\n";
}
`;
  const r = await buildAndRun('vector_add.cpp', source);
  assert.equal(r.exitCode, '0', `${r.status}\n${r.output}`);
  assert.match(r.output, /PASSED/);
});

test('pointers and accessors into one allocation bind it once', { timeout: BUILD_AND_RUN_MS }, async () => {
  const source = `#include <sycl/sycl.hpp>
#include <iostream>
int main() {
  sycl::queue q;
  constexpr int n = 256;
  float *data = sycl::malloc_shared<float>(n, q);
  float *minmax = sycl::malloc_shared<float>(2, q);
  for (int i = 0; i < n; ++i) data[i] = float((i * 37) % n) - 100.0f;
  minmax[0] = 1e9f;
  minmax[1] = -1e9f;
  q.parallel_for(sycl::range<1>(n), sycl::reduction(minmax, sycl::minimum<float>()),
                 sycl::reduction(minmax + 1, sycl::maximum<float>()),
                 [=](sycl::id<1> i, auto &lo, auto &hi) { lo.combine(data[i]); hi.combine(data[i]); }).wait();
  std::vector<int> v(64, 0);
  for (int i = 0; i < 32; ++i) v[i] = i;
  {
    sycl::buffer<int> buf(v.data(), sycl::range<1>(64));
    q.submit([&](sycl::handler &h) {
      sycl::accessor in(buf, h, sycl::read_only);
      sycl::accessor out(buf, h, sycl::write_only);
      h.parallel_for(sycl::range<1>(32), [=](sycl::id<1> i) { out[i[0] + 32] = in[i] * 2; });
    });
  }
  bool ok = minmax[0] == -100.0f && minmax[1] == 155.0f;
  for (int i = 0; i < 32; ++i) ok &= v[i + 32] == 2 * i;
  std::cout << minmax[0] << " " << minmax[1] << (ok ? " PASSED" : " FAILED") << "\\n";
}
`;
  const r = await buildAndRun('vector_add.cpp', source);
  assert.equal(r.exitCode, '0', `${r.status}\n${r.output}`);
  assert.match(r.output, /-100 155 PASSED/);
  assert.ok(r.kernels.every((k) => k.endsWith('on WebGPU')), r.kernels.join('\n'));
});

test('a loop on a local-memory value with barriers inside runs on WebGPU', { timeout: BUILD_AND_RUN_MS }, async () => {
  const source = await readFile(new URL('../../tests/e2e/local_memory_counter_loop.cpp', import.meta.url), 'utf8');
  const r = await buildAndRun('vector_add.cpp', source);
  assertPassedOnWebGpu(r);
});

// WGSL's uniformity analysis: work-group scope values of hierarchical
// kernels (read through local variables), the sub-group size deciding
// barriers (required sizes wider than SwiftShader's 4 exchange values
// through work-group memory, sized per launch), sub-group collectives in
// loops; non-finite float bits and a NaN that WGSL must not fold. The
// runtime's checks and errcs as the native runtime's: copies and fills past
// an allocation, kernels given stack memory, buffers over part of another's
// host memory, work-group memory beyond the device's; event profiling
// and equality. Kernel names as clang 21 and libc++ spell them: placeholder
// parameters (`auto *F`), trait members written out beside trait aliases.
for (const program of ['hierarchical_work_group_scope.cpp', 'sub_group_sizes.cpp', 'joint_scans.cpp', 'library_edge_cases.cpp',
  'runtime_errors.cpp', 'buffers_over_one_host_range.cpp', 'work_group_memory_limits.cpp', 'profiling.cpp',
  'host_api_extras.cpp', 'free_function_kernels.cpp', 'buffer_templates.cpp', 'device_info.cpp', 'vec_relational.cpp']) {
  test(`e2e ${program} passes on WebGPU`, { timeout: BUILD_AND_RUN_MS }, async () => {
    const source = await readFile(new URL(`../../tests/e2e/${program}`, import.meta.url), 'utf8');
    const r = await buildAndRun('vector_add.cpp', source);
    assertPassedOnWebGpu(r);
  });
}

test('negative short and char specialization constants become pipeline overrides WebGPU accepts', { timeout: BUILD_AND_RUN_MS }, async () => {
  // Sign extension of a narrow override: WGSL refuses a left shift that
  // shifts out a one bit (0xffffffec << 16) when it evaluates one.
  const source = `#include <sycl/sycl.hpp>
#include <cstdio>
constexpr sycl::specialization_id<short> offset_id(-3);
constexpr sycl::specialization_id<signed char> small_id(-100);
int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(8, q);
  for (short value : {short(-20), short(-32768), short(32767)}) {
    q.submit([&](sycl::handler &h) {
      h.set_specialization_constant<offset_id>(value);
      h.parallel_for(sycl::range<1>(8), [=](sycl::item<1> i, sycl::kernel_handler kh) {
        out[i] = int(i[0]) * 7 + kh.get_specialization_constant<offset_id>() + kh.get_specialization_constant<small_id>();
      });
    }).wait();
    for (int i = 0; i < 8; ++i)
      if (out[i] != i * 7 + value - 100) { std::printf("out[%d] = %d, want %d\\n", i, out[i], i * 7 + value - 100); return 1; }
  }
  std::printf("PASSED\\n");
}
`;
  const r = await buildAndRun('vector_add.cpp', source);
  assertPassedOnWebGpu(r);
});

test('a buffer used by kernels on WebGPU and on the host device in turn keeps every write', { timeout: BUILD_AND_RUN_MS }, async () => {
  const source = await readFile(new URL('../../tests/e2e/multi_queue_buffers.cpp', import.meta.url), 'utf8');
  const r = await buildAndRun('vector_add.cpp', source);
  assert.equal(r.exitCode, '0', `${r.status}\n${r.output}`);
  assert.match(r.output, /PASSED \(WebGPU .* -> Syclone host CPU device/);
  const on = (device) => r.kernels.filter((k) => k.endsWith(device)).length;
  assert.deepEqual([on('on WebGPU'), on('on the host device')], [2, 2], r.kernels.join('\n'));
});

test('a double kernel runs on the host device, its float neighbour on WebGPU', { timeout: BUILD_AND_RUN_MS }, async () => {
  const source = await readFile(new URL('../../tests/e2e/fp64_split.cpp', import.meta.url), 'utf8');
  const r = await buildAndRun('vector_add.cpp', source);
  assert.equal(r.exitCode, '0', `${r.status}\n${r.output}`);
  assert.match(r.output, /fp64 no\n[^]*fp64 yes\n[^]*2 devices\nPASSED/);
  const on = (device) => r.kernels.filter((k) => k.endsWith(device)).length;
  assert.deepEqual([on('on WebGPU'), on('on the host device')], [1, 2], r.kernels.join('\n'));
});

test('64-bit integer kernels compute in pairs of 32-bit words on WebGPU', { timeout: BUILD_AND_RUN_MS }, async () => {
  const source = await readFile(new URL('../../tests/e2e/int64_arithmetic.cpp', import.meta.url), 'utf8');
  const r = await buildAndRun('vector_add.cpp', source);
  assertPassedOnWebGpu(r);
});

test('catch handles exceptions: sycl::exception by base class, rethrow, destructors, exception_ptr', { timeout: BUILD_AND_RUN_MS }, async () => {
  const source = `#include <sycl/sycl.hpp>
#include <cstdio>
#include <stdexcept>
struct Guard { int &count; ~Guard() { ++count; } };
int main() {
  sycl::queue q;
  int destroyed = 0, caught = 0;
  try {
    Guard g{destroyed};
    q.parallel_for(sycl::nd_range<1>(10, 3), [=](sycl::nd_item<1>) {}).wait();
  } catch (const std::exception &e) {
    ++caught;
    std::printf("caught: %s\\n", e.what());
  }
  try {
    try { throw std::out_of_range("inner"); } catch (...) { throw; }
  } catch (const std::logic_error &e) { ++caught; }
  std::exception_ptr saved;
  try { throw 7; } catch (...) { saved = std::current_exception(); }
  try { std::rethrow_exception(saved); } catch (int v) { caught += v; }
  std::printf("%d %d %s\\n", caught, destroyed, caught == 9 && destroyed == 1 ? "PASSED" : "FAILED");
  throw std::runtime_error("left main");
}
`;
  const r = await buildAndRun('vector_add.cpp', source);
  assert.equal(r.exitCode, '134', r.output);
  assert.match(r.output, /caught: [^\n]*does not divide the global range[^]*9 1 PASSED/);
  assert.match(r.output, /terminate called after throwing an instance of 'std::runtime_error'\n  what\(\):  left main/);
});

test('an async_handler receives host-task exceptions through exception_ptr', { timeout: BUILD_AND_RUN_MS }, async () => {
  const source = await readFile(new URL('../../tests/e2e/async_handler.cpp', import.meta.url), 'utf8');
  const r = await buildAndRun('vector_add.cpp', source);
  assert.equal(r.exitCode, '0', `${r.status}\n${r.output}`);
  assert.match(r.output, /PASSED/);
});

test('captured tuples and classes with tail padding keep clang and libc++ layouts', { timeout: BUILD_AND_RUN_MS }, async () => {
  const source = await readFile(new URL('../../tests/e2e/base_tail_padding.cpp', import.meta.url), 'utf8');
  const r = await buildAndRun('vector_add.cpp', source);
  assertPassedOnWebGpu(r);
});

test('a double kernel launched on WebGPU throws kernel_not_supported', { timeout: BUILD_AND_RUN_MS }, async () => {
  const source = `#include <sycl/sycl.hpp>
int main() {
  sycl::queue q;
  double *d = sycl::malloc_shared<double>(4, q);
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { d[i] = i[0] / 3.0; }).wait();
}
`;
  const r = await buildAndRun('vector_add.cpp', source);
  assert.equal(r.exitCode, '134', r.output);
  assert.match(r.output, /needs aspect fp64, which spirv32-webgpu devices do not have/);
  assert.match(r.output, /sycl::exception[^]*needs aspect fp64, which WebGPU lacks/);
});

test('more work-groups than a grid dimension holds are folded into a grid', { timeout: BUILD_AND_RUN_MS }, async () => {
  const source = `#include <sycl/sycl.hpp>
#include <iostream>
int main() {
  sycl::queue q;
  bool ok = true;
  for (size_t groups : {70000, 65537}) {  // 65537 is prime: a grid a few groups larger
    size_t n = groups * 4;
    int *out = sycl::malloc_shared<int>(n, q);
    q.parallel_for(sycl::nd_range<1>(n, 4), [=](sycl::nd_item<1> it) {
      out[it.get_global_id(0)] = int(it.get_group(0) * 10 + it.get_local_id(0));
    }).wait();
    for (size_t i = 0; i < n; ++i) ok &= out[i] == int(i / 4 * 10 + i % 4);
    sycl::free(out, q);
  }
  std::cout << (ok ? "PASSED" : "FAILED") << "\\n";
}
`;
  const r = await buildAndRun('vector_add.cpp', source);
  assertPassedOnWebGpu(r);
});

test('compile errors are reported as diagnostics', { timeout: BUILD_AND_RUN_MS }, async () => {
  const r = await buildAndRun('vector_add.cpp', '#include <sycl/sycl.hpp>\nint main() { undeclared_name(); }\n');
  assert.equal(r.exitCode, 'build-failed', r.output);
  assert.match(r.output, /main\.cpp|vector_add\.cpp/);
  assert.match(r.output, /undeclared_name/);
});

test('a sycl::exception ends the program with its message', { timeout: BUILD_AND_RUN_MS }, async () => {
  const source = `#include <sycl/sycl.hpp>
int main() {
  sycl::queue q;
  q.submit([&](sycl::handler &h) {
    h.parallel_for(sycl::nd_range<1>(100, 7), [=](sycl::nd_item<1>) {});
  }).wait();
}
`;
  const r = await buildAndRun('vector_add.cpp', source);
  assert.equal(r.exitCode, '134', r.output);
  assert.match(r.output, /sycl::exception/);
  assert.match(r.output, /the local range \[7\] does not divide the global range \[100\]/);
});
