// Free-function kernels (sycl_ext_oneapi_free_function_kernels) in a
// program compiled by syclcc: kernels written as functions, found by
// function through kernel ids and bundles, launched with set_args: an
// nd_range kernel in one, two and three dimensions, a single_task kernel,
// a function template's explicit instances, a kernel in a namespace taking
// a struct, a group reduction (its work-items meet at a barrier), and the
// errors a wrong launch raises.
#include <sycl/sycl.hpp>
#include <cstdio>

namespace syclext = sycl::ext::oneapi;
namespace syclexp = sycl::ext::oneapi::experimental;

SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::nd_range_kernel<1>))
void iota(float start, float *ptr) {
  size_t id = syclext::this_work_item::get_nd_item<1>().get_global_linear_id();
  ptr[id] = start + static_cast<float>(id);
}

SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::single_task_kernel))
void sum_all(const float *values, int n, float *out) {
  float total = 0;
  for (int i = 0; i < n; ++i) total += values[i];
  *out = total;
}

template <typename T>
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::nd_range_kernel<1>))
void scale(T *data, T factor) {
  size_t i = syclext::this_work_item::get_nd_item<1>().get_global_id(0);
  data[i] *= factor;
}
template void scale<float>(float *, float);
template void scale<int>(int *, int);

namespace grid {
struct Shape {
  int rows, cols;
  float bias;
};

SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::nd_range_kernel<2>))
void fill(Shape shape, float *out) {
  sycl::nd_item<2> it = syclext::this_work_item::get_nd_item<2>();
  int r = int(it.get_global_id(0)), c = int(it.get_global_id(1));
  if (r < shape.rows && c < shape.cols) out[r * shape.cols + c] = float(r * 100 + c) + shape.bias;
}

// Each work-group's sum, through a group reduction.
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::nd_range_kernel<1>))
void group_sums(const int *in, int *sums) {
  sycl::nd_item<1> it = syclext::this_work_item::get_nd_item<1>();
  int total = sycl::reduce_over_group(it.get_group(), in[it.get_global_id(0)], sycl::plus<int>());
  if (it.get_local_id(0) == 0) sums[it.get_group(0)] = total;
}
}  // namespace grid

SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::nd_range_kernel<3>))
void volume(int *out) {
  sycl::nd_item<3> it = syclext::this_work_item::get_nd_item<3>();
  out[it.get_global_linear_id()] = int(it.get_global_id(0) * 10000 + it.get_global_id(1) * 100 + it.get_global_id(2));
}

void not_a_kernel(float *) {}

// Functions as template arguments of a kernel's enclosing template: the
// kernel calls them (its name mangles their addresses as the host does).
float twice(float x) { return 2.0f * x; }
template <typename T>
T plus_one(T x) {
  return x + T(1);
}
template <float (*Op)(float), auto *Then>
void transform(sycl::queue &q, float *p, size_t n) {
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] = Then(Op(p[i])); }).wait();
}

