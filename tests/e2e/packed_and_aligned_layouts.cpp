// GNU layout attributes as g++ lays classes out: `packed` classes and
// members (a 4-byte int at byte 1, a double at byte 5, 16-bit members
// across a word boundary), `aligned(N)` on classes and members (CUDA ports'
// `__align__(16)`), attributes after the closing brace, and
// `[[no_unique_address]]` empty members. Kernels read and write USM arrays
// of packed records from many work-items at once (neighbours share words),
// capture one by value, and report sizeof, compared with the host.
#include <sycl/sycl.hpp>

#include <cstdint>
#include <cstdio>

struct __attribute__((packed)) Record {
  char tag;
  int32_t id;
  double weight;
  int16_t delta;
};
struct Header {
  char kind;
  uint32_t length;
} __attribute__((packed));
struct Loose {
  char c;
  int32_t i __attribute__((packed));
};
struct __attribute__((aligned(16))) Point {
  float x, y, z;
};
struct Wide {
  char c;
  int32_t i __attribute__((aligned(16)));
};
struct Empty {};
struct Tagged {
  [[no_unique_address]] Empty policy;
  int value;
};

int main() {
  sycl::queue q;
  constexpr int n = 999;
  Record *records = sycl::malloc_shared<Record>(n, q);
  Header *headers = sycl::malloc_shared<Header>(n, q);
  Point *points = sycl::malloc_shared<Point>(n, q);
  size_t *sizes = sycl::malloc_shared<size_t>(6, q);
  const Record proto{'p', 31, 0.5, 9};
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> k) {
     int i = static_cast<int>(k[0]);
     records[i].tag = static_cast<char>('a' + i % 26);
     records[i].id = proto.id * i - 7;
     records[i].weight = proto.weight * i;
     records[i].delta = static_cast<int16_t>(proto.delta - i);
     headers[i] = Header{static_cast<char>(i % 7), static_cast<uint32_t>(i * 3)};
     points[i] = Point{float(i), float(2 * i), float(3 * i)};
     if (i == 0) {
       sizes[0] = sizeof(Record);
       sizes[1] = sizeof(Header);
       sizes[2] = sizeof(Loose);
       sizes[3] = sizeof(Point);
       sizes[4] = sizeof(Wide);
       sizes[5] = sizeof(Tagged);
     }
   }).wait();
  // Read back in another kernel: the fields of each record summed.
  int64_t *sums = sycl::malloc_shared<int64_t>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> k) {
     const Record &r = records[k];
     const Header &h = headers[k];
     sums[k] = r.tag + r.id + static_cast<int64_t>(r.weight * 2) + r.delta + h.kind + h.length +
               static_cast<int64_t>(points[k].z);
   }).wait();

  int failures = 0;
  const size_t host_sizes[] = {sizeof(Record), sizeof(Header), sizeof(Loose), sizeof(Point), sizeof(Wide),
                               sizeof(Tagged)};
  for (int i = 0; i < 6; ++i) {
    if (sizes[i] != host_sizes[i]) {
      std::printf("sizeof #%d: %zu on the device, %zu on the host\n", i, sizes[i], host_sizes[i]);
      ++failures;
    }
  }
  for (int i = 0; i < n; ++i) {
    const Record &r = records[i];
    bool ok = r.tag == 'a' + i % 26 && r.id == 31 * i - 7 && r.weight == 0.5 * i && r.delta == 9 - i &&
              headers[i].kind == i % 7 && headers[i].length == uint32_t(i * 3) && points[i].y == 2.0f * i;
    int64_t want = r.tag + r.id + int64_t(r.weight * 2) + r.delta + headers[i].kind + headers[i].length + 3 * i;
    if ((!ok || sums[i] != want) && failures++ < 5)
      std::printf("record %d: %c %d %g %d, sum %lld (want %lld)\n", i, r.tag, r.id, r.weight, r.delta,
                  static_cast<long long>(sums[i]), static_cast<long long>(want));
  }
  sycl::free(records, q);
  sycl::free(headers, q);
  sycl::free(points, q);
  sycl::free(sizes, q);
  sycl::free(sums, q);
  std::printf("%s\n", failures ? "FAILED" : "PASSED");
  return failures != 0;
}
