// sycl::stream (SYCL 2020 4.16): formatted output from kernels.
//
// The stream's memory is a shared USM allocation of 32-bit words: word 0 is
// the next free word, word 1 the last statement number handed out, word 2
// is set when output was dropped for lack of space; records follow. Each
// `<<` reserves a record for the most characters its operand can take with
// one atomic add, and formats into it: [words][length][statement][bytes,
// packed four to a word]. Formatting is one pass with few loops: drivers that
// compile shaders with LLVM (lavapipe) take time superlinear in the loops
// of a kernel. A statement is the output of one work-item
// between flushes (sycl::endl, sycl::flush, or a newline at the end of an
// operand); the work-item keeps its open statement, and its formatting
// state, in private memory (`__builtin_syclone_private_scratch`). When the
// kernel completed, the host prints the statements in the order they
// began, each whole.
#pragma once

namespace sycl {

enum class stream_manipulator {
  flush,
  dec,
  hex,
  oct,
  noshowbase,
  showbase,
  noshowpos,
  showpos,
  endl,
  fixed,
  scientific,
  hexfloat,
  defaultfloat
};
inline constexpr stream_manipulator flush = stream_manipulator::flush;
inline constexpr stream_manipulator dec = stream_manipulator::dec;
inline constexpr stream_manipulator hex = stream_manipulator::hex;
inline constexpr stream_manipulator oct = stream_manipulator::oct;
inline constexpr stream_manipulator noshowbase = stream_manipulator::noshowbase;
inline constexpr stream_manipulator showbase = stream_manipulator::showbase;
inline constexpr stream_manipulator noshowpos = stream_manipulator::noshowpos;
inline constexpr stream_manipulator showpos = stream_manipulator::showpos;
inline constexpr stream_manipulator endl = stream_manipulator::endl;
inline constexpr stream_manipulator fixed = stream_manipulator::fixed;
inline constexpr stream_manipulator scientific = stream_manipulator::scientific;
inline constexpr stream_manipulator hexfloat = stream_manipulator::hexfloat;
inline constexpr stream_manipulator defaultfloat = stream_manipulator::defaultfloat;

namespace detail {
struct precision_manipulator {
  int precision;
};
struct width_manipulator {
  int width;
};
}  // namespace detail
inline detail::precision_manipulator setprecision(int precision) { return {precision}; }
inline detail::width_manipulator setw(int width) { return {width}; }

namespace detail {
// Words of a stream's memory before its records.
inline constexpr unsigned stream_header_words = 3;

// The per-work-item state, by index into the private scratch.
enum stream_state : unsigned {
  open_stream,     // tag of the stream whose statement is open (0: none)
  open_statement,  // its statement number
  base,            // 0 decimal, 1 hexadecimal, 2 octal
  float_mode,      // 0 default, 1 fixed, 2 scientific, 3 hexfloat
  precision,       // precision + 1 (0: the default, 6)
  width,           // minimum width of the next operand
  flags            // 1 showbase, 2 showpos
};

#ifdef __SYCL_DEVICE_ONLY__
inline unsigned *stream_state_words() { return __builtin_syclone_private_scratch(static_cast<unsigned *>(nullptr)); }
#else
inline unsigned *stream_state_words() { return host_work_item().stream; }
#endif

#ifndef __SYCL_DEVICE_ONLY__
// A work-item of the host device starts with no open statement and the
// default formatting.
inline void begin_work_item() {
  unsigned *state = stream_state_words();
  for (int i = 0; i < 8; ++i) state[i] = 0;
}

// Prints the statements in the `count` words of a stream's memory, each
// whole, in the order they began.
inline void print_stream_output(const unsigned *words, size_t count) {
  size_t end = words[0] < count ? words[0] : count;
  std::vector<std::string> statements(words[1]);
  for (size_t at = stream_header_words; at + 3 <= end;) {
    unsigned record_words = words[at], length = words[at + 1], statement = words[at + 2];
    if (statement == 0 || statement > statements.size() || record_words < 3 + (length + 3) / 4 ||
        at + record_words > end)
      break;
    const char *bytes = reinterpret_cast<const char *>(words + at + 3);
    statements[statement - 1].append(bytes, length);
    at += record_words;
  }
  for (const std::string &s : statements) std::fwrite(s.data(), 1, s.size(), stdout);
  std::fflush(stdout);
  if (words[2])
    std::fprintf(stderr, "syclone: a sycl::stream was full; output that did not fit was dropped\n");
}
#endif

}  // namespace detail

class __SYCLONE_SPECIAL stream {
 public:
  stream(size_t totalBufferSize, size_t workItemBufferSize, handler &cgh, const property_list &props = {});
  size_t size() const noexcept { return m_total; }
  size_t get_size() const { return m_total; }
  size_t get_work_item_buffer_size() const { return m_statement; }
  size_t get_max_statement_size() const { return m_statement; }
  bool operator==(const stream &other) const { return m_tag == other.m_tag; }
  bool operator!=(const stream &other) const { return m_tag != other.m_tag; }

