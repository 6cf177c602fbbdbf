// Node side of `cargo xtask bench-wasm`: compiles each program with the
// wasm-bindgen package (wasm/pkg-node) and prints `<median ms> <program>` per
// line, after one warm-up compile, like wasm/examples/compile_times.rs.
//
// node wasm/bench/compile_times.mjs <runs> <gcc|clang> <major> <program>...

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const syclone = require(path.join(here, '../pkg-node/syclone_wasm.js'));

const [runs, kind, major, ...programs] = process.argv.slice(2);
for (const program of programs) {
  const source = readFileSync(program, 'utf8');
  const options = { fileName: program, hostCompiler: { kind, major: Number(major) } };
  const times = [];
  for (let run = 0; run <= Number(runs); run++) {
    const start = performance.now();
    const result = syclone.compile(source, options);
    const ms = performance.now() - start;
    if (!result.success) throw new Error(`${program}: ${result.renderedDiagnostics}`);
    if (run > 0) times.push(ms);
  }
  times.sort((a, b) => a - b);
  console.log(`${times[Math.floor(times.length / 2)].toFixed(3)} ${program}`);
}
