// Exceptions are host-only.
#include <sycl/sycl.hpp>

int main() {
    sycl::queue q;
    int *p = sycl::malloc_shared<int>(4, q);
    q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { // expected-note {{in device function 'operator()', called from a SYCL kernel}} expected-note 1+ {{in the kernel invoked here}}
        if (i[0] > 10)
            throw 1; // expected-error {{throwing an exception is not allowed in SYCL device code}}
        p[i] = 1;
    });
    q.wait();
    return 0;
}