  // Appends what `format` puts (a callable taking the record's writer),
  // at most `max_chars` characters before padding to the width set, as one
  // record of the work-item's open statement. Returns the last character.
  template <typename Format>
  char write(unsigned max_chars, Format format) const {
    unsigned *state = detail::stream_state_words();
    unsigned width = state[detail::width];
    state[detail::width] = 0;
    if (state[detail::open_stream] != m_tag) {
      state[detail::open_stream] = m_tag;
      state[detail::open_statement] = counter_ref(1).fetch_add(1u) + 1;
    }
    unsigned most = max_chars > width ? max_chars : width;
    unsigned words = 3 + (most + 3) / 4;
    unsigned at = counter_ref(0).fetch_add(words);
    if (at + words > m_capacity) {
      counter_ref(2).store(1u);
      return 0;
    }
    record_writer out{m_words + at + 3, width};
    format(out);
    out.finish();
    m_words[at] = words;
    m_words[at + 1] = out.count;
    m_words[at + 2] = state[detail::open_statement];
    return out.last;
  }
  // Ends the work-item's statement: what it writes next starts a new one.
  void end_statement() const { detail::stream_state_words()[detail::open_stream] = 0; }

#ifndef __SYCL_DEVICE_ONLY__
  void *storage() const { return m_words; }
#endif

 private:
  // Packs characters into the words of a record. Formatters pad what they
  // put to `width` characters.
  struct record_writer {
    __SYCLONE_GLOBAL unsigned *words;
    unsigned width;
    unsigned word = 0;
    unsigned fill = 0;
    unsigned count = 0;
    char last = 0;
    void put(char c) {
      word |= static_cast<unsigned>(static_cast<unsigned char>(c)) << (8 * fill);
      last = c;
      ++count;
      if (++fill == 4) {
        *words = word;
        ++words;
        word = 0;
        fill = 0;
      }
    }
    void finish() {
      if (fill) *words = word;
    }
  };
  atomic_ref<unsigned, memory_order::relaxed, memory_scope::device, access::address_space::global_space>
  counter_ref(unsigned i) const {
    return atomic_ref<unsigned, memory_order::relaxed, memory_scope::device, access::address_space::global_space>(
        m_words[i]);
  }

