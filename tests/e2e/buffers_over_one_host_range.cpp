// Several buffers made over the same host memory (`sycl::buffer c(b), d(b)`
// with use_host_ptr, as Intel's memory-movement samples write them), read
// by one kernel side by side; results written through another buffer, and
// the memory written back when the last of them goes. A buffer over part of
// another's memory (both with use_host_ptr) is still refused (errc::invalid):
// the two would keep separate copies of the same bytes.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

int main() {
  sycl::queue q;
  const size_t n = 4096;
  std::vector<int> a(n), b(n), res(n, 0);
  for (size_t i = 0; i < n; ++i) {
    a[i] = int(i);
    b[i] = int(3 * i);
  }
  bool ok = true;
  {
    const sycl::property_list props = {sycl::property::buffer::use_host_ptr()};
    sycl::buffer a_buf(a, props);
    sycl::buffer b_buf(b, props);
    sycl::buffer c_buf(b, props);
    sycl::buffer d_buf(b, props);
    sycl::buffer res_buf(res, props);
    q.submit([&](sycl::handler &h) {
      sycl::accessor x(a_buf, h, sycl::read_only), y(b_buf, h, sycl::read_only);
      sycl::accessor z(c_buf, h, sycl::read_only), w(d_buf, h, sycl::read_only);
      sycl::accessor out(res_buf, h, sycl::write_only, sycl::no_init);
      h.parallel_for(n, [=](sycl::id<1> i) { out[i] = x[i] + y[i] + z[i] - w[i]; });
    });
    sycl::host_accessor r(res_buf, sycl::read_only);
    for (size_t i = 0; i < n; ++i) ok &= r[i] == int(4 * i);
  }
  for (size_t i = 0; i < n; ++i) ok &= res[i] == int(4 * i) && b[i] == int(3 * i);
  if (!ok) std::puts("results differ");
  try {
    const sycl::property_list props = {sycl::property::buffer::use_host_ptr()};
    sycl::buffer<int> whole(b.data(), sycl::range<1>(n), props);
    sycl::buffer<int> part(b.data(), sycl::range<1>(n / 2), props);
    std::puts("a buffer over part of another's memory was accepted");
    ok = false;
  } catch (const sycl::exception &e) {
    if (e.code() != sycl::errc::invalid) {
      std::printf("unexpected: %s\n", e.what());
      ok = false;
    }
  }
  std::puts(ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
