// Accessor pointers: get_pointer() and get_multi_ptr<decorated::no>() of
// buffer and local accessors, vec::load/store through them; SYCL 1.2.1's
// buffer::get_access<mode>() on the host; and a host accessor making the
// data visible in the memory the buffer was made from while the buffer
// lives (programs check results that way).
#include <sycl/sycl.hpp>

int main() {
  sycl::queue q;
  constexpr int groups = 4, width = 16, n = groups * width;
  std::array<float, n> data;
  for (int i = 0; i < n; ++i) data[i] = 0.5f * i;
  std::vector<float> out(n, 0.0f);
  int failures = 0;
  {
    sycl::buffer in_buf(data);
    sycl::buffer<float> out_buf(out.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler &h) {
      sycl::accessor in{in_buf, h};
      sycl::accessor res{out_buf, h, sycl::write_only};
      sycl::local_accessor<float, 1> tile(sycl::range<1>(width), h);
      h.parallel_for(sycl::nd_range<1>(groups, 1), [=](sycl::nd_item<1> it) {
        size_t g = it.get_global_id(0);
        sycl::float16 x;
        x.load(g, in.get_multi_ptr<sycl::access::decorated::no>());
        x = x * 2.0f + 1.0f;
        x.store(g, in.get_multi_ptr<sycl::access::decorated::no>());
        x.store(0, tile.get_multi_ptr<sycl::access::decorated::no>().get());
        float *r = res.get_pointer();
        for (int k = 0; k < width; ++k) r[g * width + k] = tile[k] - 1.0f;
      });
    });
    // SYCL 1.2.1's host access: get_access<mode>() without a handler.
    auto legacy = out_buf.get_access<sycl::access::mode::read>();
    for (int i = 0; i < n; ++i) {
      if (legacy[i] != float(i)) {
        std::cout << "FAILED: get_access<read>()[" << i << "] = " << legacy[i] << "\n";
        ++failures;
      }
    }
    // The buffer still lives: a host accessor brings the results to `data`.
    sycl::host_accessor view(in_buf, sycl::read_only);
    for (int i = 0; i < n; ++i) {
      if (data[i] != 0.5f * i * 2.0f + 1.0f || view[i] != data[i]) {
        std::cout << "FAILED: data[" << i << "] = " << data[i] << "\n";
        ++failures;
      }
    }
  }
  for (int i = 0; i < n; ++i) {
    if (out[i] != float(i)) {
      std::cout << "FAILED: out[" << i << "] = " << out[i] << "\n";
      ++failures;
    }
  }
  if (failures) return 1;
  std::cout << "PASSED\n";
  return 0;
}
