// Block-scope statics of the submitting function are not captured: a
// `static const` with a constant initializer is a constant in the kernel,
// a mutable one is an error (SYCL 2020 5.4), as for globals.
#include <sycl/sycl.hpp>

int main() {
    sycl::queue q;
    static int launches = 0;
    static const float scale = 1.5f;
    int *p = sycl::malloc_shared<int>(4, q);
    launches++;
    q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { // expected-note 1+ {{in the kernel invoked here}} expected-note {{in device function}}
        p[i] = int(scale * 2) + launches; // expected-error {{static variable 'launches' cannot be used in device code: it is not const}}
    });
    q.wait();
    return 0;
}
