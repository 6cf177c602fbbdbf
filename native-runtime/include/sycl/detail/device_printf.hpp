// sycl::ext::oneapi::experimental::printf: printf in kernels (DPC++'s
// extension).
//
// On the host device it is the C library's printf. On Vulkan and WebGPU
// devices the compiler checks the format (a string literal, or a constant
// array initialised by one) against the arguments, and lists the format
// and every string literal that `%s` prints in the kernel's image by id
// (a `%s` argument may point into one of several, chosen at run time).
// The call appends a record to the printf buffer, a device_global of 32-bit
// words: word 0 counts the words used, word 1 is set when a record did not
// fit, records follow: [words][format id][argument count], then per
// argument [tag][low word][high word]. The runtime prints the records, in
// the order they were reserved, when the host next waits for the device.
#pragma once

namespace sycl {
namespace detail {
#ifdef __SYCL_DEVICE_ONLY__
// Layout shared with native-runtime/src/device_printf.rs (1 MiB in all).
inline constexpr unsigned printf_buffer_words = (1u << 18) - 2;
struct printf_buffer {
  unsigned used;
  unsigned dropped;
  unsigned words[printf_buffer_words];
};
extern ext::oneapi::experimental::device_global<printf_buffer> syclone_printf_buffer;

// What an argument's words hold.
enum printf_tag : unsigned {
  printf_signed = 1,  // a 64-bit two's complement integer
  printf_unsigned,    // a 64-bit unsigned integer
  printf_float,       // the bits of a float (low word)
  printf_double,      // the bits of a double
  printf_string       // the id of a string literal (low word) and how far
                      // into it the argument points (high word)
};

struct printf_halves {
  unsigned low, high;
};

// Writes argument `value` at word `at` of the records. The compiler has
// checked the argument types (numbers, and pointers to string literals).
template <typename T>
void printf_put(printf_buffer &b, unsigned at, T value) {
  unsigned tag = 0, low = 0, high = 0;
  if constexpr (std::is_enum_v<T>) {
    if constexpr (sizeof(T) > 4)
      return printf_put(b, at, static_cast<long long>(value));
    else
      return printf_put(b, at, static_cast<int>(value));
  } else if constexpr (std::is_same_v<T, double>) {
    printf_halves h = __builtin_syclone_bit_cast(printf_halves{}, value);
    tag = printf_double;
    low = h.low;
    high = h.high;
  } else if constexpr (std::is_same_v<T, float> || std::is_same_v<T, half>) {
    tag = printf_float;
    low = __builtin_syclone_bit_cast(0u, static_cast<float>(value));
  } else if constexpr (std::is_pointer_v<T>) {
    if constexpr (sizeof(*value) == 1) {
      tag = printf_string;
      low = __builtin_syclone_printf_string(value);
      high = __builtin_syclone_printf_string_offset(value);
    }
  } else if constexpr (std::is_integral_v<T> && sizeof(T) > 4) {
    tag = std::is_signed_v<T> ? printf_signed : printf_unsigned;
    low = static_cast<unsigned>(value);
    high = static_cast<unsigned>(value >> 32);
  } else if constexpr (std::is_integral_v<T>) {
    tag = std::is_signed_v<T> ? printf_signed : printf_unsigned;
    low = static_cast<unsigned>(value);
    high = std::is_signed_v<T> && value < 0 ? ~0u : 0u;
  }
  b.words[at] = tag;
  b.words[at + 1] = low;
  b.words[at + 2] = high;
}

template <typename... Args>
int printf_record(unsigned format, Args... args) {
  constexpr unsigned words = 3 + 3 * sizeof...(Args);
  printf_buffer &b = syclone_printf_buffer.get();
  atomic_ref<unsigned, memory_order::relaxed, memory_scope::device, access::address_space::global_space> used(
      b.used);
  unsigned at = used.fetch_add(words);
  if (at + words > printf_buffer_words) {
    atomic_ref<unsigned, memory_order::relaxed, memory_scope::device, access::address_space::global_space>(
        b.dropped)
        .store(1u);
    return -1;
  }
  b.words[at] = words;
  b.words[at + 1] = format;
  b.words[at + 2] = sizeof...(Args);
  unsigned next = at + 3;
  ((printf_put(b, next, args), next += 3), ...);
  return 0;
}
#else
// The host compiler's varargs take no sycl::half.
template <typename T>
auto printf_host_value(T value) {
  if constexpr (std::is_same_v<T, half>)
    return static_cast<double>(value);
  else
    return value;
}
#endif
}  // namespace detail

namespace ext {
namespace oneapi {
namespace experimental {
template <typename FormatT, typename... Args>
int printf(const FormatT *format, Args... args) {
#ifdef __SYCL_DEVICE_ONLY__
  return sycl::detail::printf_record(__builtin_syclone_printf_format(format, args...), args...);
#else
  return std::printf(format, sycl::detail::printf_host_value(args)...);
#endif
}
}  // namespace experimental
}  // namespace oneapi
}  // namespace ext
}  // namespace sycl
