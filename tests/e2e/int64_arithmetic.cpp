// 64-bit integer arithmetic in kernels: hashing, signed and unsigned
// division, shifts, conversions to and from float, 64-bit sums in loops,
// a captured 64-bit scalar and a work-group sum through local memory.
// Every result is checked against the same code run on the host. On
// devices without 64-bit integers (WebGPU) the compiler computes each
// value in pairs of 32-bit words, so the program runs there unchanged.
#include <sycl/sycl.hpp>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <vector>

constexpr int n = 512;

std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

struct Mixed {
  std::int64_t quotient, remainder;
  std::uint64_t uquotient, uremainder, rotated;
  std::int64_t from_float;
  float to_float;
  int compare;
};

Mixed mix(std::uint64_t h, std::int64_t divisor, int i) {
  Mixed m;
  std::int64_t s = static_cast<std::int64_t>(h);
  std::int64_t d = divisor + i;  // may be negative or zero
  if (d == 0) d = 7;
  m.quotient = s / d;
  m.remainder = s % d;
  std::uint64_t ud = (h >> (i % 61)) | 1u;
  m.uquotient = h / ud;
  m.uremainder = h % ud;
  unsigned r = i % 64;
  m.rotated = r == 0 ? h : (h << r) | (h >> (64 - r));
  float f = static_cast<float>(i) * 1.5e9f - 3.0e11f;
  m.from_float = static_cast<std::int64_t>(f);
  m.to_float = static_cast<float>(s);
  m.compare = (s < d) + 2 * (h > ud) + 4 * (std::max(s, d) == s);
  return m;
}

// 1 + 2 + ... + count, summed in a 64-bit loop.
std::int64_t triangle(std::int64_t count) {
  std::int64_t sum = 0;
  for (std::int64_t k = 1; k <= count; ++k) sum += k * 1000003;
  return sum;
}

bool same(const Mixed &a, const Mixed &b) {
  return a.quotient == b.quotient && a.remainder == b.remainder && a.uquotient == b.uquotient &&
         a.uremainder == b.uremainder && a.rotated == b.rotated && a.from_float == b.from_float &&
         a.to_float == b.to_float && a.compare == b.compare;
}

int main() {
  sycl::queue q;
  const std::int64_t divisor = -40;
  bool ok = true;

  std::vector<std::uint64_t> hashes(n);
  std::vector<Mixed> mixed(n);
  std::vector<std::int64_t> sums(n);
  {
    sycl::buffer<std::uint64_t> hb{hashes};
    sycl::buffer<Mixed> mb{mixed};
    sycl::buffer<std::int64_t> sb{sums};
    q.submit([&](sycl::handler &h) {
      sycl::accessor ha{hb, h, sycl::write_only};
      sycl::accessor ma{mb, h, sycl::write_only};
      sycl::accessor sa{sb, h, sycl::write_only};
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
        int i = static_cast<int>(id[0]);
        std::uint64_t x = splitmix64(static_cast<std::uint64_t>(i) * 0x100000001ull);
        ha[id] = x;
        ma[id] = mix(x, divisor, i);
        sa[id] = triangle(i % 97 + 3);
      });
    });
  }
  for (int i = 0; i < n && ok; ++i) {
    std::uint64_t x = splitmix64(static_cast<std::uint64_t>(i) * 0x100000001ull);
    if (hashes[i] != x || !same(mixed[i], mix(x, divisor, i)) || sums[i] != triangle(i % 97 + 3)) {
      std::printf("element %d: hash %llx (expected %llx), quotient %lld (expected %lld), sum %lld (expected %lld)\n", i,
                  (unsigned long long)hashes[i], (unsigned long long)x, (long long)mixed[i].quotient,
                  (long long)mix(x, divisor, i).quotient, (long long)sums[i], (long long)triangle(i % 97 + 3));
      ok = false;
    }
  }

  // Work-group sums of 64-bit values through local memory.
  constexpr int group = 64;
  std::vector<std::uint64_t> group_sums(n / group);
  {
    sycl::buffer<std::uint64_t> gb{group_sums};
    q.submit([&](sycl::handler &h) {
      sycl::accessor out{gb, h, sycl::write_only};
      sycl::local_accessor<std::uint64_t, 1> scratch{sycl::range<1>(group), h};
      h.parallel_for(sycl::nd_range<1>(n, group), [=](sycl::nd_item<1> it) {
        int l = static_cast<int>(it.get_local_id(0));
        scratch[l] = splitmix64(it.get_global_id(0)) >> 8;
        sycl::group_barrier(it.get_group());
        for (int stride = group / 2; stride > 0; stride /= 2) {
          if (l < stride) scratch[l] += scratch[l + stride];
          sycl::group_barrier(it.get_group());
        }
        if (l == 0) out[it.get_group(0)] = scratch[0];
      });
    });
  }
  for (int g = 0; g < n / group; ++g) {
    std::uint64_t expected = 0;
    for (int l = 0; l < group; ++l) expected += splitmix64(static_cast<std::uint64_t>(g * group + l)) >> 8;
    if (group_sums[g] != expected) {
      std::printf("group %d: sum %llx, expected %llx\n", g, (unsigned long long)group_sums[g],
                  (unsigned long long)expected);
      ok = false;
    }
  }

  std::printf("%s on %s\n", ok ? "PASSED" : "FAILED",
              q.get_device().get_info<sycl::info::device::name>().c_str());
  return ok ? 0 : 1;
}
