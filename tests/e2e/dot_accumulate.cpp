// sycl_ext_oneapi_dot_accumulate (<sycl/ext/oneapi/dot_product.hpp>), as
// int8 inference code and CUDA ports of __dp4a use it: four byte lanes per
// operand, packed in 32-bit integers (signed, unsigned and mixed) or as
// sycl::vec<int8_t/uint8_t, 4>, accumulated into an int. Every form is
// compared with the lanes multiplied out on the host.
#include <sycl/sycl.hpp>
#include <sycl/ext/oneapi/dot_product.hpp>
#include <cstdint>
#include <cstdio>

using sycl::ext::oneapi::dot_acc;

static int32_t reference(uint32_t a, bool a_signed, uint32_t b, bool b_signed, int32_t c) {
  for (int k = 0; k < 4; ++k) {
    uint32_t la = (a >> (8 * k)) & 0xffu, lb = (b >> (8 * k)) & 0xffu;
    int32_t x = a_signed ? int32_t(int8_t(la)) : int32_t(la);
    int32_t y = b_signed ? int32_t(int8_t(lb)) : int32_t(lb);
    c += x * y;
  }
  return c;
}

int main() {
  constexpr int n = 256;
  sycl::queue q;
  uint32_t *a = sycl::malloc_shared<uint32_t>(n, q);
  uint32_t *b = sycl::malloc_shared<uint32_t>(n, q);
  int32_t *out = sycl::malloc_shared<int32_t>(6 * n, q);
  for (int i = 0; i < n; ++i) {
    a[i] = 0x9e3779b9u * uint32_t(i + 1);
    b[i] = 0x85ebca6bu * uint32_t(i + 7) ^ 0x80ff017fu;
  }
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
    int i = id[0];
    int32_t c = i - 100;
    out[6 * i + 0] = dot_acc(int32_t(a[i]), int32_t(b[i]), c);
    out[6 * i + 1] = dot_acc(a[i], b[i], c);
    out[6 * i + 2] = dot_acc(int32_t(a[i]), b[i], c);
    out[6 * i + 3] = dot_acc(a[i], int32_t(b[i]), c);
    sycl::vec<int8_t, 4> va{int8_t(a[i]), int8_t(a[i] >> 8), int8_t(a[i] >> 16), int8_t(a[i] >> 24)};
    sycl::vec<uint8_t, 4> vb{uint8_t(b[i]), uint8_t(b[i] >> 8), uint8_t(b[i] >> 16), uint8_t(b[i] >> 24)};
    out[6 * i + 4] = dot_acc(va, vb, c);
    out[6 * i + 5] = dot_acc(vb, vb, c);
  }).wait();
  int errors = 0;
  for (int i = 0; i < n; ++i) {
    int32_t c = i - 100;
    const int32_t expected[6] = {
        reference(a[i], true, b[i], true, c),  reference(a[i], false, b[i], false, c),
        reference(a[i], true, b[i], false, c), reference(a[i], false, b[i], true, c),
        reference(a[i], true, b[i], false, c), reference(b[i], false, b[i], false, c)};
    for (int f = 0; f < 6; ++f) {
      if (out[6 * i + f] != expected[f] && errors++ < 8)
        std::printf("item %d form %d: %d, expected %d\n", i, f, out[6 * i + f], expected[f]);
    }
  }
  sycl::free(a, q);
  sycl::free(b, q);
  sycl::free(out, q);
  std::printf(errors == 0 ? "PASSED\n" : "FAILED\n");
  return errors == 0 ? 0 : 1;
}
