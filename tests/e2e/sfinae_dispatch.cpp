// SFINAE with std::enable_if selecting overloads for integral and floating
// types, called from device code.
#include <sycl/sycl.hpp>
#include <iostream>
#include <type_traits>

template <typename T, typename std::enable_if<std::is_integral<T>::value, int>::type = 0>
T halve(T x) { return x / 2; }

template <typename T, std::enable_if_t<std::is_floating_point_v<T>, int> = 0>
T halve(T x) { return x * 0.5f; }

int main() {
  sycl::queue q;
  constexpr int N = 50;
  int *iv = sycl::malloc_shared<int>(N, q);
  float *fv = sycl::malloc_shared<float>(N, q);
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> id) {
    int i = static_cast<int>(id[0]);
    iv[i] = halve(2 * i + 1);
    fv[i] = halve(float(i));
  }).wait();
  bool ok = true;
  for (int i = 0; i < N; ++i) ok = ok && iv[i] == i && fv[i] == 0.5f * i;
  sycl::free(iv, q);
  sycl::free(fv, q);
  std::cout << (ok ? "PASSED" : "FAILED") << "\n";
  return ok ? 0 : 1;
}
