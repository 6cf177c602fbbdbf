// Kernel arguments of every device copyable kind (SYCL 2020 3.13.1):
// trivially copyable classes, a class with a user-provided copy
// constructor and destructor that the program declares device copyable
// (a full and a partial sycl::is_device_copyable specialization, written
// with qualified names), the standard wrappers (std::array, std::pair,
// std::tuple, std::optional), an aggregate with a destructor, and a class
// with only a user-provided copy assignment. Inside the kernel, a value
// class with explicitly defaulted copy and move operations is assigned.
#include <sycl/sycl.hpp>
#include <array>
#include <cstdio>
#include <optional>
#include <tuple>
#include <utility>

struct Blessed {
  int v;
  explicit Blessed(int x) : v(x) {}
  Blessed(const Blessed &o) : v(o.v) {}
  ~Blessed() {}
};
template <>
struct sycl::is_device_copyable<Blessed> : std::true_type {};

template <int N>
struct Table {
  Blessed first;
  int rest[N];
};
template <int N>
struct sycl::is_device_copyable<Table<N>> : std::true_type {};

struct Plain {
  int v;
  ~Plain() {}
};

struct Assigned {
  int v;
  Assigned &operator=(const Assigned &o) {
    v = o.v;
    return *this;
  }
};

template <typename T>
class Vec2 {
 public:
  Vec2() {}
  Vec2(T x, T y) : x_{x, y} {}
  Vec2(const Vec2 &) = default;
  Vec2 &operator=(const Vec2 &) = default;
  Vec2(Vec2 &&) noexcept = default;
  Vec2 &operator=(Vec2 &&) noexcept = default;
  T operator[](int i) const { return x_[i]; }
  Vec2 operator-(const Vec2 &r) const { return {x_[0] - r[0], x_[1] - r[1]}; }
  Vec2 &operator-=(const Vec2 &r) { return *this = *this - r; }
  Vec2 &operator+=(const Vec2 &r) {
    Vec2 sum(x_[0] + r[0], x_[1] + r[1]);
    *this = sum;
    return *this;
  }

 private:
  T x_[2];
};

static_assert(sycl::is_device_copyable_v<Blessed>);
static_assert(sycl::is_device_copyable_v<std::pair<int, Blessed>>);
static_assert(!sycl::is_device_copyable_v<std::tuple<int, std::optional<Plain>>>);

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(8, q);
  float *fout = sycl::malloc_shared<float>(2, q);
  Blessed b(1);
  Table<2> t{Blessed(2), {3, 4}};
  Plain p{5};
  Assigned a{6};
  std::array<int, 2> arr{7, 8};
  std::pair<int, float> pr{9, 10.5f};
  std::tuple<int, float, char> tu{11, 12.5f, 'x'};
  std::optional<int> opt = 13;
  q.single_task([=] {
     out[0] = b.v;
     out[1] = t.first.v + t.rest[0] * 10 + t.rest[1] * 100;
     out[2] = p.v;
     out[3] = a.v;
     out[4] = arr[0] * 10 + arr[1];
     out[5] = pr.first + static_cast<int>(pr.second * 2);
     out[6] = std::get<0>(tu) + (std::get<2>(tu) == 'x' ? 1000 : 0);
     out[7] = opt.has_value() ? *opt : -1;
     Vec2<float> u(5, 7), w(1, 2);
     u -= w;
     u += w;
     u -= w;
     fout[0] = u[0];
     fout[1] = u[1] + std::get<1>(tu);
   }).wait();

  const int expected[8] = {1, 432, 5, 6, 78, 30, 1011, 13};
  int bad = 0;
  for (int i = 0; i < 8; ++i)
    if (out[i] != expected[i] && bad++ < 5) std::printf("out[%d] = %d, expected %d\n", i, out[i], expected[i]);
  if (fout[0] != 4.0f || fout[1] != 17.5f) {
    std::printf("Vec2 = (%g, %g), expected (4, 17.5)\n", fout[0], fout[1]);
    ++bad;
  }
  sycl::free(out, q);
  sycl::free(fout, q);
  std::printf(bad ? "FAILED\n" : "PASSED\n");
  return bad ? 1 : 0;
}
