// Builds and runs a SYCL program in the browser, as `syclcc` does natively:
// the device pass is the Syclone compiler as WebAssembly (SPIR-V for WebGPU,
// the integration header and footer, closures laid out for a wasm32 host),
// the host pass is clang as WebAssembly (YoWASP's build of LLVM), which
// compiles the source with the integration header into a wasm32-wasi
// program whose runtime calls are imports (`runtime.js`).

import { runClang } from '../clang/gen/bundle.js';
import { BrowserRuntime } from './runtime.js';
import { ProcExit, wasiImports } from './wasi.js';
import { DEFAULT_FLAGS, optimizes } from './flags.js';
import {
  fetchPrecompiledHeader, headerTree, hostCompileFlags, refusedPrecompiledHeader, startsWithSyclHeader,
  usePrecompiledHeader,
} from './precompiled.js';

const SUPPORT_URL = new URL('./support.cpp', import.meta.url);
const CLANG_MAJOR = 21;

/** The runtime calls a program may import: every other undefined symbol is a link error. */
function runtimeImportNames() {
  const probe = new BrowserRuntime({ gpu: null, compiler: null, images: [] });
  return Object.keys(probe.imports()).join('\n');
}

/**
 * Compiles `source` (file name `fileName`) with the wasm compiler
 * `compiler` and the playground's `flags` (flags.js); `onStatus(text)`
 * hears of each step. Returns `{ ok, log }`
 * and, when ok, `{ wasm, images, kernels, wgsl, precompiled }`: the program,
 * its WebGPU device images, their kernels, the WGSL of each kernel (or why
 * it has none) and whether the host pass used the precompiled sycl.hpp.
 */
export async function buildProgram(compiler, source, { fileName = 'main.cpp', flags = DEFAULT_FLAGS, onStatus = () => {} } = {}) {
  onStatus('device compiler (Syclone, WebAssembly)');
  const device = compiler.compile(source, {
    fileName,
    targets: ['spirv32-webgpu'],
    hostTarget: 'wasm32-wasi',
    hostCompiler: { kind: 'clang', major: CLANG_MAJOR, tbaa: optimizes(flags) },
    std: flags.std,
    defines: flags.defines,
    undefines: flags.undefines,
  });
  if (!device.success) return { ok: false, log: device.renderedDiagnostics };

  const headers = compiler.syclHeaders();
  const pch = startsWithSyclHeader(source)
    ? await usePrecompiledHeader(await (precompiled ??= fetchPrecompiledHeader()), headers, flags)
    : null;
  onStatus(`host compiler (clang, WebAssembly${pch ? ', precompiled sycl.hpp' : ''})`);
  const files = {
    syclone: { include: headerTree(headers) },
    'integration.h': device.integrationHeader,
    // The source and, after it, the integration footer, as syclcc compiles them.
    [fileName]: device.integrationFooter ? `${source}\n${device.integrationFooter}` : source,
    'support.cpp': await (await fetch(SUPPORT_URL)).text(),
    'runtime.imports': runtimeImportNames(),
  };
  let host = await hostPass(files, fileName, flags, pch);
  if (!host.out && pch && refusedPrecompiledHeader(host.log)) {
    precompiled = Promise.resolve(null);
    host = await hostPass(files, fileName, flags, null);
  }
  const log = device.renderedDiagnostics + host.log;
  if (!host.out) return { ok: false, log };
  // A program without kernels has no device image.
  const images = device.images;
  return {
    ok: true, log, wasm: host.out['program.wasm'], images,
    kernels: images.flatMap((i) => i.kernels), wgsl: images.flatMap((i) => i.wgsl ?? []),
    precompiled: Boolean(host.pch),
  };
}

/** The precompiled sycl.hpp of web/build/ (fetched at the first build), or null. */
let precompiled = null;

/**
 * clang compiles and links the program (`files`, the source `fileName`), after the precompiled
 * sycl.hpp `pch` where there is one: `{ out, log }`, `out` null on errors.
 */
async function hostPass(files, fileName, flags, pch) {
  let log = '';
  const collect = (bytes) => {
    if (bytes) log += new TextDecoder().decode(bytes);
  };
  try {
    const out = await runClang([
      'clang++', ...hostCompileFlags(flags), ...flags.warnings, ...(pch?.flags ?? []),
      '-include', 'integration.h', fileName, 'support.cpp',
      '-o', 'program.wasm', '-Wl,--allow-undefined-file=runtime.imports',
      '-Wl,--export=malloc', '-Wl,--export=free', '-Wl,--export=aligned_alloc', '-Wl,--export-table',
    ], { ...files, ...(pch?.files ?? {}) }, { stdout: collect, stderr: collect });
    return { out, log, pch };
  } catch (e) {
    if (typeof e.code === 'number') return { out: null, log };
    throw e;
  }
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
  const runtime = new BrowserRuntime({ gpu, compiler, images: program.images, onKernel, stderr });
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
    if (e instanceof WebAssembly.Exception) {
      // A C++ exception no handler caught: support.cpp prints it.
      instance.exports.__syclone_report_uncaught();
      return 134;
    }
    stderr(`\n${e instanceof WebAssembly.RuntimeError ? 'the program trapped' : 'the program failed'}: ${e.message}\n`);
    return 134;
  } finally {
    runtime.detach();
  }
}
