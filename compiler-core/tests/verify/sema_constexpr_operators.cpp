// Overloaded operators of classes in constant evaluation: member and free
// constexpr operators (binary, unary, comparisons, overloads told apart by
// their parameter types), results used by member access and member calls,
// in static_assert, template arguments inside kernels and constexpr locals.
#include <sycl/sycl.hpp>

namespace geo {
struct V2 {
  int x, y;
  constexpr V2 operator+(const V2 &o) const { return {x + o.x, y + o.y}; }
  constexpr V2 operator*(int k) const { return {x * k, y * k}; }
  constexpr V2 operator*(const V2 &o) const { return {x * o.x, y * o.y}; }
  constexpr V2 operator-() const { return {-x, -y}; }
  constexpr bool operator==(const V2 &o) const { return x == o.x && y == o.y; }
  constexpr int area() const { return x * y; }
};
// Found from the class's namespace, as argument-dependent lookup finds it.
constexpr V2 operator-(const V2 &a, const V2 &b) { return {a.x - b.x, a.y - b.y}; }
constexpr V2 scaled(V2 v, int k) { return v * k + V2{1, 1}; }
}  // namespace geo

constexpr geo::V2 tile{4, 8};
constexpr geo::V2 big = tile * 2 + geo::V2{1, 1};
static_assert(big == geo::V2{9, 17}, "member operators");
static_assert((big - tile).area() == 45, "a free operator of the class's namespace");
static_assert((-tile).x == -4 && (tile * tile).y == 64, "unary and overloaded operators");
static_assert(geo::scaled(tile, 3).y == 25, "operators inside a constexpr function");
static_assert((tile + tile).area() == 64, "wrong area"); // expected-error {{static assertion failed: wrong area}}

template <int N> struct Fixed {
  int v[N];
};

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(4, q);
  q.single_task([=]() {
    Fixed<(tile + geo::V2{0, 1}).area()> f{};
    constexpr geo::V2 twice = tile + tile;
    Fixed<twice.x> g{};
    Fixed<tile.operator+(tile).y> h{};
    out[0] = int(sizeof(f) / sizeof(int)) + int(sizeof(g) / sizeof(int)) + int(sizeof(h) / sizeof(int));
  });
  q.wait();
  return 0;
}
