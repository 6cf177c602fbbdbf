// `#pragma pack` and aligned type aliases as g++ lays classes out: records
// packed to 1 (an int at byte 1, a double at byte 5), to 2 (doubles and
// 64-bit integers at even bytes, a packed record inside another) and to 4
// (doubles at bytes 4 and 12), a class template defined under pack(1) and
// used after pop, and typedefs that raise (`aligned(16)` floats) or lower
// (`aligned(2)` doubles) their type's alignment. Kernels read and write
// misaligned members in USM arrays and buffers from many work-items at
// once (neighbours share words), capture records by value, and report
// sizeof/offsetof, all compared with the host. Captured copies of
// variables declared with aligned typedefs keep their alignment. A kernel
// written inside a pack(1) region has a packed closure under g++ (not
// under clang): its pointer capture sits at an odd byte.
#include <sycl/sycl.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <vector>

#pragma pack(push, 1)
struct Wire {
  char tag;
  int32_t id;
  double weight;
  int16_t delta;
};
#pragma pack(pop)
static_assert(sizeof(Wire) == 15 && alignof(Wire) == 1, "Wire");
static_assert(offsetof(Wire, id) == 1 && offsetof(Wire, weight) == 5 && offsetof(Wire, delta) == 13,
              "Wire members");

#pragma pack(push, 2)
struct Sample {
  uint8_t channel;
  double value;
  int64_t stamp;
  float gain;
};
struct Frame {
  char kind;
  Sample sample;
  uint16_t crc;
};
#pragma pack(pop)
static_assert(sizeof(Sample) == 22 && alignof(Sample) == 2, "Sample");
static_assert(offsetof(Sample, value) == 2 && offsetof(Sample, stamp) == 10 && offsetof(Sample, gain) == 18,
              "Sample members");
static_assert(sizeof(Frame) == 26 && offsetof(Frame, sample) == 2 && offsetof(Frame, crc) == 24, "Frame");

#pragma pack(4)
struct Quad {
  char c;
  double d;
  int64_t l;
  int16_t s;
};
#pragma pack()
static_assert(sizeof(Quad) == 24 && alignof(Quad) == 4, "Quad");
static_assert(offsetof(Quad, d) == 4 && offsetof(Quad, l) == 12 && offsetof(Quad, s) == 20, "Quad members");

#pragma pack(push, 1)
template <class T>
struct Cell {
  uint8_t flag;
  T value;
};
#pragma pack(pop)
// Packed where the template was defined, though used here.
static_assert(sizeof(Cell<double>) == 9 && offsetof(Cell<double>, value) == 1, "Cell");

typedef double even_double __attribute__((aligned(2)));
typedef float wide_float __attribute__((aligned(16)));
struct Low {
  char c;
  even_double x;
  int32_t y;
};
struct Wide {
  char c;
  wide_float x;
};
static_assert(sizeof(Low) == 16 && offsetof(Low, x) == 2 && offsetof(Low, y) == 12, "Low");
static_assert(sizeof(Wide) == 32 && alignof(Wide) == 16 && offsetof(Wide, x) == 16, "Wide");

#pragma pack(push, 1)
// The closure of this kernel: g++ puts `k` at 0, `f` at 1 and `out` at 9.
static void scale_in_packed_region(sycl::queue &q, double *out, char k, double f) {
  q.single_task([=] {
     double v = k * f;
     out[0] = v;
   }).wait();
}
#pragma pack(pop)

