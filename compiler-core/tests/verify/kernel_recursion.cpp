// Recursion is not allowed in device code.
#include <sycl/sycl.hpp>

int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); } // expected-error {{recursive call to 'fact'}} expected-note {{in device function 'fact', called from a SYCL kernel}}

int main() {
    sycl::queue q;
    int *p = sycl::malloc_shared<int>(4, q);
    q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { // expected-note 1+ {{in the kernel invoked here}}
        p[i] = fact(i[0]);
    });
    q.wait();
    return 0;
}
