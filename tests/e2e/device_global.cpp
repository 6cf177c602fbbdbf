// sycl_ext_oneapi_device_global: variables in device memory that kernels
// read and write across launches and the host copies to and from, with
// initial values, in namespaces, unnamed namespaces, as statics and as
// static data members.
#include <sycl/sycl.hpp>
#include <cstdio>

namespace syclex = sycl::ext::oneapi::experimental;

syclex::device_global<const float[4]> table{1.5f, 2.5f, 3.5f, 4.5f};
static syclex::device_global<int> counter;
namespace {
syclex::device_global<int[8]> scratch;
}
struct Params {
  int scale;
  float bias;
};
namespace cfg {
syclex::device_global<Params> params{Params{3, 0.5f}};
// A static data member, defined outside its class.
struct Limits {
  static syclex::device_global<int> most;
};
syclex::device_global<int> Limits::most{7};
}

// Device code that reads the variables away from the kernel body.
float scaled(size_t i) { return table[i] * cfg::params.get().scale + cfg::params->bias; }

int main() {
  sycl::queue q;
  int bad = 0;
  float *out = sycl::malloc_shared<float>(4, q);
  // Initial values.
  q.parallel_for(4, [=](sycl::id<1> i) { out[i] = scaled(i[0]); }).wait();
  for (int i = 0; i < 4; ++i)
    if (out[i] != (1.5f + i) * 3 + 0.5f) {
      std::printf("initial value %d: %g\n", i, out[i]);
      ++bad;
    }
  // Written by one kernel, read by the next; zero-initialised by default.
  q.single_task([=] { counter = counter + 5; }).wait();
  q.single_task([=] {
     counter.get() += 1;
     scratch[2] = counter;
   }).wait();
  int c = 0, s[8] = {};
  q.memcpy(&c, counter).wait();
  q.copy(scratch, s).wait();
  if (c != 6 || s[2] != 6 || s[0] != 0) {
    std::printf("counter %d, scratch %d %d\n", c, s[2], s[0]);
    ++bad;
  }
  // The host replaces values; a copy at an offset.
  Params p{10, 1.0f};
  q.memcpy(cfg::params, &p).wait();
  float newt[4] = {1, 2, 3, 4};
  q.copy(newt, table).wait();
  float last = 9;
  q.copy(&last, table, 1, 3).wait();
  q.parallel_for(4, [=](sycl::id<1> i) { out[i] = scaled(i[0]); }).wait();
  const float want[4] = {11, 21, 31, 91};
  for (int i = 0; i < 4; ++i)
    if (out[i] != want[i]) {
      std::printf("after the host's copies %d: %g, want %g\n", i, out[i], want[i]);
      ++bad;
    }
  // A static data member.
  int *most = sycl::malloc_shared<int>(1, q);
  q.single_task([=] { *most = cfg::Limits::most + 1; }).wait();
  int m = 40;
  q.memcpy(cfg::Limits::most, &m).wait();
  q.single_task([=] { *most += cfg::Limits::most; }).wait();
  if (*most != 48) {
    std::printf("static member: %d, want 48\n", *most);
    ++bad;
  }
  sycl::free(most, q);
  // A copy outside the variable is an error, not a stray write.
  try {
    q.memcpy(counter, &c, sizeof(int), sizeof(int)).wait();
    std::printf("a copy past the end was accepted\n");
    ++bad;
  } catch (const sycl::exception &e) {
    if (e.code() != sycl::errc::invalid) ++bad;
  }
  sycl::free(out, q);
  std::printf(bad ? "FAILED\n" : "PASSED\n");
  return bad != 0;
}
