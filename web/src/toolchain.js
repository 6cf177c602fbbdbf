// Builds and runs a SYCL program in the browser, as `syclcc` does natively:
// the device pass is the Syclone compiler as WebAssembly (SPIR-V for WebGPU,
// the integration header and footer, closures laid out for a wasm32 host),
// the host pass is clang as WebAssembly (YoWASP's build of LLVM), which
// compiles the source with the integration header into a wasm32-wasi
// program whose runtime calls are imports (`runtime.js`).

import { runClang } from '../clang/gen/bundle.js';
import { BrowserRuntime } from './runtime.js';
import { ProcExit, wasiImports } from './wasi.js';

const SUPPORT_URL = new URL('./support.cpp', import.meta.url);
const CLANG_MAJOR = 21;

/** The headers as a YoWASP file tree: `{ sycl: { 'sycl.hpp': ... } }`. */
function headerTree(headers) {
  const root = {};
  for (const [path, text] of Object.entries(headers)) {
    const parts = path.split('/');
    let dir = root;
    for (const part of parts.slice(0, -1)) dir = dir[part] ??= {};
    dir[parts[parts.length - 1]] = text;
  }
  return root;
}

/** The runtime calls a program may import: every other undefined symbol is a link error. */
function runtimeImportNames() {
  const probe = new BrowserRuntime({ gpu: null, compiler: null, image: { kernels: [], properties: {} } });
  return Object.keys(probe.imports()).join('\n');
}

/**
 * Compiles `source` (file name `fileName`) with the wasm compiler
 * `compiler`; `onStatus(text)` hears of each step. Returns `{ ok, log }`
 * and, when ok, `{ wasm, image, kernels }`: the program, its WebGPU device
 * image and the WGSL of its kernels.
 */
export async function buildProgram(compiler, source, { fileName = 'main.cpp', optimize = true, onStatus = () => {} } = {}) {
  onStatus('device compiler (Syclone, WebAssembly)');
  const device = compiler.compile(source, {
    fileName,
    targets: ['spirv32-webgpu'],
    hostTarget: 'wasm32-wasi',
    hostCompiler: { kind: 'clang', major: CLANG_MAJOR, tbaa: optimize },
  });
  if (!device.success) return { ok: false, log: device.renderedDiagnostics };

  onStatus('host compiler (clang, WebAssembly)');
  const files = {
    syclone: { include: headerTree(compiler.syclHeaders()) },
    'integration.h': device.integrationHeader,
    // The source and, after it, the integration footer, as syclcc compiles them.
    [fileName]: device.integrationFooter ? `${source}\n${device.integrationFooter}` : source,
    'support.cpp': await (await fetch(SUPPORT_URL)).text(),
    'runtime.imports': runtimeImportNames(),
  };
  let log = device.renderedDiagnostics;
  const collect = (bytes) => {
    if (bytes) log += new TextDecoder().decode(bytes);
  };
  let out;
  try {
    out = await runClang([
      'clang++', '-std=c++17', optimize ? '-O1' : '-O0', '-Wno-unknown-attributes',
      '-isystem', 'syclone/include', '-include', 'integration.h', fileName, 'support.cpp',
      '-o', 'program.wasm', '-Wl,--allow-undefined-file=runtime.imports',
      '-Wl,--export=malloc', '-Wl,--export=free', '-Wl,--export=aligned_alloc', '-Wl,--export-table',
    ], files, { stdout: collect, stderr: collect });
  } catch (e) {
    if (typeof e.code === 'number') return { ok: false, log };
    throw e;
  }
  const image = device.images[0];
  return { ok: true, log, wasm: out['program.wasm'], image, kernels: image.kernels, wgsl: image.wgsl ?? [] };
}

/** A WebGPU adapter and device with the adapter's compute limits (and sub-groups where it has them), or null. */
export async function acquireGpu() {
  const adapter = await globalThis.navigator?.gpu?.requestAdapter();
  if (!adapter) return null;
  const wanted = ['maxStorageBuffersPerShaderStage', 'maxStorageBufferBindingSize', 'maxBufferSize',
    'maxComputeWorkgroupStorageSize', 'maxComputeInvocationsPerWorkgroup', 'maxComputeWorkgroupSizeX',
    'maxComputeWorkgroupSizeY', 'maxComputeWorkgroupSizeZ', 'maxComputeWorkgroupsPerDimension'];
  const requiredLimits = Object.fromEntries(wanted.map((name) => [name, adapter.limits[name]]));
  const requiredFeatures = adapter.features.has('subgroups') ? ['subgroups'] : [];
  const device = await adapter.requestDevice({ requiredLimits, requiredFeatures });
  return { adapter, device };
}

/**
 * Runs a built program; `stdout`/`stderr` receive its output and
 * `onKernel` each launch. Resolves to the exit status (134 after an abort
 * or a trap, whose message goes to `stderr`).
 */
export async function runProgram(program, { gpu, compiler, stdout, stderr, onKernel, name = 'program' }) {
  const runtime = new BrowserRuntime({ gpu, compiler, image: program.image, onKernel, stderr });
  let instance;
  const memory = () => instance.exports.memory;
  const imports = {
    env: runtime.imports(),
    wasi_snapshot_preview1: wasiImports(memory, { args: [name], stdout, stderr }),
  };
  ({ instance } = await WebAssembly.instantiate(program.wasm, imports));
  runtime.attach(instance);
  try {
    await WebAssembly.promising(instance.exports._start)();
    return 0;
  } catch (e) {
    if (e instanceof ProcExit) return e.code;
    stderr(`\n${e instanceof WebAssembly.RuntimeError ? 'the program trapped' : 'the program failed'}: ${e.message}\n`);
    return 134;
  }
}
