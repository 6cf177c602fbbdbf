// Buffer write-back: to the host pointer at destruction, to another
// address with set_final_data, nowhere with set_write_back(false) or
// set_final_data(nullptr), never into const host data; use_host_ptr;
// use_mutex (held while the runtime writes the host memory) and the
// buffer's property queries.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <mutex>
#include <thread>
#include <vector>
void add_one(sycl::queue& q, sycl::buffer<int, 1>& buf, size_t n) {
  q.submit([&](sycl::handler& h) {
    auto a = buf.get_access<sycl::access::mode::read_write>(h);
    h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = a[i] + 1; });
  });
}
int main() {
  sycl::queue q;
  const size_t n = 512;
  int errors = 0;
  auto all = [&](const std::vector<int>& v, int x, const char* what) {
    for (int e : v) if (e != x) { std::printf("FAILED: %s (%d != %d)\n", what, e, x); errors++; return; }
  };
  std::vector<int> a(n, 1), b(n, 1), c(n, 1), other(n, 0), d(n, 1), u(n, 1);
  const std::vector<int> konst(n, 5);
  {
    sycl::buffer<int, 1> ba(a.data(), sycl::range<1>(n));
    sycl::buffer<int, 1> bb(b.data(), sycl::range<1>(n));
    sycl::buffer<int, 1> bc(c.data(), sycl::range<1>(n));
    sycl::buffer<int, 1> bd(d.data(), sycl::range<1>(n));
    sycl::buffer<int, 1> bk(konst.data(), sycl::range<1>(n));
    sycl::buffer<int, 1> bu(u.data(), sycl::range<1>(n), {sycl::property::buffer::use_host_ptr{}});
    bb.set_final_data(other.data());
    bc.set_write_back(false);
    bd.set_final_data(nullptr);
    for (sycl::buffer<int, 1>* buf : {&ba, &bb, &bc, &bd, &bk, &bu}) add_one(q, *buf, n);
    // Without use_host_ptr the host data is not touched before destruction.
    q.wait();
    all(a, 1, "host data unchanged while the buffer lives");
  }
  all(a, 2, "write-back to the host pointer");
  all(b, 1, "set_final_data: the host pointer is not written");
  all(other, 2, "set_final_data: the final pointer is written");
  all(c, 1, "set_write_back(false)");
  all(d, 1, "set_final_data(nullptr)");
  all(konst, 5, "const host data");
  all(u, 2, "use_host_ptr");

  std::vector<int> guarded(n, 1);
  std::mutex guard;
  {
    sycl::buffer<int, 1> bm(guarded.data(), sycl::range<1>(n), {sycl::property::buffer::use_mutex{guard}});
    if (!bm.has_property<sycl::property::buffer::use_mutex>() ||
        bm.get_property<sycl::property::buffer::use_mutex>().get_mutex_ptr() != &guard ||
        bm.has_property<sycl::property::buffer::use_host_ptr>()) {
      std::printf("FAILED: buffer property queries\n");
      errors++;
    }
    bool threw = false;
    try {
      (void)bm.get_property<sycl::property::buffer::use_host_ptr>();
    } catch (const sycl::exception& e) {
      threw = e.code() == sycl::errc::invalid;
    }
    if (!threw) {
      std::printf("FAILED: get_property of an absent property throws errc::invalid\n");
      errors++;
    }
    add_one(q, bm, n);
    q.wait();
    // While the program holds the mutex, the destructor's write-back waits.
    std::unique_lock<std::mutex> held(guard);
    std::thread destroy([b = std::move(bm)]() mutable { sycl::buffer<int, 1> last = std::move(b); });
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    all(guarded, 1, "use_mutex: no write-back while the program holds the mutex");
    held.unlock();
    destroy.join();
  }
  all(guarded, 2, "use_mutex: write-back once the mutex is free");
  if (errors == 0) std::printf("PASSED\n");
  return errors != 0;
}
