// Pointers to private memory: local arrays passed to functions taking
// pointers (read and written, indexed at run time beyond 64 elements),
// out-parameters of scalars and structs (`modf`-style, swap through
// pointers), pointer arithmetic and walking over a local array, a char
// buffer written byte by byte, a captured array passed to a function, a
// pointer to a member of a local struct, and addresses taken inside the
// functions an object is passed to (`a.data()` of a std::array, a member
// function returning its array member, `std::end(arr)`), also of a
// temporary (`Window(x).total()`).
#include <sycl/sycl.hpp>
#include <array>
#include <cstdio>
#include <iterator>

struct Samples {
  float values[4];
  float *data() { return values; }
  const float *begin() const { return values; }
};

// Its member array is passed by address from a member function, called on
// a temporary (`Window(x).total()`, as CUB-style code does).
struct Window {
  float cells[4];
  explicit Window(float first) {
    for (int k = 0; k < 4; ++k) cells[k] = first + k;
  }
  float total();
};

struct Stats {
  float sum;
  int count;
  short minimum;
};

static float sum_of(const float *p, int n) {
  float s = 0;
  for (int i = 0; i < n; ++i) s += p[i];
  return s;
}

static void fill(float *p, int n, float base) {
  for (float *q = p; q != p + n; ++q) *q = base + float(q - p);
}

static void split(float x, float *whole, float *fraction) {
  *whole = float(int(x));
  *fraction = x - *whole;
}

static void swap_ints(int *a, int *b) {
  int t = *a;
  *a = *b;
  *b = t;
}

static void accumulate(Stats *s, short v) {
  s->sum += v;
  s->count++;
  if (v < s->minimum) s->minimum = v;
}

static int length_of(const char *s) {
  int n = 0;
  while (s[n] != 0) ++n;
  return n;
}

float Window::total() { return sum_of(cells, 4); }

int main() {
  sycl::queue q;
  const int n = 96;
  float *out = sycl::malloc_shared<float>(n * 8, q);
  const float weights[4] = {0.5f, 1.5f, 2.5f, 3.5f};
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
     int i = int(id[0]);
     float big[100];
     fill(big, 100, float(i));
     out[8 * i] = sum_of(big, 100) + big[(i * 7) % 100];  // run-time index past 64

     float whole, fraction;
     split(i + 0.25f, &whole, &fraction);
     out[8 * i + 1] = whole * 10 + fraction;

     int a = i, b = -i;
     swap_ints(&a, &b);
     out[8 * i + 2] = float(a - 2 * b);

     Stats st{0.0f, 0, 1000};
     for (short v = 0; v < 5; ++v) accumulate(&st, short(v * i - 3));
     out[8 * i + 3] = st.sum + st.count + st.minimum;

     char text[16];
     for (int k = 0; k < i % 15; ++k) text[k] = char('a' + k);
     text[i % 15] = 0;
     out[8 * i + 4] = float(length_of(text));

     out[8 * i + 5] = sum_of(weights, 4) * i + Window(float(i)).total();

     float *walk = big + 10;
     walk += i % 5;
     out[8 * i + 6] = *walk + walk[1];

     int *count = &st.count;
     *count += 100;
     std::array<float, 3> arr{1.0f, 2.0f, float(i)};
     Samples samples{{1.0f, 1.0f, 1.0f, 1.0f}};
     samples.data()[2] = 2.0f;  // written through the returned pointer
     float tail[3] = {4.0f, 5.0f, 6.0f};
     out[8 * i + 7] = float(st.count) + sum_of(arr.data(), 3) + sum_of(samples.begin(), 4) +
                      *(std::end(tail) - 1) + float(std::size(tail));
   }).wait();
  int failures = 0;
  for (int i = 0; i < n; ++i) {
    float e[8];
    e[0] = 100.0f * i + 4950.0f + (i + (i * 7) % 100);
    e[1] = i * 10 + 0.25f;
    e[2] = float(-i - 2 * i);
    float sum = 0;
    int minimum = 1000;
    for (int v = 0; v < 5; ++v) {
      sum += v * i - 3;
      minimum = std::min(minimum, v * i - 3);
    }
    e[3] = sum + 5 + minimum;
    e[4] = float(i % 15);
    e[5] = 8.0f * i + (4.0f * i + 6.0f);
    e[6] = float(i + 10 + i % 5) + float(i + 11 + i % 5);
    e[7] = 105.0f + (3.0f + i) + 5.0f + 6.0f + 3.0f;
    for (int k = 0; k < 8; ++k)
      if (out[8 * i + k] != e[k]) {
        if (failures++ < 10) printf("FAILED: item %d value %d: %f, expected %f\n", i, k, out[8 * i + k], e[k]);
      }
  }
  sycl::free(out, q);
  if (failures == 0) printf("PASSED\n");
  return failures != 0;
}
