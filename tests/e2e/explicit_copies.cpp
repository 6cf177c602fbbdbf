// Explicit copies with accessors (SYCL 2020 4.9.4.3): host memory into a
// buffer and back, a ranged and offset accessor's region out to host
// memory, accessor to accessor, fill of a ranged accessor, a shared_ptr
// destination, and update_host; ordered with kernels by the buffer graph.
#include <sycl/sycl.hpp>
#include <memory>
#include <cstdio>
int main() {
  sycl::queue q;
  const size_t W = 6, H = 4;
  std::vector<int> host(W * H), back(W * H, -1), region(2 * 3);
  for (size_t i = 0; i < W * H; ++i) host[i] = int(i);
  {
    sycl::buffer<int, 2> b{sycl::range<2>{H, W}};
    sycl::buffer<int, 2> c{sycl::range<2>{H, W}};
    q.submit([&](sycl::handler& h) { sycl::accessor a{b, h, sycl::write_only, sycl::no_init}; h.copy(host.data(), a); });
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h, sycl::read_write};
      h.parallel_for(sycl::range<2>{H, W}, [=](sycl::item<2> it) {
        const sycl::id<2> off(0, 0);
        a[it + off] = a[it] * 2;
      });
    });
    q.submit([&](sycl::handler& h) {
      auto a = b.get_access<sycl::access::mode::read>(h, sycl::range<2>{2, 3}, sycl::id<2>{1, 2});
      h.copy(a, region.data());
    });
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h, sycl::read_only};
      sycl::accessor d{c, h, sycl::write_only, sycl::no_init};
      h.copy(a, d);
    });
    q.submit([&](sycl::handler& h) {
      auto d = c.get_access<sycl::access::mode::write>(h, sycl::range<2>{1, W}, sycl::id<2>{3, 0});
      h.fill(d, 7);
    });
    auto shared = std::shared_ptr<int>(new int[W * H], [](int* p) { delete[] p; });
    q.submit([&](sycl::handler& h) { sycl::accessor a{c, h, sycl::read_only}; h.copy(a, shared); }).wait();
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{c, h, sycl::read_only};
      h.update_host(a);
    });
    for (size_t i = 0; i < W * H; ++i) back[i] = shared.get()[i];
  }
  int bad = 0;
  for (size_t i = 0; i < W * H; ++i) {
    int want = i / W == 3 ? 7 : int(2 * i);
    if (back[i] != want) { std::printf("back[%zu] = %d, want %d\n", i, back[i], want); ++bad; }
  }
  for (size_t r = 0; r < 2; ++r)
    for (size_t k = 0; k < 3; ++k)
      if (region[r * 3 + k] != int(2 * ((r + 1) * W + k + 2))) { std::printf("region %zu %zu = %d\n", r, k, region[r * 3 + k]); ++bad; }
  std::printf(bad ? "FAILED\n" : "PASSED\n");
  return bad != 0;
}
