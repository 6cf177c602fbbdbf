// The host pass's precompiled <sycl/sycl.hpp>. clang as WebAssembly spends
// most of a build parsing sycl.hpp and libc++ and instantiating their
// templates; a precompiled header built with those instantiations
// (`-fpch-instantiate-templates`) cuts a build to a quarter. `web/precompile.mjs`
// builds it ahead of time into web/build/ with a manifest naming the digest of
// the headers and the flags it was built from; a page whose headers or flags
// differ builds without it. Shared by the page's worker and that script.

/** The file the header is precompiled from; the host pass needs it beside the PCH. */
export const PREFIX_FILE = 'syclone-prefix.hpp';
export const PREFIX_SOURCE = '#include <sycl/sycl.hpp>\n';
const PCH_FILE = 'syclone-prefix.pch';
const BUILD_DIR = new URL('../build/', import.meta.url);

/**
 * clang's language, macro and search flags of the host pass for the
 * playground's `flags` (flags.js); a PCH serves only builds with the same.
 */
export function hostCompileFlags(flags) {
  return [
    `-std=${flags.std}`, flags.opt, ...flags.defines.map((d) => `-D${d}`), ...flags.undefines.map((u) => `-U${u}`),
    '-Wno-unknown-attributes', '-isystem', 'syclone/include',
    // WebAssembly exception handling: `catch` runs (support.cpp is the runtime).
    '-fwasm-exceptions',
  ];
}

/** The headers as a YoWASP file tree: `{ sycl: { 'sycl.hpp': ... } }`. */
export function headerTree(headers) {
  const root = {};
  for (const [path, text] of Object.entries(headers)) {
    const parts = path.split('/');
    let dir = root;
    for (const part of parts.slice(0, -1)) dir = dir[part] ??= {};
    dir[parts[parts.length - 1]] = text;
  }
  return root;
}

/** What a PCH is valid for: SHA-256 of the headers (by path) and the flags, in hex. */
export async function prefixDigest(headers, flags) {
  const text = JSON.stringify([flags, Object.entries(headers).sort(([a], [b]) => (a < b ? -1 : 1))]);
  const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether `source` may be compiled after the precompiled sycl.hpp: it
 * includes <sycl/sycl.hpp> (or <CL/sycl.hpp>) with only other includes and
 * pragmas before it, so no macro it defines can change what sycl.hpp means.
 */
export function startsWithSyclHeader(source) {
  const text = source.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, '');
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    if (/^\s*#\s*include\s*[<"](sycl\/sycl|CL\/sycl)\.hpp[>"]/.test(line)) return true;
    if (!/^\s*#\s*(include|pragma)\b/.test(line)) return false;
  }
  return false;
}

/** Precompiles sycl.hpp for builds with `flags` with `runClang`: `{ pch, manifest }`. */
export async function precompileHeader(runClang, headers, flags, { stderr = () => {} } = {}) {
  const clangFlags = hostCompileFlags(flags);
  const out = await runClang(
    ['clang++', ...clangFlags, '-fpch-instantiate-templates', '-x', 'c++-header', PREFIX_FILE, '-o', PCH_FILE],
    { syclone: { include: headerTree(headers) }, [PREFIX_FILE]: PREFIX_SOURCE },
    { stderr },
  );
  const digest = await prefixDigest(headers, clangFlags);
  return { pch: out[PCH_FILE], manifest: { file: PCH_FILE, flags: clangFlags, digest } };
}

/** The PCH web/build/ holds, `{ manifest, pch }`, or null when there is none. */
export async function fetchPrecompiledHeader() {
  try {
    const manifest = await (await fetch(new URL('syclone-prefix.json', BUILD_DIR))).json();
    const response = await fetch(new URL(manifest.file, BUILD_DIR));
    if (!response.ok) return null;
    return { manifest, pch: new Uint8Array(await response.arrayBuffer()) };
  } catch {
    return null;
  }
}

/**
 * The host pass's flags and files that use `available` (a fetched PCH)
 * for a build with these headers and `flags`, or null when it was built
 * from others.
 */
export async function usePrecompiledHeader(available, headers, flags) {
  if (!available || available.manifest.digest !== await prefixDigest(headers, hostCompileFlags(flags))) return null;
  return { flags: ['-include-pch', PCH_FILE], files: { [PCH_FILE]: available.pch, [PREFIX_FILE]: PREFIX_SOURCE } };
}

/** Whether clang's log says it could not use the PCH (another clang, headers that changed). */
export function refusedPrecompiledHeader(log) {
  return /precompiled header|PCH file|AST file/.test(log);
}
