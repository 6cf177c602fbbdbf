// decltype(expr) as a type: the entity and expression forms, std::void_t
// detection idioms in partial specializations, trailing return types that
// name parameters, decltype of locals and captures inside a kernel (which
// does not capture them), namespace-scope auto variables, decltype(auto)
// return types (a reference for `return (x.m);`, a value for a local),
// decltype(auto) variables (a reference to an element, a value of a sum),
// and member detection as benchmark harnesses write it (a pointer to
// member `decltype(&T::verify) = nullptr` beside a C ellipsis overload;
// std::void_t over a call), where a kernel reached only through `if
// constexpr` on the trait must be compiled for the device.
#include <sycl/sycl.hpp>
#include <array>
#include <cstdio>
#include <type_traits>
#include <vector>

template <typename, typename = void, typename = void>
struct is_indexable_container : std::false_type {};
template <typename T>
struct is_indexable_container<T, std::void_t<decltype(std::declval<T>()[std::size_t{}])>,
                              std::void_t<decltype(std::declval<T>().size())>> : std::true_type {};
template <typename T>
constexpr bool is_indexable_container_v = is_indexable_container<T>::value;

struct Point {
  int x;
  float y;
};

static_assert(is_indexable_container_v<std::vector<int>>, "vector");
static_assert(is_indexable_container_v<std::array<float, 3>>, "array");
static_assert(!is_indexable_container_v<int>, "int");
static_assert(!is_indexable_container_v<Point>, "Point");

int global_counter = 3;
static_assert(std::is_same_v<decltype(global_counter), int>, "entity form");
static_assert(std::is_same_v<decltype((global_counter)), int &>, "expression form");
static_assert(std::is_same_v<decltype(std::declval<Point>()), Point &&>, "xvalue");

const auto table_bytes = sizeof(Point) * 4;

template <typename T>
auto twice(T v) -> decltype(v + v) {
  return v + v;
}

// Chosen for types with a size() member, through expression SFINAE.
template <typename C>
auto length(const C &c) -> decltype(c.size(), int()) {
  return static_cast<int>(c.size());
}
int length(...) { return -1; }

template <typename T>
decltype(auto) first_of(T &p) {
  return (p.x);
}
decltype(auto) doubled(int x) {
  int y = x * 2;
  return y;
}
static_assert(std::is_same_v<decltype(doubled(1)), int>, "decltype(auto) of a local");

template <typename T>
struct Traits {
  template <typename U>
  static constexpr std::false_type has_verify(...);
  template <typename U>
  static constexpr std::true_type has_verify(U, decltype(&U::verify) = nullptr);
  static constexpr bool verifies =
      std::is_same_v<decltype(has_verify<T>(std::declval<T>())), std::true_type>;
};
template <typename T, typename = void>
struct Profiles : std::false_type {};
template <typename T>
struct Profiles<T, std::void_t<decltype(std::declval<T>().run(
                       std::declval<std::vector<sycl::event> &>()))>> : std::true_type {};

struct Checked {
  int *out;
  void run(std::vector<sycl::event> &) {}
  bool verify(sycl::queue &q) {
    int *o = out;
    q.single_task([=] { o[0] = 77; }).wait();
    return out[0] == 77;
  }
};
struct Unchecked {
  void run() {}
};
static_assert(Traits<Checked>::verifies, "Checked::verify detected");
static_assert(!Traits<Unchecked>::verifies, "no Unchecked::verify");
static_assert(Profiles<Checked>::value && !Profiles<Unchecked>::value, "run(events) detected");

template <typename B>
bool maybe_verify(B b, sycl::queue &q) {
  if constexpr (Traits<B>::verifies)
    return b.verify(q);
  else
    return true;
}

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(8, q);
  float scale = 2.5f;
  q.single_task([=] {
     Point p{4, 1.5f};
     decltype(p.x) a = 7;
     decltype(p.y * scale) b = p.y * 2;
     using Element = decltype(out[0]);
     Element first = out[0];
     first = a;
     out[1] = static_cast<int>(b * 10);
     out[2] = twice(21);
     out[3] = static_cast<int>(twice(1.25f) * 4);
     out[4] = static_cast<int>(table_bytes);
     out[5] = sizeof(decltype(scale)) == 4 ? 1 : 0;
     Point r{1, 0.0f};
     first_of(r) = 9;
     out[6] = r.x;
     int cells[2] = {1, 2};
     decltype(auto) cell = cells[1];   // int&: writes go to cells[1]
     decltype(auto) sum = cells[0] + 3;  // int
     cell = 40;
     sum += 100;
     out[7] = doubled(8) + cells[1] + sum;
   }).wait();
  std::vector<int> v(5);
  int *checked = sycl::malloc_shared<int>(1, q);
  bool verified = maybe_verify(Checked{checked}, q) && maybe_verify(Unchecked{}, q);
  sycl::free(checked, q);
  bool ok = verified && out[0] == 7 && out[1] == 30 && out[2] == 42 && out[3] == 10 && out[4] == 32 &&
            out[5] == 1 && out[6] == 9 && out[7] == 16 + 40 + 104 && length(v) == 5 && length(3) == -1;
  std::printf("%d %d %d %d %d %d: %s\n", out[0], out[1], out[2], out[3], out[4], out[5],
              ok ? "PASSED" : "FAILED");
  sycl::free(out, q);
  return ok ? 0 : 1;
}
