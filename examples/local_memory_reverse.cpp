// Work-group local memory and barriers: each work-group of an nd_range
// reverses its slice of the input through a local_accessor.
#include <sycl/sycl.hpp>
#include <iostream>
#include <numeric>
#include <vector>

int main() {
  constexpr size_t n = 4096, group = 64;
  std::vector<int> data(n);
  std::iota(data.begin(), data.end(), 0);
  sycl::queue q;
  {
    sycl::buffer<int> buf{data};
    q.submit([&](sycl::handler &h) {
      sycl::accessor values{buf, h, sycl::read_write};
      sycl::local_accessor<int, 1> tile{sycl::range<1>{group}, h};
      h.parallel_for(sycl::nd_range<1>{n, group}, [=](sycl::nd_item<1> it) {
        size_t l = it.get_local_id(0);
        tile[l] = values[it.get_global_id(0)];
        sycl::group_barrier(it.get_group());
        values[it.get_global_id(0)] = tile[group - 1 - l];
      });
    });
  }
  for (size_t i = 0; i < n; ++i) {
    size_t start = i / group * group;
    int expected = int(start + group - 1 - (i - start));
    if (data[i] != expected) {
      std::cout << "FAILED at " << i << ": " << data[i] << " instead of " << expected << "\n";
      return 1;
    }
  }
  std::cout << "PASSED: " << n / group << " work-groups of " << group << " reversed on "
            << q.get_device().get_info<sycl::info::device::name>() << "\n";
}
