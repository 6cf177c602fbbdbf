// Node tests of the compiler built as WebAssembly (`node --test wasm/tests/`).
// Needs wasm/pkg-node from wasm-bindgen --target nodejs (`cargo xtask wasm-test`
// builds it) and, for the byte-for-byte comparison, SYCLONE_NATIVE_BUNDLE_DIR:
// the device bundles that `syclcc --host-cxx=g++ -fsycl-device-only
// <dir>/<name>.cpp --emit-bundle=<SYCLONE_NATIVE_BUNDLE_DIR>/<dir_with_underscores>_<name>.json`
// wrote for every program in tests/e2e and examples, with SYCLONE_HOST_COMPILER
// ("gcc 12") naming the host compiler syclcc found.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import { compile, root } from './native_parity.mjs';

const require = createRequire(import.meta.url);
const syclone = require(path.join(root, 'wasm/pkg-node/syclone_wasm.js'));

const SPIRV_MAGIC = 0x07230203;
const saxpySource = readFileSync(path.join(root, 'examples/saxpy_usm.cpp'), 'utf8');

/** The programs of tests/e2e and examples, as paths relative to the root. */
function programs() {
  return ['tests/e2e', 'examples'].flatMap((dir) =>
    readdirSync(path.join(root, dir)).filter((f) => f.endsWith('.cpp')).sort().map((f) => `${dir}/${f}`));
}

/** `hostCompiler` option for SYCLONE_HOST_COMPILER ("gcc 12", "clang 18"). */
function hostCompiler() {
  const spec = process.env.SYCLONE_HOST_COMPILER;
  assert.ok(spec, 'set SYCLONE_HOST_COMPILER to the host compiler syclcc used, e.g. "gcc 12"');
  const [kind, major] = spec.split(' ');
  return { kind, major: Number(major) };
}

test('saxpy compiles to a SPIR-V image with its kernel and an integration header', () => {
  const r = compile(saxpySource, { fileName: 'examples/saxpy_usm.cpp' });
  assert.equal(r.success, true, r.renderedDiagnostics);
  assert.equal(r.diagnostics.filter((d) => d.severity === 'error').length, 0);
  assert.equal(r.images.length, 1);
  const image = r.images[0];
  assert.equal(image.target, 'spirv64-vulkan');
  assert.ok(image.spirv instanceof Uint8Array, 'spirv is a Uint8Array');
  assert.ok(image.spirv.length >= 20 && image.spirv.length % 4 === 0, `spirv length ${image.spirv.length}`);
  const words = new DataView(image.spirv.buffer, image.spirv.byteOffset, image.spirv.byteLength);
  assert.equal(words.getUint32(0, true), SPIRV_MAGIC, 'SPIR-V magic number');
  assert.equal(image.kernels.length, 1, 'one kernel');
  assert.equal(image.wgsl, undefined, 'no WGSL for a Vulkan image');
  assert.ok(r.integrationHeader.length > 0, 'integration header');
});

/** Runs `files` through `parity_worker.mjs`; resolves to the failures' messages. */
function parityWorker(files, nativeDir, host) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./parity_worker.mjs', import.meta.url), {
      workerData: { files, nativeDir, host },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`parity worker exited (${code}) without a result`)));
  });
}

test('every test program compiles to images identical to the native driver output', async () => {
  const nativeDir = process.env.SYCLONE_NATIVE_BUNDLE_DIR;
  assert.ok(nativeDir, 'set SYCLONE_NATIVE_BUNDLE_DIR to the bundles written by syclcc -fsycl-device-only --emit-bundle');
  const host = hostCompiler();
  const all = programs();
  assert.ok(all.length > 40, `only ${all.length} programs`);
  // One worker per CPU, each with its own compiler instance and every n-th program.
  const workers = Math.max(1, Math.min(availableParallelism(), all.length));
  const shares = Array.from({ length: workers }, (_, w) => all.filter((_, i) => i % workers === w));
  const failures = (await Promise.all(shares.map((files) => parityWorker(files, nativeDir, host)))).flat();
  assert.deepEqual(failures, [], failures.join('\n\n'));
});

test('WebGPU images carry WGSL for each kernel', () => {
  const r = compile(saxpySource, { targets: ['spirv32-webgpu'] });
  assert.equal(r.success, true, r.renderedDiagnostics);
  const [image] = r.images;
  assert.equal(image.wgsl.length, image.kernels.length);
  for (const [i, k] of image.kernels.entries()) {
    const w = image.wgsl[i];
    assert.equal(w.entryPoint, k.entry_point);
    assert.equal(w.error, undefined, w.error);
    assert.match(w.wgsl, new RegExp(`@compute @workgroup_size\\([^)]*\\)\\s*fn ${k.entry_point}\\(`));
  }
});

