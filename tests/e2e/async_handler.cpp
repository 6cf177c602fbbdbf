// Exceptions thrown by host tasks are asynchronous errors: delivered to the
// queue's async_handler by wait_and_throw / throw_asynchronous, not before.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <stdexcept>
#include <string>
int main() {
  int delivered = 0;
  std::string message;
  auto handler = [&](sycl::exception_list list) {
    for (auto& e : list) {
      try {
        std::rethrow_exception(e);
      } catch (const std::runtime_error& x) {
        delivered++;
        message = x.what();
      }
    }
  };
  sycl::queue q{sycl::default_selector_v, handler};
  int* p = sycl::malloc_shared<int>(4, q);
  q.submit([&](sycl::handler& h) { h.host_task([]() { throw std::runtime_error("host task failed"); }); });
  q.wait();
  int errors = 0;
  if (delivered != 0) { std::printf("FAILED: delivered before wait_and_throw\n"); errors++; }
  q.wait_and_throw();
  if (delivered != 1 || message != "host task failed") { std::printf("FAILED: delivered %d '%s'\n", delivered, message.c_str()); errors++; }
  q.throw_asynchronous();
  if (delivered != 1) { std::printf("FAILED: delivered twice\n"); errors++; }
  // The queue still works after an asynchronous error.
  sycl::event e = q.submit([&](sycl::handler& h) { h.host_task([]() { throw std::runtime_error("second"); }); });
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { p[i] = 9; }).wait();
  e.wait_and_throw();
  if (delivered != 2 || message != "second") { std::printf("FAILED: event::wait_and_throw\n"); errors++; }
  for (int i = 0; i < 4; ++i) if (p[i] != 9) errors++;
  sycl::free(p, q);
  std::printf(errors ? "FAILED\n" : "PASSED\n");
  return errors != 0;
}
