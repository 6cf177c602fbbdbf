// The Syclone runtime's C ABI (native-runtime/include/sycl/detail/runtime_abi.h)
// for a host program compiled to wasm32-wasi, in the browser: kernels run on
// WebGPU (the WGSL the wasm compiler makes from our SPIR-V, specialised per
// launch as the native runtime specialises it), or on the host device (the
// host compiler's kernels, inside the program's own wasm).
//
// The memory model: the program's linear memory holds every buffer and USM
// allocation; a GPU copy is made when a kernel binds one. A launch uploads
// what the kernel binds unless the GPU holds newer data, and marks what it
// writes as newer on the GPU; every point where the host may look (a wait,
// a host accessor, a buffer's destruction, a copy, a host task) downloads
// what the GPU made newer first. Commands run in submission order, which
// every SYCL queue allows, so every event is complete once its command was
// submitted. The calls that download suspend the program through
// JavaScript Promise Integration (WebAssembly.Suspending).

const ERRC = {
  RUNTIME: 1, KERNEL: 2, ND_RANGE: 4, KERNEL_ARGUMENT: 6, INVALID: 8, MEMORY_ALLOCATION: 9,
  PROFILING: 11, FEATURE_NOT_SUPPORTED: 12, KERNEL_NOT_SUPPORTED: 13,
};
// sycl::aspect's values (sycl.hpp; native-runtime/src/device/info.rs).
const ASPECT = {
  cpu: 0, gpu: 1, emulated: 4, host_debuggable: 5, fp64: 7, atomic64: 8, image: 9, queue_profiling: 12,
  usm_device_allocations: 13, usm_host_allocations: 14, usm_atomic_host_allocations: 15,
  usm_shared_allocations: 16, usm_atomic_shared_allocations: 17, ext_intel_legacy_image: 19,
  ext_intel_free_memory: 20, ext_oneapi_graph: 25, ext_oneapi_limited_graph: 26,
};
const USM = { DEVICE: 0, HOST: 1, SHARED: 2, UNKNOWN: 3, BUFFER: 4 };
const GPU_DEVICE = 0;
const HOST_DEVICE = 1;
const SIZE_MAX = 0xffffffff;
// Every command completed when its call returned. Each has an event handle
// of its own (from FIRST_EVENT on: events of different commands differ),
// with its times on a profiling queue; DONE stands for a command group
// that made no command.
const DONE = 1;
const FIRST_EVENT = 16;
const QUEUE_PROFILING = 2; // runtime_abi.h's SYCLONE_QUEUE_PROFILING
/** Nanoseconds since the page's time origin (monotonic). */
const nowNs = () => BigInt(Math.round(performance.now() * 1e6));

/** A failure inside a runtime call, reported to the program as sycl::errc `errc`. */
class RuntimeError extends Error {
  constructor(errc, message) {
    super(message);
    this.errc = errc;
  }
}

const aspectBits = (names) => names.reduce((bits, n) => bits | (1n << BigInt(ASPECT[n])), 0n);

/**
 * `total` work-groups as a grid of three dimensions of at most `max` each,
 * as `native-runtime/src/launch.rs` folds them: exactly where the count
 * factors so, else a few groups more, which the kernel returns from; null
 * when even that does not fit.
 */
function foldGroups(total, max) {
  const rowsOf = (groups) => {
    for (let w = Math.min(max, groups); w >= Math.max(1, Math.ceil(groups / max)); w--) {
      if (groups % w === 0 && groups / w <= max) return [w, groups / w];
    }
    return null;
  };
  let x = Math.min(max, total);
  while (x > 1 && total % x !== 0) x--;
  const rows = rowsOf(total / x);
  if (rows) return [x, ...rows];
  const rowCount = Math.max(1, Math.ceil(total / Math.max(max, 1)));
  const planes = Math.ceil(rowCount / Math.max(max, 1));
  return planes <= max ? [Math.ceil(total / rowCount), Math.ceil(rowCount / planes), planes] : null;
}

export class BrowserRuntime {
  /**
   * `gpu`: `{ adapter, device }` or null; `compiler`: the wasm package
   * (`specializeWgsl`); `images`: the compile result's `spirv32-webgpu`
   * images (post-link puts kernels that need an aspect apart, fp64 ones in
   * an image WebGPU cannot run); `onKernel(event)`: told of each launch (for the page);
   * `stderr(text)`: what the runtime itself has to say.
   */
  constructor({ gpu, compiler, images, onKernel = () => {}, stderr = () => {} }) {
    this.gpu = gpu;
    this.compiler = compiler;
    this.onKernel = onKernel;
    this.stderr = stderr;
    this.kernels = new Map(images.flatMap((image) => image.kernels.map((k) => [k.key, k])));
    this.imageOf = new Map(images.flatMap((image) => image.kernels.map((k) => [k.key, image])));
    this.allocations = []; // { start, size, kind, device, owned, gpuBuffer, gpuNewer }
    this.queues = new Map(); // handle -> device index
    this.nextQueue = 1;
    this.profilingQueues = new Set(); // handles of queues with enable_profiling
    // Event handle -> { times: { submit, start, end } in ns or null, references }.
    this.events = new Map();
    this.nextEvent = FIRST_EVENT;
    this.pipelines = new Map();
    this.deviceGlobals = new Map(); // host object -> { symbol, size, copy }
    this.strings = new Map();
    this.lastError = { errc: 0, message: '' };
    this.gpuErrors = [];
    this.hostState = null;
  }

  /** Binds the runtime to the instantiated program. */
  attach(instance) {
    this.exports = instance.exports;
    if (this.gpu) {
      this.onGpuError = (e) => this.gpuErrors.push(e.error.message);
      this.gpu.device.addEventListener('uncapturederror', this.onGpuError);
      this.dummies = new Map(); // binding -> the buffer bound where a pointer is null
    }
  }

