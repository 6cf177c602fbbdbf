// Base classes in kernels. Inherited data members named without `this->`,
// default member initializers of bases and of member objects run by
// implicit default constructors. Static polymorphism as C++ libraries
// write it: CRTP bases that reach the
// derived object through static_cast<const D*>(this) and static_cast<D&>
// (*this), on kernel locals, captures and elements of global memory;
// members of dependent bases named by `using typename Base<T>::type` and
// `using Base<T>::member`; __builtin_bit_cast.
#include <sycl/sycl.hpp>
#include <iostream>

template <typename Derived>
struct Shape {
  float area() const { return static_cast<const Derived *>(this)->area_impl(); }
  Derived &scaled(float k) {
    Derived &self = static_cast<Derived &>(*this);
    self.scale_impl(k);
    return self;
  }
};
struct Square : Shape<Square> {
  float side;
  float area_impl() const { return side * side; }
  void scale_impl(float k) { side *= k; }
};
struct Rect : Shape<Rect> {
  float w, h;
  float area_impl() const { return w * h; }
  void scale_impl(float k) {
    w *= k;
    h *= k;
  }
};

// Two levels: Counter<Tagged<Leaf>> reaches Leaf through Tagged.
template <typename D>
struct Counter {
  int bump() { return ++static_cast<D *>(this)->count; }
};
template <typename D>
struct Tagged : Counter<D> {
  int tag = 7;
};
struct Leaf : Tagged<Leaf> {
  int count = 0;
};

template <typename T>
struct Storage {
  using value_type = T;
  T scale = T(3);
  T times(T v) const { return v * scale; }
};
template <typename T>
struct Scaler : Storage<T> {
  using typename Storage<T>::value_type;
  using Storage<T>::times;
  value_type apply(value_type v) const { return times(v) + this->scale; }
};

struct Defaults {
  float scale = 3.0f;
};
struct UsesDefaults : Defaults {
  float get() const { return scale * 2.0f; }  // inherited, unqualified
};
class Hidden {
  int x = 5;

 public:
  int get() const { return x; }
};
struct Holder {
  Hidden h;
  Defaults arr[2];
  int plain;
};

template <typename S>
float total_area(const Shape<S> &s) {
  return s.area();
}

int main() {
  sycl::queue q;
  constexpr int N = 32;
  float *out = sycl::malloc_shared<float>(N * 7, q);
  Square *squares = sycl::malloc_shared<Square>(N, q);
  for (int i = 0; i < N; ++i) squares[i].side = float(i);
  Rect captured;
  captured.w = 2.0f;
  captured.h = 5.0f;
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> id) {
     int i = static_cast<int>(id[0]);
     float *o = out + i * 7;
     Square s;
     s.side = float(i);
     o[0] = s.area() + total_area(captured);         // i*i + 10
     o[1] = s.scaled(2.0f).area();                    // 4*i*i
     o[2] = squares[i].area();                        // i*i, in global memory
     squares[i].scaled(0.5f);
     Leaf leaf;
     leaf.bump();
     o[3] = float(leaf.bump() + leaf.tag);            // 2 + 7
     Scaler<float> sc;
     o[4] = sc.apply(float(i));                       // 3i + 3
     o[5] = float(__builtin_bit_cast(unsigned, 1.0f) == 0x3f800000u);
     UsesDefaults u;
     Holder holder;
     o[6] = u.get() + float(holder.h.get()) + holder.arr[1].scale;  // 6 + 5 + 3
   }).wait();
  bool ok = true;
  for (int i = 0; i < N; ++i) {
    const float *o = out + i * 7;
    float f = float(i);
    float expect[7] = {f * f + 10.0f, 4.0f * f * f, f * f, 9.0f, 3.0f * f + 3.0f, 1.0f, 14.0f};
    for (int k = 0; k < 7; ++k) {
      if (o[k] != expect[k]) {
        if (ok) std::cout << "item " << i << " slot " << k << ": " << o[k] << " != " << expect[k] << "\n";
        ok = false;
      }
    }
    if (squares[i].side != 0.5f * f) {
      if (ok) std::cout << "square " << i << " not scaled in global memory\n";
      ok = false;
    }
  }
  sycl::free(out, q);
  sycl::free(squares, q);
  std::cout << (ok ? "PASSED" : "FAILED") << "\n";
  return ok ? 0 : 1;
}
