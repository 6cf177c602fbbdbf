// A 64-bit atomic on work-group memory the kernel also accesses as 32-bit
// ints: such memory is addressed in 32-bit words, and work-group arrays
// cannot be viewed twice (global memory gets a 64-bit view of the same
// allocation), so the error names the 64-bit atomic. The error is in the
// SYCL headers; its notes point at the user's call and launch.
#include <sycl/sycl.hpp>

int main() {
  sycl::queue q;
  q.submit([&](sycl::handler &h) {
    sycl::local_accessor<int, 1> words(8, h);
    h.parallel_for(sycl::nd_range<1>(8, 8), [=](sycl::nd_item<1> it) { // expected-note {{in the kernel invoked here}}
      words[it.get_local_id(0)] = 1;
      sycl::atomic_ref<unsigned long long, sycl::memory_order::relaxed, sycl::memory_scope::work_group,
                       sycl::access::address_space::local_space>
          r(*(unsigned long long *)&words[0]);
      r.fetch_max(7ull); // expected-note {{called from here}}
      // expected-error@* {{a 64-bit atomic on work-group memory that the kernel also reads or writes as other types}}
    });
  });
  q.wait();
  return 0;
}
