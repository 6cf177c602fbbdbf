// Host objects of the SYCL header cannot be kernel arguments: queues,
// buffers, host accessors, events, devices and the like exist only on the
// host. `(void)x` in device code evaluates and discards x.
#include <sycl/sycl.hpp>

int main() {
  sycl::queue q;
  sycl::buffer<int> b(4);
  sycl::host_accessor ha(b);
  sycl::event e;
  sycl::device d = q.get_device();
  sycl::context c = q.get_context();
  int *out = sycl::malloc_shared<int>(1, q);
  q.single_task([=] { *out = ha[0]; }); // expected-error {{kernel argument 'ha' is a 'sycl::host_accessor<int, 1, 2>', which exists only on the host; kernels cannot capture it}} expected-note {{kernels reach a buffer through a sycl::accessor made in the command group}} expected-note 1+ {{in the kernel invoked here}}
  q.single_task([=] { (void)b; *out = 1; }); // expected-error {{kernel argument 'b' is a 'sycl::buffer<int, 1, sycl::buffer_allocator<int>>'}} expected-note {{kernels reach a buffer through a sycl::accessor}} expected-note 1+ {{in the kernel invoked here}}
  q.single_task([=] { (void)q; *out = 1; }); // expected-error {{kernel argument 'q' is a 'sycl::queue', which exists only on the host}} expected-note 1+ {{in the kernel invoked here}}
  q.single_task([=] { (void)e; *out = 1; }); // expected-error {{kernel argument 'e' is a 'sycl::event'}} expected-note 1+ {{in the kernel invoked here}}
  q.single_task([=] { (void)d; *out = 1; }); // expected-error {{kernel argument 'd' is a 'sycl::device'}} expected-note 1+ {{in the kernel invoked here}}
  q.single_task([=] { (void)c; *out = 1; }); // expected-error {{kernel argument 'c' is a 'sycl::context'}} expected-note 1+ {{in the kernel invoked here}}
  q.single_task([=] { int unused = 3; (void)unused; (void)out[0]; *out = 2; });
}
