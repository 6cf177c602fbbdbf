// std::vector over shared USM through sycl::usm_allocator, used by a kernel.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>
int main() {
  sycl::queue q;
  using alloc_t = sycl::usm_allocator<float, sycl::usm::alloc::shared>;
  alloc_t alloc(q);
  std::vector<float, alloc_t> v(2000, 1.5f, alloc);
  v.push_back(4.0f);
  float* p = v.data();
  size_t n = v.size();
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] = p[i] * 2.0f + 1.0f; }).wait();
  int errors = 0;
  for (size_t i = 0; i + 1 < n; ++i) if (v[i] != 4.0f) errors++;
  if (v[n - 1] != 9.0f) errors++;
  if (sycl::get_pointer_type(p, q.get_context()) != sycl::usm::alloc::shared) errors++;
  std::printf(errors ? "FAILED\n" : "PASSED\n");
  return errors != 0;
}
