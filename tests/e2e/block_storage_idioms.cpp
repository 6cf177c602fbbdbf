// Idioms of CUB-derived block primitives (HeCBench's blockAccess,
// blockexchange, adjacent): temp storage as `Uninitialized<T>` (words sized
// by static constexpr std::size_t members, aliased with
// `reinterpret_cast<T &>(*this)`) in work-group memory and in USM, a member
// class template with partial specializations picked by an enum, alignment
// traits with `X<const T> : X<T>` specializations, and a padded struct
// (`Pad { T val; char byte; }`) measuring alignment.
#include <sycl/sycl.hpp>
#include <cstdio>

template <typename T>
struct AlignBytes {
  struct Pad {
    T val;
    char byte;
  };
  enum { ALIGN_BYTES = sizeof(Pad) - sizeof(T) };
};
template <typename T> struct AlignBytes<const T> : AlignBytes<T> {};
template <typename T> struct AlignBytes<volatile T> : AlignBytes<T> {};

template <typename T>
struct Uninitialized {
  typedef unsigned int Word;
  static constexpr std::size_t DATA_SIZE = sizeof(T);
  static constexpr std::size_t WORD_SIZE = sizeof(Word);
  static constexpr std::size_t WORDS = DATA_SIZE / WORD_SIZE;
  Word storage[WORDS];
  T &Alias() { return reinterpret_cast<T &>(*this); }
};

enum LoadAlgorithm { LOAD_DIRECT, LOAD_TRANSPOSE };

template <typename T, int THREADS, LoadAlgorithm ALGORITHM>
struct BlockShuffle {
  template <LoadAlgorithm A, int DUMMY> struct Internal;
  template <int DUMMY> struct Internal<LOAD_DIRECT, DUMMY> {
    struct Storage { T items[THREADS]; };
    static int shift() { return 1; }
  };
  template <int DUMMY> struct Internal<LOAD_TRANSPOSE, DUMMY> {
    struct Storage { T items[THREADS]; T spare[2]; };
    static int shift() { return THREADS - 1; }
  };
  typedef Internal<ALGORITHM, 0> Impl;
  typedef typename Impl::Storage _TempStorage;
  struct TempStorage : Uninitialized<_TempStorage> {};

  _TempStorage &storage;
  int lid;
  BlockShuffle(TempStorage &s, int lid) : storage(s.Alias()), lid(lid) {}
  T rotate(T v, sycl::group<1> g) {
    storage.items[lid] = v;
    sycl::group_barrier(g);
    return storage.items[(lid + Impl::shift()) % THREADS];
  }
};

struct KeyValue {
  int key;
  float value;
};

constexpr int WG = 32;

int main() {
  sycl::queue q;
  int bad = 0;
  static_assert(AlignBytes<double>::ALIGN_BYTES == alignof(double), "padded alignment");
  static_assert(AlignBytes<const KeyValue>::ALIGN_BYTES == alignof(KeyValue), "cv specialization");
  using Direct = BlockShuffle<int, WG, LOAD_DIRECT>;
  using Transpose = BlockShuffle<float, WG, LOAD_TRANSPOSE>;
  static_assert(sizeof(Direct::TempStorage) == WG * sizeof(int), "storage of whole words");
  static_assert(sizeof(Transpose::TempStorage) == (WG + 2) * sizeof(float), "specialized storage");

  int *ints = sycl::malloc_shared<int>(WG, q);
  float *floats = sycl::malloc_shared<float>(WG, q);
  Uninitialized<KeyValue> *pairs = sycl::malloc_shared<Uninitialized<KeyValue>>(WG, q);
  int *sizes = sycl::malloc_shared<int>(4, q);
  q.parallel_for(sycl::nd_range<1>(WG, WG), [=](sycl::nd_item<1> it) {
     auto d = sycl::ext::oneapi::group_local_memory_for_overwrite<Direct::TempStorage[1]>(it.get_group());
     auto t = sycl::ext::oneapi::group_local_memory_for_overwrite<Transpose::TempStorage[1]>(it.get_group());
     int lid = int(it.get_local_id(0));
     ints[lid] = Direct((*d)[0], lid).rotate(lid * 3, it.get_group());
     floats[lid] = Transpose((*t)[0], lid).rotate(lid * 0.5f, it.get_group());
     KeyValue &kv = pairs[lid].Alias();
     kv.key = lid + 100;
     kv.value = 1.5f * lid;
     if (lid == 0) {
       sizes[0] = sizeof(Direct::TempStorage);
       sizes[1] = sizeof(Transpose::TempStorage);
       sizes[2] = AlignBytes<KeyValue>::ALIGN_BYTES;
       sizes[3] = int(Uninitialized<KeyValue>::WORDS);
     }
   }).wait();
  for (int i = 0; i < WG; ++i) {
    if (ints[i] != ((i + 1) % WG) * 3) {
      std::printf("direct rotate: %d = %d\n", i, ints[i]);
      ++bad;
    }
    if (floats[i] != ((i + WG - 1) % WG) * 0.5f) {
      std::printf("transpose rotate: %d = %g\n", i, floats[i]);
      ++bad;
    }
    if (pairs[i].Alias().key != i + 100 || pairs[i].Alias().value != 1.5f * i) {
      std::printf("aliased pair %d = %d %g\n", i, pairs[i].Alias().key, pairs[i].Alias().value);
      ++bad;
    }
  }
  const int want[4] = {WG * 4, (WG + 2) * 4, 4, 2};
  for (int i = 0; i < 4; ++i)
    if (sizes[i] != want[i]) {
      std::printf("device size %d = %d, want %d\n", i, sizes[i], want[i]);
      ++bad;
    }
  sycl::free(ints, q);
  sycl::free(floats, q);
  sycl::free(pairs, q);
  sycl::free(sizes, q);
  std::printf("%s\n", bad ? "FAILED" : "PASSED");
  return bad != 0;
}
