// Idioms common in published SYCL code: a buffer over a std::array (container
// CTAD in both passes), dependencies as a braced list of events, a generic
// kernel parameter taken by reference (`auto &idx`), an explicitly
// instantiated function template that launches a kernel, functions declared
// before they are defined, sycl:: math
// built-ins, std::reduce in a kernel, a constant bound to a reference
// parameter (captured, as the host compiler does), alternative tokens, and
// std::cout and assert without their headers.
#include <sycl/sycl.hpp>

using namespace sycl;

template <typename T>
T sum_on_device(queue &q, const std::vector<T> &values);

template <typename T>
T sum_on_device(queue &q, const std::vector<T> &values) {
  const size_t n = values.size();
  T *data = malloc_shared<T>(n + 1, q);
  for (size_t i = 0; i < n; i++) data[i] = values[i];
  q.single_task([=] { data[n] = std::reduce(data, data + n); }).wait();
  T result = data[n];
  free(data, q);
  return result;
}

// Instantiated here, called through the explicit instantiation only.
template float sum_on_device<float>(queue &, const std::vector<float> &);

size_t clamp_index(const size_t &i, const size_t &limit);
size_t clamp_index(const size_t &i, const size_t &limit) { return i < limit ? i : limit; }

int main() {
  queue q;
  std::array<int, 16> numbers;
  for (int i = 0; i < 16; i++) numbers[i] = i;
  {
    buffer numbers_buf(numbers);
    q.submit([&](handler &h) {
      accessor acc(numbers_buf, h);
      h.parallel_for(16, [=](auto &idx) { acc[idx] = acc[idx] * 2; });
    });
  }

  int *a = malloc_shared<int>(8, q);
  int *b = malloc_shared<int>(8, q);
  float *m = malloc_shared<float>(4, q);
  const size_t limit = 5;
  auto e1 = q.parallel_for(range{8}, [=](id<1> i) { a[i] = 1; });
  auto e2 = q.parallel_for(range{8}, [=](id<1> i) { b[i] = 2; });
  q.parallel_for(range{8}, {e1, e2}, [=](id<1> i) {
     a[i] = a[i] + b[i] + static_cast<int>(clamp_index(i[0], limit));
   }).wait();
  q.single_task([=] {
     m[0] = sycl::sqrt(16.0f);
     m[1] = sycl::clamp(7.5f, 0.0f, 2.0f) + sycl::fabs(-1.0f);
     m[2] = sycl::rsqrt(4.0f) + sycl::log2(8.0f);
     m[3] = sycl::mad(2.0f, 3.0f, 1.0f);
   }).wait();

  float total = sum_on_device(q, std::vector<float>{1.5f, 2.5f, 4.0f});
  bool ok = numbers[15] == 30 and a[7] == 8 and a[2] == 5 and m[0] == 4.0f and m[1] == 3.0f and
            m[2] == 3.5f and m[3] == 7.0f and total == 8.0f;
  assert(ok);
  std::cout << numbers[15] << " " << a[7] << " " << m[2] << " " << total << ": "
            << (ok ? "PASSED" : "FAILED") << "\n";
  free(a, q);
  free(b, q);
  free(m, q);
  return ok ? 0 : 1;
}
