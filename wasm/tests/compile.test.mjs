// Node tests of the compiler built as WebAssembly (`node --test wasm/tests/`).
// Needs wasm/pkg-node from wasm-bindgen --target nodejs (`cargo xtask wasm-test`
// builds it) and, for the byte-for-byte comparison, SYCLONE_NATIVE_SPV_DIR: the
// SPIR-V that `syclcc --host-cxx=g++ -fsycl-device-only <dir>/<name>.cpp -o
// <SYCLONE_NATIVE_SPV_DIR>/<dir_with_underscores>_<name>.spv` wrote for every program in tests/e2e and
// examples, with SYCLONE_HOST_COMPILER ("gcc 12") naming the host compiler
// syclcc found.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const require = createRequire(import.meta.url);
const syclone = require(path.join(root, 'wasm/pkg-node/syclone_wasm.js'));

const SPIRV_MAGIC = 0x07230203;
const saxpySource = readFileSync(path.join(root, 'examples/saxpy_usm.cpp'), 'utf8');

/** Compiles, printing the last panic message if the compiler trapped. */
function compile(source, options) {
  try {
    return syclone.compile(source, options);
  } catch (e) {
    const panic = syclone.lastPanicMessage();
    if (panic) e.message += `\n${panic}`;
    throw e;
  }
}

/** The programs of tests/e2e and examples, as paths relative to the root. */
function programs() {
  return ['tests/e2e', 'examples'].flatMap((dir) =>
    readdirSync(path.join(root, dir)).filter((f) => f.endsWith('.cpp')).sort().map((f) => `${dir}/${f}`));
}

/** The .spv file name xtask gives a program's native SPIR-V (`tests/e2e/a.cpp` → `tests_e2e_a.spv`). */
function spvName(file) {
  return file.replaceAll('/', '_').replace(/\.cpp$/, '.spv');
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

test('every test program compiles to SPIR-V identical to the native driver output', () => {
  const nativeDir = process.env.SYCLONE_NATIVE_SPV_DIR;
  assert.ok(nativeDir, 'set SYCLONE_NATIVE_SPV_DIR to the .spv files written by syclcc -fsycl-device-only');
  const host = hostCompiler();
  const all = programs();
  assert.ok(all.length > 40, `only ${all.length} programs`);
  for (const file of all) {
    const r = compile(readFileSync(path.join(root, file), 'utf8'), { fileName: file, hostCompiler: host });
    assert.equal(r.success, true, `${file}: ${r.renderedDiagnostics}`);
    const nativeFile = path.join(nativeDir, spvName(file));
    if (!existsSync(nativeFile)) {
      // syclcc wrote no image: the program has no kernels.
      assert.deepEqual(r.images.flatMap((i) => i.kernels), [], `${file}: native syclcc found no kernels`);
      continue;
    }
    const native = readFileSync(nativeFile);
    assert.ok(Buffer.from(r.images[0].spirv).equals(native),
      `${file}: wasm SPIR-V (${r.images[0].spirv.length} bytes) differs from native (${native.length} bytes)`);
  }
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

test('malformed options throw a descriptive error', () => {
  assert.throws(() => syclone.compile('', { target: 'spirv64-vulkan' }), /invalid compile options.*target/);
  assert.throws(() => syclone.compile('', { targets: 'spirv64-vulkan' }), /invalid compile options/);
});
