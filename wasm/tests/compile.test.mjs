// Node tests of the compiler built as WebAssembly (`node --test wasm/tests/`).
// Needs wasm/pkg-node from wasm-bindgen --target nodejs (`cargo xtask wasm-test`
// builds it) and, for the byte-for-byte comparison, SYCLONE_NATIVE_SPV: the
// SPIR-V that `syclcc -fsycl-device-only examples/saxpy_usm.cpp -o <path>` wrote.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
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

test('saxpy compiles to SPIR-V identical to the native driver output', () => {
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
  assert.ok(r.integrationHeader.length > 0, 'integration header');

  const nativePath = process.env.SYCLONE_NATIVE_SPV;
  assert.ok(nativePath, 'set SYCLONE_NATIVE_SPV to the .spv written by syclcc -fsycl-device-only');
  const native = readFileSync(nativePath);
  assert.ok(Buffer.from(image.spirv).equals(native),
    `wasm SPIR-V (${image.spirv.length} bytes) differs from native ${nativePath} (${native.length} bytes)`);
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
