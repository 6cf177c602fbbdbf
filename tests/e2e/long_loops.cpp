// Long-running loops in kernels: a work-item may loop as long as it needs.
// Mesa's llvmpipe (lavapipe) leaves the loops of a work-item after 65535
// iterations in all; there a kernel that loops longer must raise a
// sycl::exception instead of finishing early with wrong results, and one
// that stays under the limit (whatever the shape of its loops) must not.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <string>

// Loops of every shape, in a helper the kernel calls.
static int shaped_loops(int seed) {
  int acc = seed;
  for (int i = 0; i < 100; ++i) {
    if (i == 60) break;
    acc += i;
  }
  int j = 0;
  while (true) {
    if (++j > 50) break;
    acc ^= j;
  }
  int k = 0;
  do {
    acc += k;
  } while (++k < 30);
  for (int i = 0; i < 20; ++i) {
    if (i % 3 == 0) continue;
    for (int n = 0; n < 4; ++n) acc += n * i;
  }
  return acc;
}

static int shaped_loops_with_return(int seed) {
  for (int i = 0; i < 1000; ++i) {
    if (i == seed % 7 + 3) return i;
  }
  return -1;
}

// Runs `launch` (a kernel and its wait); whether the device reported a cut
// loop. Any other error counts as a failure.
template <typename Launch>
bool reports_cut(Launch launch, int &errors) {
  try {
    launch();
  } catch (const sycl::exception &e) {
    if (std::string(e.what()).find("loop iterations") == std::string::npos) {
      std::printf("unexpected error: %s\n", e.what());
      errors++;
    }
    return true;
  }
  return false;
}

int main() {
  sycl::queue q;
  const std::string device = q.get_device().get_info<sycl::info::device::name>();
  const bool cuts_loops = device.rfind("llvmpipe", 0) == 0;
  int errors = 0;
  long long *out = sycl::malloc_shared<long long>(1024, q);

  // 1024 work-items, each well under the limit: no error, exact results.
  q.parallel_for(sycl::range<1>(1024), [=](sycl::id<1> i) {
     int seed = static_cast<int>(i[0]);
     long long total = 0;
     for (int outer = 0; outer < 10000; ++outer)
       for (int n = 0; n < 4; ++n) total += (outer + n) & 1;
     out[i] = total + shaped_loops(seed) + shaped_loops_with_return(seed);
   }).wait();
  for (int i = 0; i < 1024; ++i) {
    long long want = 20000 + shaped_loops(i) + shaped_loops_with_return(i);
    if (out[i] != want) {
      if (errors++ < 4) std::printf("work-item %d: %lld, expected %lld\n", i, out[i], want);
    }
  }

  // One work-item looping 3 * 100000 times.
  bool thrown = reports_cut(
      [&] {
        q.single_task([=] {
           long long total = 0;
           for (int pass = 0; pass < 3; ++pass)
             for (int i = 0; i < 100000; ++i) total += i % 3;
           out[0] = total;
         }).wait();
      },
      errors);
  if (thrown != cuts_loops) {
    std::printf("%s: long loop %s\n", device.c_str(), thrown ? "raised an error" : "raised no error");
    errors++;
  }
  if (!thrown && out[0] != 3 * 99999LL) {
    std::printf("long loop: %lld, expected %lld\n", out[0], 3 * 99999LL);
    errors++;
  }

  // A guard returning early (as ported CUDA kernels begin) before nested
  // loops that run long (HeCBench bezier-surface): the inlined body with
  // its return is a construct of its own around the loops.
  const int inner = 99;
  thrown = reports_cut(
      [&] {
        q.parallel_for(sycl::nd_range<1>(64, 64), [=](sycl::nd_item<1> it) {
           int i = static_cast<int>(it.get_global_id(0));
           if (i >= 8) return;
           long long total = 0;
           for (int j = 0; j < 1000; ++j)
             for (int k = 0; k <= inner; ++k) total += (j + k) & 1;
           out[i] = total;
         }).wait();
      },
      errors);
  if (thrown != cuts_loops) {
    std::printf("%s: guarded long loop %s\n", device.c_str(), thrown ? "raised an error" : "raised no error");
    errors++;
  }
  if (!thrown && out[7] != 50000) {
    std::printf("guarded long loop: %lld, expected 50000\n", out[7]);
    errors++;
  }

  // The queue goes on working, and the report is not repeated.
  q.single_task([=] { out[1] = 7; }).wait();
  if (out[1] != 7) errors++;
  sycl::free(out, q);
  std::printf(errors ? "FAILED\n" : "PASSED\n");
  return errors != 0;
}
