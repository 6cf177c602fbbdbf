// Device code organised the way applications are: nested namespaces and
// using-declarations, scoped and unscoped enums in switches, static
// constexpr members and static member functions, a namespace alias, C-style
// unnamed enums (a typedef'd one captured by the kernel, a variable of one,
// enumerators as conditions).
#include <sycl/sycl.hpp>
#include <iostream>

namespace physics {
namespace units {
enum class Kind { Mass, Length, Time };
constexpr float factor(Kind k) {
  return k == Kind::Mass ? 1000.0f : (k == Kind::Length ? 100.0f : 60.0f);
}
}  // namespace units

enum Shape { Square = 1, Triangle = 3, Hexagon = 6 };

struct Grid {
  static constexpr int Rows = 4;
  static constexpr int Cols = 5;
  static constexpr int cells() { return Rows * Cols; }
  static int index(int r, int c) { return r * Cols + c; }
};

inline float convert(units::Kind k, float v) {
  switch (k) {
    case units::Kind::Mass:
      return v * units::factor(k);
    case units::Kind::Length:
      return v * units::factor(units::Kind::Length);
    default:
      break;
  }
  return v * 60.0f;
}

inline int corners(Shape s) {
  switch (s) {
    case Square: return 4;
    case Triangle: return 3;
    case Hexagon: return 6;
  }
  return 0;
}
}  // namespace physics

typedef enum { MODE_SUM = 0, MODE_SCALED = 1 } blend_mode_t;

// Unnamed enumerators of a class template as conditions (CUB's
// `if (INSERT_PADDING)`).
template <int N>
struct Padding {
  enum { PAD = N > 4, SHIFT = 5 };
  static int padded(int x) {
    if (PAD) x += x >> SHIFT;
    return x;
  }
};
enum { Small = 2, Large = 7 } default_size = Large;

namespace pu = physics::units;
using physics::Grid;

int main() {
  sycl::queue q;
  float *out = sycl::malloc_shared<float>(Grid::cells(), q);
  q.parallel_for(sycl::range<1>(Grid::cells()), [=](sycl::id<1> i) {
     int r = int(i[0]) / Grid::Cols, c = int(i[0]) % Grid::Cols;
     pu::Kind k = static_cast<pu::Kind>(r % 3);
     float v = physics::convert(k, float(c));
     if (r == 3) v = float(physics::corners(c % 2 ? physics::Hexagon : physics::Triangle));
     out[Grid::index(r, c)] = v;
   }).wait();
  bool ok = true;
  for (int r = 0; r < Grid::Rows; ++r) {
    for (int c = 0; c < Grid::Cols; ++c) {
      float expected = r == 3 ? (c % 2 ? 6.0f : 3.0f) : float(c) * (r == 0 ? 1000.0f : r == 1 ? 100.0f : 60.0f);
      ok = ok && out[Grid::index(r, c)] == expected;
    }
  }
  static_assert(Grid::cells() == 20, "static constexpr member function");
  // A kernel capturing a value of a typedef'd unnamed enum and one of an
  // unnamed enum's variable type.
  blend_mode_t mode = MODE_SCALED;
  auto size = default_size;
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) {
     out[i] = mode == MODE_SCALED ? float(i[0]) * float(size) : float(i[0]) + float(size);
     if (size == Small) out[i] = -1.0f;
     out[i] += float(Padding<8>::padded(64) - Padding<2>::padded(64));  // + 2
   }).wait();
  for (int i = 0; i < 4; ++i) ok = ok && out[i] == float(i) * 7.0f + 2.0f;
  sycl::free(out, q);
  std::cout << (ok ? "PASSED" : "FAILED") << std::endl;
  return ok ? 0 : 1;
}
