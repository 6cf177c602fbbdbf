// Kernel arguments decomposed with sycl_deconstruct()/sycl_reconstruct()
// (the protocol of seed 000): the seed's own special_type/aggregate
// example; a class owning a USM allocation that kernels see as (pointer,
// size); a class whose elements are a plain struct holding an accessor; an
// element that is decomposed in turn; decomposed members of a functor, of
// an nd_range kernel with a reduction and of a template class. Every device
// sees what sycl_reconstruct() rebuilt, and sycl_deconstruct() runs once
// per object and launch.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <tuple>
#include <utility>

static int failures = 0;
static void check(bool ok, const char *what) {
  if (!ok) {
    std::printf("FAILED: %s\n", what);
    ++failures;
  }
}

static int deconstruct_calls = 0;

// The seed's example: X is device copyable by declaration.
struct X {
  ~X() {}
  int dm;
};
template <>
struct sycl::is_device_copyable<X> : std::true_type {};

struct special_type {
  int value;
  X x;
  const char *host_name;  // never reaches the device
  ~special_type() {}
  std::tuple<int, X> sycl_deconstruct() {
    ++deconstruct_calls;
    return {value * 10, x};
  }
  static special_type sycl_reconstruct(int value, X x) noexcept { return special_type{value + 1, x, nullptr}; }
};

struct aggregate {
  special_type sta[2];
};

// Owns a USM allocation on the host; kernels get (pointer, size).
class device_array {
 public:
  device_array(sycl::queue &q, size_t n) : m_queue(&q), m_data(sycl::malloc_shared<float>(n, q)), m_size(n) {}
  device_array(const device_array &other) : m_queue(nullptr), m_data(other.m_data), m_size(other.m_size) {}
  ~device_array() {
    if (m_queue) sycl::free(m_data, *m_queue);
  }
  float &operator[](size_t i) const { return m_data[i]; }
  size_t size() const { return m_size; }
  bool owns_memory() const { return m_queue != nullptr; }

  std::tuple<float *, size_t> sycl_deconstruct() const {
    ++deconstruct_calls;
    return {m_data, m_size};
  }
  static device_array sycl_reconstruct(float *data, size_t size) { return device_array(data, size); }

 private:
  device_array(float *data, size_t size) : m_queue(nullptr), m_data(data), m_size(size) {}
  sycl::queue *m_queue;
  float *m_data;
  size_t m_size;
};

// Elements in a plain struct (decomposed by its members), one an accessor.
struct scaled_elements {
  sycl::accessor<int, 1, sycl::access::mode::read_write> data;
  int scale;
};
struct scaled_view {
  sycl::accessor<int, 1, sycl::access::mode::read_write> data;
  int scale;
  int *host_counter;
  scaled_view(sycl::accessor<int, 1, sycl::access::mode::read_write> a, int s, int *c)
      : data(a), scale(s), host_counter(c) {}
  scaled_view(const scaled_view &o) : data(o.data), scale(o.scale), host_counter(o.host_counter) {}
  ~scaled_view() {}
  scaled_elements sycl_deconstruct() const {
    ++deconstruct_calls;
    return {data, scale};
  }
  static scaled_view sycl_reconstruct(sycl::accessor<int, 1, sycl::access::mode::read_write> a, int s) {
    return scaled_view(a, s, nullptr);
  }
  void apply(size_t i) const { data[i] *= scale; }
};

// An element that opts in itself: decomposed in turn.
struct outer {
  special_type inner;
  int extra;
  ~outer() {}
  std::pair<special_type, int> sycl_deconstruct() {
    ++deconstruct_calls;
    return {inner, extra * 2};
  }
  static outer sycl_reconstruct(special_type inner, int extra) { return outer{inner, extra + 1}; }
};

// A functor whose member is decomposed.
struct fill_kernel {
  device_array out;
  float value;
  void operator()(sycl::id<1> i) const { out[i] = value + static_cast<float>(i[0]); }
};

// A template class opting in.
template <typename T>
struct boxed {
  T value;
  ~boxed() {}
  std::tuple<T> sycl_deconstruct() const {
    ++deconstruct_calls;
    return std::tuple<T>(value);
  }
  static boxed sycl_reconstruct(T v) { return boxed{v * 2}; }
};

