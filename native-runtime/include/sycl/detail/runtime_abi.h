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

/* Queues. The device is chosen by ONEAPI_DEVICE_SELECTOR, else the best
 * device: a Vulkan GPU through wgpu when there is one, else the host CPU. */
int syclone_queue_create(syclone_queue *out);
void syclone_queue_release(syclone_queue q);
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
int syclone_free(syclone_queue q, void *ptr);

/* Buffers. host_ptr may be NULL (the runtime allocates zeroed storage). The
 * returned storage address identifies the buffer; with a host_ptr it is
 * host_ptr itself, which receives the data back on release. */
void *syclone_buffer_create(void *host_ptr, size_t bytes);
/* Waits for commands using the buffer, then makes the host storage current. */
int syclone_buffer_release(void *storage);

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
  /* The arguments of the kernel entry function, their sizes. */
  unsigned num_args;
  const void *const *args;
  const size_t *arg_sizes;
  /* The host-compiled kernel, for the host CPU device. */
  syclone_host_kernel host_kernel;
  /* Buffers the command group accesses (storage addresses) and their modes. */
  unsigned num_accessed;
  void *const *accessed;
  const int *access_modes;
} syclone_launch_desc;

/* Enqueues a kernel. The arguments are copied before the call returns. */
int syclone_launch(syclone_queue q, const syclone_launch_desc *desc, syclone_event *out_event);
int syclone_event_wait(syclone_event e);
void syclone_event_release(syclone_event e);

#ifdef __cplusplus
}
#endif
#endif
