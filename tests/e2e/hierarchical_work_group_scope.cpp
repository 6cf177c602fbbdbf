// The work-group scope of hierarchical kernels, as SYCL 2020 4.9.4.2.3 says
// it behaves: its code runs once per work-group and its variables are shared
// by the group's work-items. Arrays declared there and filled by one
// parallel_for_work_item are read by other work-items in the next; counters
// incremented there count groups, not work-items; a tree reduction halves
// its stride in the work-group scope between work-item loops; a sum the
// work-group scope computes from the work-items' partial results; a tiled
// 2-D matrix multiply with its tiles declared in the work-group scope; a
// helper function that calls parallel_for_work_item with a shared local of
// its own; an early return for some groups; private_memory beside shared
// variables over a logical range larger than the physical one; an object
// constructed once per group; a work-group function taking a
// kernel_handler.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

constexpr size_t L = 16;

// Runs f for every work-item of g, twice, counting the rounds in a
// work-group-scope variable of its own.
template <typename F>
int each_twice(sycl::group<1> g, F f) {
  int rounds = 0;
  for (int r = 0; r < 2; ++r) {
    g.parallel_for_work_item(f);
    rounds += 1;
  }
  return rounds;
}

// Counts its constructions in global memory; holds only arithmetic values,
// so the work-group scope shares it.
struct GroupTally {
  size_t group;
  int doubled;
  GroupTally(int* counts, size_t g) : group(g), doubled(int(g) * 2) {
    sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device> a(counts[g]);
    a.fetch_add(1);
  }
};

int check(const char* what, long got, long want, int& errors) {
  if (got != want) {
    if (errors < 10) printf("%s: got %ld, want %ld\n", what, got, want);
    ++errors;
  }
  return errors;
}

