// Parentheses that start like a type but hold an expression, and
// declarations whose parentheses start like a parameter list but hold an
// initializer ([dcl.ambig.res]: what cannot be a declaration is an expression).
struct B {
  B(int);
};
template <int D> struct range {
  range(unsigned long n);
};
template <typename T, int D> struct buffer {
  buffer(range<D> r);
};

int scaled(int i, int x) { return x != (int(i) * 2 + 7) * 3; }
int casts(int i) { return (int)(3) + (int(4)) + (long)i + (unsigned)(i); }

void declarations() {
  B b(int(5));
  buffer<int, 1> buf(range<1>(200));
  int f(int), g(double x);
  int (*fp)(int) = nullptr;
  int (*arr)[3] = nullptr;
}
