// C++ `%` of signed integers in kernels truncates (the result takes the
// dividend's sign) for every sign combination, widths of 8 to 64 bits,
// constant and run-time divisors, and the most negative dividend. Vulkan
// leaves SPIR-V's signed remainder undefined for negative operands (the
// H200's driver computes a modulo there), so the compiler must not rely
// on it. Results are compared with the host's.
#include <sycl/sycl.hpp>
#include <climits>
#include <cstdint>
#include <cstdio>

template <typename T>
static void remainders(T x, T y, long long *out) {
  out[0] = x % y;
  out[1] = x % T(7);
  out[2] = x % T(-7);
  out[3] = T(-100) % y;
  out[4] = (x / T(2)) % T(5) + (x % y) / T(3);
}

int main() {
  sycl::queue q;
  const int xs[] = {-13, -7, -1, 0, 1, 6, 13, INT_MIN, INT_MAX, -100};
  const int ys[] = {-5, 5, -2, 1, 3, -3, 1000};
  constexpr int NX = 10, NY = 7, K = 5;
  int *in = sycl::malloc_shared<int>(2 * NX * NY, q);
  long long *out = sycl::malloc_shared<long long>(4 * K * NX * NY, q);
  for (int i = 0; i < NX; ++i)
    for (int j = 0; j < NY; ++j) {
      in[2 * (i * NY + j)] = xs[i];
      in[2 * (i * NY + j) + 1] = ys[j];
    }
  q.parallel_for(sycl::range<1>(NX * NY), [=](sycl::id<1> id) {
     int x = in[2 * id[0]], y = in[2 * id[0] + 1];
     long long *o = out + 4 * K * id[0];
     remainders<int>(x, y, o);
     remainders<long long>((long long)x * 3, (long long)y * 1000003, o + K);
     remainders<short>(short(x), short(y), o + 2 * K);
     remainders<signed char>((signed char)(x % 100), (signed char)y, o + 3 * K);
   }).wait();
  int bad = 0;
  for (int n = 0; n < NX * NY; ++n) {
    int x = in[2 * n], y = in[2 * n + 1];
    long long want[4 * K];
    remainders<int>(x, y, want);
    remainders<long long>((long long)x * 3, (long long)y * 1000003, want + K);
    remainders<short>(short(x), short(y), want + 2 * K);
    remainders<signed char>((signed char)(x % 100), (signed char)y, want + 3 * K);
    for (int k = 0; k < 4 * K; ++k)
      if (out[4 * K * n + k] != want[k] && bad++ < 10)
        std::printf("x=%d y=%d case %d: %lld, expected %lld\n", x, y, k, out[4 * K * n + k], want[k]);
  }
  sycl::free(in, q);
  sycl::free(out, q);
  std::printf(bad ? "FAILED (%d)\n" : "PASSED\n", bad);
  return bad != 0;
}
