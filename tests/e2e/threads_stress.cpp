// Stress: 8 host threads x 500 dependent submissions each, mixing buffers
// and USM, some threads sharing one queue; every result checked exactly.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <thread>
#include <vector>
int main() {
  const int threads = 8, steps = 500;
  const size_t n = 256;
  sycl::queue shared_q;
  std::vector<int> failures(threads, 0);
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&, t]() {
      sycl::queue own_q{shared_q.get_device()};
      sycl::queue& q = (t % 2) ? own_q : shared_q;
      std::vector<int> host(n, t);
      int* usm = sycl::malloc_device<int>(n, q);
      q.fill(usm, 0, n).wait();
      {
        sycl::buffer<int, 1> buf(host.data(), sycl::range<1>(n));
        sycl::event last;
        for (int s = 0; s < steps; ++s) {
          if (s % 2 == 0) {
            last = q.submit([&](sycl::handler& h) {
              h.depends_on(last);
              auto a = buf.get_access<sycl::access::mode::read_write>(h);
              h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = a[i] + 1; });
            });
          } else {
            last = q.submit([&](sycl::handler& h) {
              h.depends_on(last);
              auto a = buf.get_access<sycl::access::mode::read>(h);
              h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { usm[i] = usm[i] + a[i]; });
            });
          }
        }
        last.wait();
      }
      std::vector<int> out(n);
      q.memcpy(out.data(), usm, n * sizeof(int)).wait();
      // After step 2k the buffer holds t + k + 1; odd step 2k+1 adds it to usm.
      long expect_usm = 0;
      for (int k = 0; k < steps / 2; ++k) expect_usm += t + k + 1;
      for (size_t i = 0; i < n; ++i) {
        if (host[i] != t + steps / 2) failures[t]++;
        if (out[i] != expect_usm) failures[t]++;
      }
      sycl::free(usm, q);
    });
  }
  for (auto& th : pool) th.join();
  int errors = 0;
  for (int t = 0; t < threads; ++t)
    if (failures[t]) { std::printf("thread %d: %d wrong values\n", t, failures[t]); errors++; }
  std::printf(errors ? "FAILED\n" : "PASSED\n");
  return errors != 0;
}
