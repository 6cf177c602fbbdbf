// Literals out of range: diagnostics, no overflow panics.
unsigned long long a = 999999999999999999999999999999999999999999999999999;
unsigned long long b = 0xffffffffffffffffffffffffffffffffffffffffffff;
unsigned long long c = 0b11111111111111111111111111111111111111111111111111111111111111111111111;
unsigned long long d = 07777777777777777777777777777777777777777777;
double e = 1e999999999999999999999999999;
double f = 1e-999999999999999999999999999;
double g = 0x1p99999999999999999999999999;
float h = 1e40f;
long double i = 1.0e99999L;
int j = 1'''2;
int k = 0x;
int l = 0b2;
int m = 1e;
int n = 09;
char o = '\777777777';
char p = '\xffffffffffffffffffffffff';
const char *q = "\U7fffffff \UD800 \uDFFF";
#if 99999999999999999999999999 > 1
#endif
#if 18446744073709551615 * 18446744073709551615
#endif
#if (-9223372036854775807 - 1) / -1
#endif
#if (-9223372036854775807 - 1) % -1
#endif
#if 1 << 99999
#endif
#if -1 >> 99999
#endif
