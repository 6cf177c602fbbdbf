// Structured bindings (C++17) in kernels and in the host code around them:
// arrays (by copy and by reference), classes (own and inherited members),
// std::pair from a function, std::array through the tuple protocol, and
// range-for over a std::map with `auto [key, value]`.
#include <sycl/sycl.hpp>
#include <array>
#include <iostream>
#include <map>
#include <utility>

struct Sample {
  float value;
  int weight;
};
struct Tagged : Sample {};

std::pair<int, float> halve(int v) { return {v / 2, v * 0.5f}; }

int main() {
  std::map<int, int> weights{{1, 2}, {3, 4}, {5, 6}};
  int host_sum = 0;
  for (auto [key, value] : weights) host_sum += key * value;  // 2 + 12 + 30
  for (const auto &[key, value] : weights) host_sum += key;   // + 9
  if (auto [first, second] = halve(8); first == 4) host_sum += static_cast<int>(second);

  sycl::queue q;
  constexpr int N = 64;
  int *out = sycl::malloc_shared<int>(N * 8, q);
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> id) {
     int i = static_cast<int>(id[0]);
     int *o = out + i * 8;
     int arr[3] = {i, i + 1, i + 2};
     auto [a, b, c] = arr;  // copies
     a = 100;               // the copy, not arr
     auto &[ra, rb, rc] = arr;
     rc = -i;               // arr[2]
     o[0] = a + b + c + arr[0];
     o[1] = arr[2];
     Sample s{1.5f, i};
     auto &[sv, sw] = s;
     sw *= 2;
     const auto [cv, cw] = s;
     o[2] = static_cast<int>(cv * 2) + cw + s.weight;
     Tagged t;
     t.value = 2.0f;
     t.weight = 3;
     auto [tv, tw] = t;
     o[3] = static_cast<int>(tv) * tw;
     auto [h, f] = halve(i);
     o[4] = h + static_cast<int>(f * 2);
     std::array<int, 3> sa{i, 2 * i, 3 * i};
     auto &[s0, s1, s2] = sa;
     s1 = 7;
     o[5] = s0 + sa[1] + s2;
     int sum = 0;
     Sample pairs[2] = {{1.0f, 1}, {2.0f, 2}};
     for (auto [pv, pw] : pairs) sum += static_cast<int>(pv) * pw;
     o[6] = sum + host_sum;
   }).wait();
  bool ok = true;
  for (int i = 0; i < N; ++i) {
    const int *o = out + i * 8;
    int expect[7] = {100 + (i + 1) + (i + 2) + i, -i, 3 + 4 * i, 6, i / 2 + i, 4 * i + 7, 5 + 57};
    for (int k = 0; k < 7; ++k) {
      if (o[k] != expect[k]) {
        if (ok) std::cout << "item " << i << " slot " << k << ": " << o[k] << " != " << expect[k] << "\n";
        ok = false;
      }
    }
  }
  sycl::free(out, q);
  std::cout << (ok ? "PASSED" : "FAILED") << "\n";
  return ok ? 0 : 1;
}