int main() {
  sycl::queue q;
  std::printf("device: %s\n", q.get_device().get_info<sycl::info::device::name>().c_str());

  // The seed's example, captured by a lambda with a plain int.
  {
    int i = 3;
    special_type st{1, X{2}, "st"};
    aggregate a{{special_type{4, X{5}, "a0"}, special_type{6, X{7}, "a1"}}};
    int *out = sycl::malloc_shared<int>(8, q);
    deconstruct_calls = 0;
    q.single_task([=] {
       out[0] = i;
       out[1] = st.value;
       out[2] = st.x.dm;
       out[3] = a.sta[0].value;
       out[4] = a.sta[0].x.dm;
       out[5] = a.sta[1].value;
       out[6] = a.sta[1].x.dm;
       out[7] = st.host_name == nullptr;
     }).wait();
    const int expected[8] = {3, 11, 2, 41, 5, 61, 7, 1};
    for (int k = 0; k < 8; ++k) check(out[k] == expected[k], "the seed's special_type and aggregate");
    check(deconstruct_calls == 3, "one sycl_deconstruct() per object and launch");
    check(st.value == 1 && a.sta[1].value == 6, "host objects unchanged");
    sycl::free(out, q);
  }

  // A class owning USM memory, in a range kernel.
  {
    const size_t n = 1000;
    device_array in(q, n), out(q, n);
    for (size_t k = 0; k < n; ++k) in[k] = static_cast<float>(k);
    bool *owns = sycl::malloc_shared<bool>(1, q);
    *owns = true;
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> k) {
       out[k] = in[k] * 2.0f + static_cast<float>(in.size());
       if (k[0] == 0) *owns = in.owns_memory();
     }).wait();
    bool ok = true;
    for (size_t k = 0; k < n; ++k) ok &= out[k] == static_cast<float>(k) * 2.0f + 1000.0f;
    check(ok, "device_array in a range kernel");
    check(!*owns, "the kernel sees the rebuilt device_array");
    sycl::free(owns, q);

    // As a member of a functor kernel.
    q.parallel_for(sycl::range<1>(n), fill_kernel{out, 0.5f}).wait();
    ok = true;
    for (size_t k = 0; k < n; ++k) ok &= out[k] == 0.5f + static_cast<float>(k);
    check(ok, "device_array in a functor");

    // In an nd_range kernel with a reduction.
    float *sum = sycl::malloc_shared<float>(1, q);
    *sum = 0.0f;
    q.parallel_for(sycl::nd_range<1>(sycl::range<1>(1024), sycl::range<1>(64)),
                   sycl::reduction(sum, sycl::plus<float>()), [=](sycl::nd_item<1> it, auto &acc) {
                     size_t k = it.get_global_id(0);
                     if (k < in.size()) acc += in[k];
                   })
        .wait();
    check(*sum == 499500.0f, "device_array in an nd_range reduction");
    sycl::free(sum, q);
  }

  // Elements in a struct holding an accessor.
  {
    std::vector<int> data(64);
    for (int k = 0; k < 64; ++k) data[k] = k;
    int host_counter = 0;
    {
      sycl::buffer<int, 1> buf(data.data(), sycl::range<1>(64));
      q.submit([&](sycl::handler &h) {
        scaled_view view(sycl::accessor<int, 1, sycl::access::mode::read_write>(buf, h), 3, &host_counter);
        h.parallel_for(sycl::range<1>(64), [=](sycl::id<1> k) { view.apply(k[0]); });
      });
    }
    bool ok = true;
    for (int k = 0; k < 64; ++k) ok &= data[k] == 3 * k;
    check(ok, "an accessor among the elements");
  }

  // An element decomposed in turn, and a template class.
  {
    outer o{special_type{5, X{9}, "inner"}, 7};
    boxed<int> b{21};
    int *out = sycl::malloc_shared<int>(5, q);
    deconstruct_calls = 0;
    q.single_task([=] {
       out[0] = o.inner.value;
       out[1] = o.inner.x.dm;
       out[2] = o.extra;
       out[3] = b.value;
       out[4] = o.inner.host_name == nullptr;
     }).wait();
    check(out[0] == 51, "a nested decomposition (value)");
    check(out[1] == 9, "a nested decomposition (device copyable element)");
    check(out[2] == 15, "the outer rebuild");
    check(out[3] == 42, "a template class");
    check(out[4] == 1, "the inner object is the rebuilt one");
    check(deconstruct_calls == 3, "nested objects are deconstructed once");
    sycl::free(out, q);
  }

  if (failures) {
    std::printf("%d checks failed\n", failures);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
