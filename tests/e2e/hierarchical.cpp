// Hierarchical parallelism: parallel_for_work_group with and without a
// work-group size, parallel_for_work_item over the group's range and over a
// larger logical range, h_item ids (global, logical, physical), work-group
// scope values computed from the group and read by its work-items,
// private_memory carried from one parallel_for_work_item to the next, a 2-D
// blocked matrix multiply written with buffers and accessors, and a group
// sum whose two phases meet at the barrier between work-item loops.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

int main() {
  sycl::queue q;
  int errors = 0;

  // 1-D: 8 groups of 16; every work-item records its ids.
  {
    const size_t G = 8, L = 16, N = G * L;
    std::vector<int> ids(N * 5, -1);
    {
      sycl::buffer<int> buf(ids.data(), sycl::range<1>(N * 5));
      q.submit([&](sycl::handler& h) {
        sycl::accessor out(buf, h, sycl::write_only);
        h.parallel_for_work_group(sycl::range<1>(G), sycl::range<1>(L), [=](sycl::group<1> g) {
          int base = int(g.get_group_id(0)) * 1000;  // work-group scope
          g.parallel_for_work_item([&](sycl::h_item<1> it) {
            size_t i = it.get_global_id(0);
            out[i * 5 + 0] = base + int(it.get_local_id(0));
            out[i * 5 + 1] = int(it.get_global_range(0));
            out[i * 5 + 2] = int(it.get_local_range(0));
            out[i * 5 + 3] = int(g.get_group_range(0));
            out[i * 5 + 4] = int(it.get_physical_local_id(0));
          });
        });
      });
    }
    for (size_t i = 0; i < N; ++i) {
      int want[5] = {int(i / L) * 1000 + int(i % L), int(N), int(L), int(G), int(i % L)};
      for (int k = 0; k < 5; ++k)
        if (ids[i * 5 + k] != want[k]) {
          if (errors < 5) printf("ids[%zu][%d] = %d, want %d\n", i, k, ids[i * 5 + k], want[k]);
          errors++;
        }
    }
  }

  // A logical range of 40 over physical groups of 8: each logical item once,
  // its physical id the logical id modulo 8; private_memory per physical item
  // counts the logical items it ran, read back in a second loop.
  {
    const size_t G = 4, L = 8, LOGICAL = 40;
    int* seen = sycl::malloc_shared<int>(G * LOGICAL, q);
    int* counts = sycl::malloc_shared<int>(G * L, q);
    for (size_t i = 0; i < G * LOGICAL; ++i) seen[i] = 0;
    q.submit([&](sycl::handler& h) {
      h.parallel_for_work_group(sycl::range<1>(G), sycl::range<1>(L), [=](sycl::group<1> g) {
        sycl::private_memory<int> ran(g);
        g.parallel_for_work_item([&](sycl::h_item<1> it) { ran(it) = 0; });
        g.parallel_for_work_item(sycl::range<1>(LOGICAL), [&](sycl::h_item<1> it) {
          size_t logical = it.get_logical_local_id(0);
          seen[g.get_group_id(0) * LOGICAL + logical] += 1 + int(it.get_physical_local_id(0) == logical % L);
          ran(it) += 1;
        });
        g.parallel_for_work_item([&](sycl::h_item<1> it) {
          counts[it.get_global_id(0)] = ran(it);
        });
      });
    }).wait();
    for (size_t i = 0; i < G * LOGICAL; ++i)
      if (seen[i] != 2) {
        if (errors < 5) printf("logical item %zu seen %d\n", i, seen[i]);
        errors++;
      }
    for (size_t i = 0; i < G * L; ++i)
      if (counts[i] != 5) {
        if (errors < 5) printf("physical item %zu ran %d logical items, want 5\n", i, counts[i]);
        errors++;
      }
    sycl::free(seen, q);
    sycl::free(counts, q);
  }

  // No work-group size: the implementation's choice, as the group reports it.
  {
    const size_t G = 3;
    int* sizes = sycl::malloc_shared<int>(G, q);
    int* items = sycl::malloc_shared<int>(G, q);
    for (size_t i = 0; i < G; ++i) items[i] = 0;
    q.submit([&](sycl::handler& h) {
      h.parallel_for_work_group(sycl::range<1>(G), [=](sycl::group<1> g) {
        g.parallel_for_work_item([&](sycl::h_item<1> it) {
          if (it.get_local_id(0) == 0) sizes[g.get_group_id(0)] = int(g.get_local_range(0));
          sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device> n(items[g.get_group_id(0)]);
          n += 1;
        });
      });
    }).wait();
    for (size_t i = 0; i < G; ++i)
      if (sizes[i] < 1 || items[i] != sizes[i]) {
        printf("group %zu: local range %d, %d work-items ran\n", i, sizes[i], items[i]);
        errors++;
      }
    sycl::free(sizes, q);
    sycl::free(items, q);
  }

  // 2-D blocked matrix multiply: a block of C per work-group, the block's
  // origin computed at work-group scope.
  {
    const size_t M = 32, B = 8;
    std::vector<float> a(M * M), b(M * M), c(M * M, 0.0f);
    for (size_t i = 0; i < M * M; ++i) {
      a[i] = float(i % 7) - 3.0f;
      b[i] = float(i % 5) * 0.5f;
    }
    {
      sycl::buffer<float, 2> ba(a.data(), sycl::range<2>(M, M)), bb(b.data(), sycl::range<2>(M, M)),
          bc(c.data(), sycl::range<2>(M, M));
      q.submit([&](sycl::handler& h) {
        sycl::accessor A(ba, h, sycl::read_only), Bm(bb, h, sycl::read_only);
        sycl::accessor C(bc, h, sycl::write_only, sycl::no_init);
        h.parallel_for_work_group(sycl::range<2>(M / B, M / B), sycl::range<2>(B, B), [=](sycl::group<2> g) {
          size_t row0 = g.get_group_id(0) * B, col0 = g.get_group_id(1) * B;
          g.parallel_for_work_item([&](sycl::h_item<2> it) {
            size_t r = row0 + it.get_local_id(0), col = col0 + it.get_local_id(1);
            float sum = 0.0f;
            for (size_t k = 0; k < M; ++k) sum += A[r][k] * Bm[k][col];
            C[r][col] = sum;
          });
        });
      });
    }
    for (size_t r = 0; r < M; ++r)
      for (size_t col = 0; col < M; ++col) {
        float want = 0.0f;
        for (size_t k = 0; k < M; ++k) want += a[r * M + k] * b[k * M + col];
        if (c[r * M + col] != want) {
          if (errors < 5) printf("C[%zu][%zu] = %f, want %f\n", r, col, c[r * M + col], want);
          errors++;
        }
      }
  }

  // Two phases: every work-item writes its partial sum to global memory,
  // then (after the barrier between the loops) the first one adds them up.
  {
    const size_t G = 16, L = 32, N = G * L;
    int* data = sycl::malloc_shared<int>(N, q);
    int* partial = sycl::malloc_shared<int>(N, q);
    int* sums = sycl::malloc_shared<int>(G, q);
    for (size_t i = 0; i < N; ++i) data[i] = int(i % 13);
    q.submit([&](sycl::handler& h) {
      h.parallel_for_work_group(sycl::range<1>(G), sycl::range<1>(L), [=](sycl::group<1> g) {
        size_t first = g.get_group_id(0) * L;
        g.parallel_for_work_item([&](sycl::h_item<1> it) {
          partial[it.get_global_id(0)] = data[it.get_global_id(0)] * 2;
        });
        g.parallel_for_work_item([&](sycl::h_item<1> it) {
          if (it.get_local_id(0) == 0) {
            int s = 0;
            for (size_t i = 0; i < L; ++i) s += partial[first + i];
            sums[g.get_group_id(0)] = s;
          }
        });
      });
    }).wait();
    for (size_t gi = 0; gi < G; ++gi) {
      int want = 0;
      for (size_t i = 0; i < L; ++i) want += int((gi * L + i) % 13) * 2;
      if (sums[gi] != want) {
        printf("group %zu sum %d, want %d\n", gi, sums[gi], want);
        errors++;
      }
    }
    sycl::free(data, q);
    sycl::free(partial, q);
    sycl::free(sums, q);
  }

  if (errors) {
    printf("FAILED: %d errors\n", errors);
    return 1;
  }
  printf("PASSED\n");
  return 0;
}
