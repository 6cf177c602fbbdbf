// Top-level `const` as C++ keeps it: in template arguments (`is_same`,
// `is_const`, `remove_const`, aliases of const types, `T` deduced from a
// `const` object by `T&` and `T*`), in overload resolution (a `const`
// object binds only to references to const and calls only `const` member
// functions, `f(const T&)` is more specialized than `f(T&)`), and member
// pointer declarations at block scope with `.*` and `->*` in host code.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <type_traits>

struct Q { int v; void f(); int g(int) const; };
using CI = const int;
template <class T> using AddConst = const T;

static_assert(!std::is_same_v<const int, int>, "const is part of the type");
static_assert(std::is_same_v<CI, const int> && !std::is_same_v<CI, int>, "alias of a const type");
static_assert(std::is_same_v<const CI, const int>, "const const is const");
static_assert(std::is_const_v<const int> && !std::is_const_v<int>, "is_const");
static_assert(!std::is_const_v<const int *> && std::is_const_v<int *const>, "pointer const");
static_assert(std::is_const_v<AddConst<float>> && std::is_const_v<std::add_const_t<int>>, "added const");
static_assert(std::is_same_v<std::remove_const_t<const int>, int>, "remove_const");
static_assert(std::is_same_v<std::remove_cv_t<const int>, int>, "remove_cv");
static_assert(std::is_const_v<std::remove_reference_t<const int &>>, "referenced const");
static_assert(!std::is_const_v<std::remove_reference_t<int &>>, "referenced non-const");
static_assert(std::is_same_v<std::decay_t<const int &>, int>, "decay");
static_assert(std::is_same_v<std::remove_pointer_t<const float *>, const float>, "pointee const");
static_assert(std::is_member_pointer_v<int Q::*> && !std::is_member_pointer_v<int *>, "member pointer");
static_assert(std::is_member_object_pointer_v<int Q::*>, "member object pointer");
static_assert(std::is_member_function_pointer_v<void (Q::*)()>, "member function pointer");
static_assert(std::is_member_function_pointer_v<int (Q::*)(int) const>, "const member function pointer");
static_assert(std::is_function_v<int(float)> && !std::is_function_v<int>, "function types");

template <class T> constexpr int const_pointee(T *) { return std::is_const_v<T> ? 1 : 0; }
template <class T> constexpr int const_referee(T &) { return std::is_const_v<T> ? 1 : 0; }
template <class T> constexpr int forwarded(T &&) { return std::is_const_v<std::remove_reference_t<T>> ? 1 : 0; }

int which(int &) { return 1; }
int which(const int &) { return 2; }
template <class T> int specialized(T &) { return 3; }
template <class T> int specialized(const T &) { return 4; }

struct Counter {
  int hits = 1;
  int get() { return 10 + hits; }
  int get() const { return 20 + hits; }
  int &at() { return hits; }
  const int &at() const { return hits; }
};

// Selected by `if constexpr` on the deduced type's constness.
template <class T> int scale(T &x) {
  if constexpr (std::is_const_v<T>) {
    return x * 100;
  } else {
    x *= 2;
    return x;
  }
}

struct Runner {
  int base = 2;
  int twice(int x) { return base * x * 2; }
  int thrice(int x) { return base * x * 3; }
  int field = 7;
};
using Op = int (Runner::*)(int);
static int apply(Runner &r, Op op, int v) { return (r.*op)(v); }

int main() {
  // Member pointers in host code: declared at block scope, called through.
  Runner runner;
  int (Runner::*ops[2])(int) = {&Runner::twice, &Runner::thrice};
  int Runner::*field = &Runner::field;
  Runner *rp = &runner;
  int host_total = apply(runner, ops[0], 1) + (rp->*ops[1])(1) + runner.*field + rp->*field;

  sycl::queue q;
  int *r = sycl::malloc_shared<int>(10, q);
  q.single_task([=] {
     const int c = 3;
     int m = 4;
     r[0] = const_pointee(&c) * 10 + const_pointee(&m);
     r[1] = const_referee(c) * 10 + const_referee(m);
     r[2] = forwarded(c) * 10 + forwarded(m);
     r[3] = which(m) * 10 + which(c);
     r[4] = specialized(m) * 10 + specialized(c);
     Counter counter;
     const Counter fixed;
     counter.at() = 5;
     r[5] = counter.get() * 100 + fixed.get();
     const int table[2] = {6, 7};
     r[6] = which(table[1]) * 10 + fixed.at();
     int n = 8;
     r[7] = scale(c) + scale(n) * 1000;
     const Counter *cp = &counter;
     r[8] = cp->get();
     r[9] = host_total;
   }).wait();
  const int expected[10] = {10, 10, 10, 12, 34, 1521, 21, 16300, 25, 24};
  bool ok = true;
  for (int i = 0; i < 10; ++i) {
    if (r[i] != expected[i]) {
      std::printf("r[%d] = %d, expected %d\n", i, r[i], expected[i]);
      ok = false;
    }
  }
  sycl::free(r, q);
  std::puts(ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