int main() {
  sycl::queue q;
  int failures = 0;
  constexpr int n = 777;

  // pack(1) records written and read by neighbouring work-items.
  Wire *wires = sycl::malloc_shared<Wire>(n, q);
  const Wire proto{'w', 41, 0.25, -3};
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> k) {
     int i = static_cast<int>(k[0]);
     wires[i].tag = static_cast<char>('a' + i % 26);
     wires[i].id = proto.id * i + 5;
     wires[i].weight = proto.weight * i;
     wires[i].delta = static_cast<int16_t>(proto.delta + i);
   }).wait();
  int64_t *sums = sycl::malloc_shared<int64_t>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> k) {
     const Wire &w = wires[k];
     sums[k] = w.tag + w.id + static_cast<int64_t>(w.weight * 4) + w.delta;
   }).wait();
  for (int i = 0; i < n; ++i) {
    const Wire &w = wires[i];
    bool ok = w.tag == 'a' + i % 26 && w.id == 41 * i + 5 && w.weight == 0.25 * i && w.delta == -3 + i;
    int64_t want = w.tag + w.id + int64_t(w.weight * 4) + w.delta;
    if ((!ok || sums[i] != want) && failures++ < 5)
      std::printf("wire %d: %c %d %g %d, sum %lld (want %lld)\n", i, w.tag, w.id, w.weight, w.delta,
                  static_cast<long long>(sums[i]), static_cast<long long>(want));
  }

  // pack(2) records through buffers: read Samples, write Frames around them.
  std::vector<Sample> samples(n);
  for (int i = 0; i < n; ++i)
    samples[i] = Sample{static_cast<uint8_t>(i % 200), 1.5 * i, int64_t(i) << 33, 0.5f * i};
  std::vector<Frame> frames(n);
  std::vector<double> scaled(n);
  {
    sycl::buffer<Sample> in(samples.data(), sycl::range<1>(n));
    sycl::buffer<Frame> out(frames.data(), sycl::range<1>(n));
    sycl::buffer<double> res(scaled.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler &h) {
      sycl::accessor s(in, h, sycl::read_only);
      sycl::accessor f(out, h, sycl::write_only, sycl::no_init);
      sycl::accessor r(res, h, sycl::write_only, sycl::no_init);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
        Sample v = s[i];
        r[i] = v.value * v.gain + static_cast<double>(v.stamp >> 33) + v.channel;
        f[i].kind = static_cast<char>(v.channel % 7);
        f[i].sample = v;
        f[i].sample.stamp = v.stamp + 1;
        f[i].crc = static_cast<uint16_t>(v.channel * 3 + 1);
      });
    });
  }
  for (int i = 0; i < n; ++i) {
    const Sample &v = samples[i];
    const Frame &f = frames[i];
    double want = v.value * v.gain + double(v.stamp >> 33) + v.channel;
    bool ok = scaled[i] == want && f.kind == v.channel % 7 && f.sample.channel == v.channel &&
              f.sample.value == v.value && f.sample.stamp == v.stamp + 1 && f.sample.gain == v.gain &&
              f.crc == v.channel * 3 + 1;
    if (!ok && failures++ < 5)
      std::printf("frame %d: kind %d value %g stamp %lld gain %g crc %d, scaled %g (want %g)\n", i, f.kind,
                  f.sample.value, static_cast<long long>(f.sample.stamp), f.sample.gain, f.crc, scaled[i], want);
  }

  // pack(4): 8-byte members at bytes 4 and 12; aligned typedefs.
  Quad *quads = sycl::malloc_shared<Quad>(n, q);
  Low *lows = sycl::malloc_shared<Low>(n, q);
  Wide *wides = sycl::malloc_shared<Wide>(n, q);
  for (int i = 0; i < n; ++i) {
    quads[i] = Quad{static_cast<char>(i % 100), 0.5 * i, int64_t(i) * 3000000000LL, static_cast<int16_t>(-i)};
    lows[i] = Low{static_cast<char>(i % 50), 2.0 * i, i + 7};
  }
  const Cell<double> cell{3, 0.125};
  const Quad quad_proto{'q', 2.5, -9, 11};
  const Low low_proto{'l', 6.25, 40};
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> k) {
     int i = static_cast<int>(k[0]);
     Quad v = quads[i];
     quads[i].d = v.d + v.l + v.s + quad_proto.d * cell.flag;
     quads[i].l = v.l + quad_proto.l + static_cast<int64_t>(cell.value * 8);
     lows[i].x = lows[i].x * 2 + low_proto.x + lows[i].y;
     lows[i].y = lows[i].c + low_proto.y;
     wides[i].c = static_cast<char>(i % 3);
     wides[i].x = static_cast<float>(v.s) + 0.5f;
   }).wait();
  for (int i = 0; i < n; ++i) {
    double d0 = 0.5 * i;
    int64_t l0 = int64_t(i) * 3000000000LL;
    double dw = d0 + double(l0) + double(-i) + 2.5 * 3;
    int64_t lw = l0 - 9 + 1;
    bool ok = quads[i].c == i % 100 && quads[i].d == dw && quads[i].l == lw && quads[i].s == -i &&
              lows[i].c == i % 50 && lows[i].x == 2.0 * i * 2 + 6.25 + (i + 7) && lows[i].y == i % 50 + 40 &&
              wides[i].c == i % 3 && wides[i].x == float(-i) + 0.5f;
    if (!ok && failures++ < 5)
      std::printf("quad %d: %g %lld (want %g %lld); low %g %d; wide %d %g\n", i, quads[i].d,
                  static_cast<long long>(quads[i].l), dw, static_cast<long long>(lw), lows[i].x, lows[i].y,
                  wides[i].c, wides[i].x);
  }

  // Sizes and offsets as the device sees them.
  size_t *sizes = sycl::malloc_shared<size_t>(12, q);
  q.single_task([=] {
     sizes[0] = sizeof(Wire);
     sizes[1] = offsetof(Wire, delta);
     sizes[2] = sizeof(Sample);
     sizes[3] = offsetof(Frame, crc);
     sizes[4] = sizeof(Quad);
     sizes[5] = offsetof(Quad, l);
     sizes[6] = sizeof(Cell<double>);
     sizes[7] = offsetof(Low, y);
     sizes[8] = sizeof(Wide);
     sizes[9] = alignof(wide_float);
     sizes[10] = alignof(even_double);
     sizes[11] = alignof(Sample);
   }).wait();
  const size_t host_sizes[] = {sizeof(Wire),         offsetof(Wire, delta), sizeof(Sample),
                               offsetof(Frame, crc), sizeof(Quad),          offsetof(Quad, l),
                               sizeof(Cell<double>), offsetof(Low, y),      sizeof(Wide),
                               alignof(wide_float),  alignof(even_double),  alignof(Sample)};
  for (int i = 0; i < 12; ++i) {
    if (sizes[i] != host_sizes[i]) {
      std::printf("size #%d: %zu on the device, %zu on the host\n", i, sizes[i], host_sizes[i]);
      ++failures;
    }
  }

  // Copies of variables declared with aligned typedefs keep the typedef's
  // alignment in the closure: `wf` at byte 16, `ed` at 20 (32 bytes).
  double *mixed = sycl::malloc_shared<double>(1, q);
  {
    char tag = 5;
    wide_float wf = 1.5f;
    even_double ed = 2.25;
    q.single_task([=] { mixed[0] = tag + wf + ed; }).wait();
  }
  if (mixed[0] != 8.75) {
    std::printf("aligned captures: %g (want 8.75)\n", mixed[0]);
    ++failures;
  }

  double *scaled_once = sycl::malloc_shared<double>(1, q);
  scale_in_packed_region(q, scaled_once, 3, 1.25);
  if (scaled_once[0] != 3.75) {
    std::printf("kernel in a pack(1) region: %g (want 3.75)\n", scaled_once[0]);
    ++failures;
  }

  sycl::free(wires, q);
  sycl::free(sums, q);
  sycl::free(quads, q);
  sycl::free(lows, q);
  sycl::free(wides, q);
  sycl::free(sizes, q);
  sycl::free(mixed, q);
  sycl::free(scaled_once, q);
  std::printf("%s\n", failures ? "FAILED" : "PASSED");
  return failures != 0;
}
