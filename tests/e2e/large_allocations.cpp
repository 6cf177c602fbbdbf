// Allocations larger than one storage binding of the device (lavapipe binds
// 128 MiB at once; ported benchmarks allocate far more): USM and buffer
// memory of 160 MiB and more, written and read by kernels at every index,
// through pointers into the middle of the allocation, by atomics on both
// sides of the 128 MiB boundary, with 8-byte and 1-byte elements, and two
// large allocations in one kernel.
//
//   large_allocations [MIB [WINDOW_MIB]]
//
// sizes the allocations (default 160 MiB) and puts the atomics around
// WINDOW_MIB (default 128, lavapipe's binding; NVIDIA binds 1 GiB windows
// through wgpu: `large_allocations 2600 1024` crosses two boundaries there).
#include <sycl/sycl.hpp>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
  const size_t mib = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 160;
  const size_t window_mib = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 128;
  sycl::queue q;
  int bad = 0;
  auto check = [&](bool ok, const char *what, size_t at) {
    if (!ok && bad++ < 10) printf("FAILED: %s at %zu\n", what, at);
  };

  // 40 Mi ints: 160 MiB.
  const size_t n = (mib << 20) / sizeof(unsigned);
  const size_t boundary = (window_mib << 20) / sizeof(unsigned);
  unsigned *a = sycl::malloc_device<unsigned>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = unsigned(i[0]) * 3u + 1u; });

  // Atomics on elements around the boundary.
  q.parallel_for(sycl::range<1>(4096), [=](sycl::id<1> k) {
    size_t i = boundary - 2048 + k[0];
    sycl::atomic_ref<unsigned, sycl::memory_order::relaxed, sycl::memory_scope::device> r(a[i]);
    r.fetch_add(7u);
  });

  // A pointer into the middle of the allocation, past the boundary.
  unsigned *tail = a + (n - 1000);
  unsigned *sums = sycl::malloc_shared<unsigned>(1000, q);
  q.parallel_for(sycl::range<1>(1000), [=](sycl::id<1> j) { sums[j] = tail[j] + 1u; }).wait();
  for (size_t j = 0; j < 1000; ++j) check(sums[j] == unsigned(n - 1000 + j) * 3u + 2u, "tail pointer", j);

  std::vector<unsigned> host(n);
  q.memcpy(host.data(), a, n * sizeof(unsigned)).wait();
  for (size_t i = 0; i < n; ++i) {
    unsigned want = unsigned(i) * 3u + 1u;
    if (i >= boundary - 2048 && i < boundary + 2048) want += 7u;
    check(host[i] == want, "device allocation", i);
  }

  // Two large allocations in one kernel: copy with an offset that moves
  // elements across windows.
  unsigned *b = sycl::malloc_device<unsigned>(n, q);
  const size_t shift = 12345;
  q.parallel_for(sycl::range<1>(n - shift), [=](sycl::id<1> i) { b[i[0] + shift] = a[i] ^ 0x5a5a5a5au; }).wait();
  q.memcpy(host.data(), b, n * sizeof(unsigned)).wait();
  for (size_t i = shift; i < n; i += 997) {
    unsigned src = unsigned(i - shift) * 3u + 1u;
    if (i - shift >= boundary - 2048 && i - shift < boundary + 2048) src += 7u;
    check(host[i] == (src ^ 0x5a5a5a5au), "copy across windows", i);
  }
  sycl::free(b, q);
  sycl::free(a, q);
  sycl::free(sums, q);

  // 8-byte elements: 20 Mi of them (160 MiB), shared memory read on the host.
  const size_t m = (mib << 20) / sizeof(uint64_t);
  uint64_t *wide = sycl::malloc_shared<uint64_t>(m, q);
  q.parallel_for(sycl::range<1>(m), [=](sycl::id<1> i) {
    wide[i] = (uint64_t(i[0]) << 32) | uint64_t(i[0] * 5);
  }).wait();
  for (size_t i = 0; i < m; i += 1021) check(wide[i] == ((uint64_t(i) << 32) | uint64_t(i * 5)), "8-byte elements", i);
  check(wide[m - 1] == ((uint64_t(m - 1) << 32) | uint64_t((m - 1) * 5)), "last 8-byte element", m - 1);
  sycl::free(wide, q);

  // Bytes: 144 MiB of chars, four per work-item.
  const size_t nbytes = (mib - 16) << 20;
  unsigned char *bytes = sycl::malloc_shared<unsigned char>(nbytes, q);
  q.parallel_for(sycl::range<1>(nbytes / 4), [=](sycl::id<1> i) {
    for (int k = 0; k < 4; ++k) {
      size_t at = i[0] * 4 + k;
      bytes[at] = (unsigned char)((at >> 20) + k);
    }
  }).wait();
  for (size_t at = 0; at < nbytes; at += 4093) check(bytes[at] == (unsigned char)((at >> 20) + at % 4), "bytes", at);
  sycl::free(bytes, q);

  // A buffer of 36 Mi floats (144 MiB) through accessors.
  {
    const size_t f = ((mib - 16) << 20) / sizeof(float);
    sycl::buffer<float, 1> buf{sycl::range<1>(f)};
    q.submit([&](sycl::handler &h) {
      sycl::accessor out(buf, h, sycl::write_only, sycl::no_init);
      h.parallel_for(sycl::range<1>(f), [=](sycl::id<1> i) { out[i] = float(i[0] % 4096) * 0.5f; });
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor io(buf, h, sycl::read_write);
      h.parallel_for(sycl::range<1>(f / 2), [=](sycl::id<1> i) { io[i[0] * 2 + 1] += io[i[0] * 2]; });
    });
    sycl::host_accessor in(buf, sycl::read_only);
    for (size_t i = 0; i < f; i += 1009) {
      float even = float(i % 4096) * 0.5f;
      float want = i % 2 ? even + float((i - 1) % 4096) * 0.5f : even;
      check(in[i] == want, "buffer", i);
    }
  }

  if (bad) {
    printf("%d failures\n", bad);
    return 1;
  }
  printf("PASSED\n");
  return 0;
}
