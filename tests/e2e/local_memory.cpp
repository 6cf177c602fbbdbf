// Work-group local memory: local_accessor in 1 and 2 dimensions with
// barriers (a per-group tree reduction and a tiled matrix multiply), two
// local accessors of different types in one kernel, the SYCL 1.2.1
// accessor<..., target::local>, 0-dimensional local accessors (an array
// tile, a counter), and a request for more local memory than the device
// has (errc::memory_allocation).
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

// Writes element l of the diagonal of a 4x4 tile given as rows.
static void fill_diagonal(float (*rows)[4], int l) { rows[l][l] = float(l); }

int main() {
  sycl::queue q;
  int errors = 0;

  // Per-group sums of 0..N-1 by a tree reduction in local memory.
  const size_t N = 4096, L = 128, G = N / L;
  std::vector<float> in(N), sums(G, -1.0f);
  for (size_t i = 0; i < N; ++i) in[i] = float(i % 100);
  {
    sycl::buffer<float, 1> bin(in.data(), sycl::range<1>(N));
    sycl::buffer<float, 1> bsums(sums.data(), sycl::range<1>(G));
    q.submit([&](sycl::handler& h) {
      sycl::accessor src(bin, h, sycl::read_only);
      sycl::accessor dst(bsums, h, sycl::write_only, sycl::no_init);
      sycl::local_accessor<float, 1> scratch(sycl::range<1>(L), h);
      h.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)), [=](sycl::nd_item<1> it) {
        size_t l = it.get_local_id(0);
        scratch[l] = src[it.get_global_id(0)];
        for (size_t stride = L / 2; stride > 0; stride /= 2) {
          sycl::group_barrier(it.get_group());
          if (l < stride) scratch[l] += scratch[l + stride];
        }
        if (l == 0) dst[it.get_group(0)] = scratch[0];
      });
    });
  }
  for (size_t g = 0; g < G; ++g) {
    float want = 0;
    for (size_t i = g * L; i < (g + 1) * L; ++i) want += in[i];
    if (sums[g] != want) {
      if (errors < 5) printf("group %zu: sum %f, want %f\n", g, sums[g], want);
      errors++;
    }
  }

  // C = A * B with 8x8 tiles of A and B in local memory (2-D local accessors).
  const size_t M = 64, T = 8;
  std::vector<float> A(M * M), B(M * M), C(M * M, 0.0f);
  for (size_t i = 0; i < M * M; ++i) {
    A[i] = float(i % 7) - 3.0f;
    B[i] = float(i % 5) * 0.5f;
  }
  {
    sycl::buffer<float, 2> ba(A.data(), sycl::range<2>(M, M));
    sycl::buffer<float, 2> bb(B.data(), sycl::range<2>(M, M));
    sycl::buffer<float, 2> bc(C.data(), sycl::range<2>(M, M));
    q.submit([&](sycl::handler& h) {
      sycl::accessor a(ba, h, sycl::read_only);
      sycl::accessor b(bb, h, sycl::read_only);
      sycl::accessor c(bc, h, sycl::write_only);
      sycl::local_accessor<float, 2> ta(sycl::range<2>(T, T), h);
      sycl::local_accessor<float, 2> tb(sycl::range<2>(T, T), h);
      h.parallel_for(sycl::nd_range<2>(sycl::range<2>(M, M), sycl::range<2>(T, T)), [=](sycl::nd_item<2> it) {
        size_t row = it.get_global_id(0), col = it.get_global_id(1);
        size_t lr = it.get_local_id(0), lc = it.get_local_id(1);
        float acc = 0;
        for (size_t t = 0; t < M / T; ++t) {
          ta[lr][lc] = a[row][t * T + lc];
          tb[sycl::id<2>(lr, lc)] = b[t * T + lr][col];
          it.barrier(sycl::access::fence_space::local_space);
          for (size_t k = 0; k < T; ++k) acc += ta[lr][k] * tb[k][lc];
          it.barrier(sycl::access::fence_space::local_space);
        }
        c[row][col] = acc;
      });
    });
  }
  for (size_t i = 0; i < M; ++i)
    for (size_t j = 0; j < M; ++j) {
      float want = 0;
      for (size_t k = 0; k < M; ++k) want += A[i * M + k] * B[k * M + j];
      if (C[i * M + j] != want) {
        if (errors < 5) printf("C[%zu][%zu] = %f, want %f\n", i, j, C[i * M + j], want);
        errors++;
      }
    }

  // Two local accessors of different element types, and the SYCL 1.2.1
  // spelling: each group reverses its slice and counts its odd elements.
  const size_t R = 256, RL = 32;
  int* data = sycl::malloc_shared<int>(R, q);
  int* odd = sycl::malloc_shared<int>(R / RL, q);
  for (size_t i = 0; i < R; ++i) data[i] = int(i * 3);
  q.submit([&](sycl::handler& h) {
    sycl::accessor<int, 1, sycl::access::mode::read_write, sycl::access::target::local> slice(sycl::range<1>(RL), h);
    sycl::local_accessor<unsigned, 1> flags(sycl::range<1>(RL), h);
    h.parallel_for(sycl::nd_range<1>(sycl::range<1>(R), sycl::range<1>(RL)), [=](sycl::nd_item<1> it) {
      size_t l = it.get_local_id(0), g = it.get_global_id(0);
      slice[l] = data[g];
      flags[l] = unsigned(data[g] % 2);
      it.barrier();
      data[g] = slice[RL - 1 - l];
      if (l == 0) {
        unsigned n = 0;
        for (size_t k = 0; k < flags.size(); ++k) n += flags[k];
        odd[it.get_group(0)] = int(n);
      }
    });
  }).wait();
  for (size_t i = 0; i < R; ++i) {
    size_t base = i / RL * RL, l = i % RL;
    if (data[i] != int((base + RL - 1 - l) * 3)) errors++;
  }
  for (size_t g = 0; g < R / RL; ++g)
    if (odd[g] != int(RL / 2)) errors++;

  // 0-dimensional local accessors: a 2-D array tile passed to a function as
  // a pointer to rows (as HeCBench's jacobi does), and a counter assigned
  // and read through conversion.
  {
    float *tile_out = sycl::malloc_shared<float>(8, q);
    q.submit([&](sycl::handler &h) {
       sycl::local_accessor<float[4][4], 0> tile(h);
       sycl::local_accessor<int, 0> counter(h);
       h.parallel_for(sycl::nd_range<1>(8, 4), [=](sycl::nd_item<1> it) {
         int l = int(it.get_local_id(0));
         float(&t)[4][4] = tile;
         if (l == 0) {
           t[0][1] = 10.0f;
           counter = 5;
         }
         fill_diagonal(tile, l);
         sycl::group_barrier(it.get_group());
         int c = counter;
         tile_out[it.get_global_id(0)] = t[3 - l][3 - l] + t[0][1] + float(c);
       });
     }).wait();
    for (int i = 0; i < 8; ++i)
      if (tile_out[i] != float(3 - i % 4) + 15.0f) errors++;
    sycl::free(tile_out, q);
  }

  // More local memory than any work-group has.
  bool threw = false;
  try {
    q.submit([&](sycl::handler& h) {
      sycl::local_accessor<float, 1> huge(sycl::range<1>(64 * 1024 * 1024), h);
      h.parallel_for(sycl::nd_range<1>(sycl::range<1>(64), sycl::range<1>(64)), [=](sycl::nd_item<1> it) {
        huge[it.get_local_id(0)] = 1.0f;
        odd[0] = int(huge[0]);
      });
    }).wait();
  } catch (const sycl::exception& e) {
    threw = e.code() == sycl::errc::memory_allocation;
    printf("expected error: %s\n", e.what());
  }
  if (!threw) {
    printf("no errc::memory_allocation for 256 MiB of local memory\n");
    errors++;
  }

  sycl::free(data, q);
  sycl::free(odd, q);
  printf("%s (%d errors)\n", errors ? "FAILED" : "PASSED", errors);
  return errors != 0;
}
