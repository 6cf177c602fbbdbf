// The playground's worker: builds and runs programs off the page's thread
// (clang takes seconds), and owns the WebGPU device the programs run on.
// In: { source, fileName, flags } (flags: the flags field's text, flags.js). Out: { type: 'status' | 'stdout' | 'stderr' |
// 'build-log' | 'kernel' | 'wgsl' | 'done' | 'error', ... }.

import init, * as compiler from '../pkg/syclone_wasm.js';
import { parseFlags } from './flags.js';
import { acquireGpu, buildProgram, runProgram } from './toolchain.js';

const ready = (async () => {
  await init();
  return acquireGpu().catch(() => null);
})();

let busy = Promise.resolve();

self.onmessage = ({ data }) => {
  busy = busy.then(() => buildAndRun(data));
};

async function buildAndRun({ source, fileName, flags: flagsText = '' }) {
  const post = (message) => self.postMessage(message);
  try {
    const { flags, error } = parseFlags(flagsText);
    if (error) {
      post({ type: 'build-log', text: `error: ${error}\n` });
      post({ type: 'done', exitCode: null, buildMs: 0 });
      return;
    }
    const gpu = await ready;
    const started = performance.now();
    const program = await buildProgram(compiler, source, {
      fileName, flags, onStatus: (text) => post({ type: 'status', text: `compiling: ${text}` }),
    });
    const built = performance.now();
    post({ type: 'build-log', text: program.log });
    if (!program.ok) {
      post({ type: 'done', exitCode: null, buildMs: built - started });
      return;
    }
    post({ type: 'wgsl', kernels: program.wgsl });
    post({ type: 'status', text: gpu ? 'running on WebGPU' : 'running on the host device (no WebGPU adapter)' });
    const exitCode = await runProgram(program, {
      gpu, compiler, name: fileName,
      stdout: (text) => post({ type: 'stdout', text }),
      stderr: (text) => post({ type: 'stderr', text }),
      onKernel: (launch) => post({ type: 'kernel', launch }),
    });
    post({
      type: 'done', exitCode, buildMs: built - started, runMs: performance.now() - built, precompiled: program.precompiled,
    });
  } catch (e) {
    post({ type: 'error', message: `${e.message}\n${e.stack ?? ''}` });
  }
}
