// Default template arguments given by a class template's forward
// declaration and not repeated by its definition (Intel's aligned-allocator
// helpers write them so): the definition takes them, so a kernel launched
// from a function whose parameter is a std::vector with such an allocator
// has the device image the host's kernel name asks for. Also a default of
// a class template's non-type parameter, and a function template's.
#include <sycl/sycl.hpp>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <vector>

enum class Alignment : std::size_t { Normal = sizeof(void *), Page = 4096 };

template <typename T, Alignment Align = Alignment::Page> class AlignedAllocator;

template <typename T, Alignment Align> class AlignedAllocator {
 public:
  using value_type = T;
  AlignedAllocator() = default;
  template <typename U> AlignedAllocator(const AlignedAllocator<U, Align> &) {}
  template <typename U> struct rebind { using other = AlignedAllocator<U, Align>; };
  T *allocate(std::size_t n) {
    void *p = std::aligned_alloc(std::size_t(Align), (n * sizeof(T) + std::size_t(Align) - 1) / std::size_t(Align) * std::size_t(Align));
    if (!p) throw std::bad_alloc();
    return static_cast<T *>(p);
  }
  void deallocate(T *p, std::size_t) { std::free(p); }
};
template <typename T, typename U, Alignment A>
bool operator==(const AlignedAllocator<T, A> &, const AlignedAllocator<U, A> &) { return true; }
template <typename T, typename U, Alignment A>
bool operator!=(const AlignedAllocator<T, A> &, const AlignedAllocator<U, A> &) { return false; }

template <typename T> using AlignedVector = std::vector<T, AlignedAllocator<T>>;

template <int Width = 4> struct Tile;
template <int Width> struct Tile { int cells[Width]; };

int add(sycl::queue &q, const AlignedVector<int> &a, const AlignedVector<int> &b, AlignedVector<int> &sum) {
  sycl::buffer<int> ab(a.data(), a.size()), bb(b.data(), b.size()), sb(sum.data(), sum.size());
  q.submit([&](auto &h) {
    sycl::accessor x(ab, h, sycl::read_only), y(bb, h, sycl::read_only);
    sycl::accessor out(sb, h, sycl::write_only, sycl::no_init);
    h.parallel_for(sum.size(), [=](auto i) {
      Tile<> t{};
      t.cells[3] = x[i];
      out[i] = t.cells[3] + y[i] + int(sizeof(Tile<>) / sizeof(int));
    });
  });
  return 0;
}

int main() {
  sycl::queue q;
  const std::size_t n = 1000;
  AlignedVector<int> a(n), b(n), sum(n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    a[i] = int(i);
    b[i] = int(2 * i);
  }
  add(q, a, b, sum);
  int bad = 0;
  for (std::size_t i = 0; i < n; ++i) bad += sum[i] != int(3 * i) + 4;
  std::puts(bad ? "FAILED" : "PASSED");
  return bad ? 1 : 0;
}
