// A braced list deduces one element type for std::initializer_list: items of
// different types are an error, for `auto`, range-for and function templates.
#include <sycl/sycl.hpp>
#include <algorithm>
#include <initializer_list>

template <typename T> T first(std::initializer_list<T> values) { // expected-note {{candidate not viable: deduced conflicting types for parameter 'T' ('int' vs. 'double')}}
  return *values.begin();
}

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(4, q);
  q.single_task([=]() { // expected-note 1+ {{in the kernel invoked here}}
    out[0] = std::max({1, 2.0}); // expected-error {{no matching function for call to 'std::max'}}
    out[1] = first({1, 2.0}); // expected-error {{no matching function for call to 'first'}}
    auto list = {1, 2.0f}; // expected-error {{deduced conflicting types ('int' vs 'float') for initializer list element type}}
    for (auto x : {1.f, 2.0}) // expected-error {{deduced conflicting types ('float' vs 'double') for initializer list element type}}
      out[3] = int(x);
    auto fine = {1, 2};
    out[2] = std::min(fine) + first({3, 4}) + std::max<int>({1, 2.0});
  });
  q.wait();
  return 0;
}
