// A correct program compiles without diagnostics.
// expected-no-diagnostics
#include <sycl/sycl.hpp>

int main() {
    sycl::queue q;
    float *p = sycl::malloc_shared<float>(16, q);
    q.parallel_for(sycl::range<1>(16), [=](sycl::id<1> i) { p[i] = 2.0f * i[0]; });
    q.wait();
    sycl::free(p, q);
    return 0;
}
