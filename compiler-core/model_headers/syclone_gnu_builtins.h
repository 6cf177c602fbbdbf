// GCC's integer builtins (`__builtin_clz`, `__builtin_popcountll`,
// `__builtin_bswap32`, `__builtin_expect`...) for the device pass: sema
// calls `__syclone_gnu_<name>` for `__builtin_<name>`, so host code that
// uses them type-checks and kernels can call them. Counts of zero bits
// from a zero argument return the width (GCC leaves them undefined).
#pragma once
inline int __syclone_gnu_clzll(unsigned long long x) {
  int n = 0;
  for (unsigned long long top = 1ull << 63; n < 64 && (x & top) == 0; top >>= 1) ++n;
  return n;
}
inline int __syclone_gnu_clz(unsigned x) { return __syclone_gnu_clzll(x) - 32; }
inline int __syclone_gnu_clzl(unsigned long x) { return __syclone_gnu_clzll(x); }
inline int __syclone_gnu_ctzll(unsigned long long x) {
  int n = 0;
  for (; n < 64 && ((x >> n) & 1ull) == 0; ++n) {
  }
  return n;
}
inline int __syclone_gnu_ctz(unsigned x) { return x == 0 ? 32 : __syclone_gnu_ctzll(x); }
inline int __syclone_gnu_ctzl(unsigned long x) { return __syclone_gnu_ctzll(x); }
inline int __syclone_gnu_popcountll(unsigned long long x) {
  int n = 0;
  for (; x != 0; x &= x - 1) ++n;
  return n;
}
inline int __syclone_gnu_popcount(unsigned x) { return __syclone_gnu_popcountll(x); }
inline int __syclone_gnu_popcountl(unsigned long x) { return __syclone_gnu_popcountll(x); }
inline int __syclone_gnu_parityll(unsigned long long x) { return __syclone_gnu_popcountll(x) & 1; }
inline int __syclone_gnu_parity(unsigned x) { return __syclone_gnu_popcountll(x) & 1; }
inline int __syclone_gnu_parityl(unsigned long x) { return __syclone_gnu_popcountll(x) & 1; }
inline int __syclone_gnu_ffsll(long long x) { return x == 0 ? 0 : __syclone_gnu_ctzll((unsigned long long)x) + 1; }
inline int __syclone_gnu_ffs(int x) { return __syclone_gnu_ffsll((unsigned)x); }
inline int __syclone_gnu_ffsl(long x) { return __syclone_gnu_ffsll(x); }
inline unsigned short __syclone_gnu_bswap16(unsigned short x) {
  return (unsigned short)((x >> 8) | (x << 8));
}
inline unsigned __syclone_gnu_bswap32(unsigned x) {
  return (x >> 24) | ((x >> 8) & 0xff00u) | ((x << 8) & 0xff0000u) | (x << 24);
}
inline unsigned long long __syclone_gnu_bswap64(unsigned long long x) {
  return ((unsigned long long)__syclone_gnu_bswap32((unsigned)x) << 32) | __syclone_gnu_bswap32((unsigned)(x >> 32));
}
inline long __syclone_gnu_expect(long value, long) { return value; }
inline void __syclone_gnu_unreachable() {}
inline void __syclone_gnu_assume(bool) {}
// `__builtin_nanf("")` and the infinities (libstdc++'s numeric_limits and
// <cmath> macros expand to them): the quiet NaN and infinity bit patterns
// (the payload string is not read).
inline float __syclone_gnu_nanf(const char *) { return __builtin_bit_cast(float, 0x7fc00000u); }
inline double __syclone_gnu_nan(const char *) { return __builtin_bit_cast(double, 0x7ff8000000000000ull); }
inline float __syclone_gnu_inff() { return __builtin_bit_cast(float, 0x7f800000u); }
inline double __syclone_gnu_inf() { return __builtin_bit_cast(double, 0x7ff0000000000000ull); }
inline float __syclone_gnu_huge_valf() { return __builtin_bit_cast(float, 0x7f800000u); }
inline double __syclone_gnu_huge_val() { return __builtin_bit_cast(double, 0x7ff0000000000000ull); }