const twoKernelsSource = `#include <sycl/sycl.hpp>
int main() {
  sycl::queue q;
  float *f = sycl::malloc_shared<float>(64, q);
  double *d = sycl::malloc_shared<double>(64, q);
  q.parallel_for(sycl::nd_range<1>{64, 16}, [=](sycl::nd_item<1> it) [[sycl::reqd_work_group_size(16)]] {
    f[it.get_global_id(0)] = 1.0f;
  });
  q.parallel_for(64, [=](sycl::id<1> i) { d[i] = 2.0; });
  q.wait();
}
`;

test('post-link splits by aspects and split mode; images carry symbols and properties', () => {
  const r = compile(twoKernelsSource);
  assert.equal(r.success, true, r.renderedDiagnostics);
  assert.deepEqual(r.images.map((i) => i.properties), [
    { required_aspects: [], split: 'auto' },
    { required_aspects: ['fp64'], split: 'auto' },
  ]);
  assert.deepEqual(r.images.map((i) => i.symbols.length), [1, 1]);
  assert.deepEqual(r.images[0].symbols, [r.images[0].kernels[0].entry_point]);
  assert.deepEqual(r.images[0].kernels[0].attributes, { reqd_work_group_size: [16] });
  assert.deepEqual(r.images[1].kernels[0].attributes, {});

  const floatsOnly = twoKernelsSource.replace('double *d', 'float *d').replace('2.0', '2.0f');
  assert.equal(compile(floatsOnly, { split: 'per_source' }).images.length, 1, 'one image per source');
  const perKernel = compile(floatsOnly, { split: 'per_kernel' });
  assert.deepEqual(perKernel.images.map((i) => i.properties), [
    { required_aspects: [], split: 'per_kernel' },
    { required_aspects: [], split: 'per_kernel' },
  ]);
  assert.deepEqual(perKernel.images.map((i) => i.kernels.length), [1, 1]);
});

test('WebGPU target produces its own image', () => {
  const r = compile(saxpySource, { targets: ['spirv32-webgpu'] });
  assert.equal(r.success, true, r.renderedDiagnostics);
  assert.deepEqual(r.images.map((i) => i.target), ['spirv32-webgpu']);
  const words = new DataView(r.images[0].spirv.buffer, r.images[0].spirv.byteOffset);
  assert.equal(words.getUint32(0, true), SPIRV_MAGIC);
});

test('a syntax error returns diagnostics with a span, not an exception', () => {
  const source = '#include <sycl/sycl.hpp>\nint main() {\n  int x = ;\n  return x;\n}\n';
  const r = compile(source, { fileName: 'bad.cpp' });
  assert.equal(r.success, false);
  assert.deepEqual(r.images, []);
  const error = r.diagnostics.find((d) => d.severity === 'error');
  assert.ok(error, `an error diagnostic in ${JSON.stringify(r.diagnostics)}`);
  assert.equal(typeof error.message, 'string');
  assert.ok(error.span && error.span.hi >= error.span.lo, `span in ${JSON.stringify(error)}`);
  assert.equal(error.location?.file, 'bad.cpp');
  assert.equal(error.location?.line, 3);
  assert.match(r.renderedDiagnostics, /bad\.cpp:3:/);
});

test('virtual user headers and defines reach the preprocessor', () => {
  const source = '#include "config.h"\n#if N != 7\n#error N was not defined\n#endif\nint main() { return SCALE; }\n';
  const r = compile(source, { defines: { N: 7 }, files: { 'config.h': '#define SCALE 3\n' } });
  assert.equal(r.diagnostics.filter((d) => d.severity === 'error').length, 0, r.renderedDiagnostics);
});

// These need no compiler body: option mistakes are caught before it runs.
test('an unknown target is a diagnostic', () => {
  const r = syclone.compile('int main() {}', { targets: ['ptx64'] });
  assert.equal(r.success, false);
  assert.match(r.diagnostics[0].message, /unknown target 'ptx64'/);
});

test('the package declares TypeScript types for options and result', () => {
  for (const pkg of ['wasm/pkg-node', 'wasm/pkg-web']) {
    const dts = readFileSync(path.join(root, pkg, 'syclone_wasm.d.ts'), 'utf8');
    assert.match(dts, /export function compile\(source: string, options: CompileOptions \| undefined\): CompileResult;/, pkg);
    for (const name of ['CompileOptions', 'CompileResult', 'DeviceImage', 'ImageProperties', 'KernelInfo', 'Diagnostic']) {
      assert.match(dts, new RegExp(`export interface ${name} \\{`), `${pkg}: ${name}`);
    }
  }
});

test('an unknown split mode is a diagnostic', () => {
  const r = syclone.compile('int main() {}', { split: 'per_device' });
  assert.equal(r.success, false);
  assert.match(r.diagnostics[0].message, /unknown split mode 'per_device'/);
});

test('malformed options throw a descriptive error', () => {
  assert.throws(() => syclone.compile('', { target: 'spirv64-vulkan' }), /invalid compile options.*target/);
  assert.throws(() => syclone.compile('', { targets: 'spirv64-vulkan' }), /invalid compile options/);
});
