/* The C ABI of the Syclone native runtime (libsyclone_rt). The host view of
 * <sycl/sycl.hpp> is a thin layer over these calls; nothing else is exported.
 *
 * Errors: calls that can fail return 0 on success and non-zero on failure;
 * syclone_last_error() then describes the failure on the calling thread and
 * syclone_last_errc() gives the sycl::errc value to throw.
 */
#ifndef SYCLONE_RUNTIME_ABI_H
#define SYCLONE_RUNTIME_ABI_H
#include <stddef.h>
#ifdef __cplusplus
extern "C" {
#endif

typedef struct syclone_queue_impl *syclone_queue;
typedef struct syclone_event_impl *syclone_event;

/* sycl::errc values (SYCL 2020 4.13.2), as returned by syclone_last_errc(). */
enum syclone_errc {
  SYCLONE_ERRC_SUCCESS = 0,
  SYCLONE_ERRC_RUNTIME = 1,
  SYCLONE_ERRC_KERNEL = 2,
  SYCLONE_ERRC_ACCESSOR = 3,
  SYCLONE_ERRC_ND_RANGE = 4,
  SYCLONE_ERRC_EVENT = 5,
  SYCLONE_ERRC_KERNEL_ARGUMENT = 6,
  SYCLONE_ERRC_BUILD = 7,
  SYCLONE_ERRC_INVALID = 8,
  SYCLONE_ERRC_MEMORY_ALLOCATION = 9,
  SYCLONE_ERRC_PLATFORM = 10,
  SYCLONE_ERRC_PROFILING = 11,
  SYCLONE_ERRC_FEATURE_NOT_SUPPORTED = 12,
  SYCLONE_ERRC_KERNEL_NOT_SUPPORTED = 13,
  SYCLONE_ERRC_BACKEND_MISMATCH = 14
};

const char *syclone_last_error(void);
int syclone_last_errc(void);

/* Called by the wrapper object's load-time constructor with the serialized
 * device-image bundle (compiler_core::bundle::DeviceBundle, JSON). */
void syclone_register_images(const unsigned char *data, size_t size);
void syclone_unregister_images(const unsigned char *data, size_t size);

/* Devices. A device is an index into the runtime's device list: every
 * Vulkan adapter in preference order, then the host CPU device.
 * syclone_devices fills up to `capacity` indices of the devices that
 * ONEAPI_DEVICE_SELECTOR allows (all when unset), in preference order, and
 * sets *count to how many there are. */
int syclone_devices(size_t *indices, size_t capacity, size_t *count);

enum syclone_backend { SYCLONE_BACKEND_VULKAN = 0, SYCLONE_BACKEND_HOST = 1 };
enum syclone_device_type { SYCLONE_DEVICE_CPU = 0, SYCLONE_DEVICE_GPU = 1 };

typedef struct syclone_device_info {
  const char *name;           /* valid for the life of the process */
  const char *vendor;
  const char *driver_version;
  unsigned vendor_id;
  int backend;                /* enum syclone_backend: the platform */
  int device_type;            /* enum syclone_device_type */
  unsigned max_compute_units;
  size_t max_work_group_size;
  size_t max_work_item_sizes[3]; /* SYCL order: [2] is the fastest varying */
  unsigned long long local_mem_size;
  unsigned long long global_mem_size;
  unsigned long long max_mem_alloc_size;
  unsigned num_sub_group_sizes;
  size_t sub_group_sizes[8];
  unsigned long long aspects; /* bit (1 << sycl::aspect value) */
  int timestamps;             /* profiling uses device timestamps */
} syclone_device_info;

int syclone_device_get_info(size_t device, syclone_device_info *out);
/* Bytes of the device's memory that this process's allocations leave free. */
int syclone_device_free_memory(size_t device, unsigned long long *out);

/* Platforms (one per back end): name, vendor, version. */
int syclone_platform_get_info(int backend, const char **name, const char **vendor,
                              const char **version);

/* Queues. syclone_queue_create picks the first device of syclone_devices. */
enum syclone_queue_flags { SYCLONE_QUEUE_IN_ORDER = 1, SYCLONE_QUEUE_PROFILING = 2 };
int syclone_queue_create(syclone_queue *out);
int syclone_queue_create_on(size_t device, unsigned flags, syclone_queue *out);
void syclone_queue_release(syclone_queue q);
/* The device index of q. */
size_t syclone_queue_device(syclone_queue q);
/* Valid while q lives. */
const char *syclone_queue_device_name(syclone_queue q);
const char *syclone_queue_device_vendor(syclone_queue q);
/* 1 for a GPU, 0 for the host CPU device. */
int syclone_queue_device_is_gpu(syclone_queue q);
/* Waits for every command submitted to q; synchronises shared USM. */
int syclone_queue_wait(syclone_queue q);

/* USM. kind: 0 device, 1 host, 2 shared. Returns NULL on failure. */
enum syclone_usm_kind { SYCLONE_USM_DEVICE = 0, SYCLONE_USM_HOST = 1, SYCLONE_USM_SHARED = 2 };
void *syclone_malloc(syclone_queue q, size_t bytes, size_t alignment, int kind);
/* The same on device `device` (an index of syclone_devices), without a queue. */
void *syclone_malloc_on(size_t device, size_t bytes, size_t alignment, int kind);
/* device_global variables: the integration footer registers each host
 * object with the name the device compiler keys it by and its size (its
 * value then is the initial value of every device's copy);
 * syclone_device_global_storage returns the copy on the device of q (the
 * host object on the host device), NULL with the error set. */
void syclone_register_device_global(const void *host_object, const char *symbol, size_t size);
void *syclone_device_global_storage(syclone_queue q, const void *host_object);
int syclone_free(syclone_queue q, void *ptr);
/* Frees a USM allocation after the work of the device it was made on. */
int syclone_free_on_its_device(void *ptr);
/* The device index a USM allocation holding ptr was made on; SIZE_MAX if
 * ptr is not in one. */
size_t syclone_pointer_device(const void *ptr);

/* 0 device, 1 host, 2 shared, 3 unknown (not USM). */
int syclone_pointer_type(const void *ptr);

/* USM commands. They wait for the events in deps[0..num_deps) and complete
 * before returning; *out_event (if not NULL) receives their event. */
int syclone_memcpy(syclone_queue q, void *dst, const void *src, size_t bytes,
                   const syclone_event *deps, size_t num_deps, syclone_event *out_event);
/* Host code about to read (write == 0) or write bytes at ptr directly, in a
 * host task (handler::copy between an accessor and a pointer): makes the
 * host copy of the USM allocation holding ptr current; after a write,
 * syclone_host_access_wrote(ptr) makes the next device use upload it.
 * Plain host memory: nothing to do. */
int syclone_host_access_begin(const void *ptr, size_t bytes, int write);
int syclone_host_access_wrote(const void *ptr);
/* count copies of the pattern_size bytes at pattern. */
int syclone_fill(syclone_queue q, void *dst, const void *pattern, size_t pattern_size,
                 size_t count, const syclone_event *deps, size_t num_deps,
                 syclone_event *out_event);
int syclone_prefetch(syclone_queue q, const void *ptr, size_t bytes,
                     const syclone_event *deps, size_t num_deps, syclone_event *out_event);

/* Buffers. host_ptr may be NULL (the runtime allocates zeroed storage). The
 * returned storage address identifies the buffer; with a host_ptr it is
 * host_ptr itself (the host pointer is used directly). */
void *syclone_buffer_create(void *host_ptr, size_t bytes);
/* A host accessor: waits for the commands using the buffer and makes its
 * host storage current; write != 0: the host will write it. Commands
 * using the buffer submitted from now on wait until the matching
 * syclone_buffer_host_release. */
int syclone_buffer_host_access(void *storage, int write);
int syclone_buffer_host_release(void *storage);
/* Waits for the commands using the buffer; then, unless final_ptr is NULL,
 * makes the storage current and copies its first `bytes` bytes to
 * final_ptr (nothing to copy when final_ptr == storage); forgets the buffer. */
int syclone_buffer_release(void *storage, void *final_ptr, size_t bytes);

/* Access modes recorded by accessors. */
enum syclone_access { SYCLONE_ACCESS_READ = 0, SYCLONE_ACCESS_WRITE = 1, SYCLONE_ACCESS_READ_WRITE = 2 };

/* Runs items [begin, end) (linearised, row-major) of a kernel on the host CPU;
 * args are the kernel entry function's arguments. */
typedef void (*syclone_host_kernel)(const void *const *args, size_t begin, size_t end);

typedef struct syclone_launch_desc {
  /* typeid(KernelName*).name(): the key of the kernel in the registered images. */
  const char *kernel_key;
  /* 1..3 and the global range, range[d] for d < dims. */
  unsigned dims;
  size_t range[3];
  /* nd_range: the work-group size, local[d] for d < dims; all 0 for a
   * parallel_for over a range. Host kernels of nd_range launches take
   * work-item indices in group-major order (group * group size + local
   * linear id). */
  size_t local[3];
  /* The arguments of the kernel entry function, their sizes (a kernel
   * object with decomposed parts is followed by their elements). */
  unsigned num_args;
  const void *const *args;
  const size_t *arg_sizes;
  /* The host-compiled kernel, for the host CPU device. */
  syclone_host_kernel host_kernel;
  /* Buffers the command group accesses (storage addresses) and their modes. */
  unsigned num_accessed;
  void *const *accessed;
  const int *access_modes;
  /* The command group's local memory: the arena offset and the size in
   * bytes of each local accessor it constructed. */
  unsigned num_local;
  const size_t *local_offsets;
  const size_t *local_sizes;
  /* The specialization constants the command group set: the mangled name
   * of each specialization_id and the bytes of its value. */
  unsigned num_spec_constants;
  const char *const *spec_constant_keys;
  const void *const *spec_constant_values;
  const size_t *spec_constant_sizes;
} syclone_launch_desc;

/* Enqueues a kernel after the events in deps[0..num_deps). The arguments
 * are copied before the call returns. */
/* The work-group barrier of a kernel running on the host CPU device. */
void syclone_host_group_barrier(void);
/* 64 bytes of state of the work-item the caller runs on the host CPU
 * device (its own while it runs; zeroed when a work-item coroutine starts). */
void *syclone_host_work_item_state(void);
/* The size of the caller's sub-groups on the host CPU device (1 unless the
 * kernel requires another), their barrier, and their collectives' scratch
 * (16 bytes per work-item of the work-group). */
unsigned syclone_host_sub_group_size(void);
void syclone_host_sub_group_barrier(void);
void *syclone_host_sub_group_scratch(void);
/* The clock host CPU kernels read (sycl_ext_oneapi_clock, every scope):
 * monotonic nanoseconds. */
unsigned long long syclone_host_clock(void);
/* The local memory of the work-group a host CPU kernel's work-item belongs to. */
void *syclone_host_local_memory(void);
/* That work-group's scratch for the work-group algorithms (16 KiB). */
void *syclone_host_group_scratch(void);
/* That work-group's allocation for the k-th group_local_memory call of its
 * work-items: `size` bytes, 16-byte aligned, made by the first caller. */
void *syclone_host_group_local(unsigned k, size_t size);

int syclone_launch(syclone_queue q, const syclone_launch_desc *desc, const syclone_event *deps,
                   size_t num_deps, syclone_event *out_event);

/* A host task: runs fn(ctx) on a runtime worker thread once deps, the previous
 * command of an in-order queue and the commands using the accessed buffers
 * (storage addresses, SYCLONE_ACCESS_* modes) completed, then
 * release(ctx) (release may be NULL; it also runs when the task cannot).
 * The call returns at once. fn must not throw: the caller catches the
 * task's exceptions (asynchronous errors). */
typedef void (*syclone_host_fn)(void *ctx);
int syclone_host_task(syclone_queue q, syclone_host_fn fn, syclone_host_fn release, void *ctx,
                      const syclone_event *deps, size_t num_deps, void *const *accessed,
                      const int *access_modes, size_t num_accessed, syclone_event *out_event);

/* Whether a command group on q with these dependencies, using the buffers
 * holding `accessed`, would wait in the runtime's scheduler (1) or run now (0). */
int syclone_must_wait(syclone_queue q, const syclone_event *deps, size_t num_deps, void *const *accessed,
                      size_t num_accessed);
/* A command group that waits (on the host device, where its kernel borrows
 * the group's objects): once it may run, submit(ctx) submits its commands
 * and returns an owned handle of its event (or NULL); then release(ctx). */
typedef syclone_event (*syclone_group_fn)(void *ctx);
int syclone_defer(syclone_queue q, syclone_group_fn submit, syclone_host_fn release, void *ctx,
                  const syclone_event *deps, size_t num_deps, void *const *accessed, size_t num_accessed,
                  syclone_event *out_event);

/* An event that completes when deps (none: every earlier command of q) completed. */
int syclone_barrier(syclone_queue q, const syclone_event *deps, size_t num_deps,
                    syclone_event *out_event);

/* Events are reference-counted: retain adds a reference, release drops one. */
int syclone_event_wait(syclone_event e);
void syclone_event_retain(syclone_event e);
void syclone_event_release(syclone_event e);
/* info::event_command_status: 0 submitted, 1 running, 2 complete. */
int syclone_event_status(syclone_event e);
/* info::event_profiling: 0 command_submit, 1 command_start, 2 command_end (ns). */
int syclone_event_profiling(syclone_event e, int what, unsigned long long *out_ns);

/* Kernels compiled from SYCL source at run time (the kernel compiler): the
 * source's free-function kernels are compiled by `syclcc --sandbox`
 * ($SYCLONE_SYCLCC, else syclcc on PATH) and registered; options are
 * -DNAME[=VALUE] and -UNAME only; include files are virtual headers found by
 * #include "name". A failed build returns 1 with the compiler's
 * diagnostics in the last error (errc build). */
/* The program's own kernels (kernel bundles). syclone_kernel_keys writes
 * the key of every registered kernel, each ended by a NUL, into buf as far
 * as capacity allows and returns the bytes they all take.
 * syclone_kernel_supported: 1 if the device can run the kernel, 0 if not,
 * -1 when no kernel has that key. syclone_kernel_uses_spec_constant: 1 if
 * the kernel's image uses the specialization constant of mangled name
 * symbol (any of the program's when symbol is null), 0 if not, -1 when no
 * kernel has that key. */
size_t syclone_kernel_keys(char *buf, size_t capacity);
int syclone_kernel_supported(size_t device, const char *key);
int syclone_kernel_uses_spec_constant(const char *key, const char *symbol);

typedef struct syclone_program_impl *syclone_program;
int syclone_program_build(const char *source, const char *const *include_names,
                          const char *const *include_contents, size_t num_includes,
                          const char *const *options, size_t num_options, syclone_program *out);
/* The compiler's warnings; valid until release. */
const char *syclone_program_log(syclone_program p);
/* 1 if the program has a kernel called name, 0 if not, -1 on error. */
int syclone_program_has_kernel(syclone_program p, const char *name);
/* The launch key of kernel name (null and last error set if there is none);
 * valid until release. */
const char *syclone_program_kernel_key(syclone_program p, const char *name);
/* Unregisters the program's kernels and frees it. */
void syclone_program_release(syclone_program p);

#ifdef __cplusplus
}
#endif
#endif
