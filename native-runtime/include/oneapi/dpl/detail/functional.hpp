// The function objects of <oneapi/dpl/functional>.
#pragma once
#include <utility>

namespace oneapi {
namespace dpl {

template <typename T = void>
struct minimum {
  T operator()(const T &a, const T &b) const { return b < a ? b : a; }
};
template <>
struct minimum<void> {
  template <typename A, typename B>
  auto operator()(const A &a, const B &b) const {
    return b < a ? b : a;
  }
};
template <typename T = void>
struct maximum {
  T operator()(const T &a, const T &b) const { return a < b ? b : a; }
};
template <>
struct maximum<void> {
  template <typename A, typename B>
  auto operator()(const A &a, const B &b) const {
    return a < b ? b : a;
  }
};
struct identity {
  template <typename T>
  T &&operator()(T &&t) const {
    return static_cast<T &&>(t);
  }
};

}  // namespace dpl
}  // namespace oneapi
