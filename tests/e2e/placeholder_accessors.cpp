// Placeholder accessors bound with handler::require (CTAD and explicit
// types, ranged, SYCL 1.2.1's global_buffer/placeholder spelling), buffers
// with an allocator parameter, from a shared_ptr, and 2-D sub-buffers
// (contiguous rows; non-contiguous ones throw).
#include <sycl/sycl.hpp>
#include <cstdio>
#include <memory>
#include <vector>
using namespace sycl;
int main() {
  queue q;
  constexpr size_t n = 256;
  int errors = 0;
  auto fail = [&](const char* what) { std::printf("FAILED: %s\n", what); errors++; };

  std::vector<int> data(n, 1);
  {
    buffer buf{data};
    accessor whole{buf};                      // placeholder, read_write
    accessor tail{buf, range<1>(16), id<1>(n - 16), read_only};
    accessor<int, 1, access::mode::read_write, access::target::global_buffer, access::placeholder::true_t>
        legacy(buf);
    for (int round = 0; round < 3; ++round)
      q.submit([&](handler& h) {
        h.require(whole);
        h.parallel_for(range<1>(n), [=](id<1> i) { whole[i] += 2; });
      });
    std::vector<int> sums(1, 0);
    {
      buffer out{sums};
      q.submit([&](handler& h) {
        h.require(tail);
        accessor o{out, h, write_only, no_init};
        h.single_task([=]() {
          int s = 0;
          for (size_t i = 0; i < tail.size(); ++i) s += tail[i];
          o[0] = s;
        });
      });
    }
    if (sums[0] != 16 * 7) fail("ranged placeholder reads the tail");
    q.submit([&](handler& h) {
      h.require(legacy);
      h.parallel_for(range<1>(n), [=](id<1> i) { legacy[i] *= 10; });
    });
  }
  for (int v : data) if (v != 70) { fail("placeholder writes reach the host"); break; }

  // Allocator parameters, an explicit allocator object, shared_ptr data.
  {
    buffer<int, 2, buffer_allocator<int>> b1{range<2>{2, 5}};
    std::allocator<float> alloc;
    buffer<float, 1, std::allocator<float>> b2{range(20), alloc};
    auto shared = std::make_shared<int>(41);
    {
      buffer b3{shared, range{1}};
      q.submit([&](handler& h) {
        accessor a{b1, h, write_only};
        accessor f{b2, h, write_only};
        accessor s{b3, h};
        h.single_task([=]() {
          a[1][4] = 9;
          f[19] = 2.5f;
          s[0] += 1;
        });
      });
      host_accessor ha{b1, read_only};
      host_accessor hf{b2, read_only};
      if (ha[1][4] != 9 || hf[19] != 2.5f) fail("buffers with allocators");
    }
    if (*shared != 42) fail("shared_ptr buffer writes back");
  }

  // Sub-buffers of rows of a 2-D buffer.
  std::vector<int> grid(4 * 8, 0);
  {
    buffer<int, 2> g{grid.data(), range<2>{4, 8}};
    buffer rows{g, id<2>{1, 0}, range<2>{2, 8}};
    q.submit([&](handler& h) {
      accessor r{rows, h};
      h.parallel_for(rows.get_range(), [=](id<2> i) { r[i] = int(i[0] * 100 + i[1]); });
    });
    bool threw = false;
    try {
      buffer<int, 2> bad{g, id<2>{0, 2}, range<2>{2, 4}};
    } catch (const sycl::exception& e) {
      threw = e.code() == errc::invalid;
    }
    if (!threw) fail("a non-contiguous sub-buffer throws");
  }
  for (size_t r = 0; r < 4; ++r)
    for (size_t c = 0; c < 8; ++c) {
      int expect = (r == 1 || r == 2) ? int((r - 1) * 100 + c) : 0;
      if (grid[r * 8 + c] != expect) { fail("2-D sub-buffer rows"); r = 4; break; }
    }
  std::printf(errors ? "FAILED\n" : "PASSED\n");
  return errors != 0;
}
