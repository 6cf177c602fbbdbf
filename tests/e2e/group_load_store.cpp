// sycl::span and sycl_ext_oneapi_group_load_store: each work-group loads
// its 4 values per work-item blocked and striped (sycl::span of a private
// array), as a sycl::vec and one value at a time, and from a sub-group,
// transforms them and stores them back the same way; checked on the host
// against the index arithmetic the extension specifies. Also span's
// interface (size, subspan, first/last, iteration) in a kernel.
#include <sycl/sycl.hpp>
#include <sycl/ext/oneapi/experimental/group_load_store.hpp>
#include <cstdio>
#include <vector>

namespace sycl_exp = sycl::ext::oneapi::experimental;

constexpr size_t L = 32, N = 4, G = 8, total = L * N * G;

int main() {
  sycl::queue q;
  float *in = sycl::malloc_shared<float>(total, q);
  float *blocked = sycl::malloc_shared<float>(total, q);
  float *striped = sycl::malloc_shared<float>(total, q);
  float *vec_out = sycl::malloc_shared<float>(total, q);
  float *single = sycl::malloc_shared<float>(L * G, q);
  float *sub = sycl::malloc_shared<float>(total, q);
  int *span_checks = sycl::malloc_shared<int>(L * G, q);
  for (size_t i = 0; i < total; ++i) in[i] = float(i);

  q.parallel_for(sycl::nd_range<1>(L * G, L), [=](sycl::nd_item<1> it) {
     auto g = it.get_group();
     const size_t base = g.get_group_linear_id() * L * N;
     float v[N];
     auto blocked_props = sycl_exp::properties{sycl_exp::data_placement_blocked, sycl_exp::contiguous_memory,
                                               sycl_exp::full_group};
     sycl_exp::group_load(g, in + base, sycl::span{v}, blocked_props);
     for (size_t j = 0; j < N; ++j) v[j] = v[j] * 2.0f + float(j);
     sycl_exp::group_store(g, sycl::span{v}, blocked + base, blocked_props);

     auto striped_props = sycl_exp::properties{sycl_exp::data_placement_striped};
     sycl_exp::group_load(g, in + base, sycl::span<float, N>(v), striped_props);
     for (size_t j = 0; j < N; ++j) v[j] = v[j] + 0.5f;
     sycl_exp::group_store(g, sycl::span<float, N>(v), striped + base, striped_props);

     sycl::vec<float, N> w;
     sycl_exp::group_load(g, in + base, w);
     w = w * 3.0f;
     sycl_exp::group_store(g, w, vec_out + base);

     float one;
     sycl_exp::group_load(g, in + g.get_group_linear_id() * L, one);
     sycl_exp::group_store(g, one + 1.0f, single + g.get_group_linear_id() * L);

     auto sg = it.get_sub_group();
     const size_t sg_base = base + sg.get_group_linear_id() * sg.get_local_linear_range() * N;
     sycl_exp::group_load(sg, in + sg_base, sycl::span{v}, striped_props);
     sycl_exp::group_store(sg, sycl::span{v}, sub + sg_base, striped_props);

     // span's own interface.
     int a[6] = {1, 2, 3, 4, 5, 6};
     sycl::span<int> s(a, 6);
     int sum = 0;
     for (int x : s.subspan(1, 4)) sum += x;  // 2+3+4+5
     sum += s.first(2)[1] * 100 + s.last(1)[0] * 1000 + int(s.size_bytes()) * 10000 + (s.empty() ? 1 : 0);
     span_checks[it.get_global_linear_id()] = sum;
   }).wait();

  int bad = 0;
  auto check = [&](const char *what, size_t i, float got, float want) {
    if (got != want && bad++ < 8) std::printf("%s[%zu] = %g, expected %g\n", what, i, got, want);
  };
  for (size_t i = 0; i < total; ++i) {
    size_t j = i % N;  // blocked: element j of its work-item
    check("blocked", i, blocked[i], in[i] * 2.0f + float(j));
    check("striped", i, striped[i], in[i] + 0.5f);
    check("vec", i, vec_out[i], in[i] * 3.0f);
    check("sub-group", i, sub[i], in[i]);
  }
  for (size_t i = 0; i < L * G; ++i) {
    check("single", i, single[i], in[(i / L) * L + i % L] + 1.0f);
    check("span", i, float(span_checks[i]), float(14 + 200 + 6000 + 240000));
  }
  for (float *p : {in, blocked, striped, vec_out, single, sub}) sycl::free(p, q);
  sycl::free(span_checks, q);
  std::printf(bad ? "FAILED\n" : "PASSED\n");
  return bad ? 1 : 0;
}
