// Kernels that capture `const` integer locals of templates whose values
// are only known at instantiation (`const int n = v.size()` in a function
// template, `const int g = member;` in a command group of a class
// template's member function). g++ lays such captures out after the
// lambda's other captures, clang in order of use; the kernels must read
// every capture where the host compiler put it (the mixed sizes make a
// wrong order visible as wrong values, and in the closure's size).
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

template <typename T>
int sum_first(sycl::queue& q, std::vector<T>& v, int* out) {
  const int n = int(v.size());  // value-dependent: v's type names T (g++ 12 captures n last)
  int a = 1000;
  T* data = sycl::malloc_shared<T>(v.size(), q);
  for (size_t i = 0; i < v.size(); ++i) data[i] = v[i];
  q.single_task([=] {
     int k = n / 2;
     T s = 0;
     for (int i = 0; i < k; ++i) s += data[i];
     out[0] = a + int(s) + n;
   }).wait();
  sycl::free(data, q);
  return out[0];
}

template <typename T>
class reduce_kernel;

template <typename T>
struct Reducer {
  sycl::queue q;
  size_t local_size;
  explicit Reducer(size_t l) : local_size(l) {}
  // The command group declares `group_size` from a member: g++ captures it
  // last in the kernel (as in sycl-bench's reduction pattern).
  void run(sycl::buffer<T, 1>& in, sycl::buffer<T, 1>& out, size_t size) {
    q.submit([&](sycl::handler& cgh) {
      sycl::accessor acc{in, cgh, sycl::read_only};
      sycl::accessor acc_out{out, cgh, sycl::write_only, sycl::no_init};
      sycl::local_accessor<T, 1> scratch{local_size, cgh};
      const int group_size = local_size;
      cgh.parallel_for<reduce_kernel<T>>(
          sycl::nd_range<1>{size, local_size}, [=](sycl::nd_item<1> item) {
            const int lid = item.get_local_id(0);
            scratch[lid] = acc[item.get_global_id()];
            for (int i = group_size / 2; i > 0; i /= 2) {
              sycl::group_barrier(item.get_group());
              if (lid < i) scratch[lid] += scratch[lid + i];
            }
            if (lid == 0) acc_out[item.get_group(0)] = scratch[0];
          });
    });
  }
  // Declared in the member function itself: captured in order of use.
  int scaled(int* out) {
    const int factor = int(local_size);
    char tag = 3;
    q.single_task([=] { out[0] = factor * 10 + tag; }).wait();
    return out[0];
  }
};

int main() {
  sycl::queue q;
  int* out = sycl::malloc_shared<int>(1, q);
  int bad = 0;
  std::vector<long> v{1, 2, 3, 4, 5, 6};
  if (sum_first(q, v, out) != 1000 + 6 + 6) {
    std::printf("sum_first: %d, want 1012\n", out[0]);
    ++bad;
  }
  std::vector<int> in(32);
  for (int i = 0; i < 32; ++i) in[i] = i;
  std::vector<int> partial(4, -1);
  Reducer<int> r(8);
  {
    sycl::buffer<int, 1> bi(in.data(), 32), bo(partial.data(), 4);
    r.run(bi, bo, 32);
  }
  for (int g = 0; g < 4; ++g) {
    int want = 0;
    for (int i = 0; i < 8; ++i) want += g * 8 + i;
    if (partial[g] != want) {
      std::printf("group %d: %d, want %d\n", g, partial[g], want);
      ++bad;
    }
  }
  if (r.scaled(out) != 83) {
    std::printf("scaled: %d, want 83\n", out[0]);
    ++bad;
  }
  sycl::free(out, q);
  std::printf(bad ? "FAILED\n" : "PASSED\n");
  return bad != 0;
}
