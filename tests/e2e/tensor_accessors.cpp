// Objects holding a pointer beside arrays of sizes and strides, as
// PyTorch-style packed tensor accessors are: `m[i][j]` goes through a
// sub-accessor that points into the parent's `sizes`/`strides` arrays;
// taken by value as a kernel's helper parameter, and as a local whose
// array the code walks through a pointer.
#include <sycl/sycl.hpp>
#include <cstdint>
#include <cstdio>

template <typename T, int N>
struct Accessor {
  Accessor(T *data, const int64_t *sizes, const int64_t *strides) : data_(data), sizes_(sizes), strides_(strides) {}
  Accessor<T, N - 1> operator[](int64_t i) const {
    return Accessor<T, N - 1>(data_ + strides_[0] * i, sizes_ + 1, strides_ + 1);
  }
  int64_t size(int d) const { return sizes_[d]; }
  T *data_;
  const int64_t *sizes_;
  const int64_t *strides_;
};

template <typename T>
struct Accessor<T, 1> {
  Accessor(T *data, const int64_t *sizes, const int64_t *strides) : data_(data), sizes_(sizes), strides_(strides) {}
  T &operator[](int64_t i) const { return data_[strides_[0] * i]; }
  int64_t size(int d) const { return sizes_[d]; }
  T *data_;
  const int64_t *sizes_;
  const int64_t *strides_;
};

// Owns its sizes and strides: what a kernel captures by value.
template <typename T, int N>
struct PackedAccessor {
  PackedAccessor(T *data, const int64_t *sizes, const int64_t *strides) : data_(data) {
    for (int d = 0; d < N; ++d) {
      sizes_[d] = sizes[d];
      strides_[d] = strides[d];
    }
  }
  Accessor<T, N - 1> operator[](int64_t i) {
    int64_t *inner_sizes = sizes_ + 1;
    int64_t *inner_strides = strides_ + 1;
    return Accessor<T, N - 1>(data_ + strides_[0] * i, inner_sizes, inner_strides);
  }
  int64_t size(int d) const { return sizes_[d]; }
  T *data_;
  int64_t sizes_[N];
  int64_t strides_[N];
};

// y = M x through accessors taken by value.
void matvec(sycl::nd_item<1> &item, PackedAccessor<float, 1> y, PackedAccessor<float, 2> m,
            PackedAccessor<float, 1> x) {
  int64_t i = item.get_global_id(0);
  if (i < y.size(0)) {
    float sum = 0.0f;
    for (int64_t j = 0; j < m.size(1); ++j) sum += m[i][j] * x.data_[j * x.strides_[0]];
    y.data_[i * y.strides_[0]] = sum;
  }
}

int main() {
  sycl::queue q;
  const int64_t rows = 70, cols = 33;
  float *m = sycl::malloc_shared<float>(rows * cols, q);
  float *x = sycl::malloc_shared<float>(cols, q);
  float *y = sycl::malloc_shared<float>(rows, q);
  int64_t *walked = sycl::malloc_shared<int64_t>(rows, q);
  for (int64_t i = 0; i < rows * cols; ++i) m[i] = float(i % 7) - 3.0f;
  for (int64_t j = 0; j < cols; ++j) x[j] = float(j % 5);
  const int64_t sizes[2] = {rows, cols}, strides[2] = {cols, 1}, one = 1;
  PackedAccessor<float, 2> m_acc(m, sizes, strides);
  PackedAccessor<float, 1> x_acc(x, &cols, &one);
  PackedAccessor<float, 1> y_acc(y, &rows, &one);
  q.parallel_for(sycl::nd_range<1>(128, 32), [=](sycl::nd_item<1> item) { matvec(item, y_acc, m_acc, x_acc); }).wait();

  // A local accessor object whose arrays a pointer walks.
  q.parallel_for(sycl::range<1>(rows), [=](sycl::id<1> id) {
     int64_t i = id[0];
     const int64_t local_sizes[2] = {i, i + 1}, local_strides[2] = {2 * i, 1};
     PackedAccessor<float, 2> a(m, local_sizes, local_strides);
     const int64_t *s = a.sizes_;
     int64_t total = 0;
     for (int d = 0; d < 2; ++d) total += s[d] * 10 + a.strides_[d];
     walked[i] = total + (a.data_ == m ? 1000 : 0);
   }).wait();

  int errors = 0;
  for (int64_t i = 0; i < rows; ++i) {
    float want = 0.0f;
    for (int64_t j = 0; j < cols; ++j) want += m[i * cols + j] * x[j];
    if (y[i] != want && errors++ < 5) std::printf("y[%lld] = %g, want %g\n", (long long)i, y[i], want);
    int64_t want_walk = i * 10 + 2 * i + (i + 1) * 10 + 1 + 1000;
    if (walked[i] != want_walk && errors++ < 5)
      std::printf("walked[%lld] = %lld, want %lld\n", (long long)i, (long long)walked[i], (long long)want_walk);
  }
  sycl::free(m, q);
  sycl::free(x, q);
  sycl::free(y, q);
  sycl::free(walked, q);
  std::printf("%s\n", errors ? "FAILED" : "PASSED");
  return errors != 0;
}
