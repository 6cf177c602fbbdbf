// Overload resolution through conversion functions ([over.ics.rank]/3.3):
// a class converting to float picks f(float) over f(double), so the <cmath>
// functions take sycl::half and bfloat16 arguments unqualified; sub-group
// shuffles of bfloat16; a member function taking the address of an array
// member through `this->` on a local object; `T*` to `void*` beats `T*` to
// `const void*` ([over.ics.rank]/3.2.1), for pointers and arrays.
#include <sycl/sycl.hpp>
#include <cmath>
#include <cstdio>

struct Celsius {
  float degrees;
  operator float() const { return degrees; }
};
int which(float) { return 1; }
int which(double) { return 2; }

int target(void *) { return 10; }
int target(const void *) { return 20; }

struct Dims {
  long sizes[2];
  long strides[2];
  long inner_stride() {
    long *s = this->strides + 1;
    return s[0];
  }
};

int main() {
  sycl::queue q;
  std::printf("device: %s\n", q.get_device().get_info<sycl::info::device::name>().c_str());
  using sycl::ext::oneapi::bfloat16;
  float *out = sycl::malloc_shared<float>(8, q);
  q.single_task([=] {
     Celsius c{-3.5f};
     out[0] = static_cast<float>(which(c));
     bfloat16 b(-2.0f);
     out[1] = fabs(b);
     sycl::half h(-1.5f);
     out[2] = fabs(h);
     out[3] = fmax(b, bfloat16(1.0f));
     out[4] = static_cast<float>(log2(bfloat16(8.0f)));
     Dims d{{4, 4}, {4, 3}};
     d.strides[1] += 2;
     out[5] = static_cast<float>(d.inner_stride());
     float local[2] = {1, 2};
     const float fixed[1] = {3};
     out[6] = static_cast<float>(target(local) + target(&local[1]));
     out[7] = static_cast<float>(target(fixed) + target(static_cast<const float *>(local)));
   }).wait();
  const float expected[8] = {1, 2, 1.5f, 1, 3, 5, 20, 40};
  int failures = 0;
  for (int i = 0; i < 8; ++i)
    if (out[i] != expected[i]) {
      std::printf("out[%d] = %g, expected %g\n", i, out[i], expected[i]);
      ++failures;
    }

  // A bfloat16 moved across a sub-group.
  bfloat16 *v = sycl::malloc_shared<bfloat16>(64, q);
  q.parallel_for(sycl::nd_range<1>(64, 16), [=](sycl::nd_item<1> it) {
     sycl::sub_group sg = it.get_sub_group();
     bfloat16 mine(static_cast<float>(it.get_global_id(0)));
     bfloat16 other = sycl::permute_group_by_xor(sg, mine, 1);
     v[it.get_global_id(0)] = other;
   }).wait();
  // Sub-groups have at least two work-items (16 on the host device).
  for (int i = 0; i < 64; ++i) {
    float want = static_cast<float>(i ^ 1);
    if (static_cast<float>(v[i]) != want) {
      std::printf("v[%d] = %g, expected %g\n", i, static_cast<float>(v[i]), want);
      ++failures;
      break;
    }
  }
  sycl::free(out, q);
  sycl::free(v, q);
  if (failures) {
    std::printf("%d checks failed\n", failures);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
