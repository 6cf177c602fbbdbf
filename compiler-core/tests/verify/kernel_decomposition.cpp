// The kernel argument decomposition protocol (seed 000): a class that
// declares sycl_deconstruct() must declare a static sycl_reconstruct()
// taking the elements sycl_deconstruct() returns; those elements must be
// tuple-like, device copyable and hold no references. A class that is not
// an aggregate does not become device copyable through decomposed members.
// Free-function kernels do not decompose their parameters yet.
#include <sycl/sycl.hpp>
#include <string>
#include <tuple>

struct no_reconstruct { // expected-error {{class 'no_reconstruct' declares sycl_deconstruct() but no sycl_reconstruct(): the device cannot rebuild it}} expected-note {{declare 'static T sycl_reconstruct(...)' taking the elements sycl_deconstruct() returns}}
  int v;
  std::tuple<int> sycl_deconstruct() const { return {v}; }
};

struct member_reconstruct {
  int v;
  std::tuple<int> sycl_deconstruct() const { return {v}; }
  member_reconstruct sycl_reconstruct(int x) { return {x}; } // expected-error {{'member_reconstruct::sycl_reconstruct' must be a static member function}}
};

struct wrong_parameters {
  int v;
  ~wrong_parameters() {}
  std::tuple<int, float> sycl_deconstruct() const { return {v, 1.0f}; } // expected-error {{no matching function for call to 'wrong_parameters::sycl_reconstruct'}} expected-note {{while rebuilding 'wrong_parameters' on the device from the 'std::tuple<int, float>' its sycl_deconstruct() returns}}
  static wrong_parameters sycl_reconstruct(int *p) { return {*p}; } // expected-note {{candidate not viable: requires 1 argument, but 2 were provided}}
};

struct deconstruct_with_parameter {
  int v;
  std::tuple<int> sycl_deconstruct(int scale) const { return {v * scale}; } // expected-error {{'deconstruct_with_parameter::sycl_deconstruct' must be a non-static member function without parameters}}
  static deconstruct_with_parameter sycl_reconstruct(int x) { return {x}; }
};

struct not_tuple_like {
  int v;
  int sycl_deconstruct() const { return v; } // expected-error {{'not_tuple_like::sycl_deconstruct' returns 'int', which a structured binding cannot decompose}} expected-note {{cannot decompose non-class, non-array type 'int'}}
  static not_tuple_like sycl_reconstruct(int x) { return {x}; }
};

struct host_only {
  std::string name;
};

struct host_element {
  int v;
  ~host_element() {}
  std::tuple<host_only> sycl_deconstruct() const { return {host_only{"x"}}; }
  static host_element sycl_reconstruct(host_only) { return {1}; }
};

struct reference_element {
  int v;
  ~reference_element() {}
  std::tuple<int &> sycl_deconstruct() { return {v}; } // expected-error {{'reference_element::sycl_deconstruct' returns 'std::tuple<int &>', which holds a reference ('int &')}}
  static reference_element sycl_reconstruct(int &x) { return {x}; }
};

struct no_elements {
  int v;
  std::tuple<> sycl_deconstruct() const { return {}; } // expected-error {{'no_elements::sycl_deconstruct' returns 'std::tuple<>', which has no elements to pass to the device}}
  static no_elements sycl_reconstruct() { return {0}; }
};

struct fine {
  int v;
  ~fine() {}
  std::tuple<int> sycl_deconstruct() const { return {v}; }
  static fine sycl_reconstruct(int x) { return {x}; }
};

class holder {
 public:
  holder(int x) : f{x} {}
  holder(const holder &o) : f(o.f) {} // expected-note {{'holder' has a user-provided copy constructor}}
  int get() const { return f.v; }
 private:
  fine f;
};

namespace syclexp = sycl::ext::oneapi::experimental;
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::single_task_kernel)) // expected-error {{kernel argument 'f' is of a class that declares sycl_deconstruct(), which free-function kernels do not decompose yet}}
void free_kernel(fine f, int *out) { *out = f.v; } // expected-note {{in the free-function kernel defined here}}

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(1, q);
  no_reconstruct a{1};
  member_reconstruct b{1};
  wrong_parameters c{1};
  deconstruct_with_parameter d{1};
  not_tuple_like e{1};
  host_element f{1};
  reference_element g{1};
  no_elements h{1};
  holder i(1);
  fine j{1};
  q.single_task([=] { *out = a.v; }); // expected-note {{kernel argument 'a' is decomposed because its class declares sycl_deconstruct()}} expected-note 1+ {{in the kernel invoked here}}
  q.single_task([=] { *out = b.v; }); // expected-note {{kernel argument 'b' is decomposed}} expected-note 1+ {{in the kernel invoked here}}
  q.single_task([=] { *out = c.v; }); // expected-note {{kernel argument 'c' is decomposed}} expected-note 1+ {{in the kernel invoked here}}
  q.single_task([=] { *out = d.v; }); // expected-note {{kernel argument 'd' is decomposed}} expected-note 1+ {{in the kernel invoked here}}
  q.single_task([=] { *out = e.v; }); // expected-note {{kernel argument 'e' is decomposed}} expected-note 1+ {{in the kernel invoked here}}
  q.single_task([=] { *out = f.v; }); // expected-error {{kernel argument 'f.sycl_deconstruct()' of type 'std::tuple<host_only>' is not device copyable}} expected-note {{specialize 'sycl::is_device_copyable<std::tuple<host_only>>'}} expected-note 1+ {{in the kernel invoked here}}
  q.single_task([=] { *out = g.v; }); // expected-note {{kernel argument 'g' is decomposed}} expected-note 1+ {{in the kernel invoked here}}
  q.single_task([=] { *out = h.v; }); // expected-note {{kernel argument 'h' is decomposed}} expected-note 1+ {{in the kernel invoked here}}
  q.single_task([=] { *out = i.get(); }); // expected-error {{kernel argument 'i' of type 'holder' is not device copyable}} expected-note {{specialize 'sycl::is_device_copyable<holder>'}} expected-note 1+ {{in the kernel invoked here}}
  q.single_task([=] { *out = j.v; });
}
