// Functions of the multi-file program, each defined (with its kernel) in
// its own translation unit.
#pragma once
#include <sycl/sycl.hpp>

// Returns the largest element after scaling.
float scale(sycl::queue &q, float *data, int n, float factor);  // scale.cpp
void offset(sycl::queue &q, float *data, int n, float delta);  // offset.cpp

// A member function defined (with its kernel) in offset.cpp, which never
// calls it: the device pass there still compiles its kernel.
class Clamp {
 public:
  explicit Clamp(float limit) : m_limit(limit) {}
  // Returns the largest element after clamping.
  float apply(sycl::queue &q, float *data, int n) const;

 private:
  float m_limit;
};

// A kernel template defined in this header and used by two units
// (scale.cpp, offset.cpp): one kernel, as the one-definition rule allows,
// whose work-group array each unit's image sizes through constants it
// numbers its own way.
template <typename T>
T largest(sycl::queue &q, const T *data, int n) {
  constexpr int group = 64;
  T *result = sycl::malloc_shared<T>(1, q);
  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<T, 1> tile(group, h);
     h.parallel_for(sycl::nd_range<1>(group, group), [=](sycl::nd_item<1> it) {
       const int i = int(it.get_local_id(0));
       T m = data[0];
       for (int k = i; k < n; k += group) m = sycl::max(m, data[k]);
       tile[i] = m;
       sycl::group_barrier(it.get_group());
       if (i == 0) {
         for (int k = 1; k < group; ++k) m = sycl::max(m, tile[k]);
         *result = m;
       }
     });
   }).wait();
  T r = *result;
  sycl::free(result, q);
  return r;
}
