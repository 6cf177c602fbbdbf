// Precompiles <sycl/sycl.hpp> for the playground's host pass into
// web/build/ (syclone-prefix.pch and its manifest, syclone-prefix.json),
// from the headers of the wasm package (wasm/pkg-web) with the page's
// clang, for builds with the default flags. Does nothing when the manifest already matches. See
// src/precompiled.js. Usage: node web/precompile.mjs

import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runClang } from '@yowasp/clang';
import init, { syclHeaders } from '../wasm/pkg-web/syclone_wasm.js';
import { DEFAULT_FLAGS } from './src/flags.js';
import { hostCompileFlags, precompileHeader, prefixDigest } from './src/precompiled.js';

const web = path.dirname(fileURLToPath(import.meta.url));
const build = path.join(web, 'build');
const manifestPath = path.join(build, 'syclone-prefix.json');

await init({ module_or_path: await fs.readFile(path.join(web, '../wasm/pkg-web/syclone_wasm_bg.wasm')) });
const headers = syclHeaders();
const wanted = await prefixDigest(headers, hostCompileFlags(DEFAULT_FLAGS));
const current = await fs.readFile(manifestPath, 'utf8').then(JSON.parse, () => null);
if (current?.digest === wanted && await fs.stat(path.join(build, current.file)).catch(() => null)) {
  console.log('precompile: web/build/syclone-prefix.pch is up to date');
} else {
  const started = Date.now();
  let log = '';
  const { pch, manifest } = await precompileHeader(runClang, headers, DEFAULT_FLAGS, {
    stderr: (bytes) => { if (bytes) log += new TextDecoder().decode(bytes); },
  }).catch((e) => {
    throw new Error(`precompiling sycl.hpp failed: ${e.message}\n${log}`);
  });
  await fs.mkdir(build, { recursive: true });
  await fs.writeFile(path.join(build, manifest.file), pch);
  await fs.writeFile(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`precompile: web/build/${manifest.file}, ${(pch.length / 2 ** 20).toFixed(1)} MiB in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