  /**
   * Lets go of the program when it has ended: its GPU buffers, and the
   * device's hold on this runtime (and so on the program's memory), which
   * the device outlives: otherwise every program run in the page stays
   * alive until WebAssembly runs out of memory for new instances.
   */
  detach() {
    if (this.gpu && this.onGpuError) {
      this.gpu.device.removeEventListener('uncapturederror', this.onGpuError);
      for (const a of this.allocations) a?.gpuBuffer?.destroy();
      for (const b of this.dummies.values()) b.destroy();
    }
    this.allocations = [];
    this.pipelines.clear();
    this.exports = null;
  }

  // --- Memory of the program ---
  view() { return new DataView(this.exports.memory.buffer); }
  bytes() { return new Uint8Array(this.exports.memory.buffer); }
  u32(ptr) { return this.view().getUint32(ptr, true); }
  setU32(ptr, v) { this.view().setUint32(ptr, v, true); }
  cstr(ptr) {
    const b = this.bytes();
    let end = ptr;
    while (b[end] !== 0) end++;
    return new TextDecoder().decode(b.slice(ptr, end));
  }
  /** A NUL-terminated copy of `text` in the program's memory, made once. */
  cstring(text) {
    let ptr = this.strings.get(text);
    if (ptr === undefined) {
      const encoded = new TextEncoder().encode(text);
      ptr = this.exports.malloc(encoded.length + 1);
      this.bytes().set(encoded, ptr);
      this.bytes()[ptr + encoded.length] = 0;
      this.strings.set(text, ptr);
    }
    return ptr;
  }
  allocate(bytes, alignment = 16) {
    const align = Math.max(alignment, 16);
    // C11: the size a multiple of the alignment.
    const ptr = this.exports.aligned_alloc(align, Math.ceil(Math.max(bytes, 1) / align) * align);
    if (ptr === 0) throw new RuntimeError(ERRC.MEMORY_ALLOCATION, `cannot allocate ${bytes} bytes`);
    return ptr;
  }
  find(ptr) {
    return this.allocations.find((a) => ptr >= a.start && ptr < a.start + Math.max(a.size, 1));
  }
  /** Refuses `bytes` at `addr` running past the end of the allocation `addr` is in (as the native runtime's `usm::check_extent`). */
  checkExtent(addr, bytes, what) {
    const a = this.find(addr);
    if (a && addr + bytes > a.start + a.size) {
      throw new RuntimeError(ERRC.INVALID,
        `${what}: ${bytes} bytes at 0x${addr.toString(16)} run past the end of its allocation (${a.size} bytes at 0x${a.start.toString(16)})`);
    }
  }
  forget(alloc) {
    this.allocations.splice(this.allocations.indexOf(alloc), 1);
    alloc.gpuBuffer?.destroy();
    if (alloc.owned) this.exports.free(alloc.start);
  }

  // --- Devices ---
  devices() { return this.gpu ? [GPU_DEVICE, HOST_DEVICE] : [HOST_DEVICE]; }
  deviceName(device) {
    if (device === HOST_DEVICE) return 'Syclone host CPU device (WebAssembly)';
    const info = this.gpu.adapter.info ?? {};
    return `WebGPU ${[info.vendor, info.architecture, info.description].filter(Boolean).join(' ') || 'adapter'}`;
  }
  deviceVendor(device) {
    return device === HOST_DEVICE ? 'Syclone' : this.gpu.adapter.info?.vendor || 'WebGPU';
  }
  writeDeviceInfo(device, out) {
    const v = this.view();
    this.bytes().fill(0, out, out + 128);
    const host = device === HOST_DEVICE;
    const limits = host ? null : this.gpu.device.limits;
    v.setUint32(out + 0, this.cstring(this.deviceName(device)), true);
    v.setUint32(out + 4, this.cstring(this.deviceVendor(device)), true);
    v.setUint32(out + 8, this.cstring(host ? '1.0' : 'WebGPU'), true);
    v.setInt32(out + 16, host ? 1 : 0, true); // backend: host, or Vulkan's slot
    v.setInt32(out + 20, host ? 0 : 1, true); // device type
    v.setUint32(out + 24, host ? 1 : 16, true);
    const maxGroup = host ? 1024 : limits.maxComputeInvocationsPerWorkgroup;
    v.setUint32(out + 28, maxGroup, true);
    const sizes = host ? [1024, 1024, 1024]
      : [limits.maxComputeWorkgroupSizeZ, limits.maxComputeWorkgroupSizeY, limits.maxComputeWorkgroupSizeX];
    sizes.forEach((s, i) => v.setUint32(out + 32 + 4 * i, s, true));
    const local = host ? 65536 : limits.maxComputeWorkgroupStorageSize;
    const maxAlloc = host ? 1 << 30 : limits.maxStorageBufferBindingSize;
    v.setBigUint64(out + 48, BigInt(local), true);
    v.setBigUint64(out + 56, BigInt(host ? 1 << 30 : limits.maxBufferSize), true);
    v.setBigUint64(out + 64, BigInt(maxAlloc), true);
    const subGroupSizes = host ? [1] : this.subGroupSizes();
    v.setUint32(out + 72, subGroupSizes.length, true);
    subGroupSizes.forEach((size, i) => v.setUint32(out + 76 + 4 * i, size, true));
    // What every device has, as natively: USM, images (a library over
    // buffers), free memory, command graphs (replayed command groups), profiling.
    const usm = ['usm_device_allocations', 'usm_host_allocations', 'usm_shared_allocations',
      'image', 'ext_intel_legacy_image', 'ext_intel_free_memory', 'ext_oneapi_graph', 'ext_oneapi_limited_graph',
      'queue_profiling'];
    const aspects = host
      ? ['cpu', 'fp64', 'atomic64', 'host_debuggable', 'usm_atomic_host_allocations', 'usm_atomic_shared_allocations', ...usm]
      : ['gpu', ...usm];
    v.setBigUint64(out + 112, aspectBits(aspects), true);
    v.setInt32(out + 120, 0, true);
  }

