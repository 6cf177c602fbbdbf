// A SYCL-program-shaped translation unit (no headers: minimal stand-ins).
namespace sycl {
template <int D = 1> class range { public: range(unsigned long) {} };
template <int D = 1> class id { public: id() {} operator unsigned long() const { return 0; } };
template <typename T, int D = 1> class buffer {
public:
  buffer(T*, range<D>) {}
  template <typename... Props> buffer(T*, range<D>, Props...) {}
};
template <class T, int D> buffer(T*, range<D>) -> buffer<T, D>;
class handler {
public:
  template <typename KernelName = void, typename F> void parallel_for(range<1>, F f) {}
  template <typename F> void single_task(F f) {}
};
class queue { public: template <typename F> void submit(F f) {} };
}
template <typename T> class kernel_name;
int main() {
  sycl::queue q;
  float data[16];
  sycl::buffer buf{data, sycl::range<1>{16}};
  q.submit([&](sycl::handler& h) {
    h.parallel_for<kernel_name<float>>(sycl::range<1>{16}, [=](sycl::id<1> i) {
      data[i] = 2.0f * static_cast<float>(i);
    });
    h.single_task([]() {});
  });
  return 0;
}
