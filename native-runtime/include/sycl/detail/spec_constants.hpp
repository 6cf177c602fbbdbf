// Specialization constants (SYCL 2020 4.9.5): specialization_id,
// kernel_handler, and the values a command group sets.
//
// A specialization constant is named by its specialization_id variable.
// The device compiler keys it by the variable's mangled name and lowers
// get_specialization_constant to SPIR-V OpSpecConstants (one per scalar);
// the host finds the same name in typeid of __syclone_spec_tag<S>, and
// hands the values the command group set to the runtime, which specializes
// the image at launch (and to the host device's kernels through their
// kernel_handler).
#pragma once

#include <cstddef>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>
#ifndef __SYCL_DEVICE_ONLY__
#include <cstring>
#include <typeinfo>
#endif

// typeid(__syclone_spec_tag<S>).name() is "18__syclone_spec_tagIL" + the
// mangled name of S + "EE" (g++ and clang++ alike); a global-namespace
// template, so that no substitution shortens the name inside.
template <auto &S>
struct __syclone_spec_tag {};

namespace sycl {

template <typename T>
class specialization_id {
 public:
  using value_type = T;
  template <class... Args>
  explicit constexpr specialization_id(Args &&...args) : m_default(std::forward<Args>(args)...) {}
  specialization_id(const specialization_id &) = delete;
  specialization_id &operator=(const specialization_id &) = delete;

  // The value when no command group sets one.
  T m_default;
};

namespace detail {

template <auto &S>
using spec_value_t = typename std::remove_reference_t<decltype(S)>::value_type;

#ifndef __SYCL_DEVICE_ONLY__
// The name the device compiler keys specialization constant S by.
template <auto &S>
const char *spec_constant_key() {
  static const std::string key = [] {
    std::string n = typeid(::__syclone_spec_tag<S>).name();
    size_t begin = n.find("IL") + 2;
    return n.substr(begin, n.size() - begin - 2);
  }();
  return key.c_str();
}

// The specialization constants a command group set: keys and value bytes.
class spec_constant_values {
 public:
  void set(const char *key, const void *value, size_t size) {
    const auto *bytes = static_cast<const unsigned char *>(value);
    for (size_t i = 0; i < m_keys.size(); ++i) {
      if (m_keys[i] == key) {
        m_values[i].assign(bytes, bytes + size);
        return;
      }
    }
    m_keys.emplace_back(key);
    m_values.emplace_back(bytes, bytes + size);
  }
  // Copies the value of `key` into `out` (`size` bytes); false if not set.
  bool read(const char *key, void *out, size_t size) const {
    for (size_t i = 0; i < m_keys.size(); ++i) {
      if (m_keys[i] == key && m_values[i].size() == size) {
        std::memcpy(out, m_values[i].data(), size);
        return true;
      }
    }
    return false;
  }
  size_t size() const { return m_keys.size(); }
  // Sets every value `other` holds.
  void set_all(const spec_constant_values &other) {
    for (size_t i = 0; i < other.m_keys.size(); ++i)
      set(other.m_keys[i].c_str(), other.m_values[i].data(), other.m_values[i].size());
  }
  // The launch descriptor's view: keys, value pointers and sizes.
  void describe(std::vector<const char *> &keys, std::vector<const void *> &values,
                std::vector<size_t> &sizes) const {
    for (size_t i = 0; i < m_keys.size(); ++i) {
      keys.push_back(m_keys[i].c_str());
      values.push_back(m_values[i].data());
      sizes.push_back(m_values[i].size());
    }
  }

 private:
  std::vector<std::string> m_keys;
  std::vector<std::vector<unsigned char>> m_values;
};
#endif

}  // namespace detail

// The extra kernel parameter that reads specialization constants.
class kernel_handler {
 public:
  template <auto &S>
  detail::spec_value_t<S> get_specialization_constant() {
#ifdef __SYCL_DEVICE_ONLY__
    return __builtin_syclone_spec_constant(S, S.m_default);
#else
    detail::spec_value_t<S> value = S.m_default;
    if (m_values) m_values->read(detail::spec_constant_key<S>(), &value, sizeof(value));
    return value;
#endif
  }

#ifndef __SYCL_DEVICE_ONLY__
  explicit kernel_handler(const detail::spec_constant_values *values) : m_values(values) {}

 private:
  const detail::spec_constant_values *m_values;
#endif
};

namespace detail {
#ifndef __SYCL_DEVICE_ONLY__
inline void begin_work_item();
#endif
// Calls kernel `k` with `item`, and a kernel_handler when it takes one.
template <typename K, typename Item>
void call_kernel(const K &k, Item &item, const void *spec_values) {
#ifndef __SYCL_DEVICE_ONLY__
  begin_work_item();
#endif
  if constexpr (std::is_invocable_v<const K &, Item &, kernel_handler>) {
#ifdef __SYCL_DEVICE_ONLY__
    (void)spec_values;
    k(item, kernel_handler{});
#else
    k(item, kernel_handler(static_cast<const spec_constant_values *>(spec_values)));
#endif
  } else {
    (void)spec_values;
    k(item);
  }
}
// A single_task kernel, with a kernel_handler when it takes one.
template <typename K>
void call_kernel(const K &k, const void *spec_values) {
#ifndef __SYCL_DEVICE_ONLY__
  begin_work_item();
#endif
  if constexpr (std::is_invocable_v<const K &, kernel_handler>) {
#ifdef __SYCL_DEVICE_ONLY__
    (void)spec_values;
    k(kernel_handler{});
#else
    k(kernel_handler(static_cast<const spec_constant_values *>(spec_values)));
#endif
  } else {
    (void)spec_values;
    k();
  }
}
}  // namespace detail

}  // namespace sycl