int main() {
  sycl::queue q;
  int errors = 0;

  // Reverse each group's slice through an array of the work-group scope.
  {
    const size_t G = 6, N = G * L;
    std::vector<int> in(N), out(N, -1);
    for (size_t i = 0; i < N; ++i) in[i] = int(i * 3 + 1);
    {
      sycl::buffer<int> bin(in.data(), sycl::range<1>(N)), bout(out.data(), sycl::range<1>(N));
      q.submit([&](sycl::handler& h) {
        sycl::accessor a(bin, h, sycl::read_only);
        sycl::accessor b(bout, h, sycl::write_only);
        h.parallel_for_work_group(sycl::range<1>(G), sycl::range<1>(L), [=](sycl::group<1> g) {
          int tile[L];
          g.parallel_for_work_item([&](sycl::h_item<1> it) { tile[it.get_local_id(0)] = a[it.get_global_id(0)]; });
          g.parallel_for_work_item(
              [&](sycl::h_item<1> it) { b[it.get_global_id(0)] = tile[L - 1 - it.get_local_id(0)]; });
        });
      });
    }
    for (size_t i = 0; i < N; ++i)
      check("reverse", out[i], in[(i / L) * L + (L - 1 - i % L)], errors);
  }

  // Work-group-scope code runs once per group: a plain increment and an
  // atomic one both count groups.
  {
    const size_t G = 5;
    int* plain = sycl::malloc_shared<int>(G, q);
    int* total = sycl::malloc_shared<int>(1, q);
    for (size_t i = 0; i < G; ++i) plain[i] = 0;
    *total = 0;
    q.submit([&](sycl::handler& h) {
      h.parallel_for_work_group(sycl::range<1>(G), sycl::range<1>(L), [=](sycl::group<1> g) {
        plain[g.get_group_id(0)] += 1;
        sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device> t(*total);
        t.fetch_add(1);
        g.parallel_for_work_item([&](sycl::h_item<1>) {});
        plain[g.get_group_id(0)] += 10;
      });
    }).wait();
    for (size_t i = 0; i < G; ++i) check("runs once", plain[i], 11, errors);
    check("atomic count of groups", *total, long(G), errors);
    sycl::free(plain, q);
    sycl::free(total, q);
  }

  // A tree reduction: the stride lives in the work-group scope and halves
  // between work-item loops; the loop's condition is read by every
  // work-item.
  {
    const size_t G = 4, N = G * L;
    std::vector<int> data(N);
    for (size_t i = 0; i < N; ++i) data[i] = int(i % 7) + int(i / L);
    std::vector<int> sums(G, 0);
    {
      sycl::buffer<int> bd(data.data(), sycl::range<1>(N)), bs(sums.data(), sycl::range<1>(G));
      q.submit([&](sycl::handler& h) {
        sycl::accessor d(bd, h, sycl::read_only);
        sycl::accessor s(bs, h, sycl::write_only);
        h.parallel_for_work_group(sycl::range<1>(G), sycl::range<1>(L), [=](sycl::group<1> g) {
          int part[L];
          g.parallel_for_work_item([&](sycl::h_item<1> it) { part[it.get_local_id(0)] = d[it.get_global_id(0)]; });
          size_t stride = L / 2;
          while (stride > 0) {
            g.parallel_for_work_item([&](sycl::h_item<1> it) {
              size_t i = it.get_local_id(0);
              if (i < stride) part[i] += part[i + stride];
            });
            stride /= 2;
          }
          s[g.get_group_id(0)] = part[0];
        });
      });
    }
    for (size_t gi = 0; gi < G; ++gi) {
      int want = 0;
      for (size_t i = 0; i < L; ++i) want += data[gi * L + i];
      check("tree reduction", sums[gi], want, errors);
    }
  }

  // The work-group scope sums the partial results of its work-items in a
  // loop of its own, several rounds, then every work-item reads the total.
  {
    const size_t G = 3, ROUNDS = 4;
    int* out = sycl::malloc_shared<int>(G * L, q);
    q.submit([&](sycl::handler& h) {
      h.parallel_for_work_group(sycl::range<1>(G), sycl::range<1>(L), [=](sycl::group<1> g) {
        int partial[L];
        int total = 0;
        for (size_t r = 0; r < ROUNDS; ++r) {
          g.parallel_for_work_item([&](sycl::h_item<1> it) {
            partial[it.get_local_id(0)] = int(it.get_local_id(0) * r + g.get_group_id(0));
          });
          for (size_t i = 0; i < L; ++i) total += partial[i];
        }
        g.parallel_for_work_item([&](sycl::h_item<1> it) { out[it.get_global_id(0)] = total; });
      });
    }).wait();
    for (size_t gi = 0; gi < G; ++gi) {
      int want = 0;
      for (size_t r = 0; r < ROUNDS; ++r)
        for (size_t i = 0; i < L; ++i) want += int(i * r + gi);
      for (size_t i = 0; i < L; ++i) check("sum of partials", out[gi * L + i], want, errors);
    }
    sycl::free(out, q);
  }

  // Tiled matrix multiply (as the SYCL books write it): the tiles are
  // variables of the work-group scope.
  {
    constexpr size_t T = 4, M = 12, K = 8, NN = 16;
    std::vector<float> A(M * K), B(K * NN), C(M * NN, 0.0f);
    for (size_t i = 0; i < M * K; ++i) A[i] = float(i % 5) - 1.0f;
    for (size_t i = 0; i < K * NN; ++i) B[i] = float(i % 3) + 0.5f;
    {
      sycl::buffer<float, 2> ba(A.data(), sycl::range<2>(M, K)), bb(B.data(), sycl::range<2>(K, NN)),
          bc(C.data(), sycl::range<2>(M, NN));
      q.submit([&](sycl::handler& h) {
        sycl::accessor a(ba, h, sycl::read_only);
        sycl::accessor b(bb, h, sycl::read_only);
        sycl::accessor c(bc, h, sycl::write_only);
        h.parallel_for_work_group(sycl::range<2>(M / T, NN / T), sycl::range<2>(T, T), [=](sycl::group<2> g) {
          float tileA[T][T], tileB[T][T];
          sycl::private_memory<float, 2> acc(g);
          g.parallel_for_work_item([&](sycl::h_item<2> it) { acc(it) = 0.0f; });
          for (size_t kb = 0; kb < K / T; ++kb) {
            g.parallel_for_work_item([&](sycl::h_item<2> it) {
              size_t i = it.get_local_id(0), j = it.get_local_id(1);
              tileA[i][j] = a[it.get_global_id(0)][kb * T + j];
              tileB[i][j] = b[kb * T + i][it.get_global_id(1)];
            });
            g.parallel_for_work_item([&](sycl::h_item<2> it) {
              size_t i = it.get_local_id(0), j = it.get_local_id(1);
              for (size_t k = 0; k < T; ++k) acc(it) += tileA[i][k] * tileB[k][j];
            });
          }
          g.parallel_for_work_item([&](sycl::h_item<2> it) { c[it.get_global_id()] = acc(it); });
        });
      });
    }
    for (size_t i = 0; i < M; ++i)
      for (size_t j = 0; j < NN; ++j) {
        float want = 0.0f;
        for (size_t k = 0; k < K; ++k) want += A[i * K + k] * B[k * NN + j];
        check("tiled matrix multiply", long(C[i * NN + j] * 4), long(want * 4), errors);
      }
  }

  // A helper function of the work-group scope with a shared local of its
  // own; groups 2 and 5 return early; private_memory over a logical range
  // of 40 on 16 physical work-items.
  {
    const size_t G = 6, LOGICAL = 40;
    int* hits = sycl::malloc_shared<int>(G * LOGICAL, q);
    int* rounds = sycl::malloc_shared<int>(G, q);
    int* ran = sycl::malloc_shared<int>(G * L, q);
    for (size_t i = 0; i < G * LOGICAL; ++i) hits[i] = 0;
    for (size_t i = 0; i < G; ++i) rounds[i] = -1;
    q.submit([&](sycl::handler& h) {
      h.parallel_for_work_group(sycl::range<1>(G), sycl::range<1>(L), [=](sycl::group<1> g) {
        size_t gi = g.get_group_id(0);
        if (gi == 2 || gi == 5) return;
        int scale = int(gi) + 1;
        sycl::private_memory<int> mine(g);
        g.parallel_for_work_item([&](sycl::h_item<1> it) { mine(it) = 0; });
        g.parallel_for_work_item(sycl::range<1>(LOGICAL), [&](sycl::h_item<1> it) {
          hits[gi * LOGICAL + it.get_logical_local_id(0)] += scale;
          mine(it) += 1;
        });
        rounds[gi] = each_twice(g, [&](sycl::h_item<1> it) { hits[gi * LOGICAL + it.get_local_id(0)] += 100; });
        g.parallel_for_work_item([&](sycl::h_item<1> it) { ran[gi * L + it.get_local_id(0)] = mine(it); });
      });
    }).wait();
    for (size_t gi = 0; gi < G; ++gi) {
      bool skipped = gi == 2 || gi == 5;
      check("early return", rounds[gi], skipped ? -1 : 2, errors);
      for (size_t i = 0; i < LOGICAL; ++i)
        check("logical range", hits[gi * LOGICAL + i], skipped ? 0 : long(gi + 1) + (i < L ? 200 : 0), errors);
      if (!skipped)
        for (size_t i = 0; i < L; ++i)
          check("private_memory", ran[gi * L + i], long((LOGICAL - i + L - 1) / L), errors);
    }
    sycl::free(hits, q);
    sycl::free(rounds, q);
    sycl::free(ran, q);
  }

  // An object of the work-group scope is constructed once per group and
  // read by its work-items; the work-group function takes a
  // kernel_handler.
  {
    const size_t G = 7;
    int* counts = sycl::malloc_shared<int>(G, q);
    int* seen = sycl::malloc_shared<int>(G * L, q);
    for (size_t i = 0; i < G; ++i) counts[i] = 0;
    q.submit([&](sycl::handler& h) {
      h.parallel_for_work_group(sycl::range<1>(G), sycl::range<1>(L), [=](sycl::group<1> g, sycl::kernel_handler) {
        GroupTally tally(counts, g.get_group_id(0));
        g.parallel_for_work_item(
            [&](sycl::h_item<1> it) { seen[it.get_global_id(0)] = int(tally.group) * 100 + tally.doubled; });
      });
    }).wait();
    for (size_t gi = 0; gi < G; ++gi) {
      check("constructed once", counts[gi], 1, errors);
      for (size_t i = 0; i < L; ++i) check("object read by work-items", seen[gi * L + i], long(gi * 102), errors);
    }
    sycl::free(counts, q);
    sycl::free(seen, q);
  }

  if (errors) {
    printf("FAILED: %d errors\n", errors);
    return 1;
  }
  printf("PASSED\n");
  return 0;
}
