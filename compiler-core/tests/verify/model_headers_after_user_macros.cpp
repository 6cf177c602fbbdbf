// Programs define short macros before including standard headers
// (`#define N 1024`, `#define T int` in a benchmark's common header, then
// <iostream> through another header). The model headers name their
// template parameters with reserved identifiers, as libstdc++ does, so they
// still parse.
#define N 1024
#define T int
#define U long
#define F float
#define I 3
#define It 4
#define Args 5
#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <numeric>
#include <random>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

static_assert(std::tuple_size<std::array<T, N>>::value == N, "array of a macro's size");
static_assert(sizeof(std::array<T, I>) == 2 * sizeof(int), "wrong"); // expected-error {{static assertion failed: wrong}}

int main() {
  std::vector<T> v(N, I);
  return int(std::accumulate(v.begin(), v.end(), 0L)) - N * I;
}