  /** The sub-group sizes of the GPU: the powers of two WebGPU says it may use. */
  subGroupSizes() {
    const info = this.gpu.adapter.info ?? {};
    if (!this.gpu.device.features.has('subgroups') || !info.subgroupMinSize) return [];
    const sizes = [];
    for (let s = info.subgroupMinSize; s <= info.subgroupMaxSize && sizes.length < 8; s *= 2) sizes.push(s);
    return sizes;
  }

  // --- Synchronisation with the GPU ---
  /** Downloads every allocation in `which` (all by default) that the GPU made newer. */
  async download(which = this.allocations) {
    const newer = which.filter((a) => a && a.gpuNewer);
    if (this.gpu && newer.length) {
      const device = this.gpu.device;
      const encoder = device.createCommandEncoder();
      const staging = newer.map((a) => {
        const buffer = device.createBuffer({ size: a.gpuBuffer.size, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
        encoder.copyBufferToBuffer(a.gpuBuffer, 0, buffer, 0, a.gpuBuffer.size);
        return buffer;
      });
      device.queue.submit([encoder.finish()]);
      await Promise.all(staging.map((s) => s.mapAsync(GPUMapMode.READ)));
      newer.forEach((a, i) => {
        const data = new Uint8Array(staging[i].getMappedRange(), 0, a.size);
        this.bytes().set(data, a.start);
        staging[i].destroy();
        a.gpuNewer = false;
      });
    }
    await this.checkGpuErrors();
  }
  async checkGpuErrors() {
    if (!this.gpu) return;
    await this.gpu.device.queue.onSubmittedWorkDone();
    if (this.gpuErrors.length) {
      const message = this.gpuErrors.splice(0).join('\n');
      throw new RuntimeError(ERRC.KERNEL, `WebGPU reported: ${message}`);
    }
  }
  gpuCopy(alloc) {
    if (!alloc.gpuBuffer) {
      const size = Math.max(16, Math.ceil(alloc.size / 4) * 4);
      alloc.gpuBuffer = this.gpu.device.createBuffer({
        size, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST,
      });
    }
    return alloc.gpuBuffer;
  }
  upload(alloc) {
    const buffer = this.gpuCopy(alloc);
    const length = Math.ceil(alloc.size / 4) * 4;
    const data = new Uint8Array(length);
    data.set(this.bytes().subarray(alloc.start, alloc.start + alloc.size));
    this.gpu.device.queue.writeBuffer(buffer, 0, data);
  }

  // --- Kernels ---
  async launch(queue, desc) {
    const v = this.view();
    const key = this.cstr(v.getUint32(desc, true));
    const dims = v.getUint32(desc + 4, true);
    const range = [0, 1, 2].map((d) => (d < dims ? v.getUint32(desc + 8 + 4 * d, true) : 1));
    const local = [0, 1, 2].map((d) => (d < dims ? v.getUint32(desc + 20 + 4 * d, true) : 0));
    const numArgs = v.getUint32(desc + 32, true);
    const argPtrs = v.getUint32(desc + 36, true);
    const argSizes = v.getUint32(desc + 40, true);
    const args = [...Array(numArgs).keys()].map((i) => ({
      ptr: v.getUint32(argPtrs + 4 * i, true), size: v.getUint32(argSizes + 4 * i, true),
    }));
    const numLocal = v.getUint32(desc + 60, true);
    const localMemory = [...Array(numLocal).keys()].map((i) => ({
      offset: v.getUint32(v.getUint32(desc + 64, true) + 4 * i, true),
      size: v.getUint32(v.getUint32(desc + 68, true) + 4 * i, true),
    }));
    const numSpec = v.getUint32(desc + 72, true);
    const specConstants = new Map([...Array(numSpec).keys()].map((i) => {
      const keyPtr = v.getUint32(v.getUint32(desc + 76, true) + 4 * i, true);
      const valuePtr = v.getUint32(v.getUint32(desc + 80, true) + 4 * i, true);
      const size = v.getUint32(v.getUint32(desc + 84, true) + 4 * i, true);
      return [this.cstr(keyPtr), this.bytes().slice(valuePtr, valuePtr + size)];
    }));
    const launch = { key, dims, range, local, args, localMemory, specConstants,
      hostKernel: v.getUint32(desc + 44, true), argPtrs };
    const kernel = this.kernels.get(key);
    if (!kernel) throw new RuntimeError(ERRC.KERNEL, `no kernel of this program is named ${key}`);
    const total = range.reduce((a, b) => a * b, 1);
    const isNd = local.some((l) => l !== 0);
    if (isNd && total > 0 && range.some((r, d) => d < dims && (local[d] === 0 || r % local[d] !== 0))) {
      throw new RuntimeError(ERRC.ND_RANGE, `kernel ${kernel.display_name}: the local range [${local.slice(0, dims)}] `
        + `does not divide the global range [${range.slice(0, dims)}]`);
    }
    this.onKernel({ name: kernel.display_name, device: this.queues.get(queue), range: range.slice(0, dims),
      local: isNd ? local.slice(0, dims) : null });
    if (total === 0) return;
    if (this.queues.get(queue) === HOST_DEVICE) {
      // The host device reads and writes the program's memory itself: what
      // the GPU made newer comes down first (a buffer used on both devices).
      await this.download();
      return this.launchOnHost(kernel, launch, total);
    }
    return this.launchOnGpu(kernel, launch, isNd);
  }

  launchOnHost(kernel, launch, total) {
    if (kernel.uses_barrier) {
      throw new RuntimeError(ERRC.KERNEL_NOT_SUPPORTED,
        `kernel ${kernel.display_name} uses work-group barriers, which the browser's host device cannot run (it has no coroutines); run it on WebGPU`);
    }
    const arena = launch.localMemory.reduce((n, l) => Math.max(n, l.offset + l.size), 0);
    this.hostState = {
      workItem: this.allocate(64), scratch: this.allocate(16384), subGroupScratch: this.allocate(16),
      local: this.allocate(arena), groupLocal: [],
    };
    this.bytes().fill(0, this.hostState.workItem, this.hostState.workItem + 64);
    try {
      this.exports.__indirect_function_table.get(launch.hostKernel)(launch.argPtrs, 0, total);
    } finally {
      const s = this.hostState;
      [s.workItem, s.scratch, s.subGroupScratch, s.local, ...s.groupLocal].forEach((p) => this.exports.free(p));
      this.hostState = null;
    }
  }

  argBytes(launch, kernel, arg, offset, length) {
    const a = launch.args[arg];
    if (!a || offset + length > a.size) {
      throw new RuntimeError(ERRC.KERNEL_ARGUMENT,
        `kernel ${kernel.display_name}: bytes ${offset}..${offset + length} of argument ${arg} lie outside it`);
    }
    return this.bytes().slice(a.ptr + offset, a.ptr + offset + length);
  }

  /** The aspects kernel `key` needs that WebGPU devices never have (fp64). */
  gpuLacks(key) {
    return this.imageOf.get(key).properties.required_aspects ?? [];
  }

  async launchOnGpu(kernel, launch, isNd) {
    const lacking = this.gpuLacks(kernel.key);
    if (lacking.length) {
      throw new RuntimeError(ERRC.KERNEL_NOT_SUPPORTED,
        `kernel ${kernel.display_name} needs aspect ${lacking.join(' and ')}, which WebGPU lacks (the host device, sycl::cpu_selector_v, runs it)`);
    }
    const limits = this.gpu.device.limits;
    if (kernel.uses_subgroups && !this.gpu.device.features.has('subgroups')) {
      throw new RuntimeError(ERRC.KERNEL_NOT_SUPPORTED,
        `kernel ${kernel.display_name} uses sub-groups, which this WebGPU device does not offer`);
    }
    const reqd = kernel.attributes?.reqd_work_group_size;
    if (reqd && isNd && reqd.some((r, d) => r !== launch.local[d])) {
      throw new RuntimeError(ERRC.ND_RANGE,
        `kernel ${kernel.display_name} requires work-groups of [${reqd}], the launch asks for [${launch.local.slice(0, launch.dims)}]`);
    }
    if (launch.args.length !== kernel.arg_sizes.length
      || launch.args.some((a, i) => a.size !== kernel.arg_sizes[i])) {
      throw new RuntimeError(ERRC.KERNEL_ARGUMENT,
        `kernel ${kernel.display_name}: the host passes arguments of ${launch.args.map((a) => a.size)} bytes, the device image expects ${kernel.arg_sizes}`);
    }
    // The parameter block: scalars copied from the arguments, pointer indices.
    const params = new Uint8Array(Math.ceil(Math.max(kernel.param_block_size, 16) / 16) * 16);
    for (const s of kernel.scalars) {
      const bytes = this.argBytes(launch, kernel, s.arg, s.offset, s.size);
      params.set(bytes, s.dest);
      if (s.sign_extend && s.size < 4 && bytes[s.size - 1] & 0x80) params.fill(0xff, s.dest + s.size, s.dest + 4);
    }
    const bound = new Map(); // binding -> { alloc, access }
    for (const b of kernel.buffers) {
      if (b.device_global) {
        bound.set(b.binding, { alloc: this.deviceGlobalCopy(b.device_global), access: b.access });
        params.fill(0, b.offset_slot, b.offset_slot + b.index_bytes);
        continue;
      }
      const addr = new DataView(this.argBytes(launch, kernel, b.arg, b.offset, 4).buffer).getUint32(0, true);
      const alloc = addr === 0 ? null : this.find(addr);
      if (!alloc) {
        if (addr !== 0 && b.access !== 'none') {
          throw new RuntimeError(ERRC.INVALID,
            `kernel ${kernel.display_name}: pointer captured as ${b.name} does not point into a USM allocation or buffer (0x${addr.toString(16)})`);
        }
        params.fill(addr === 0 ? 0xff : 0, b.offset_slot, b.offset_slot + b.index_bytes);
        bound.set(b.binding, { alloc: null, access: b.access });
        continue;
      }
      const offset = addr - alloc.start;
      if (b.elem_size === 0 || offset % b.elem_size !== 0) {
        throw new RuntimeError(ERRC.KERNEL_ARGUMENT,
          `kernel ${kernel.display_name}: ${b.name} is not aligned to its ${b.elem_size}-byte elements`);
      }
      new DataView(params.buffer).setUint32(b.offset_slot, offset / b.elem_size, true);
      bound.set(b.binding, { alloc: b.access === 'none' ? null : alloc, access: b.access });
    }
    // What the launch specialises: work-group size, local arrays, spec constants.
    const localSize = isNd ? [launch.local[launch.dims - 1], launch.dims > 1 ? launch.local[launch.dims - 2] : 1,
      launch.dims > 2 ? launch.local[0] : 1] : null;
    const workItems = isNd ? launch.local.slice(0, launch.dims).reduce((a, b) => a * b, 1)
      : kernel.work_group_size.reduce((a, b) => a * b, 1);
    // A sub-group wider than the device's exchanges values through
    // work-group arrays of one element per work-item (see the native
    // runtime's `local_array_lengths`); elsewhere they keep one element.
    const reqdSubGroup = kernel.attributes?.reqd_sub_group_size;
    const exchanges = reqdSubGroup !== undefined && this.subGroupSizes().some((w) => w < reqdSubGroup);
    const exchangeLength = exchanges ? Math.max(workItems, 1) : 1;
    const constants = (kernel.exchange_arrays ?? []).map((id) => [id, exchangeLength]);
    let localBytes = 4 * exchangeLength * constants.length + kernel.fixed_local_bytes;
    for (const a of kernel.local_arrays) {
      const at = new DataView(this.argBytes(launch, kernel, a.arg, a.offset, 4).buffer).getUint32(0, true);
      const made = launch.localMemory.find((l) => l.offset === at);
      if (!made) {
        throw new RuntimeError(ERRC.KERNEL_ARGUMENT,
          `kernel ${kernel.display_name}: local accessor ${a.name} was not created in this command group`);
      }
      const elems = Math.max(1, Math.ceil(made.size / Math.max(a.elem_size, 1)));
      localBytes += elems * a.elem_size;
      constants.push([a.length_id, elems]);
    }
    if (localBytes > limits.maxComputeWorkgroupStorageSize) {
      throw new RuntimeError(ERRC.MEMORY_ALLOCATION,
        `kernel ${kernel.display_name}: its work-group memory (local accessors, group_local_memory and work-group arrays) needs ${localBytes} bytes, the device has ${limits.maxComputeWorkgroupStorageSize}`);
    }
    if (workItems > limits.maxComputeInvocationsPerWorkgroup) {
      throw new RuntimeError(ERRC.ND_RANGE,
        `work-groups of ${workItems} items exceed the device's maximum work-group size ${limits.maxComputeInvocationsPerWorkgroup}`);
    }
    const specConstants = [];
    (this.imageOf.get(kernel.key).properties.spec_constants ?? []).forEach((s, id) => {
      const value = launch.specConstants.get(s.symbol);
      if (!value) return;
      let bits = 0n;
      for (let i = s.size - 1; i >= 0; i--) bits = (bits << 8n) | BigInt(value[s.offset + i] ?? 0);
      specConstants.push([id, bits]);
    });
    const written = new Set([...bound.values()].filter((b) => b.alloc && b.access.includes('write')).map((b) => b.alloc));
    const writableBindings = [...bound.entries()]
      .filter(([, b]) => b.alloc && !b.access.includes('write') && written.has(b.alloc)).map(([n]) => n);
    // WebGPU refuses overlapping writable bindings: bindings of one allocation share the first's variable.
    const firstOf = new Map(); // alloc -> its lowest binding
    const aliasedBindings = [];
    for (const [binding, b] of [...bound.entries()].sort(([x], [y]) => x - y)) {
      if (!b.alloc) continue;
      if (firstOf.has(b.alloc)) aliasedBindings.push([binding, firstOf.get(b.alloc)]);
      else firstOf.set(b.alloc, binding);
    }
    const pipeline = await this.pipeline(kernel, { localSize, constants, specConstants, writableBindings, aliasedBindings });

    // Dispatch grid: SYCL's last dimension is x.
    const maxGroups = limits.maxComputeWorkgroupsPerDimension;
    let grid;
    if (isNd) {
      grid = [1, 1, 1];
      for (let d = 0; d < launch.dims; d++) grid[launch.dims - 1 - d] = launch.range[d] / launch.local[d];
    } else {
      const total = launch.range.reduce((a, b) => a * b, 1);
      const groups = Math.ceil(total / kernel.work_group_size[0]);
      const x = Math.min(groups, maxGroups);
      grid = [x, Math.ceil(groups / x), 1];
    }
    if (grid.some((g) => g > maxGroups)) {
      // The same number of groups as a grid of up to three dimensions: the
      // kernel takes its group id apart from its linear index in the grid.
      const total = grid.reduce((a, b) => a * b, 1);
      grid = foldGroups(total, maxGroups);
      if (!grid) {
        throw new RuntimeError(ERRC.ND_RANGE,
          `${total} work-groups do not fit a grid of at most ${maxGroups} per dimension`);
      }
    }

    // Memory: upload what the GPU does not hold newer; bind.
    for (const { alloc } of bound.values()) {
      if (alloc && !alloc.gpuNewer) this.upload(alloc);
    }
    const device = this.gpu.device;
    const paramBuffer = device.createBuffer({ size: params.length, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
    device.queue.writeBuffer(paramBuffer, 0, params);
    const entries = pipeline.bindings.map((binding) => {
      if (binding === 0) return { binding, resource: { buffer: paramBuffer } };
      const b = bound.get(binding);
      return { binding, resource: { buffer: b?.alloc ? this.gpuCopy(b.alloc) : this.dummyFor(binding) } };
    });
    const bindGroup = device.createBindGroup({ layout: pipeline.pipeline.getBindGroupLayout(0), entries });
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    pass.setPipeline(pipeline.pipeline);
    pass.setBindGroup(0, bindGroup);
    pass.dispatchWorkgroups(...grid);
    pass.end();
    device.queue.submit([encoder.finish()]);
    paramBuffer.destroy();
    for (const b of bound.values()) {
      if (b.alloc && b.access.includes('write')) b.alloc.gpuNewer = true;
    }
  }

  /**
   * The pipeline of `kernel` specialised with `values`, made once; WebGPU's
   * refusal of its WGSL is this launch's error, as a native build error is.
   */
  async pipeline(kernel, values) {
    const cacheKey = JSON.stringify([kernel.key, values], (_, v) => (typeof v === 'bigint' ? v.toString() : v));
    let made = this.pipelines.get(cacheKey);
    if (made) return made;
    const wgsl = this.compiler.specializeWgsl(this.imageOf.get(kernel.key).spirv, kernel.entry_point, values, kernel.uses_subgroups);
    if (!wgsl.wgsl) {
      throw new RuntimeError(ERRC.KERNEL_NOT_SUPPORTED, `kernel ${kernel.display_name} has no WGSL: ${wgsl.error}`);
    }
    const device = this.gpu.device;
    device.pushErrorScope('validation');
    const module = device.createShaderModule({ code: wgsl.wgsl });
    const refused = (await module.getCompilationInfo()).messages.filter((m) => m.type === 'error');
    await device.popErrorScope();
    if (refused.length) {
      // Each message with its WGSL line and a caret under the column.
      const source = wgsl.wgsl.split('\n');
      const lines = refused.map((m) => {
        const text = source[m.lineNum - 1] ?? '';
        return `${m.lineNum}:${m.linePos}: ${m.message}\n  ${text}\n  ${' '.repeat(Math.max(m.linePos - 1, 0))}^`;
      }).join('\n');
      throw new RuntimeError(ERRC.KERNEL_NOT_SUPPORTED, `kernel ${kernel.display_name}: WebGPU refuses its WGSL:\n${lines}`);
    }
    let pipeline;
    try {
      pipeline = await device.createComputePipelineAsync({
        layout: 'auto', compute: { module, entryPoint: kernel.entry_point },
      });
    } catch (e) {
      throw new RuntimeError(ERRC.KERNEL_NOT_SUPPORTED, `kernel ${kernel.display_name}: WebGPU cannot make its pipeline: ${e.message}`);
    }
    // With an automatic layout, exactly the bindings the WGSL declares are bound.
    const bindings = [...wgsl.wgsl.matchAll(/@group\(0\)\s*@binding\((\d+)\)/g)].map((m) => Number(m[1]));
    made = { pipeline, bindings };
    this.pipelines.set(cacheKey, made);
    return made;
  }

  /** A small buffer of `binding`'s own for a null pointer (one for all would alias writable bindings). */
  dummyFor(binding) {
    let buffer = this.dummies.get(binding);
    if (!buffer) {
      buffer = this.gpu.device.createBuffer({ size: 16, usage: GPUBufferUsage.STORAGE });
      this.dummies.set(binding, buffer);
    }
    return buffer;
  }

  deviceGlobalCopy(symbol) {
    const global = [...this.deviceGlobals.values()].find((g) => g.symbol === symbol);
    if (!global) throw new RuntimeError(ERRC.KERNEL_ARGUMENT, `device_global ${symbol} was not registered`);
    if (!global.copy) {
      const start = this.allocate(global.size);
      this.bytes().copyWithin(start, global.host, global.host + global.size);
      global.copy = { start, size: global.size, kind: USM.DEVICE, device: GPU_DEVICE, owned: true, gpuNewer: false };
      this.allocations.push(global.copy);
    }
    return global.copy;
  }

  // --- The imports ---
  /** The `env` imports of the program. */
  imports() {
    // A call that fails returns 1 with the error recorded; `sync` ones may suspend.
    const call = (f) => (...a) => {
      try {
        f(...a);
        return 0;
      } catch (e) {
        return this.fail(e);
      }
    };
    const suspending = (f) => new WebAssembly.Suspending(async (...a) => {
      try {
        await f(...a);
        return 0;
      } catch (e) {
        return this.fail(e);
      }
    });
    // A new event for a completed command, written to `out`.
    const event = (out, times = null) => {
      if (!out) return;
      const handle = this.nextEvent++;
      this.events.set(handle, { times, references: 1 });
      this.setU32(out, handle);
    };
    // Runs a command of queue `q`: on a profiling queue its event records
    // when it was submitted and started and when it ended (the GPU's work
    // done).
    const timed = async (q, out, work) => {
      if (!this.profilingQueues.has(q)) {
        await work();
        event(out);
        return;
      }
      // Nothing runs before it: it starts when it is submitted.
      const start = nowNs();
      await work();
      if (this.gpu && this.queues.get(q) === GPU_DEVICE) await this.gpu.device.queue.onSubmittedWorkDone();
      event(out, { submit: start, start, end: nowNs() });
    };
    // A command with nothing to run (a barrier, a prefetch): done at once.
    const instant = (q, out) => {
      const now = nowNs();
      event(out, this.profilingQueues.has(q) ? { submit: now, start: now, end: now } : null);
    };
    const allocation = (bytes, alignment, kind, device) => {
      try {
        const start = this.allocate(bytes, alignment);
        this.allocations.push({ start, size: bytes, kind, device, owned: true, gpuNewer: false });
        return start;
      } catch (e) {
        this.fail(e);
        return 0;
      }
    };
    const hostOnly = (what) => () => {
      throw new RuntimeError(ERRC.FEATURE_NOT_SUPPORTED, `${what} is not available in the browser runtime`);
    };
    return {
      syclone_last_error: () => this.cstring(this.lastError.message),
      syclone_last_errc: () => this.lastError.errc,
      syclone_register_images: () => {},
      syclone_unregister_images: () => {},
      syclone_devices: (indices, capacity, count) => {
        const list = this.devices();
        list.slice(0, capacity).forEach((d, i) => this.setU32(indices + 4 * i, d));
        this.setU32(count, list.length);
        return 0;
      },
      syclone_device_get_info: call((device, out) => this.writeDeviceInfo(device, out)),
      syclone_device_free_memory: call((device, out) => {
        // The device's memory less what the program allocated there (all
        // of it on WebGPU, whose allocations each get a GPU copy).
        const total = device === HOST_DEVICE ? 1 << 30 : this.gpu.device.limits.maxBufferSize;
        const used = this.allocations.filter((a) => device === GPU_DEVICE || a.device === HOST_DEVICE)
          .reduce((n, a) => n + a.size, 0);
        this.view().setBigUint64(out, BigInt(Math.max(total - used, 0)), true);
      }),
      syclone_platform_get_info: call((backend, name, vendor, version) => {
        const host = backend === 1;
        this.setU32(name, this.cstring(host ? 'Syclone host CPU (WebAssembly)' : 'Syclone WebGPU'));
        this.setU32(vendor, this.cstring('Syclone'));
        this.setU32(version, this.cstring('1.0'));
      }),
      syclone_queue_create: (out) => this.createQueue(this.devices()[0], out),
      syclone_queue_create_on: (device, flags, out) => this.createQueue(device, out, flags),
      syclone_queue_release: (q) => { this.queues.delete(q); this.profilingQueues.delete(q); },
      syclone_queue_device: (q) => this.queues.get(q),
      syclone_queue_device_name: (q) => this.cstring(this.deviceName(this.queues.get(q))),
      syclone_queue_device_vendor: (q) => this.cstring(this.deviceVendor(this.queues.get(q))),
      syclone_queue_device_is_gpu: (q) => (this.queues.get(q) === GPU_DEVICE ? 1 : 0),
      syclone_queue_wait: suspending(() => this.download()),
      syclone_malloc: (q, bytes, alignment, kind) => allocation(bytes, alignment, kind, this.queues.get(q)),
      syclone_malloc_on: (device, bytes, alignment, kind) => allocation(bytes, alignment, kind, device),
      syclone_free: call((_q, ptr) => this.free(ptr)),
      syclone_free_on_its_device: call((ptr) => this.free(ptr)),
      syclone_pointer_device: (ptr) => {
        const a = this.find(ptr);
        return a && a.kind !== USM.BUFFER ? a.device : SIZE_MAX;
      },
      syclone_pointer_type: (ptr) => {
        const a = this.find(ptr);
        return a && a.kind !== USM.BUFFER ? a.kind : USM.UNKNOWN;
      },
      syclone_register_device_global: (host, symbol, size) => {
        this.deviceGlobals.set(host, { host, symbol: this.cstr(symbol), size, copy: null });
      },
      syclone_device_global_storage: (q, host) => {
        try {
          if (this.queues.get(q) === HOST_DEVICE) return host;
          const global = this.deviceGlobals.get(host);
          if (!global) throw new RuntimeError(ERRC.INVALID, 'this device_global was not registered');
          return this.deviceGlobalCopy(global.symbol).start;
        } catch (e) {
          this.fail(e);
          return 0;
        }
      },
      syclone_memcpy: suspending(async (q, dst, src, bytes, _deps, _n, out) => {
        if (bytes > 0 && (dst === 0 || src === 0)) throw new RuntimeError(ERRC.INVALID, 'queue::memcpy: null pointer');
        this.checkExtent(src, bytes, 'queue::memcpy source');
        this.checkExtent(dst, bytes, 'queue::memcpy destination');
        await timed(q, out, async () => {
          await this.download([this.find(src), this.find(dst)]);
          this.bytes().copyWithin(dst, src, src + bytes);
        });
      }),
      syclone_fill: suspending(async (q, dst, pattern, size, count, _deps, _n, out) => {
        if (count > 0 && dst === 0) throw new RuntimeError(ERRC.INVALID, 'queue::fill: null pointer');
        this.checkExtent(dst, size * count, 'queue::fill');
        await timed(q, out, async () => {
          await this.download([this.find(dst)]);
          const value = this.bytes().slice(pattern, pattern + size);
          for (let i = 0; i < count; i++) this.bytes().set(value, dst + i * size);
        });
      }),
      syclone_prefetch: (q, _ptr, _bytes, _deps, _n, out) => { instant(q, out); return 0; },
      syclone_host_access_begin: suspending((ptr) => this.download([this.find(ptr)])),
      syclone_host_access_wrote: () => 0,
      syclone_buffer_create: (hostPtr, bytes) => {
        try {
          const owned = hostPtr === 0;
          if (!owned) {
            // Buffers over exactly the same host memory share one
            // allocation; over part of another's memory they would keep
            // two copies of the same bytes (as the native `memory::adopt`).
            const same = this.allocations.find((a) => a.kind === USM.BUFFER && !a.owned
              && a.start === hostPtr && a.size === bytes);
            if (same) {
              same.buffers++;
              return hostPtr;
            }
            const last = hostPtr + Math.max(bytes, 1) - 1;
            if (this.allocations.some((a) => a.start <= last && hostPtr < a.start + Math.max(a.size, 1))) {
              throw new RuntimeError(ERRC.INVALID,
                `host memory at 0x${hostPtr.toString(16)} (${bytes} bytes) is already used by another buffer or USM allocation`);
            }
          }
          const start = owned ? this.allocate(bytes) : hostPtr;
          if (owned) this.bytes().fill(0, start, start + bytes);
          this.allocations.push({ start, size: bytes, kind: USM.BUFFER, device: null, owned, gpuNewer: false, buffers: 1 });
          return start;
        } catch (e) {
          this.fail(e);
          return 0;
        }
      },
      syclone_buffer_host_access: suspending((storage) => this.download([this.find(storage)])),
      syclone_buffer_host_release: () => 0,
      syclone_buffer_release: suspending(async (storage, finalPtr, bytes) => {
        const alloc = this.allocations.find((a) => a.start === storage && a.kind === USM.BUFFER);
        if (!alloc || --alloc.buffers > 0) return;
        try {
          await this.download([alloc]);
        } catch (e) {
          // The C++ buffer destructor cannot throw: say it here, as the native runtime does.
          if (e instanceof RuntimeError) this.stderr(`syclone: buffer write-back failed: ${e.message}\n`);
          this.forget(alloc);
          throw e;
        }
        if (finalPtr && finalPtr !== storage) this.bytes().copyWithin(finalPtr, storage, storage + bytes);
        this.forget(alloc);
      }),
      // Suspends while a new pipeline is made (WebGPU compiles it then).
      syclone_launch: suspending(async (q, desc, _deps, _n, out) => {
        await timed(q, out, () => this.launch(q, desc));
      }),
      syclone_host_task: suspending(async (q, fn, release, ctx, _deps, _n, _acc, _modes, _na, out) => {
        await timed(q, out, async () => {
          await this.download();
          await this.callback(fn, ctx);
          if (release) await this.callback(release, ctx);
        });
      }),
      syclone_must_wait: () => 0,
      syclone_defer: suspending(async (_q, submit, release, ctx, _deps, _n, _acc, _na, out) => {
        const e = await this.callback(submit, ctx);
        if (release) await this.callback(release, ctx);
        if (out) this.setU32(out, e || DONE);
      }),
      syclone_barrier: (q, _deps, _n, out) => { instant(q, out); return 0; },
      syclone_event_wait: suspending(() => this.download()),
      syclone_event_retain: (e) => {
        const record = this.events.get(e);
        if (record) record.references++;
      },
      syclone_event_release: (e) => {
        const record = this.events.get(e);
        if (record && --record.references === 0) this.events.delete(e);
      },
      syclone_event_status: () => 2,
      syclone_event_profiling: call((e, what, out) => {
        const times = this.events.get(e)?.times;
        if (!times) {
          throw new RuntimeError(ERRC.INVALID,
            'get_profiling_info: the queue was not created with property::queue::enable_profiling');
        }
        const ns = [times.submit, times.start, times.end][what];
        if (ns === undefined) throw new RuntimeError(ERRC.INVALID, `unknown profiling descriptor ${what}`);
        this.view().setBigUint64(out, ns, true);
      }),
      syclone_kernel_keys: (buf, capacity) => {
        const text = new TextEncoder().encode([...this.kernels.keys()].map((k) => `${k}\0`).join(''));
        this.bytes().set(text.subarray(0, capacity), buf);
        return text.length;
      },
      syclone_kernel_supported: (device, key) => {
        const name = this.cstr(key);
        if (!this.kernels.has(name)) return -1;
        return device === HOST_DEVICE || this.gpuLacks(name).length === 0 ? 1 : 0;
      },
      syclone_kernel_uses_spec_constant: (key, symbol) => {
        if (!this.kernels.has(this.cstr(key))) return -1;
        const specs = this.imageOf.get(this.cstr(key)).properties.spec_constants ?? [];
        return (symbol ? specs.some((s) => s.symbol === this.cstr(symbol)) : specs.length > 0) ? 1 : 0;
      },
      syclone_program_build: call(hostOnly('Compiling kernels from source at run time')),
      syclone_program_log: () => this.cstring(''),
      syclone_program_release: () => {},
      syclone_program_has_kernel: () => 0,
      syclone_program_kernel_key: () => 0,
      // The host device's work-items (kernels without barriers run in order).
      syclone_host_work_item_state: () => this.hostState.workItem,
      syclone_host_group_barrier: () => {
        throw new Error('a work-group barrier on the browser host device (launches refuse such kernels)');
      },
      syclone_host_sub_group_size: () => 1,
      syclone_host_sub_group_barrier: () => {},
      syclone_host_sub_group_scratch: () => this.hostState.subGroupScratch,
      syclone_host_clock: () => BigInt(Math.round(performance.now() * 1e6)),
      syclone_host_local_memory: () => this.hostState.local,
      syclone_host_group_scratch: () => this.hostState.scratch,
      syclone_host_group_local: (k, size) => {
        const s = this.hostState;
        while (s.groupLocal.length <= k) s.groupLocal.push(0);
        if (!s.groupLocal[k]) s.groupLocal[k] = this.allocate(size);
        return s.groupLocal[k];
      },
    };
  }

  createQueue(device, out, flags = 0) {
    if (!this.devices().includes(device)) {
      return this.fail(new RuntimeError(ERRC.INVALID, `there is no device ${device}`));
    }
    const handle = this.nextQueue++;
    this.queues.set(handle, device);
    if (flags & QUEUE_PROFILING) this.profilingQueues.add(handle);
    this.setU32(out, handle);
    return 0;
  }

  free(ptr) {
    if (ptr === 0) return;
    const alloc = this.allocations.find((a) => a.start === ptr && a.kind !== USM.BUFFER);
    if (!alloc) throw new RuntimeError(ERRC.INVALID, `0x${ptr.toString(16)} is not a USM allocation`);
    this.forget(alloc);
  }

  /** Calls the program's function `index` of the table with `arg`, where it may suspend. */
  async callback(index, arg) {
    const f = this.exports.__indirect_function_table.get(index);
    return WebAssembly.promising(f)(arg);
  }

  fail(e) {
    if (!(e instanceof RuntimeError)) throw e;
    this.lastError = { errc: e.errc, message: e.message };
    return 1;
  }
}
