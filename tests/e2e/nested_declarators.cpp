// Declarators with nested parentheses: functions returning references to
// arrays (members and free, const and not) in device code; pointers to
// arrays of function pointers and functions returning them on the host.
// References and pointers to arrays of const elements (`const Sphere
// (&)[N]`, deduced and not) bind const local arrays in kernels.
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
struct Sphere { float r; int id; };
template <int N> float total_radius(const Sphere (&s)[N]) {
  float t = 0;
  for (int i = 0; i < N; ++i) t += s[i].r;
  return t;
}
int first_two_ids(const Sphere (&s)[2]) { return s[0].id * 10 + s[1].id; }
int main() {
  sycl::queue q;
  int *d = sycl::malloc_shared<int>(8, q);
  float *radii = sycl::malloc_shared<float>(2, q);
  q.single_task([=] {
    Table t{{1, 2, 3, 4}};
    t.row()[2] = 30;
    int m[2][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}};
    int (&r)[4] = first_row(m);
    r[1] = 20;
    const Table &ct = t;
    d[0] = ct.row()[2] + m[0][1] + sizeof(int (*)[3]);
    const Sphere scene[3] = {{1.5f, 1}, {2.0f, 2}, {0.25f, 3}};
    const Sphere pair[2] = {{0.5f, 4}, {1.0f, 7}};
    const Sphere (*whole)[3] = &scene;
    radii[0] = total_radius(scene);
    radii[1] = total_radius(pair) + (*whole)[2].r;
    d[1] = first_two_ids(pair);
  }).wait();
  int (*fs[2])(int) = {twice, thrice};
  int (*(*table)[2])(int) = pick(&fs);
  bool ok = d[0] == 30 + 20 + int(sizeof(int (*)[3])) && (*table)[1](5) == 15;
  ok = ok && radii[0] == 3.75f && radii[1] == 1.75f && d[1] == 47;
  std::cout << (ok ? "PASSED" : "FAILED") << "\n";
  sycl::free(d, q);
  sycl::free(radii, q);
}