  __SYCLONE_GLOBAL unsigned *m_words;
  unsigned m_capacity;  // words
  unsigned m_tag;
  unsigned m_total;
  unsigned m_statement;
};

namespace detail {
// The most characters one formatted number takes (before padding).
// Numbers are formatted in size_t: 32-bit on devices without 64-bit
// integers, which cannot print 64-bit values anyway.
inline constexpr unsigned max_number_chars = 48;

template <typename T>
unsigned string_length(const T *s) {
  unsigned n = 0;
  while (s[n] != 0) ++n;
  return n;
}
// The `n` characters of `s` after the padding, in one loop.
template <typename Sink>
void put_chars(Sink &sink, const char *s, unsigned n) {
  unsigned pad = sink.width > n ? sink.width - n : 0;
  for (unsigned i = 0; i < pad + n; ++i) sink.put(i < pad ? ' ' : s[i - pad]);
}
template <typename Sink, size_t N>
void put_chars(Sink &sink, const char (&s)[N]) {
  put_chars(sink, s, static_cast<unsigned>(N - 1));
}

// Up to two characters before a number (a sign, "0x"...): the first in the
// low byte. (Values, not strings: a pointer cannot choose among string
// literals in a Vulkan kernel.)
inline unsigned prefix_of(char a, char b = 0) {
  return static_cast<unsigned char>(a) | static_cast<unsigned>(static_cast<unsigned char>(b)) << 8;
}

// Digits of v in `radix`, at least `min_digits` of them, with a decimal
// point before the last `point` digits (0: none), after `prefix` and the
// padding to the sink's width. Two loops.
template <typename Sink>
void put_number(Sink &sink, unsigned prefix, size_t v, unsigned radix, unsigned min_digits,
                unsigned point) {
  unsigned digits = 1;
  size_t p = 1;
  while (v / p >= radix || digits < min_digits) {
    p *= radix;
    ++digits;
  }
  unsigned prefix_len = prefix == 0 ? 0 : prefix < 256 ? 1 : 2;
  unsigned len = prefix_len + digits + (point ? 1 : 0);
  unsigned pad = sink.width > len ? sink.width - len : 0;
  // One loop over the padding, the prefix and the digits.
  unsigned total = pad + prefix_len + digits;
  for (unsigned i = 0; i < total; ++i) {
    if (i < pad) {
      sink.put(' ');
    } else if (i < pad + prefix_len) {
      sink.put(static_cast<char>(i == pad ? prefix & 255 : prefix >> 8));
    } else {
      if (point && digits == point) sink.put('.');
      unsigned d = static_cast<unsigned>(v / p);
      v -= static_cast<size_t>(d) * p;
      p /= radix;
      --digits;
      sink.put(static_cast<char>(d < 10 ? '0' + d : 'a' + d - 10));
    }
  }
}

template <typename Sink>
void put_integer(Sink &sink, const unsigned *state, bool negative, size_t magnitude) {
  unsigned b = state[base];
  unsigned radix = b == 1 ? 16 : b == 2 ? 8 : 10;
  bool showbase = (state[flags] & 1) != 0;
  unsigned prefix = negative                                   ? prefix_of('-')
                    : (state[flags] & 2) && radix == 10          ? prefix_of('+')
                    : showbase && radix == 16                    ? prefix_of('0', 'x')
                    : showbase && radix == 8 && magnitude != 0   ? prefix_of('0')
                                                                 : 0u;
  put_number(sink, prefix, magnitude, radix, 1, 0);
}

// 10^n by binary powering: exact as long as 10^n is (n <= 10 in float,
// 22 in double), where pow() on a device may be off by an ulp or more.
template <typename F> F power_of_ten(unsigned n) {
  F r = 1, b = 10;
  for (; n; n >>= 1) {
    if (n & 1) r *= b;
    b *= b;
  }
  return r;
}

// v * 10^n, by one multiplication or division for each 30 powers of ten
// (so that no factor overflows a float).
template <typename F> F scale_by_power_of_ten(F v, int n) {
  unsigned k = static_cast<unsigned>(n < 0 ? -n : n);
  while (k > 0) {
    unsigned step = k > 30 ? 30 : k;
    F p = power_of_ten<F>(step);
    v = n < 0 ? v / p : v * p;
    k -= step;
  }
  return v;
}

// A finite value as %a (std::hexfloat) prints it: [-]0x<lead>.<fraction>p<exponent>,
// the fraction `digits` hex digits before its trailing zeros are dropped.
template <typename U>
struct hex_parts {
  bool negative;
  unsigned lead;
  U fraction;
  unsigned digits;
  int exponent;
};
// A float as the double it converts to prints: subnormals normalized, 24
// bits (six digits) of fraction.
inline hex_parts<uint32_t> hex_parts_of(float v) {
  uint32_t bits = bit_cast<uint32_t>(v);
  bool negative = (bits >> 31) != 0;
  uint32_t biased = bits >> 23 & 0xffu, m = bits & 0x7fffffu;
  if (biased == 0 && m == 0) return {negative, 0, 0, 6, 0};
  int exponent = static_cast<int>(biased) - 127;
  if (biased == 0) {
    for (exponent = -126; (m & 0x800000u) == 0; m <<= 1) --exponent;
    m &= 0x7fffffu;
  }
  return {negative, 1, m << 1, 6, exponent};
}
// A double as glibc prints it: subnormals as 0x0.<fraction>p-1022.
inline hex_parts<uint64_t> hex_parts_of(double v) {
  uint64_t bits = bit_cast<uint64_t>(v);
  bool negative = (bits >> 63) != 0;
  int biased = static_cast<int>(bits >> 52 & 0x7ffu);
  uint64_t m = bits & 0xfffffffffffffull;
  if (biased == 0) return {negative, 0, m, 13, m == 0 ? 0 : -1022};
  return {negative, 1, m, 13, biased - 1023};
}
template <typename Sink, typename F>
void put_hexfloat(Sink &sink, const unsigned *state, F v) {
  auto p = hex_parts_of(v);
  unsigned digits = p.digits;
  auto fraction = p.fraction;
  for (; digits > 0 && (fraction & 15) == 0; --digits) fraction >>= 4;
  unsigned sign = p.negative ? '-' : (state[flags] & 2) ? '+' : 0;
  unsigned ae = static_cast<unsigned>(p.exponent < 0 ? -p.exponent : p.exponent);
  unsigned exponent_digits = ae >= 1000 ? 4 : ae >= 100 ? 3 : ae >= 10 ? 2 : 1;
  unsigned len = (sign ? 1 : 0) + 3 + (digits ? digits + 1 : 0) + 2 + exponent_digits;
  for (unsigned i = len; i < sink.width; ++i) sink.put(' ');
  if (sign) sink.put(static_cast<char>(sign));
  sink.put('0');
  sink.put('x');
  sink.put(static_cast<char>('0' + p.lead));
  if (digits) sink.put('.');
  for (unsigned k = digits; k > 0; --k) {
    unsigned d = static_cast<unsigned>(fraction >> (4 * (k - 1))) & 15;
    sink.put(static_cast<char>(d < 10 ? '0' + d : 'a' + d - 10));
  }
  unsigned saved = sink.width;
  sink.width = 0;
  put_number(sink, prefix_of('p', p.exponent < 0 ? '-' : '+'), ae, 10, 1, 0);
  sink.width = saved;
}

// A floating-point value as std::ostream formats it: %g with the stream's
// precision by default, %f for fixed, %e for scientific, %a for hexfloat.
// F is the type computed in: float on the device unless the value is a
// double.
template <typename Sink, typename F>
void put_float(Sink &sink, const unsigned *state, F v) {
  bool negative = v < 0;
  unsigned sign = negative ? prefix_of('-') : (state[flags] & 2) ? prefix_of('+') : 0u;
  if (v != v || v - v != v - v) {
    if (v != v)
      put_chars(sink, "nan");
    else if (negative)
      put_chars(sink, "-inf");
    else if (state[flags] & 2)
      put_chars(sink, "+inf");
    else
      put_chars(sink, "inf");
    return;
  }
  if (state[float_mode] == 3) {
    put_hexfloat(sink, state, v);
    return;
  }
  if (negative) v = -v;
  unsigned precision = state[detail::precision] ? state[detail::precision] - 1 : 6;
  // Digits are computed in a 32-bit integer on devices without 64-bit
  // ones (WebGPU): nine at most.
  if (precision > 9) precision = 9;
  unsigned mode = state[float_mode];
  // v = m * 10^exp with 1 <= m < 10.
  int exp = 0;
  if (v != 0) {
    exp = static_cast<int>(std::floor(std::log10(v)));
    F m = scale_by_power_of_ten(v, -exp);
    if (m >= 10) ++exp;
    if (m < 1) --exp;
  }
  bool sci = mode >= 2;
  bool trim = mode == 0;
  unsigned decimals = precision;
  if (mode == 0) {
    // %g: scientific when the exponent (after rounding to `p` significant
    // digits) is below -4 or at least p.
    unsigned p = precision == 0 ? 1 : precision;
    F scaled = scale_by_power_of_ten(v, static_cast<int>(p) - 1 - exp);
    int e = std::floor(scaled + static_cast<F>(0.5)) >= power_of_ten<F>(p) ? exp + 1 : exp;
    sci = e < -4 || e >= static_cast<int>(p);
    decimals = sci ? p - 1 : static_cast<unsigned>(static_cast<int>(p) - 1 - e);
    exp = e;
  }
  // The digits as an integer: v * 10^decimals (scientific: of v / 10^exp).
  int shift = sci ? static_cast<int>(decimals) - exp : static_cast<int>(decimals);
  F scaled = std::floor(scale_by_power_of_ten(v, shift) + static_cast<F>(0.5));
  if (!sci && scaled >= static_cast<F>(4.0e9)) {
    // Too many digits for fixed notation here: scientific instead.
    sci = true;
    scaled = std::floor(scale_by_power_of_ten(v, static_cast<int>(decimals) - exp) + static_cast<F>(0.5));
  }
  size_t digits = static_cast<size_t>(scaled);
  if (sci && scaled >= power_of_ten<F>(decimals + 1)) {
    digits /= 10;
    ++exp;
  }
  while (trim && decimals > 0 && digits % 10 == 0) {
    digits /= 10;
    --decimals;
  }
  unsigned ae = static_cast<unsigned>(exp < 0 ? -exp : exp);
  unsigned suffix = sci ? (ae >= 100 ? 5 : 4) : 0;
  // The suffix counts toward the width: pad for it here.
  unsigned saved = sink.width;
  sink.width = saved > suffix ? saved - suffix : 0;
  put_number(sink, sign, digits, 10, decimals + 1, decimals);
  sink.width = saved;
  if (sci) {
    sink.put('e');
    sink.put(exp < 0 ? '-' : '+');
    if (ae >= 100) sink.put(static_cast<char>('0' + ae / 100));
    sink.put(static_cast<char>('0' + ae / 10 % 10));
    sink.put(static_cast<char>('0' + ae % 10));
  }
}

template <int Dimensions, typename Sink, typename T>
void put_tuple(Sink &sink, const unsigned *state, const T &t) {
  sink.put('{');
  for (int d = 0; d < Dimensions; ++d) {
    if (d) {
      sink.put(',');
      sink.put(' ');
    }
    put_integer(sink, state, false, t[d]);
  }
  sink.put('}');
}
}  // namespace detail

// ---------------------------------------------------------------- operator<<
inline const stream &operator<<(const stream &os, const char *s) {
  unsigned n = detail::string_length(s);
  if (os.write(n, [&](auto &sink) { detail::put_chars(sink, s, n); }) == '\n') os.end_statement();
  return os;
}
inline const stream &operator<<(const stream &os, char c) {
  os.write(1, [&](auto &sink) {
    for (unsigned i = 1; i < sink.width; ++i) sink.put(' ');
    sink.put(c);
  });
  if (c == '\n') os.end_statement();
  return os;
}
inline const stream &operator<<(const stream &os, bool b) {
  os.write(5, [&](auto &sink) {
    if (b)
      detail::put_chars(sink, "true");
    else
      detail::put_chars(sink, "false");
  });
  return os;
}
template <typename T, typename = std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool> &&
                                                  !std::is_same_v<T, char>>>
const stream &operator<<(const stream &os, T v) {
  const unsigned *state = detail::stream_state_words();
  bool negative = false;
  size_t magnitude = static_cast<size_t>(v);
  if constexpr (std::is_signed_v<T>) {
    if (v < 0 && state[detail::base] == 0) {
      negative = true;
      magnitude = static_cast<size_t>(-(v + 1)) + 1;
    }
  }
  os.write(detail::max_number_chars, [&](auto &sink) { detail::put_integer(sink, state, negative, magnitude); });
  return os;
}
inline const stream &operator<<(const stream &os, float v) {
  const unsigned *state = detail::stream_state_words();
  os.write(detail::max_number_chars, [&](auto &sink) { detail::put_float(sink, state, v); });
  return os;
}
inline const stream &operator<<(const stream &os, double v) {
  const unsigned *state = detail::stream_state_words();
  os.write(detail::max_number_chars, [&](auto &sink) { detail::put_float(sink, state, v); });
  return os;
}
template <typename T>
const stream &operator<<(const stream &os, const T *p) {
#ifdef __SYCL_DEVICE_ONLY__
  // Device addresses mean nothing to the host: printed as 0.
  size_t address = 0;
  (void)p;
#else
  size_t address = reinterpret_cast<size_t>(p);
#endif
  os.write(detail::max_number_chars, [&](auto &sink) { detail::put_number(sink, detail::prefix_of('0', 'x'), address, 16, 1, 0); });
  return os;
}
inline const stream &operator<<(const stream &os, stream_manipulator m) {
  unsigned *state = detail::stream_state_words();
  switch (m) {
    case stream_manipulator::endl:
      os.write(1, [&](auto &sink) { sink.put('\n'); });
      os.end_statement();
      break;
    case stream_manipulator::flush:
      os.end_statement();
      break;
    case stream_manipulator::dec:
      state[detail::base] = 0;
      break;
    case stream_manipulator::hex:
      state[detail::base] = 1;
      break;
    case stream_manipulator::oct:
      state[detail::base] = 2;
      break;
    case stream_manipulator::noshowbase:
      state[detail::flags] &= ~1u;
      break;
    case stream_manipulator::showbase:
      state[detail::flags] |= 1u;
      break;
    case stream_manipulator::noshowpos:
      state[detail::flags] &= ~2u;
      break;
    case stream_manipulator::showpos:
      state[detail::flags] |= 2u;
      break;
    case stream_manipulator::fixed:
      state[detail::float_mode] = 1;
      break;
    case stream_manipulator::scientific:
      state[detail::float_mode] = 2;
      break;
    case stream_manipulator::hexfloat:
      state[detail::float_mode] = 3;
      break;
    case stream_manipulator::defaultfloat:
      state[detail::float_mode] = 0;
      break;
  }
  return os;
}
inline const stream &operator<<(const stream &os, detail::precision_manipulator p) {
  detail::stream_state_words()[detail::precision] = p.precision < 0 ? 0 : static_cast<unsigned>(p.precision) + 1;
  return os;
}
inline const stream &operator<<(const stream &os, detail::width_manipulator w) {
  detail::stream_state_words()[detail::width] = w.width < 0 ? 0 : static_cast<unsigned>(w.width);
  return os;
}
template <int Dimensions>
const stream &operator<<(const stream &os, const id<Dimensions> &i) {
  const unsigned *state = detail::stream_state_words();
  os.write(Dimensions * 24, [&](auto &sink) { detail::put_tuple<Dimensions>(sink, state, i); });
  return os;
}
template <int Dimensions>
const stream &operator<<(const stream &os, const range<Dimensions> &r) {
  const unsigned *state = detail::stream_state_words();
  os.write(Dimensions * 24, [&](auto &sink) { detail::put_tuple<Dimensions>(sink, state, r); });
  return os;
}
// A vector as DPC++ prints it: `{1, 2, 3}`, each element as its scalar
// type prints (sycl::half as float).
template <typename T, int N>
const stream &operator<<(const stream &os, const vec<T, N> &v) {
  os << "{";
  for (int i = 0; i < N; ++i) {
    if (i != 0) os << ", ";
    if constexpr (std::is_same_v<T, half>) {
      os << static_cast<float>(v[i]);
    } else {
      os << v[i];
    }
  }
  return os << "}";
}
template <int Dimensions>
const stream &operator<<(const stream &os, const item<Dimensions> &it) {
  return os << "item(range: " << it.get_range() << ", id: " << it.get_id() << ")";
}
template <int Dimensions>
const stream &operator<<(const stream &os, const nd_item<Dimensions> &it) {
  return os << "nd_item(global_id: " << it.get_global_id() << ", local_id: " << it.get_local_id() << ")";
}

}  // namespace sycl
