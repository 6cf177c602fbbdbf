// Idioms of published SYCL samples that the toolchain once rejected:
// queues constructed from a selector and a braced property list
// (`sycl::queue{sel, {property::queue::in_order{}}}`, in braces and in
// parentheses), a pointer that walks the elements of a vector parameter
// from `&v.x()`, and the address of a reference a function returns into a
// local (`&std::max(a, b)`, `&pick(arr, i)`); host code that asks an
// ofstream where it is (`tellp`); a captured class template whose array
// bounds are elements of a constexpr table (`int a[widths[n - 1]]`).
#include <sycl/sycl.hpp>
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <string>
#include <unistd.h>

// Which of the ascending cumulative sizes in `sizes` index `v` falls under.
int bucket_of(const sycl::int4 sizes, int v) {
  auto bound = &sizes.x();
  int n = 0;
  while (n < 3 && v >= *bound) {
    ++bound;
    ++n;
  }
  return n;
}

int &pick(int (&arr)[4], int i) { return arr[i & 3]; }

constexpr int widths[3] = {4, 8, 16};
template <int n>
struct Table {
  int cells[widths[n - 1]];
  int count;
};
static_assert(sizeof(Table<2>) == 9 * sizeof(int), "widths[1] cells and a count");

int main() {
  int errors = 0;
  auto in_order = sycl::queue{sycl::default_selector_v, {sycl::property::queue::in_order{}}};
  sycl::queue both{sycl::default_selector_v,
                   {sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  sycl::queue parens(sycl::default_selector_v, {sycl::property::queue::in_order{}});
  if (!in_order.is_in_order() || !both.is_in_order() || !parens.is_in_order()) {
    std::printf("a queue lost its in_order property\n");
    ++errors;
  }
  if (!both.has_property<sycl::property::queue::enable_profiling>()) {
    std::printf("a queue lost its enable_profiling property\n");
    ++errors;
  }

  const int N = 64;
  int *out = sycl::malloc_shared<int>(3 * N, in_order);
  sycl::int4 sizes{10, 20, 40, 1000};
  in_order.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) {
    int v = int(i[0]);
    out[i] = bucket_of(sizes, v);
    int a = v, b = 2 * v - 40;
    const int *larger = &std::max(a, b);
    out[N + i] = *larger;
    int arr[4] = {v, v + 1, v + 2, v + 3};
    int *slot = &pick(arr, v);
    *slot = -1;
    out[2 * N + i] = arr[0] + arr[1] + arr[2] + arr[3];
  });
  Table<2> table{};
  for (int c = 0; c < 8; ++c) table.cells[c] = c * c;
  table.count = 8;
  int *table_sum = sycl::malloc_shared<int>(1, in_order);
  in_order.single_task([=] {
    int sum = 0;
    for (int c = 0; c < table.count; ++c) sum += table.cells[c];
    *table_sum = sum;
  });
  both.single_task([=] { out[0] += 0; }).wait();
  parens.wait();
  in_order.wait();

  for (int v = 0; v < N; ++v) {
    int bucket = v < 10 ? 0 : v < 20 ? 1 : v < 40 ? 2 : 3;
    if (out[v] != bucket && errors++ < 5) std::printf("bucket_of(%d) = %d, want %d\n", v, out[v], bucket);
    if (out[N + v] != std::max(v, 2 * v - 40) && errors++ < 5)
      std::printf("max at %d: %d\n", v, out[N + v]);
    int want = 4 * v + 6 - (v + (v & 3)) - 1;
    if (out[2 * N + v] != want && errors++ < 5)
      std::printf("pick at %d: %d, want %d\n", v, out[2 * N + v], want);
  }
  // The size of an image written to a file, as the book's samples report it.
  const std::string path = "ported_code_idioms_4." + std::to_string(getpid()) + ".pgm";
  {
    std::ofstream image(path, std::ios::binary);
    image << "P5 8 8 255\n";
    for (int v = 0; v < N; ++v) image.put(char(out[v] * 60));
    if (long(image.tellp()) != 11 + N && errors++ < 5) std::printf("tellp: %ld\n", long(image.tellp()));
  }
  std::remove(path.c_str());
  if (*table_sum != 140 && errors++ < 5) std::printf("table sum %d, want 140\n", *table_sum);
  sycl::free(table_sum, in_order);
  sycl::free(out, in_order);
  std::printf(errors ? "FAILED\n" : "PASSED\n");
  return errors != 0;
}
