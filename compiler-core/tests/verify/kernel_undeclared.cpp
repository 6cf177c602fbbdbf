// An undeclared name inside a kernel.
#include <sycl/sycl.hpp>

int main() {
    sycl::queue q;
    int *p = sycl::malloc_shared<int>(4, q);
    q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { // expected-note 1+ {{in the kernel invoked here}}
        p[i] = undeclared_thing; // expected-error {{undeclared_thing}}
    });
    q.wait();
    return 0;
}
