// Loop and switch forms with conditions that declare variables, and
// `continue` in `do` loops: `while (int x = next())` and
// `for (...; int x = i; ...)` declare their variable anew before each test,
// `switch (int m = v % 3)` selects by the variable, and a `continue` in a
// `do { } while (cond)` loop tests the condition (also `do { } while (0)`
// as macros write it). Each kernel is checked against the same code run on
// the host.
#include <sycl/sycl.hpp>

#include <cstdio>

// Counts down from k, summing through a condition declaration.
int while_declaration(int k) {
  int sum = 0;
  while (int x = k--) sum += x;
  return sum;
}

int for_declaration(int k) {
  int sum = 0;
  for (int i = k; int x = i; --i) {
    if (x == 2) continue;
    sum += x * 10;
  }
  return sum;
}

int switch_declaration(int v) {
  switch (int m = v % 3) {
    case 0:
      return 100 + m;
    case 1:
      return 200 + m;
    default:
      return 300 + m;
  }
}

int do_continue(int n) {
  int count = 0, k = 0;
  do {
    ++k;
    if (k % 3 == 0) continue;
    count += k;
  } while (k < n);
  return count;
}

// The macro idiom: `continue` leaves a `do { } while (0)` block.
#define ADD_UNLESS(skip, sum, v) \
  do {                           \
    if (skip) continue;          \
    (sum) += (v);                \
  } while (0)

int macro_block(int v) {
  int sum = 0;
  ADD_UNLESS(v % 2 == 0, sum, v);
  ADD_UNLESS(v % 3 == 0, sum, 10 * v);
  return sum;
}

int all_forms(int i) {
  return while_declaration(i) + for_declaration(i) * 3 + switch_declaration(i) * 7 + do_continue(i + 2) * 11 +
         macro_block(i) * 13;
}

int main() {
  constexpr int n = 24;
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { out[i] = all_forms(static_cast<int>(i[0])); }).wait();
  int failures = 0;
  for (int i = 0; i < n; ++i) {
    if (out[i] != all_forms(i)) {
      std::printf("work-item %d: %d, expected %d\n", i, out[i], all_forms(i));
      ++failures;
    }
  }
  sycl::free(out, q);
  std::printf("%s\n", failures ? "FAILED" : "PASSED");
  return failures != 0;
}
