// assert in kernels: a failed assertion in device code ends the program
// with the assertion's expression, file, line and function, as DPC++
// reports it (on Vulkan devices the runtime reads it when the host waits;
// the host device runs the host compiler's assert); passing assertions
// change nothing, and NDEBUG compiles them out.
#include <sycl/sycl.hpp>
#include <cassert>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

// Device code in a function, as a library would check its arguments.
int checked_index(int i, int n) {
  assert(i >= 0 && i < n);
  return i;
}

// Launches a kernel whose assertion fails for some work-items.
int fail(sycl::queue &q) {
  int *p = sycl::malloc_shared<int>(64, q);
  q.parallel_for(64, [=](sycl::id<1> i) { p[checked_index(int(i[0]), 40)] = 1; }).wait();
  std::printf("the failed assertion did not stop the program\n");
  return 0;
}

#define NDEBUG
#include <cassert>
// Compiled out: this kernel's assertion never fires.
int quiet(sycl::queue &q) {
  int *p = sycl::malloc_shared<int>(4, q);
  q.parallel_for(4, [=](sycl::id<1> i) {
     assert(i[0] > 100);
     p[i] = 1;
   }).wait();
  int sum = p[0] + p[1] + p[2] + p[3];
  sycl::free(p, q);
  return sum;
}
#undef NDEBUG
#include <cassert>

int main(int argc, char **argv) {
  sycl::queue q;
  if (argc > 1 && std::strcmp(argv[1], "fail") == 0) return fail(q);
  int bad = 0;
  // Passing assertions, over several launches and waits.
  int *p = sycl::malloc_shared<int>(256, q);
  for (int round = 0; round < 3; ++round) {
    q.parallel_for(256, [=](sycl::id<1> i) {
       p[checked_index(int(i[0]), 256)] = round;
       assert(p[i] == round);
     }).wait();
  }
  if (p[255] != 2) ++bad;
  sycl::free(p, q);
  if (quiet(q) != 4) {
    std::printf("the NDEBUG kernel did not run\n");
    ++bad;
  }
  // The failing run, in a child process.
  std::string command = std::string(argv[0]) + " fail 2>&1";
  FILE *child = popen(command.c_str(), "r");
  std::string output;
  char chunk[256];
  while (child && std::fgets(chunk, sizeof chunk, child)) output += chunk;
  int status = child ? pclose(child) : 0;
  // glibc's assert quotes `...', the device report `...`.
  bool reported = output.find("Assertion `i >= 0 && i < n") != std::string::npos;
  if (status == 0 || !reported) {
    std::printf("the failed assertion was not reported (status %d):\n%s\n", status, output.c_str());
    ++bad;
  }
  if (output.find("device_assert.cpp:15") == std::string::npos ||
      output.find("did not stop") != std::string::npos) {
    std::printf("the report names no location, or the program went on:\n%s\n", output.c_str());
    ++bad;
  }
  std::printf(bad ? "FAILED\n" : "PASSED\n");
  return bad != 0;
}
