// Declarators with nested parentheses: functions returning references to
// arrays (members and free, const and not) in device code; pointers to
// arrays of function pointers and functions returning them on the host.
#include <sycl/sycl.hpp>
#include <iostream>
struct Table {
  int a[4];
  int (&row())[4] { return a; }
  const int (&row() const)[4] { return a; }
};
static int twice(int x) { return 2 * x; }
static int thrice(int x) { return 3 * x; }
int (*(*pick(int (*(*t)[2])(int)))[2])(int) { return t; }
void (*handler_for(int sig, void (*fallback)(int)))(int);
int (&first_row(int (&m)[2][4]))[4] { return m[0]; }
int main() {
  sycl::queue q;
  int *d = sycl::malloc_shared<int>(8, q);
  q.single_task([=] {
    Table t{{1, 2, 3, 4}};
    t.row()[2] = 30;
    int m[2][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}};
    int (&r)[4] = first_row(m);
    r[1] = 20;
    const Table &ct = t;
    d[0] = ct.row()[2] + m[0][1] + sizeof(int (*)[3]);
  }).wait();
  int (*fs[2])(int) = {twice, thrice};
  int (*(*table)[2])(int) = pick(&fs);
  bool ok = d[0] == 30 + 20 + 8 && (*table)[1](5) == 15;
  std::cout << (ok ? "PASSED" : "FAILED") << "\n";
  sycl::free(d, q);
}
