// A 64-bit atomic on memory the kernel also accesses as 32-bit ints (a
// CUDA port's `atomicMax(*(unsigned long long *)best, v)`): such memory is
// addressed in 32-bit words, so the error names the 64-bit atomic. The
// error is in the SYCL headers; its notes point at the user's call and launch.
#include <sycl/sycl.hpp>

int main() {
  sycl::queue q;
  int *best = sycl::malloc_shared<int>(4, q);
  q.single_task([=]() { // expected-note {{in the kernel invoked here}}
    best[2] += 1;
    unsigned long long mine = 7;
    sycl::atomic_ref<unsigned long long, sycl::memory_order::relaxed, sycl::memory_scope::device> r(
        *(unsigned long long *)best);
    r.fetch_max(mine); // expected-note {{called from here}}
    // expected-error@* {{a 64-bit atomic on memory that the kernel also reads or writes as other types}}
  });
  q.wait();
  return 0;
}