int main() {
  sycl::queue q;
  sycl::context ctx = q.get_context();
  int bad = 0;
  constexpr size_t N = 256, WG = 32;

  // By function: a bundle of one kernel, its kernel object, set_args.
  float *values = sycl::malloc_shared<float>(N, q);
  auto bundle = syclexp::get_kernel_bundle<iota, sycl::bundle_state::executable>(ctx);
  if (!bundle.ext_oneapi_has_kernel<iota>() || bundle.ext_oneapi_has_kernel<sum_all>()) ++bad;
  sycl::kernel k_iota = bundle.ext_oneapi_get_kernel<iota>();
  q.submit([&](sycl::handler &h) {
     h.set_args(3.5f, values);
     h.parallel_for(sycl::nd_range<1>{{N}, {WG}}, k_iota);
   }).wait();
  for (size_t i = 0; i < N; ++i)
    if (values[i] != 3.5f + float(i)) ++bad;

  // By kernel id, from the bundle of every kernel of the program.
  sycl::kernel_id sum_id = syclexp::get_kernel_id<sum_all>();
  auto everything = sycl::get_kernel_bundle<sycl::bundle_state::executable>(ctx);
  bool listed = false;
  for (const sycl::kernel_id &id : sycl::get_kernel_ids()) listed = listed || id == sum_id;
  if (!listed || !everything.has_kernel(sum_id) || !syclexp::is_compatible<sum_all>(q.get_device())) ++bad;
  float *total = sycl::malloc_shared<float>(1, q);
  sycl::kernel k_sum = everything.get_kernel(sum_id);
  q.submit([&](sycl::handler &h) {
     h.set_args(static_cast<const float *>(values), int(N), total);
     h.single_task(k_sum);
   }).wait();
  float want = 0;
  for (size_t i = 0; i < N; ++i) want += 3.5f + float(i);
  if (*total != want) ++bad;

  // A function template's instances are two kernels.
  int *ints = sycl::malloc_shared<int>(N, q);
  for (size_t i = 0; i < N; ++i) ints[i] = int(i);
  auto with_scales = sycl::get_kernel_bundle<sycl::bundle_state::executable>(
      ctx, {syclexp::get_kernel_id<scale<float>>(), syclexp::get_kernel_id<scale<int>>()});
  sycl::kernel k_scale_f = with_scales.ext_oneapi_get_kernel<scale<float>>();
  sycl::kernel k_scale_i = with_scales.ext_oneapi_get_kernel<scale<int>>();
  q.submit([&](sycl::handler &h) {
     h.set_args(values, 2.0f);
     h.parallel_for(sycl::nd_range<1>{{N}, {WG}}, k_scale_f);
   });
  q.submit([&](sycl::handler &h) {
     h.set_arg(0, ints);
     h.set_arg(1, -3);
     h.parallel_for(sycl::nd_range<1>{{N}, {WG}}, k_scale_i);
   });
  q.wait();
  for (size_t i = 0; i < N; ++i)
    if (values[i] != 2.0f * (3.5f + float(i)) || ints[i] != -3 * int(i)) ++bad;

  // Two dimensions, a struct argument, a kernel in a namespace.
  constexpr int ROWS = 12, COLS = 20;
  float *cells = sycl::malloc_shared<float>(ROWS * COLS, q);
  sycl::kernel k_fill = syclexp::get_kernel_bundle<grid::fill, sycl::bundle_state::executable>(ctx)
                            .ext_oneapi_get_kernel<grid::fill>();
  q.submit([&](sycl::handler &h) {
     h.set_args(grid::Shape{ROWS, COLS, 0.25f}, cells);
     h.parallel_for(sycl::nd_range<2>{{16, 24}, {4, 8}}, k_fill);
   }).wait();
  for (int r = 0; r < ROWS; ++r)
    for (int c = 0; c < COLS; ++c)
      if (cells[r * COLS + c] != float(r * 100 + c) + 0.25f) ++bad;

  // A group reduction inside a free-function kernel.
  int *sums = sycl::malloc_shared<int>(N / WG, q);
  sycl::kernel k_sums = everything.ext_oneapi_get_kernel<grid::group_sums>();
  q.submit([&](sycl::handler &h) {
     h.set_args(static_cast<const int *>(ints), sums);
     h.parallel_for(sycl::nd_range<1>{{N}, {WG}}, k_sums);
   }).wait();
  for (size_t g = 0; g < N / WG; ++g) {
    int expect = 0;
    for (size_t i = g * WG; i < (g + 1) * WG; ++i) expect += -3 * int(i);
    if (sums[g] != expect) ++bad;
  }

  // Three dimensions.
  int *ids = sycl::malloc_shared<int>(4 * 6 * 8, q);
  sycl::kernel k_volume = everything.ext_oneapi_get_kernel<volume>();
  q.submit([&](sycl::handler &h) {
     h.set_args(ids);
     h.parallel_for(sycl::nd_range<3>{{4, 6, 8}, {2, 3, 4}}, k_volume);
   }).wait();
  for (int a = 0; a < 4; ++a)
    for (int b = 0; b < 6; ++b)
      for (int c = 0; c < 8; ++c)
        if (ids[(a * 6 + b) * 8 + c] != a * 10000 + b * 100 + c) ++bad;

  // Kernels calling functions given as template arguments.
  for (size_t i = 0; i < N; ++i) values[i] = float(i);
  transform<twice, plus_one<float>>(q, values, N);
  transform<&plus_one<float>, &twice>(q, values, N);
  for (size_t i = 0; i < N; ++i)
    if (values[i] != 2.0f * (2.0f * float(i) + 2.0f)) ++bad;

  // Wrong launches throw errc::invalid.
  auto throws_invalid = [&](auto f) {
    try {
      f();
    } catch (const sycl::exception &e) {
      return e.code() == sycl::errc::invalid;
    }
    return false;
  };
  if (!throws_invalid([&] { syclexp::get_kernel_id<not_a_kernel>(); })) ++bad;
  if (!throws_invalid([&] {
        q.submit([&](sycl::handler &h) {
          h.set_args(1.0f);  // iota takes two arguments
          h.parallel_for(sycl::nd_range<1>{{N}, {WG}}, k_iota);
        });
      }))
    ++bad;
  if (!throws_invalid([&] {
        q.submit([&](sycl::handler &h) {
          h.set_args(1.0, values);  // a double for a float parameter
          h.parallel_for(sycl::nd_range<1>{{N}, {WG}}, k_iota);
        });
      }))
    ++bad;

  for (void *p : {(void *)values, (void *)total, (void *)ints, (void *)cells, (void *)sums, (void *)ids})
    sycl::free(p, q);
  std::printf(bad ? "FAILED (%d)\n" : "PASSED\n", bad);
  return bad != 0;
}
