// Idioms of oneAPI's DirectProgramming samples (DCT, sepia filter, Monte
// Carlo pi), written fresh: a kernel that passes an accessor's
// `get_multi_ptr<access::decorated::no>()` to a function taking a
// multi_ptr to const; the same conversion in a user class template
// (`template <typename E = T, enable_if_t<is_const_v<E>, int> = 0>` from
// `Ptr<std::remove_const_t<E>>`); buffers deduced from a pointer and a
// `range(n)`; a kernel launched inside `try { } catch (sycl::exception e)`
// (by value); and profiling times as `cl_ulong`.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <type_traits>

using namespace sycl;

struct rgb {
  float r, g, b;
};

// What the samples' SYCL_EXTERNAL block functions take.
using in_ptr = multi_ptr<const rgb, access::address_space::global_space, access::decorated::no>;
using out_ptr = multi_ptr<rgb, access::address_space::global_space, access::decorated::no>;

SYCL_EXTERNAL void sepia(in_ptr in, out_ptr out, size_t i) {
  const rgb &p = in[i];
  out[i] = rgb{0.393f * p.r + 0.769f * p.g + 0.189f * p.b, 0.349f * p.r + 0.686f * p.g + 0.168f * p.b,
               0.272f * p.r + 0.534f * p.g + 0.131f * p.b};
}

// A pointer wrapper converting to its const form, as multi_ptr does.
template <typename T>
struct Ptr {
  explicit Ptr(T *p) : p(p) {}
  template <typename E = T, std::enable_if_t<std::is_const_v<E>, int> = 0>
  Ptr(const Ptr<std::remove_const_t<E>> &other) : p(other.p) {}
  T *p;
};

float brightness(Ptr<const rgb> p) { return p.p->r + p.p->g + p.p->b; }

// `image[]` is a pointer parameter; the buffer is deduced from it.
bool filter(rgb image[], float *bright, size_t n, queue &q, cl_ulong &nanoseconds) {
  try {
    buffer image_buf(image, range(n));
    buffer out_buf(bright, range(n));
    buffer<rgb> sepia_buf{range(n)};
    event e = q.submit([&](handler &h) {
      accessor in{image_buf, h, read_write};
      accessor out{out_buf, h, write_only};
      accessor toned{sepia_buf, h, write_only, no_init};
      h.parallel_for(range(n), [=](id<1> i) {
        sepia(in.get_multi_ptr<access::decorated::no>(), toned.get_multi_ptr<access::decorated::no>(), i[0]);
        Ptr<rgb> mine(&in[i]);
        out[i] = brightness(mine);
      });
    });
    e.wait();
    cl_ulong start = e.get_profiling_info<info::event_profiling::command_start>();
    cl_ulong end = e.get_profiling_info<info::event_profiling::command_end>();
    nanoseconds = end - start;
    host_accessor toned(sepia_buf, read_only);
    bool ok = true;
    for (size_t i = 0; i < n; ++i) {
      rgb p = image[i];
      ok &= std::abs(toned[i].r - (0.393f * p.r + 0.769f * p.g + 0.189f * p.b)) < 1e-4f;
    }
    return ok;
  } catch (sycl::exception e) {
    std::printf("exception: %s\n", e.what());
    return false;
  }
}

int main() {
  queue q(property::queue::enable_profiling{});
  constexpr size_t n = 64;
  rgb image[n];
  float bright[n];
  for (size_t i = 0; i < n; ++i) image[i] = rgb{float(i), 0.5f, 0.25f};
  cl_ulong nanoseconds = 0;
  bool ok = filter(image, bright, n, q, nanoseconds);
  for (size_t i = 0; i < n; ++i) ok &= bright[i] == float(i) + 0.75f;
  static_assert(std::is_same_v<cl_ulong, std::uint64_t> && std::is_same_v<cl_int, std::int32_t>);
  ok &= nanoseconds < cl_ulong(600) * 1000000000u;
  std::printf(ok ? "PASSED\n" : "FAILED\n");
  return ok ? 0 : 1;
}
