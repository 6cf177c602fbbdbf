// sycl_ext_oneapi_enqueue_functions: commands enqueued by free functions
// instead of queue and handler members: submit, single_task, parallel_for
// over ranges and launch_configs (with a reduction), nd_launch with local
// memory and with a free-function kernel object, USM copies and fills,
// barriers, and a command graph run by execute_graph.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

namespace syclext = sycl::ext::oneapi;
namespace syclexp = sycl::ext::oneapi::experimental;

SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::nd_range_kernel<1>))
void add_offset(int *data, int offset) {
  size_t i = syclext::this_work_item::get_nd_item<1>().get_global_id(0);
  data[i] += offset;
}

class Doubler;

int main() {
  sycl::queue q{sycl::property::queue::in_order()};
  int bad = 0;
  constexpr size_t N = 1024, WG = 64;
  int *data = sycl::malloc_device<int>(N, q);
  std::vector<int> host(N);

  // Fill, then kernels over a range, a launch_config and an nd_range.
  syclexp::fill(q, data, 3, N);
  syclexp::parallel_for<Doubler>(q, sycl::range<1>(N), [=](sycl::id<1> i) { data[i] *= 2; });
  syclexp::parallel_for(q, syclexp::launch_config(sycl::range<1>(N)), [=](sycl::id<1> i) { data[i] += int(i[0]); });
  syclexp::submit(q, [&](sycl::handler &h) {
    sycl::local_accessor<int, 1> tile(sycl::range<1>(WG), h);
    syclexp::nd_launch(h, sycl::nd_range<1>(N, WG), [=](sycl::nd_item<1> it) {
      size_t l = it.get_local_id(0);
      tile[l] = data[it.get_global_id(0)];
      sycl::group_barrier(it.get_group());
      data[it.get_global_id(0)] = tile[WG - 1 - l];  // reverse each work-group's block
    });
  });
  syclexp::memcpy(q, host.data(), data, N * sizeof(int));
  q.wait();
  for (size_t i = 0; i < N; ++i) {
    size_t g = i / WG, l = i % WG, from = g * WG + (WG - 1 - l);
    if (host[i] != 6 + int(from)) ++bad;
  }

  // A reduction through parallel_for, a single task, and a free-function
  // kernel launched by nd_launch with its arguments.
  int *sum = sycl::malloc_shared<int>(1, q);
  *sum = 0;
  syclexp::parallel_for(q, sycl::range<1>(N), [=](sycl::id<1> i, auto &s) { s += data[i]; },
                        sycl::reduction(sum, sycl::plus<int>()));
  q.wait();
  long want = 0;
  for (size_t i = 0; i < N; ++i) want += host[i];
  if (*sum != want) ++bad;

  int *flag = sycl::malloc_shared<int>(1, q);
  syclexp::single_task(q, [=] { *flag = 42; });
  sycl::kernel k = syclexp::get_kernel_bundle<add_offset, sycl::bundle_state::executable>(q.get_context())
                       .ext_oneapi_get_kernel<add_offset>();
  syclexp::nd_launch(q, sycl::nd_range<1>(N, WG), k, data, 100);
  syclexp::barrier(q);
  syclexp::copy(q, static_cast<const int *>(data), host.data(), N);
  q.wait();
  if (*flag != 42) ++bad;
  for (size_t i = 0; i < N; ++i) {
    size_t g = i / WG, l = i % WG, from = g * WG + (WG - 1 - l);
    if (host[i] != 106 + int(from)) ++bad;
  }

  // memset and a partial barrier on an out-of-order queue.
  sycl::queue ooo;
  unsigned char *bytes = sycl::malloc_shared<unsigned char>(64, ooo);
  sycl::event cleared = syclexp::submit_with_event(ooo, [&](sycl::handler &h) { syclexp::memset(h, bytes, 0x5a, 64); });
  syclexp::partial_barrier(ooo, {cleared});
  ooo.wait();
  for (int i = 0; i < 64; ++i)
    if (bytes[i] != 0x5a) ++bad;

  // A graph recorded from the queue, run twice.
  syclexp::command_graph g{q};
  g.begin_recording(q);
  syclexp::parallel_for(q, sycl::range<1>(N), [=](sycl::id<1> i) { data[i] += 1; });
  g.end_recording();
  auto exec = g.finalize();
  syclexp::execute_graph(q, exec);
  syclexp::execute_graph(q, exec);
  syclexp::memcpy(q, host.data(), data, N * sizeof(int));
  q.wait();
  for (size_t i = 0; i < N; ++i) {
    size_t g2 = i / WG, l = i % WG, from = g2 * WG + (WG - 1 - l);
    if (host[i] != 108 + int(from)) ++bad;
  }

  sycl::free(data, q);
  sycl::free(sum, q);
  sycl::free(flag, q);
  sycl::free(bytes, ooo);
  std::printf(bad ? "FAILED (%d)\n" : "PASSED\n", bad);
  return bad != 0;
}
