// 64-bit integer comparisons in kernels against the host's answers: values
// sign- and zero-extended from 32 bits (and loaded as 64-bit) compared
// with literal constants of both signs, inside and outside the 32-bit
// range, by every ordering. (Mesa's llvmpipe 22.3 got `int64_t v = i;
// v > 100` wrong for every v: the compiler emits such comparisons in a
// form it handles.)
#include <sycl/sycl.hpp>
#include <climits>
#include <cstdint>
#include <cstdio>

// Every ordering of `v` against constant `C`, as bits of a mask.
#define ORDERINGS(v, C) \
  (uint64_t((v) < (C)) | uint64_t((v) <= (C)) << 1 | uint64_t((v) > (C)) << 2 | uint64_t((v) >= (C)) << 3)

template <typename T>
uint64_t compare_all(T v) {
  return ORDERINGS(v, T(-40000)) | ORDERINGS(v, T(-32768)) << 4 | ORDERINGS(v, T(-1)) << 8 |
         ORDERINGS(v, T(0)) << 12 | ORDERINGS(v, T(100)) << 16 | ORDERINGS(v, T(32767)) << 20 |
         ORDERINGS(v, T(5000000000ll)) << 24 | ORDERINGS(v, T(-5000000000ll)) << 28 |
         ORDERINGS(T(7), v) << 32;
}

int main() {
  sycl::queue q;
  const int values[] = {INT_MIN, -100000, -32769, -32768, -4, 0, 3, 32767, 32768, 100000, INT_MAX};
  constexpr int N = sizeof(values) / sizeof(values[0]);
  int *in = sycl::malloc_shared<int>(N, q);
  long long *wide = sycl::malloc_shared<long long>(N, q);
  uint64_t *out = sycl::malloc_shared<uint64_t>(4 * N, q);
  for (int i = 0; i < N; ++i) {
    in[i] = values[i];
    wide[i] = values[i] * 3ll;
  }
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) {
     int64_t sign_extended = in[i];
     uint64_t zero_extended = uint32_t(in[i]);
     out[4 * i] = compare_all<int64_t>(sign_extended);
     out[4 * i + 1] = compare_all<uint64_t>(zero_extended);
     out[4 * i + 2] = compare_all<long long>(wide[i]);
     out[4 * i + 3] = compare_all<int>(in[i]);
   }).wait();
  int failures = 0;
  for (int i = 0; i < N; ++i) {
    const uint64_t want[4] = {compare_all<int64_t>(int64_t(values[i])), compare_all<uint64_t>(uint32_t(values[i])),
                              compare_all<long long>(values[i] * 3ll), compare_all<int>(values[i])};
    for (int k = 0; k < 4; ++k)
      if (out[4 * i + k] != want[k] && failures++ < 8)
        std::printf("value %d, form %d: %llx, expected %llx\n", values[i], k,
                    (unsigned long long)out[4 * i + k], (unsigned long long)want[k]);
  }
  sycl::free(in, q);
  sycl::free(wide, q);
  sycl::free(out, q);
  std::printf(failures ? "FAILED\n" : "PASSED\n");
  return failures != 0;
}
