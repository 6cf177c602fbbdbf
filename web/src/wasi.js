// WASI preview 1 for a host program in the browser: what a C++ program
// compiled for wasm32-wasi needs to start, print and exit. Standard output
// and error go to callbacks; there is no file system (every path call fails
// with ENOTCAPABLE), no standard input (end of file) and no environment
// beyond what the caller passes.

const ERRNO = { SUCCESS: 0, BADF: 8, INVAL: 28, NOSYS: 52, SPIPE: 70, NOTCAPABLE: 76 };
const FILETYPE_CHARACTER_DEVICE = 2;

/** Thrown by `proc_exit`: the program ended with `code`. */
export class ProcExit extends Error {
  constructor(code) {
    super(`the program exited with status ${code}`);
    this.code = code;
  }
}

/**
 * The `wasi_snapshot_preview1` imports of a program whose memory
 * `memory()` returns (its exports are known only after instantiation).
 * `stdout(text)` and `stderr(text)` receive what the program writes.
 */
export function wasiImports(memory, { args = ['program'], env = {}, stdout, stderr }) {
  const view = () => new DataView(memory().buffer);
  const bytes = () => new Uint8Array(memory().buffer);
  const encoder = new TextEncoder();
  const decoders = { 1: new TextDecoder(), 2: new TextDecoder() };
  const sinks = { 1: stdout, 2: stderr };
  const envStrings = Object.entries(env).map(([k, v]) => `${k}=${v}`);

  // Writes NUL-terminated strings and the table of their addresses.
  const putStrings = (strings, table, buffer) => {
    let at = buffer;
    strings.forEach((s, i) => {
      const encoded = encoder.encode(s);
      view().setUint32(table + 4 * i, at, true);
      bytes().set(encoded, at);
      bytes()[at + encoded.length] = 0;
      at += encoded.length + 1;
    });
    return ERRNO.SUCCESS;
  };
  const putSizes = (strings, countPtr, sizePtr) => {
    view().setUint32(countPtr, strings.length, true);
    const size = strings.reduce((n, s) => n + encoder.encode(s).length + 1, 0);
    view().setUint32(sizePtr, size, true);
    return ERRNO.SUCCESS;
  };

  const known = {
    args_get: (table, buffer) => putStrings(args, table, buffer),
    args_sizes_get: (countPtr, sizePtr) => putSizes(args, countPtr, sizePtr),
    environ_get: (table, buffer) => putStrings(envStrings, table, buffer),
    environ_sizes_get: (countPtr, sizePtr) => putSizes(envStrings, countPtr, sizePtr),
    clock_res_get: (_id, out) => {
      view().setBigUint64(out, 1000n, true);
      return ERRNO.SUCCESS;
    },
    clock_time_get: (id, _precision, out) => {
      const ms = id === 0 ? Date.now() : performance.now();
      view().setBigUint64(out, BigInt(Math.round(ms * 1e6)), true);
      return ERRNO.SUCCESS;
    },
    fd_write: (fd, iovs, count, written) => {
      const sink = sinks[fd];
      if (!sink) return ERRNO.BADF;
      let total = 0;
      for (let i = 0; i < count; i++) {
        const base = view().getUint32(iovs + 8 * i, true);
        const len = view().getUint32(iovs + 8 * i + 4, true);
        sink(decoders[fd].decode(bytes().slice(base, base + len), { stream: true }));
        total += len;
      }
      view().setUint32(written, total, true);
      return ERRNO.SUCCESS;
    },
    fd_read: (fd, _iovs, _count, read) => {
      if (fd !== 0) return ERRNO.BADF;
      view().setUint32(read, 0, true);
      return ERRNO.SUCCESS;
    },
    fd_fdstat_get: (fd, out) => {
      if (fd > 2) return ERRNO.BADF;
      bytes().fill(0, out, out + 24);
      view().setUint8(out, FILETYPE_CHARACTER_DEVICE);
      return ERRNO.SUCCESS;
    },
    fd_close: (fd) => (fd > 2 ? ERRNO.BADF : ERRNO.SUCCESS),
    fd_seek: (fd) => (fd > 2 ? ERRNO.BADF : ERRNO.SPIPE),
    fd_prestat_get: () => ERRNO.BADF,
    fd_prestat_dir_name: () => ERRNO.BADF,
    path_open: () => ERRNO.NOTCAPABLE,
    random_get: (buffer, len) => {
      for (let at = 0; at < len; at += 65536) {
        crypto.getRandomValues(new Uint8Array(memory().buffer, buffer + at, Math.min(65536, len - at)));
      }
      return ERRNO.SUCCESS;
    },
    sched_yield: () => ERRNO.SUCCESS,
    proc_exit: (code) => {
      throw new ProcExit(code);
    },
  };
  // Calls the program makes that have no meaning here fail with ENOSYS.
  return new Proxy(known, {
    get: (target, name) => target[name] ?? (() => ERRNO.NOSYS),
  });
}
