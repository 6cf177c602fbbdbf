// Objects whose layout follows the Itanium ABI's finer rules, captured by
// kernels and read there: a derived class's members in the tail padding of
// a base with a constructor (not POD for layout), several levels of it, an
// empty base beside a member of the same type, std::tuple with elements of
// empty classes (libstdc++ gives them no bytes; two of one type cannot share
// an address) and with small elements in an earlier level's padding, and
// an array of such objects in USM written by the kernel and read back.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <functional>
#include <tuple>

struct Particle {
  int id;
  char kind;
  Particle(int i, char k) : id(i), kind(k) {}
};
// `charge` lies in Particle's tail padding: offset 5, size 8.
struct Charged : Particle {
  char charge;
  Charged(int i, char k, char q) : Particle(i, k), charge(q) {}
};
struct Tagged : Charged {
  char tag;
  short weight;
  Tagged(int i, char k, char q, char t, short w) : Charged(i, k, q), tag(t), weight(w) {}
};

struct Empty {};
struct AlsoEmpty : Empty {};
// The member `e` cannot share the base's address: it moves to 1.
struct Marked : Empty {
  Empty e;
  char flag;
  int value;
};

struct Scale {
  float operator()(float x) const { return x * 3.0f; }
};

int main() {
  sycl::queue q;
  Charged c(7, 'k', -3);
  Tagged t(11, 'z', 5, 'T', 300);
  Marked m{{}, {}, 'm', 42};
  std::tuple<Empty, int> te{Empty{}, 9};
  std::tuple<Empty, Empty, int> tee{Empty{}, Empty{}, 13};
  std::tuple<char, char, int> tcci{'a', 'b', 1000};
  std::tuple<Scale, float, std::plus<int>> ops{Scale{}, 2.5f, std::plus<int>{}};
  std::tuple<AlsoEmpty, Empty, short> nested{AlsoEmpty{}, Empty{}, 77};
  static_assert(sizeof(Charged) == 8, "charge in the tail padding");
  static_assert(sizeof(Tagged) == 12, "tag in the tail padding");
  static_assert(sizeof(std::tuple<Empty, int>) == 4, "an empty element takes no bytes");
  static_assert(sizeof(std::tuple<char, char, int>) == 8, "the first char in the padding");

  constexpr int N = 16;
  int *out = sycl::malloc_shared<int>(N, q);
  Tagged *arr = sycl::malloc_shared<Tagged>(4, q);
  for (int i = 0; i < 4; ++i)
    new (&arr[i]) Tagged(i, 'a', 0, 'x', 0);
  q.single_task([=] {
     out[0] = c.id;
     out[1] = c.kind;
     out[2] = c.charge;
     out[3] = t.id + t.kind + t.charge + t.tag + t.weight;
     out[4] = m.flag + m.value;
     out[5] = std::get<1>(te);
     out[6] = std::get<2>(tee);
     out[7] = std::get<0>(tcci) + std::get<1>(tcci) + std::get<2>(tcci);
     out[8] = int(std::get<0>(ops)(std::get<1>(ops)) * 2);
     out[9] = std::get<2>(ops)(20, 22);
     out[10] = std::get<2>(nested);
     for (int i = 0; i < 4; ++i) {
       arr[i].charge = char(i + 1);
       arr[i].weight = short(100 * i);
     }
   }).wait();
  const int expect[] = {7, 'k', -3, 11 + 'z' + 5 + 'T' + 300, 'm' + 42, 9, 13, 'a' + 'b' + 1000, 15, 42, 77};
  int bad = 0;
  for (int i = 0; i < 11; ++i) {
    if (out[i] != expect[i]) {
      std::printf("out[%d] = %d, expected %d\n", i, out[i], expect[i]);
      ++bad;
    }
  }
  for (int i = 0; i < 4; ++i) {
    if (arr[i].id != i || arr[i].kind != 'a' || arr[i].charge != i + 1 || arr[i].tag != 'x' || arr[i].weight != 100 * i) {
      std::printf("arr[%d] = {%d, %c, %d, %c, %d}\n", i, arr[i].id, arr[i].kind, arr[i].charge, arr[i].tag, arr[i].weight);
      ++bad;
    }
  }
  sycl::free(out, q);
  sycl::free(arr, q);
  std::puts(bad ? "FAILED" : "PASSED");
  return bad ? 1 : 0;
}
