// Conversion function templates: the template argument is deduced from the
// target type; a target it cannot be deduced for, a deduced signature that
// does not exist (SFINAE) and an `explicit` template in an implicit
// conversion leave no viable conversion, with clang's notes.
#include <sycl/sycl.hpp>
#include <type_traits>

struct View {
  float *data;
  template <class T> operator T *() const { return data; } // expected-note {{candidate template ignored: could not match 'T *' against 'int'}}
};
struct Real {
  double x;
  template <class T, std::enable_if_t<std::is_floating_point_v<T>, int> = 0> operator T() const { return T(x); } // expected-note {{candidate template ignored: substitution failure}}
};
struct Strict {
  int v;
  template <class T> explicit operator T() const { return T(v); } // expected-note {{explicit conversion function is not a candidate}}
};
int takes_int(int i) { return i; } // expected-note {{candidate not viable: no known conversion from 'Real' to 'int'}}

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(4, q);
  q.single_task([=] { // expected-note 1+ {{in the kernel invoked here}}
    View v{nullptr};
    Real r{1.5};
    Strict s{2};
    float *fp = v;
    double d = r;
    out[0] = static_cast<int>(s) + int(d) + (fp != nullptr);
    int x = v;        // expected-error {{no viable conversion from 'View' to 'int'}}
    int y = r;        // expected-error {{no viable conversion from 'Real' to 'int'}}
    out[1] = takes_int(r); // expected-error {{no matching function for call to 'takes_int'}}
    int z = s;        // expected-error {{no viable conversion from 'Strict' to 'int'}}
    out[2] = x + y + z;
  });
  q.wait();
  return 0;
}
