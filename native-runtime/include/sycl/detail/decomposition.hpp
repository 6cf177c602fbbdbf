// The host side of the kernel argument decomposition protocol (seed 000):
// for a kernel whose object holds classes that declare sycl_deconstruct(),
// the integration footer registers a function that calls it on each of them
// and copies what it returns into the bytes of one extra kernel argument,
// where the device compiler reads them (compiler-core/src/lower/
// decomposed_args.rs). Host only: the host device runs the kernel object
// itself.
#pragma once

#include <cstddef>
#include <cstring>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace sycl {
namespace detail {

// What the integration footer registers for a kernel whose object has
// decomposed parts: `decompose` fills the elements from the kernel object;
// for the host device, `rebuild` makes a copy of the kernel object hold
// the parts rebuilt from the elements (as the device does) and `destroy`
// destroys them.
using decomposition_fn = void (*)(void *kernel_object, unsigned char *elements);

struct decomposition {
  const char *kernel_key;
  decomposition_fn decompose;
  decomposition_fn rebuild;
  decomposition_fn destroy;
  size_t size;
};

inline std::vector<decomposition> &decompositions() {
  static std::vector<decomposition> registered;
  return registered;
}

inline void register_decomposition(const decomposition &d) { decompositions().push_back(d); }

// The decomposition of the kernel `kernel_key` names, if it has one.
inline const decomposition *find_decomposition(const char *kernel_key) {
  for (const decomposition &d : decompositions())
    if (std::strcmp(d.kernel_key, kernel_key) == 0) return &d;
  return nullptr;
}

// The decomposed arguments of one launch: the elements, and for the host
// device the kernel object with its parts rebuilt (destroyed with this).
class decomposed_launch {
 public:
  decomposed_launch(const decomposition &d, const void *kernel_object, size_t kernel_object_size,
                    bool host_device)
      : m_d(d), m_elements(d.size) {
    m_d.decompose(const_cast<void *>(kernel_object), m_elements.data());
    if (host_device) {
      m_rebuilt.resize((kernel_object_size + sizeof(std::max_align_t) - 1) / sizeof(std::max_align_t));
      std::memcpy(m_rebuilt.data(), kernel_object, kernel_object_size);
      m_d.rebuild(m_rebuilt.data(), m_elements.data());
    }
  }
  ~decomposed_launch() {
    if (!m_rebuilt.empty()) m_d.destroy(m_rebuilt.data(), m_elements.data());
  }
  decomposed_launch(const decomposed_launch &) = delete;
  decomposed_launch &operator=(const decomposed_launch &) = delete;

  // The kernel object the host device runs (`original` elsewhere).
  const void *kernel_object(const void *original) const {
    return m_rebuilt.empty() ? original : static_cast<const void *>(m_rebuilt.data());
  }
  const unsigned char *elements() const { return m_elements.data(); }
  size_t size() const { return m_elements.size(); }

 private:
  const decomposition &m_d;
  std::vector<unsigned char> m_elements;
  std::vector<std::max_align_t> m_rebuilt;
};

// What sycl_deconstruct() of a T returns.
template <typename T>
using elements_of = std::remove_cv_t<std::remove_reference_t<decltype(std::declval<T &>().sycl_deconstruct())>>;

template <typename T>
void destroy(T &object) {
  object.~T();
}

// The object of type T `offset` bytes into `base`, as the device compiler
// laid `base` out.
template <typename T, typename Base>
T &object_at(Base &base, size_t offset) {
  auto *bytes = const_cast<unsigned char *>(reinterpret_cast<const unsigned char *>(std::addressof(base)));
  return *reinterpret_cast<T *>(bytes + offset);
}

// Copies what sycl_deconstruct() returned, of `Size` bytes on the device.
template <size_t Size, typename Elements>
void copy_elements(unsigned char *to, const Elements &elements) {
  static_assert(sizeof(Elements) == Size,
                "the host and device compilers disagree on the size of what sycl_deconstruct() returns");
  std::memcpy(to, static_cast<const void *>(std::addressof(elements)), Size);
}

}  // namespace detail
}  // namespace sycl
