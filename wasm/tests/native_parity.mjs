// The comparison of the wasm compiler's output for one test program with
// the bundle the native driver wrote for it (`compile.test.mjs` runs it on
// worker threads, `parity_worker.mjs`, one per CPU).

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '../..');
const require = createRequire(import.meta.url);
const syclone = require(path.join(root, 'wasm/pkg-node/syclone_wasm.js'));

/** Compiles, printing the last panic message if the compiler trapped. */
export function compile(source, options) {
  try {
    return syclone.compile(source, options);
  } catch (e) {
    const panic = syclone.lastPanicMessage();
    if (panic) e.message += `\n${panic}`;
    throw e;
  }
}

/** The `std` option a program's `// syclcc-flags: -std=...` line (in its first ten lines) asks for. */
export function languageOf(source) {
  const line = source.split('\n').slice(0, 10).find((l) => l.startsWith('// syclcc-flags:'));
  const std = line && line.split(/\s+/).find((f) => f.startsWith('-std='));
  return std ? { std: std.slice('-std='.length) } : {};
}

/** The file name xtask gives a program's native bundle (`tests/e2e/a.cpp` → `tests_e2e_a.json`). */
function bundleName(file) {
  return file.replaceAll('/', '_').replace(/\.cpp$/, '.json');
}

/** SPIR-V words (a bundle's JSON form) as little-endian bytes. */
function wordsToBytes(words) {
  return Buffer.from(new Uint32Array(words).buffer);
}

/**
 * Compiles `file` (relative to the root) as the native driver did with host
 * compiler `host`, and asserts the images equal those of its bundle in
 * `nativeDir` byte for byte, with the same properties, kernels and symbols.
 */
export function assertMatchesNative(file, nativeDir, host) {
  const source = readFileSync(path.join(root, file), 'utf8');
  const r = compile(source, { fileName: file, hostCompiler: host, ...languageOf(source) });
  assert.equal(r.success, true, `${file}: ${r.renderedDiagnostics}`);
  const nativeFile = path.join(nativeDir, bundleName(file));
  if (!existsSync(nativeFile)) {
    // syclcc wrote no image: the program has no kernels.
    assert.deepEqual(r.images.flatMap((i) => i.kernels), [], `${file}: native syclcc found no kernels`);
    return;
  }
  // Spec-constant defaults are 64-bit patterns: BigInts, as the package
  // returns them (JSON.parse would round them to numbers).
  const text = readFileSync(nativeFile, 'utf8').replace(/"default":(\d+)/g, '"default":"$1"');
  const native = JSON.parse(text, (k, v) => (k === 'default' && typeof v === 'string' ? BigInt(v) : v));
  assert.equal(r.images.length, native.images.length, `${file}: number of images`);
  native.images.forEach((image, i) => {
    const ours = r.images[i];
    assert.equal(ours.target, image.target, `${file}: image ${i} target`);
    const bytes = wordsToBytes(image.spirv);
    assert.ok(Buffer.from(ours.spirv).equals(bytes),
      `${file}: image ${i}: wasm SPIR-V (${ours.spirv.length} bytes) differs from native (${bytes.length} bytes)`);
    assert.deepEqual(ours.properties, image.properties, `${file}: image ${i} properties`);
    assert.deepEqual(ours.kernels, image.kernels, `${file}: image ${i} kernels`);
    assert.deepEqual(ours.symbols, image.kernels.map((k) => k.entry_point), `${file}: image ${i} symbol table`);
  });
}
