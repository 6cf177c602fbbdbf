// A program that ends without waiting for its host task still gets the
// task's effects: the runtime lets running commands finish at exit (as
// DPC++ does). PASSED is printed by the task itself, after main returned.
#include <sycl/sycl.hpp>

#include <chrono>
#include <cstdio>
#include <thread>

int main() {
  sycl::queue q;
  int *value = sycl::malloc_shared<int>(1, q);
  *value = 41;
  q.submit([&](sycl::handler &h) {
    h.host_task([=] {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      ++*value;
      // The USM allocation is never freed: the task may outlive main.
      std::printf(*value == 42 ? "PASSED (the host task finished at exit)\n" : "FAILED\n");
    });
  });
  return 0;
}
