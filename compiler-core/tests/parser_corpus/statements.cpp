// Statements: if constexpr, init-statements, range-for, goto, try.
#include <cstddef>
struct pair { int first; int second; };
pair make() { return {1, 2}; }
template <class T> int kind(T t) {
  if constexpr (sizeof(T) == 4) { return 4; } else { return 8; }
}
int statements(int n) {
  auto [a, b] = make();
  auto& [c, d] = make_ref();
  int arr[4] = {1, 2, 3, 4};
  if (int k = n * 2; k > 3) { n = k; }
  switch (int m = n % 3; m) { case 0: n++; break; case 1: { n--; break; } default: break; }
  for (int i = 0, j = 1; i < 4; ++i, ++j) { arr[i] += j; }
  for (int v : arr) { n += v; }
  for (auto& v : {1, 2, 3}) { n += v; }
  int idx = 0;
  for (int v : arr) { if (v) continue; }
  for (int base = 1; int v : arr) { n += base * v; }
  while (n > 100) n /= 2;
  do { n++; } while (n < 0);
again:
  if (n < 0) goto again;
  try { n += 1; } catch (const int& e) { n = e; } catch (...) { throw; }
  decltype(auto) r = n;
  return n + a + b + arr[0];
}
