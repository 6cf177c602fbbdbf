// Explicit specializations of function templates (`template <> float
// poly<3>(float)`, with the arguments written or deduced) called from
// kernels through a template; a data member inherited from a base class
// hiding a type of the same name (`id = rhs.id` under `using namespace
// sycl`); std::pow and sycl::pow of mixed arithmetic arguments (`pow(2.f,
// n)`, computed in double as the standard's extra overloads do); the
// <cstdint> constant macros (`UINT32_C`); `assert` in a kernel (checked on
// the host device, compiled out on Vulkan); `address_space_cast`; and
// `info::device::version`; and non-type template parameters typed as
// declared (`template <uint32_t B>`: `B - 1` is unsigned).
#include <sycl/sycl.hpp>
#include <cassert>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <type_traits>
using namespace sycl;

template <int Degree>
float poly(float x);
template <>
float poly<3>(float x) { return x * x * x; }
template <>
float poly<5>(float x) { return x * x * x * x * x; }

template <typename T>
T twice(T x) { return x + x; }
template <>
int twice(int x) { return 2 * x + 1; }  // deduced: twice<int>

template <int Degree>
float shifted(float x) { return poly<Degree>(x) + 1.f; }

// A non-type template parameter has its declared type in expressions:
// `Bits - 1 + s` is unsigned, so sycl::min(16U, ...) deduces one type.
template <uint32_t Bits>
unsigned tail_bits(short s) { return sycl::min(16U, Bits - 1 + s); }
template <uint32_t Bits>
struct Width {
  static constexpr bool is_unsigned = std::is_same<decltype(Bits - 1), unsigned>::value;
};
static_assert(Width<10>::is_unsigned, "a uint32_t template parameter is unsigned in expressions");

struct Header {
  short id;
  int size;
};
struct Record : public Header {
  int extra;
  Record &operator=(const Record &rhs) {
    if (this == &rhs) return *this;
    id = rhs.id;  // Header::id, not sycl::id
    size = rhs.size;
    extra = rhs.extra;
    return *this;
  }
  short key() const { return id; }
};

// Partial specializations chosen by partial ordering: the one whose
// pattern has more structure wins, packs included.
template <typename T, typename U> struct pair_tag {};
template <typename... Rs> struct chain { static constexpr int which = 0; };
template <typename R, typename... Rest> struct chain<R, Rest...> { static constexpr int which = 1; };
template <typename T, typename U, typename... Rest> struct chain<pair_tag<T, U>, Rest...> {
  static constexpr int which = 2;
};
template <typename A, typename B> struct shape { static constexpr int which = 0; };
template <typename T, typename U> struct shape<T *, U> { static constexpr int which = 1; };
template <typename T> struct shape<T *, int> { static constexpr int which = 2; };
template <typename T> struct shape<const T *, int> { static constexpr int which = 3; };
template <typename T> struct shape<T, T> { static constexpr int which = 4; };

int partial_ordering_code() {
  return chain<>::which + 10 * chain<int>::which + 100 * chain<pair_tag<int, float>, int>::which +
         1000 * shape<float *, char>::which + 10000 * shape<float *, int>::which +
         100000 * shape<const float *, int>::which + 1000000 * shape<long, long>::which;
}

int main() {
  queue q;
  const std::string version = q.get_device().get_info<info::device::version>();
  float *out = malloc_shared<float>(8, q);
  int *ints = malloc_shared<int>(4, q);
  const uint32_t seven = UINT32_C(7);
  const uint64_t big = UINT64_C(1) << 40;
  q.single_task([=] {
     assert(seven == 7);
     out[0] = shifted<3>(2.f);
     out[1] = shifted<5>(2.f);
     unsigned char e = 3;
     out[2] = sycl::pow(2.f, e - 1);
     out[3] = std::pow(2.0f, 3);
     out[4] = static_cast<float>(std::pow(2, 10));
     out[5] = std::fmin(1.5f, 2.0);
     auto p = address_space_cast<access::address_space::global_space, access::decorated::no>(ints);
     p[0] = twice(20);
     p[1] = static_cast<int>(twice(2.5f));
     ints[2] = static_cast<int>(big >> 38);
     ints[3] = static_cast<int>(tail_bits<10>(3) + tail_bits<30>(1));
   }).wait();
  Record a{}, b{};
  b.id = 4;
  b.size = 5;
  b.extra = 6;
  a = b;
  const float want[] = {9, 33, 4, 8, 1024, 1.5f};
  int errors = 0;
  for (int i = 0; i < 6; ++i)
    if (out[i] != want[i]) {
      std::printf("out[%d] = %g, want %g\n", i, out[i], want[i]);
      errors++;
    }
  if (ints[0] != 41 || ints[1] != 5 || ints[2] != 4 || ints[3] != 28) {
    std::printf("ints %d %d %d %d, want 41 5 4 28\n", ints[0], ints[1], ints[2], ints[3]);
    errors++;
  }
  if (a.key() != 4 || a.size != 5 || a.extra != 6) {
    std::printf("Record::operator=: %d %d %d\n", a.key(), a.size, a.extra);
    errors++;
  }
  if (version.empty()) {
    std::printf("info::device::version is empty\n");
    errors++;
  }
  int *ordering = sycl::malloc_shared<int>(1, q);
  q.single_task([=] { ordering[0] = partial_ordering_code(); }).wait();
  if (ordering[0] != 4321210 || partial_ordering_code() != 4321210) {
    std::printf("partial ordering: device %d, host %d, want 4321210\n", ordering[0], partial_ordering_code());
    errors++;
  }
  free(ordering, q);
  free(out, q);
  free(ints, q);
  std::printf(errors ? "FAILED\n" : "PASSED\n");
  return errors != 0;
}
