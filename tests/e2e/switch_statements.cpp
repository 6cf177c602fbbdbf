// switch in device code: fallthrough, default in the middle, several labels
// on one statement, nested switches, switch inside a loop, enum class cases,
// and early return from a case.
#include <sycl/sycl.hpp>
#include <iostream>

enum class Op { Add, Sub, Mul, Div, Neg };

float apply(Op op, float a, float b) {
  switch (op) {
    case Op::Add: return a + b;
    case Op::Sub: return a - b;
    case Op::Mul: return a * b;
    case Op::Div:
      if (b == 0.0f) return 0.0f;
      return a / b;
    default: break;
  }
  return -a;
}

int classify(int v) {
  int score = 0;
  switch (v % 6) {
    case 0:
      score += 1;  // falls through
    case 1:
      score += 10;
      break;
    default:
      score += 100;  // falls through into case 5
    case 5:
      score += 1000;
      break;
    case 2:
    case 3: {
      int inner = 0;
      switch (v % 2) {
        case 0: inner = 7; break;
        case 1: inner = 9; break;
      }
      score += inner;
    }
  }
  return score;
}

template <int N>
int count_vowels(const char (&s)[N]) {
  int vowels = 0;
  for (int i = 0; i < N; ++i) {
    switch (s[i]) {
      case 'a': case 'e': case 'i': case 'o': case 'u':
        ++vowels;
        break;
      default:
        break;
    }
  }
  return vowels;
}

// `continue` inside a switch continues the loop around it, also from a
// switch nested in another and from an if inside a case; `break` leaves
// only the switch.
int skip_sum(int n) {
  int s = 0;
  for (int k = 0; k < n; k++) {
    switch (k % 4) {
      case 0:
        continue;
      case 1:
        if (k > 8) continue;
        s += 100;
        break;
      case 2:
        switch (k % 3) {
          case 0:
            continue;
          default:
            s += 1000;
        }
        [[fallthrough]];
      default:
        s += k;
    }
    s += 1;
  }
  int w = 0;
  while (w < n) {
    ++w;
    switch (w & 1) {
      case 1:
        continue;
    }
    s += 7;
  }
  return s;
}

int main() {
  sycl::queue q;
  constexpr int N = 12;
  int *out = sycl::malloc_shared<int>(N, q);
  float *fout = sycl::malloc_shared<float>(5, q);
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) { out[i] = classify(int(i[0])); }).wait();
  int *skipped = sycl::malloc_shared<int>(N, q);
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) { skipped[i] = skip_sum(int(i[0]) * 2); }).wait();
  for (int i = 0; i < N; ++i)
    if (skipped[i] != skip_sum(i * 2)) {
      std::cout << "skip_sum(" << i * 2 << ") = " << skipped[i] << ", expected " << skip_sum(i * 2) << "\n";
      q.wait();
      sycl::free(skipped, q);
      return 1;
    }
  sycl::free(skipped, q);
  q.single_task([=]() {
     fout[0] = apply(Op::Add, 6, 3);
     fout[1] = apply(Op::Sub, 6, 3);
     fout[2] = apply(Op::Mul, 6, 3);
     fout[3] = apply(Op::Div, 6, 0) + apply(Op::Div, 6, 3);
     char word[] = {'s', 'e', 'q', 'u', 'o', 'i', 'a'};
     fout[4] = apply(Op::Neg, float(count_vowels(word)), 0);
   }).wait();
  bool ok = true;
  for (int i = 0; i < N; ++i) {
    if (out[i] != classify(i)) {
      std::cout << "classify(" << i << ") = " << out[i] << ", expected " << classify(i) << "\n";
      ok = false;
    }
  }
  float expected[5] = {9.0f, 3.0f, 18.0f, 2.0f, -5.0f};
  for (int i = 0; i < 5; ++i) ok = ok && fout[i] == expected[i];
  ok = ok && classify(0) == 11 && classify(4) == 1100 && classify(5) == 1000 && classify(2) == 7 && classify(3) == 9;
  sycl::free(out, q);
  sycl::free(fout, q);
  std::cout << (ok ? "PASSED" : "FAILED") << std::endl;
  return ok ? 0 : 1;
}
