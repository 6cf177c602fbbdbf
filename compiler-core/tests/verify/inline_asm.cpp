// GNU asm statements parse (`asm`, `__asm__`, `volatile`, operand lists);
// host code may hold them, device code may not.

#include <sycl/sycl.hpp>

unsigned long long cycles() {
  unsigned int lo, hi;
  asm volatile("rdtsc" : "=a"(lo), "=d"(hi));
  __asm__ __volatile__("" ::: "memory");
  return (unsigned long long)lo | ((unsigned long long)hi << 32);
}

int on_device(int x) { // expected-note {{in device function 'on_device', called from a SYCL kernel}}
  asm("nop"); // expected-error {{inline assembly statements are not supported in device code yet}}
  return x;
}

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(1, q);
  unsigned long long start = cycles();
  q.single_task([=] { out[0] = on_device(3); }).wait(); // expected-note 1+ {{in the kernel invoked here}}
  return int(cycles() - start) & 0;
}
