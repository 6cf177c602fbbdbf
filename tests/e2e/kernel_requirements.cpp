// What kernels require of their launch and device: the work-group size of
// [[sycl::reqd_work_group_size]] (on a lambda and on a function object's
// operator(), 1-D and 2-D; any other local range is errc::nd_range), the
// sub-group size of [[sycl::reqd_sub_group_size]] (errc::kernel_not_supported
// on a device that cannot make sub-groups of that size, for a kernel that
// uses sub-groups), and fp64 / 64-bit atomic kernels,
// which post-link puts in images of their own that only devices with the
// aspect run.
#include <sycl/sycl.hpp>
#include <algorithm>
#include <cstdint>
#include <cstdio>

constexpr int TILE = 16;

struct Transpose {
  const int *in;
  int *out;
  size_t rows, cols;
  [[sycl::reqd_work_group_size(4, 8)]] void operator()(sycl::nd_item<2> it) const {
    size_t r = it.get_global_id(0), c = it.get_global_id(1);
    out[c * rows + r] = in[r * cols + c] + int(it.get_local_range(0) * 100 + it.get_local_range(1));
  }
};

template <typename F>
sycl::errc error_of(F f) {
  try {
    f();
  } catch (const sycl::exception &e) {
    return sycl::errc(e.code().value());
  }
  return sycl::errc::success;
}

int main() {
  sycl::queue q;
  int errors = 0;
  auto check = [&](bool ok, const char *what) {
    if (!ok) {
      std::printf("FAILED: %s\n", what);
      ++errors;
    }
  };

  // reqd_work_group_size on a lambda: launched with that size.
  const size_t N = 256;
  int *tile = sycl::malloc_shared<int>(N, q);
  auto tiled = [&](size_t local) {
    q.parallel_for<class Tiled>(sycl::nd_range<1>{N, local},
                                [=](sycl::nd_item<1> it) [[sycl::reqd_work_group_size(TILE)]] {
                                  tile[it.get_global_id(0)] = int(it.get_local_range(0));
                                })
        .wait();
  };
  tiled(TILE);
  bool all16 = true;
  for (size_t i = 0; i < N; ++i) all16 &= tile[i] == TILE;
  check(all16, "reqd_work_group_size(16) kernel ran with work-groups of 16");
  check(error_of([&] { tiled(32); }) == sycl::errc::nd_range, "a local range of 32 is errc::nd_range");

  // On a function object, in two dimensions (SYCL order: 4 rows, 8 columns).
  const size_t R = 8, C = 16;
  int *in = sycl::malloc_shared<int>(R * C, q);
  int *out = sycl::malloc_shared<int>(R * C, q);
  for (size_t i = 0; i < R * C; ++i) in[i] = int(i);
  q.parallel_for(sycl::nd_range<2>{{R, C}, {4, 8}}, Transpose{in, out, R, C}).wait();
  bool transposed = true;
  for (size_t r = 0; r < R; ++r)
    for (size_t c = 0; c < C; ++c) transposed &= out[c * R + r] == int(r * C + c) + 408;
  check(transposed, "reqd_work_group_size(4, 8) function object");
  check(error_of([&] { q.parallel_for(sycl::nd_range<2>{{R, C}, {8, 4}}, Transpose{in, out, R, C}).wait(); }) ==
            sycl::errc::nd_range,
        "the transposed local range {8, 4} is errc::nd_range");

  // reqd_sub_group_size (of a local constant): runs where the device makes
  // sub-groups of 8 items (the host device, which makes any size it lists;
  // a Vulkan device with sub-groups of any width, which holds several of 8
  // in each where it is wider, or one over several where it is narrower).
  const int sub_group = 8;
  auto sizes = q.get_device().get_info<sycl::info::device::sub_group_sizes>();
  bool host = q.get_backend() == sycl::backend::ext_syclone_host;
  bool only8 = host ? std::find(sizes.begin(), sizes.end(), size_t(8)) != sizes.end() : !sizes.empty();
  int *sg = sycl::malloc_shared<int>(64, q);
  sycl::errc sub_group_error = error_of([&] {
    q.parallel_for(sycl::nd_range<1>{64, 32}, [=](sycl::nd_item<1> it) [[sycl::reqd_sub_group_size(sub_group)]] {
       sg[it.get_global_id(0)] = int(it.get_sub_group().get_local_range()[0]);
     }).wait();
  });
  if (only8) {
    check(sub_group_error == sycl::errc::success && sg[0] == 8 && sg[63] == 8, "reqd_sub_group_size(8) kernel");
  } else {
    check(sub_group_error == sycl::errc::kernel_not_supported,
          "reqd_sub_group_size(8) on other sub-groups is errc::kernel_not_supported");
  }
  // A kernel that uses no sub-group function cannot tell the size it
  // asked for: it runs on every device.
  sycl::errc copy_error = error_of([&] {
    q.parallel_for(sycl::nd_range<1>{64, 32}, [=](sycl::nd_item<1> it) [[sycl::reqd_sub_group_size(64)]] {
       sg[it.get_global_id(0)] = int(it.get_global_id(0)) * 3;
     }).wait();
  });
  check(copy_error == sycl::errc::success && sg[0] == 0 && sg[63] == 189,
        "reqd_sub_group_size(64) without sub-group functions runs");

  // fp64 and 64-bit atomics: kernels the device runs only with the aspect.
  sycl::device dev = q.get_device();
  double *d = sycl::malloc_shared<double>(N, q);
  sycl::errc fp64_error = error_of([&] {
    q.parallel_for(N, [=](sycl::id<1> i) { d[i] = double(i[0]) * 0.5; }).wait();
  });
  if (dev.has(sycl::aspect::fp64)) {
    check(fp64_error == sycl::errc::success && d[N - 1] == double(N - 1) * 0.5, "fp64 kernel");
  } else {
    check(fp64_error == sycl::errc::kernel_not_supported, "fp64 kernel without aspect::fp64");
  }
  uint64_t *counter = sycl::malloc_shared<uint64_t>(1, q);
  *counter = uint64_t(1) << 40;
  sycl::errc atomic64_error = error_of([&] {
    q.parallel_for(N, [=](sycl::id<1>) {
       sycl::atomic_ref<uint64_t, sycl::memory_order::relaxed, sycl::memory_scope::device> a(*counter);
       a.fetch_add(uint64_t(1));
     }).wait();
  });
  if (dev.has(sycl::aspect::atomic64)) {
    check(atomic64_error == sycl::errc::success && *counter == (uint64_t(1) << 40) + N, "64-bit atomic kernel");
  } else {
    check(atomic64_error == sycl::errc::kernel_not_supported, "64-bit atomics without aspect::atomic64");
  }

  for (void *p : {(void *)tile, (void *)in, (void *)out, (void *)sg, (void *)d, (void *)counter}) sycl::free(p, q);
  if (errors == 0) std::printf("PASSED\n");
  return errors == 0 ? 0 : 1;
}
