#endif
#else
#elif 1
#if
#if (
#if 1 +
#if 1 / 0
#endif
#endif
#endif
#define
#define (
#define f(x, x) x
#define g(... ) __VA_OPT__(
#undef
#include
#include <
#include "nonexistent.h"
#line 0
#line 99999999999999999999
#line -1 "x"
#pragma
_Pragma(
_Pragma(1)
# 1 "weird"
#error deliberate
