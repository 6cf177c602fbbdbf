// Expressions: casts, new/delete, sizeof/alignof/typeid, braced init.
#include <cstddef>
struct point { int x; int y; };
struct base { virtual ~base() {} };
struct derived : base {};
void take(point p);
void take_list(const int (&l)[2]);
int exprs(base* bp, void* mem) {
  point p{1, 2};
  point q = {.x = 3, .y = 4};
  point r = point{5, 6};
  take({7, 8});
  int* ip = new int(3);
  int* arr = new int[10];
  point* pp = new (mem) point{1, 2};
  delete ip;
  delete[] arr;
  double d = (double)p.x;
  float f = float(p.y);
  long l = static_cast<long>(d);
  derived* dp = dynamic_cast<derived*>(bp);
  const int* cip = ip;
  int* mip = const_cast<int*>(cip);
  std::size_t u = reinterpret_cast<std::size_t>(mip);
  auto s1 = sizeof(point) + sizeof p + alignof(double);
  decltype(p.x) dx = 0;
  int tern = p.x > 0 ? p.x : -p.x;
  int sh = 1 << 3 >> 1;
  int (*fp)(int) = nullptr;
  void (*handlers[2])(int);
  int a = 1, *b = &a, c[3] = {};
  if (!dp) throw 42;
  return p.x + q.y + r.x + tern + sh + dx + (int)s1 + c[0];
}
point ret_brace() { return {1, 2}; }
