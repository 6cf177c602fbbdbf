// User-defined literals: the program's own literal operators in kernels
// (integer, character and string forms, `operator""_x` and
// `operator"" _x`, in constant expressions too), and the standard
// library's duration and string literals in host code (`250ms`, `"tag"s`).
#include <sycl/sycl.hpp>

#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

using namespace std::chrono_literals;
using namespace std::string_literals;

constexpr unsigned long long operator""_KiB(unsigned long long n) { return n * 1024; }
constexpr int operator"" _squared(unsigned long long n) { return static_cast<int>(n * n); }
constexpr char operator""_upper(char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c; }
constexpr std::size_t operator""_length(const char *, std::size_t n) { return n; }
constexpr float operator""_half(long double v) { return static_cast<float>(v / 2); }

template <int N>
int constant() {
  return N;
}

int main() {
  std::this_thread::sleep_for(1ms);
  auto waited = 2s + 500ms;
  std::string tag = "literal"s + "s";

  sycl::queue q;
  int *out = sycl::malloc_shared<int>(6, q);
  q.single_task([=] {
     out[0] = static_cast<int>(4_KiB);
     out[1] = 7_squared;
     out[2] = 'q'_upper;
     out[3] = static_cast<int>("kernel"_length);
     out[4] = constant<3_squared + 1>();
     out[5] = 0x10_squared;
   }).wait();

  int failures = 0;
  const int expected[] = {4096, 49, 'Q', 6, 10, 256};
  for (int i = 0; i < 6; ++i) {
    if (out[i] != expected[i]) {
      std::printf("literal %d: %d, expected %d\n", i, out[i], expected[i]);
      ++failures;
    }
  }
  if (std::chrono::duration_cast<std::chrono::milliseconds>(waited).count() != 2500 || tag != "literals" ||
      1.5_half != 0.75f) {
    std::printf("host literals wrong\n");
    ++failures;
  }
  sycl::free(out, q);
  std::printf("%s\n", failures ? "FAILED" : "PASSED");
  return failures != 0;
}
