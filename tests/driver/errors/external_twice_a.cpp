#include <sycl/sycl.hpp>
#include <iostream>

SYCL_EXTERNAL int twice(int x);

int main() {
  sycl::queue q;
  int result = 0;
  {
    sycl::buffer<int> b(&result, sycl::range<1>(1));
    q.submit([&](sycl::handler &h) {
      sycl::accessor a(b, h, sycl::write_only);
      h.single_task<class Twice>([=] { a[0] = twice(21); });
    });
  }
  std::cout << result << "\n";
}

// Defined here one way, and in external_twice_b.cpp another (an ODR violation).
SYCL_EXTERNAL int twice(int x) { return x + x; }
