// Arrays of const elements as template arguments and in deduction: an
// array of const is itself const (`is_const_v<const float[4]>`), its
// extent removes to a const element (`remove_extent_t<const float[4]>` is
// `const float`), `T (&)[N]` deduces `T = const int` from a const array,
// and partial specializations on `T[N]` select with const elements. The
// kernels are named by such types and live in templates instantiated with
// them, so on a GPU each is found only if the device pass names and
// mangles them as the host compiler does (`A4_Ki`).
#include <sycl/sycl.hpp>
#include <cstddef>
#include <iostream>
#include <type_traits>

static_assert(std::is_const_v<const float[4]>);
static_assert(!std::is_const_v<float[4]>);
static_assert(std::is_same_v<std::remove_extent_t<const float[4]>, const float>);
static_assert(std::is_same_v<std::remove_const_t<const float[4]>, float[4]>);
static_assert(std::is_same_v<std::remove_cv_t<const int[2][3]>, int[2][3]>);
static_assert(std::is_same_v<std::remove_all_extents_t<const int[2][3]>, const int>);
static_assert(std::is_same_v<std::remove_extent_t<const int[2][3]>, const int[3]>);
using Row = const int[3];
static_assert(std::is_same_v<const Row, Row>);
static_assert(std::is_same_v<std::add_const_t<int[3]>, Row>);
typedef const int ConstInt;
static_assert(std::is_same_v<ConstInt[3], Row>);
static_assert(!std::is_same_v<int[3], Row>);
static_assert(std::extent_v<Row> == 3 && std::rank_v<const int[2][3]> == 2);

// A partial specialization peeling one extent at a time.
template <class T> struct depth { static constexpr int value = 0; };
template <class T, std::size_t N> struct depth<T[N]> {
  static constexpr int value = 1 + depth<T>::value;
  static constexpr bool const_elements = std::is_const_v<T>;
};
static_assert(depth<const int[2][3]>::value == 2);
static_assert(depth<const int[2][3]>::const_elements);
static_assert(!depth<int[2][3]>::const_elements);

template <class Table> struct SumKernel;

// `T` is `const int` for a const table: the kernel's name and the
// function's mangled name (which names the lambda) both say so.
template <class T, std::size_t N>
int sum_on_device(sycl::queue &q, T (&table)[N]) {
  constexpr bool is_const_table = std::is_const_v<T>;
  int result = 0;
  {
    sycl::buffer<int> out(&result, 1);
    q.submit([&](sycl::handler &h) {
      sycl::accessor o{out, h, sycl::write_only};
      h.single_task<SumKernel<T[N]>>([=] {
        int s = 0;
        for (std::size_t i = 0; i < N; ++i) s += table[i];
        o[0] = s + (is_const_table ? 1000 : 0);
      });
    });
  }
  return result;
}

// An unnamed kernel inside a template deduced from a pointer to a const
// array: `T (*)[N]` with `T = const float`.
template <class T, std::size_t N>
float scaled_first(sycl::queue &q, T (*rows)[N], float factor) {
  static_assert(std::is_const_v<T>, "T is deduced as const float");
  std::remove_const_t<T> copy[N];
  for (std::size_t i = 0; i < N; ++i) copy[i] = rows[0][i];
  float *out = sycl::malloc_shared<float>(1, q);
  q.single_task([=] {
    float s = 0;
    for (std::size_t i = 0; i < N; ++i) s += copy[i];
    *out = s * factor + depth<T[N]>::value;
  }).wait();
  float r = *out;
  sycl::free(out, q);
  return r;
}

int main() {
  sycl::queue q;
  const int fixed[4] = {1, 2, 3, 4};
  int mutable_table[3] = {10, 20, 30};
  int a = sum_on_device(q, fixed);
  int b = sum_on_device(q, mutable_table);
  const float grid[2][3] = {{0.5f, 1.5f, 2.0f}, {9.0f, 9.0f, 9.0f}};
  float c = scaled_first(q, grid, 2.0f);
  std::cout << "const table: " << a << ", table: " << b << ", scaled row: " << c << "\n";
  bool ok = a == 1010 && b == 60 && c == 9.0f;
  std::cout << (ok ? "PASSED" : "FAILED") << "\n";
  return ok ? 0 : 1;
}
