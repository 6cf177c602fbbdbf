// Function templates that take buffers and launch lambda kernels, called
// for several element types and dimensions: the kernels' names carry the
// buffer's default allocator argument (buffer_allocator<remove_const_t<T>>),
// which the device pass must name as the host compiler does. Also helper
// templates whose parameter types are member types of traits.
#include <sycl/sycl.hpp>
#include <iostream>
#include <type_traits>
#include <vector>

template <typename T>
void scale(sycl::queue &q, sycl::buffer<T, 1> &buf, T factor) {
  q.submit([&](sycl::handler &h) {
    sycl::accessor a{buf, h, sycl::read_write};
    h.parallel_for(buf.get_range(), [=](sycl::id<1> i) { a[i] *= factor; });
  });
}

template <typename T, int Dims>
void iota_nd(sycl::queue &q, sycl::buffer<T, Dims> &buf) {
  q.submit([&](sycl::handler &h) {
    sycl::accessor a{buf, h, sycl::write_only, sycl::no_init};
    h.parallel_for(buf.get_range(), [=](sycl::item<Dims> it) { a[it] = T(it.get_linear_id()); });
  });
}

template <typename T>
void add_to(sycl::queue &q, typename std::remove_const<T>::type *dst, std::remove_cv_t<T> value, size_t n) {
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { dst[i] += value; }).wait();
}

template <typename T>
bool check_type(sycl::queue &q) {
  std::vector<T> v(16);
  for (size_t i = 0; i < v.size(); ++i) v[i] = T(i);
  {
    sycl::buffer<T, 1> b(v.data(), sycl::range<1>(v.size()));
    scale(q, b, T(3));
  }
  for (size_t i = 0; i < v.size(); ++i)
    if (v[i] != T(3 * i)) return false;
  sycl::buffer<T, 2> grid{sycl::range<2>(4, 5)};
  iota_nd(q, grid);
  sycl::host_accessor g(grid);
  for (size_t r = 0; r < 4; ++r)
    for (size_t c = 0; c < 5; ++c)
      if (g[r][c] != T(r * 5 + c)) return false;
  T *usm = sycl::malloc_shared<T>(8, q);
  for (int i = 0; i < 8; ++i) usm[i] = T(i);
  add_to<const T>(q, usm, T(2), 8);
  bool ok = true;
  for (int i = 0; i < 8; ++i) ok = ok && usm[i] == T(i + 2);
  sycl::free(usm, q);
  return ok;
}

int main() {
  sycl::queue q;
  bool ok = check_type<int>(q) && check_type<float>(q) && check_type<short>(q) && check_type<unsigned>(q);
  std::cout << (ok ? "PASSED" : "FAILED") << "\n";
  return ok ? 0 : 1;
}
