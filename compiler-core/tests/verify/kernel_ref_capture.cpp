// Kernels must capture by copy.
#include <sycl/sycl.hpp>

int main() {
    sycl::queue q;
    int factor = 3;
    int *p = sycl::malloc_shared<int>(4, q);
    q.parallel_for(sycl::range<1>(4), [&](sycl::id<1> i) { // expected-note 1+ {{in the kernel invoked here}}
        p[i] = factor; // expected-error {{kernel argument 'p' is captured by reference; SYCL kernels must capture by copy}} expected-error {{kernel argument 'factor' is captured by reference}}
    });
    q.wait();
    return 0;
}
