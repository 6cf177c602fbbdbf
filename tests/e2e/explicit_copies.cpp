// Explicit copies with accessors (SYCL 2020 4.9.4.3): host memory into a
// buffer and back, a ranged and offset accessor's region out to host
// memory, accessor to accessor, fill of a ranged accessor, a shared_ptr
// destination, and update_host; ordered with kernels by the buffer graph;
// copies between an accessor and USM device memory, both ways.
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
  // Copies between an accessor and USM device memory: what a kernel wrote
  // into the allocation reaches the buffer, and what the copy writes into
  // the allocation reaches the next kernel (device memory, not the host's).
  {
    const size_t N = 64;
    int *dev = sycl::malloc_device<int>(N, q);
    int *seen = sycl::malloc_shared<int>(N, q);
    q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) { dev[i] = 100 + int(i[0]); }).wait();
    sycl::buffer<int> b{sycl::range<1>(N)};
    q.submit([&](sycl::handler &h) {
      sycl::accessor a{b, h, sycl::write_only, sycl::no_init};
      h.copy(dev, a);
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor a{b, h};
      h.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) { a[i] *= 2; });
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor a{b, h, sycl::read_only};
      h.copy(a, dev);
    }).wait();
    q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) { seen[i] = dev[i] + 1; }).wait();
    for (size_t i = 0; i < N; ++i)
      if (seen[i] != int(2 * (100 + i) + 1)) {
        std::printf("USM device copy %zu = %d, want %d\n", i, seen[i], int(2 * (100 + i) + 1));
        ++bad;
        break;
      }
    sycl::free(dev, q);
    sycl::free(seen, q);
  }
  std::printf(bad ? "FAILED\n" : "PASSED\n");
  return bad != 0;
}
