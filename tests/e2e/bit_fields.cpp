// Bit-fields in device code, laid out as the host compiler lays them out
// (Itanium C++ ABI): captured in kernels, read and written in private
// variables (stores wrap to the width, signed ones sign-extend, a
// bit-field narrower than int promotes to int), and in memory (USM, buffer
// accessors and local memory), where a store changes only its own bits.
// Unnamed and zero-width bit-fields, bool, enum and 64-bit bit-fields, a
// bit-field sharing its storage unit with an ordinary member, and an
// anonymous struct of bit-fields.
#include <sycl/sycl.hpp>
#include <cstddef>
#include <cstdio>

static int failures = 0;
static void check(bool ok, const char *what) {
  if (!ok) {
    std::printf("FAILED: %s\n", what);
    ++failures;
  }
}

enum class Mode : unsigned char { off, low, high };

struct Packet {
  unsigned ready : 1;
  unsigned count : 7;
  int delta : 5;
  bool urgent : 1;
  unsigned : 0;  // the next member starts a new unit
  int value;
  char tag;
  int shared : 12;  // shares the unit of `tag`
  long long wide : 40;
  unsigned short small : 3;
  unsigned : 4;  // padding bits
  Mode mode : 2;
};
static_assert(sizeof(Packet) == 24, "g++ lays Packet out in 24 bytes");
static_assert(offsetof(Packet, value) == 4, "value after the zero-width bit-field");
static_assert(offsetof(Packet, tag) == 8, "tag");

struct Color {
  union {
    struct {
      unsigned short r : 5;
      unsigned short g : 6;
      unsigned short b : 5;
    };
    unsigned short bits;
  };
};
static_assert(sizeof(Color) == 2, "565 color");

int main() {
  sycl::queue q;
  std::printf("device: %s\n", q.get_device().get_info<sycl::info::device::name>().c_str());

  // Captured by value, read in the kernel; a private copy modified there.
  {
    Packet host{};
    host.ready = 1;
    host.count = 100;
    host.delta = -7;
    host.urgent = true;
    host.value = 42;
    host.tag = 'x';
    host.shared = -1000;
    host.wide = -123456789012LL;
    host.small = 5;
    host.mode = Mode::high;
    Color c{};
    c.r = 31;
    c.g = 1;
    c.b = 17;
    long long *out = sycl::malloc_shared<long long>(20, q);
    q.single_task([=] {
       out[0] = host.ready;
       out[1] = host.count;
       out[2] = host.delta;
       out[3] = host.urgent;
       out[4] = host.value;
       out[5] = host.tag;
       out[6] = host.shared;
       out[7] = host.wide;
       out[8] = host.small;
       out[9] = static_cast<int>(host.mode);
       Packet p = host;
       p.count += 100;  // 200 wraps to 72
       p.delta = p.value - 25;  // 17 wraps to -15
       p.small++;       // 6
       p.wide -= 1;
       p.urgent = false;
       out[10] = p.count;
       out[11] = p.delta;
       out[12] = p.small;
       out[13] = p.wide;
       out[14] = p.urgent;
       // A bit-field narrower than int promotes to int: no unsigned wrap.
       out[15] = p.count - 100;
       out[16] = c.r + c.g + c.b;
       out[17] = c.bits;
       out[18] = p.value;  // untouched by the bit-field stores
     }).wait();
    const long long expected[19] = {1,  100, -7, 1, 42, 'x', -1000, -123456789012LL, 5,       2,
                                    72, -15, 6,  -123456789013LL, 0, -28, 49, c.bits, 42};
    for (int k = 0; k < 19; ++k) {
      if (out[k] != expected[k]) std::printf("  out[%d] = %lld, expected %lld\n", k, out[k], expected[k]);
      check(out[k] == expected[k], "a captured Packet and a private copy");
    }
    sycl::free(out, q);
  }

  // In USM memory: each work-item updates its own packet's bit-fields.
  {
    const int n = 256;
    Packet *packets = sycl::malloc_shared<Packet>(n, q);
    for (int i = 0; i < n; ++i) {
      packets[i] = Packet{};
      packets[i].count = i % 128;
      packets[i].delta = (i % 32) - 16;
      packets[i].value = i;
      packets[i].tag = 't';
      packets[i].shared = i;
      packets[i].wide = i * 1000000LL;
    }
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
       Packet &p = packets[id];
       p.ready = 1;
       p.count = p.count + 1;
       p.delta = -p.delta;
       p.urgent = p.value % 2 == 1;
       p.shared -= 2048;  // wraps within 12 bits
       p.wide = p.wide * -2;
       p.mode = Mode::low;
     }).wait();
    bool ok = true;
    for (int i = 0; i < n; ++i) {
      const Packet &p = packets[i];
      int shared = i - 2048;
      ok &= p.ready == 1 && p.count == unsigned((i % 128 + 1) % 128);
      int delta = -((i % 32) - 16);
      ok &= p.delta == (delta == 16 ? -16 : delta);
      ok &= p.urgent == (i % 2 == 1) && p.value == i && p.tag == 't';
      ok &= p.shared == shared && p.wide == i * -2000000LL && p.mode == Mode::low;
      if (!ok) {
        std::printf("  packet %d: count %u delta %d shared %d wide %lld\n", i, p.count, p.delta, p.shared,
                    (long long)p.wide);
        break;
      }
    }
    check(ok, "bit-fields in USM memory");
    sycl::free(packets, q);
  }

  // Through a buffer accessor and in local memory.
  {
    const int n = 64;
    std::vector<Color> colors(n);
    for (int i = 0; i < n; ++i) {
      colors[i].r = i % 32;
      colors[i].g = i;
      colors[i].b = 31 - i % 32;
    }
    {
      sycl::buffer<Color, 1> buf(colors.data(), sycl::range<1>(n));
      q.submit([&](sycl::handler &h) {
        sycl::accessor acc(buf, h, sycl::read_write);
        sycl::local_accessor<Color, 1> tile(sycl::range<1>(16), h);
        h.parallel_for(sycl::nd_range<1>(sycl::range<1>(n), sycl::range<1>(16)), [=](sycl::nd_item<1> it) {
          size_t i = it.get_global_id(0), l = it.get_local_id(0);
          tile[l] = acc[i];
          tile[l].g = tile[l].g * 2 + 1;  // wraps within 6 bits
          sycl::group_barrier(it.get_group());
          Color mine = tile[15 - l];
          acc[i].r = mine.b;
          acc[i].g = tile[l].g;
        });
      });
    }
    bool ok = true;
    for (int i = 0; i < n; ++i) {
      int base = i / 16 * 16, mirror = base + 15 - i % 16;
      ok &= colors[i].r == unsigned(31 - mirror % 32) && colors[i].g == unsigned((i * 2 + 1) % 64) &&
            colors[i].b == unsigned(31 - i % 32);
    }
    check(ok, "bit-fields through an accessor and in local memory");
  }

  if (failures) {
    std::printf("%d checks failed\n", failures);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
