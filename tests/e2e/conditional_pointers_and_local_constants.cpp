// Two things ported benchmarks do in device code:
// - `?:` between a pointer and a null pointer constant (`return ok ?
//   &a[i] : 0;`) or a less qualified pointer (`c ? p : cp`) has the
//   composite pointer type, so a pointer variable assigned from it in a
//   loop (`if ((v = array_val(...)))`) stays a pointer;
// - a local constant computed from other local constants (`constexpr
//   float cov_norm = use_sample ? float(NP) / (NP - 1) : 1.f;`) read by a
//   kernel that does not capture it.
#include <sycl/sycl.hpp>
#include <cstdio>

static int *array_val(int *a, int i, bool can_pair) { return can_pair ? &a[i] : 0; }
static const int *either(const int *cp, int *p, bool first) { return first ? cp : p; }
static int *maybe(int *p, bool keep) { return keep ? p : nullptr; }

int main() {
  sycl::queue q;
  constexpr int n = 16;
  int *a = sycl::malloc_shared<int>(n, q);
  int *r = sycl::malloc_shared<int>(4, q);
  float *f = sycl::malloc_shared<float>(2, q);
  for (int i = 0; i < n; ++i) a[i] = i;

  constexpr bool use_sample = true;
  constexpr int win = 7;
  constexpr int NP = win * win * win;
  constexpr float cov_norm = use_sample ? float(NP) / (NP - 1) : 1.f;
  constexpr double half = NP / 2.0;

  q.single_task([=] {
    const int *v;
    int s = 0, nulls = 0;
    for (int k = 0; k < n; ++k) {
      if ((v = array_val(a, k, k % 3 == 0)))
        s += *v;
      else
        ++nulls;
    }
    r[0] = s;
    r[1] = nulls;
    r[2] = *either(a + 2, a + 5, s > 100) + (maybe(a, s > 0) ? 10 : 0) + (maybe(a, false) ? 100 : 0);
    f[0] = cov_norm * 2.f;
    f[1] = float(half);
  }).wait();

  const bool ok = r[0] == 0 + 3 + 6 + 9 + 12 + 15 && r[1] == 10 && r[2] == 15 &&
                  f[0] == cov_norm * 2.f && f[1] == 171.5f;
  if (!ok)
    std::printf("r = %d %d %d, f = %f %f\n", r[0], r[1], r[2], f[0], f[1]);
  sycl::free(a, q);
  sycl::free(r, q);
  sycl::free(f, q);
  std::puts(ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
