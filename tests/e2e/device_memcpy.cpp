// memcpy in kernels, as code ported from CUDA writes it: private arrays of
// doubles copied as a whole (HeCBench grrt), a struct copied from USM into
// a private copy and back, a row of an accessor into local memory, and
// std::memcpy with a byte count computed at run time.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <cstring>

struct Particle {
  float position[3];
  int id;
};

int main() {
  sycl::queue q;
  int bad = 0;
  constexpr int N = 64, STATE = 6;
  double *out = sycl::malloc_shared<double>(N, q);
  Particle *particles = sycl::malloc_shared<Particle>(N, q);
  for (int i = 0; i < N; ++i) particles[i] = Particle{{float(i), float(2 * i), 0.5f}, i};

  // Private arrays, copied whole between integration steps.
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) {
     double y[STATE], ytemp[STATE];
     for (int k = 0; k < STATE; ++k) y[k] = double(i[0]) + k;
     for (int step = 0; step < 3; ++step) {
       for (int k = 0; k < STATE; ++k) ytemp[k] = y[k] * 0.5 + 1.0;
       memcpy(y, ytemp, STATE * sizeof(double));
     }
     out[i] = y[0] + y[STATE - 1];
   }).wait();
  for (int i = 0; i < N; ++i) {
    double a = i, b = i + STATE - 1.0;
    for (int step = 0; step < 3; ++step) a = a * 0.5 + 1.0, b = b * 0.5 + 1.0;
    if (out[i] != a + b) ++bad;
  }

  // A struct through a private copy, modified and written back.
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) {
     Particle p;
     std::memcpy(&p, &particles[i], sizeof(Particle));
     p.position[2] += float(p.id);
     p.id = -p.id;
     std::memcpy(particles + i[0], &p, sizeof p);
   }).wait();
  for (int i = 0; i < N; ++i)
    if (particles[i].position[2] != 0.5f + i || particles[i].id != -i || particles[i].position[1] != 2.0f * i) ++bad;

  // A row of a buffer into local memory, with the length known at run time.
  constexpr int ROWS = 4, COLS = 16;
  std::vector<float> grid(ROWS * COLS);
  for (int i = 0; i < ROWS * COLS; ++i) grid[i] = float(i);
  std::vector<float> sums(ROWS);
  int cols = COLS;
  {
    sycl::buffer<float, 1> gb(grid.data(), sycl::range<1>(ROWS * COLS));
    sycl::buffer<float, 1> sb(sums.data(), sycl::range<1>(ROWS));
    q.submit([&](sycl::handler &h) {
      sycl::accessor g(gb, h, sycl::read_only);
      sycl::accessor s(sb, h, sycl::write_only);
      sycl::local_accessor<float, 1> row(sycl::range<1>(COLS), h);
      h.parallel_for(sycl::nd_range<1>(ROWS, 1), [=](sycl::nd_item<1> it) {
        size_t r = it.get_group(0);
        memcpy(&row[0], &g[r * cols], cols * sizeof(float));
        float total = 0;
        for (int c = 0; c < cols; ++c) total += row[c];
        s[r] = total;
      });
    });
  }
  for (int r = 0; r < ROWS; ++r) {
    float want = 0;
    for (int c = 0; c < COLS; ++c) want += float(r * COLS + c);
    if (sums[r] != want) ++bad;
  }

  sycl::free(out, q);
  sycl::free(particles, q);
  std::printf(bad ? "FAILED (%d)\n" : "PASSED\n", bad);
  return bad != 0;
}
