// SYCL-spec-example style code against minimal stand-ins for the API.
namespace sycl {
inline namespace _V1 {
template <int D = 1> struct range { template <typename... Ts> range(Ts...) {} };
template <int D = 1> struct nd_range { nd_range(range<D>, range<D>) {} };
template <int D = 1> struct nd_item { unsigned long get_global_id(int) const { return 0; } };
struct read_only_t {}; inline constexpr read_only_t read_only{};
struct handler;
template <typename T, int D = 1> struct buffer { template <typename... A> buffer(A&&...) {} };
template <typename T, int D = 1> struct accessor {
  template <typename... A> accessor(A&&...) {}
  T& operator[](unsigned long) const;
};
template <typename T, int D, typename... A> accessor(buffer<T, D>&, A...) -> accessor<T, D>;
struct handler { template <typename K = void, typename R, typename F> void parallel_for(R, F) {} };
struct queue {
  template <typename F> void submit(F&& f) { handler h; f(h); }
  void wait() noexcept {}
};
}  // namespace _V1
}  // namespace sycl

template <typename T> class scale_kernel;

int main() {
  using namespace sycl;
  constexpr int N = 64;
  float a[N] = {};
  queue q;
  {
    buffer<float, 1> buf{a, range<1>{N}};
    q.submit([&](handler& cgh) {
      accessor acc{buf, cgh, read_only};
      cgh.parallel_for<scale_kernel<float>>(nd_range<1>{{N}, {8}},
          [=](nd_item<1> it) [[sycl::reqd_work_group_size(8)]] {
            auto i = it.get_global_id(0);
            (void)acc[i];
          });
    });
    q.wait();
  }
  auto lam = [n = N](auto&&... xs) constexpr noexcept -> int { return n + (0 + ... + xs); };
  return lam(1, 2, 3) > 0 ? 0 : 1;
}
