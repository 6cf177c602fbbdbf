// Pointers to per-work-item objects that hold pointers, as code ported
// from CUDA passes its state around (a work partitioner whose strategy
// reads a shared work list through pointer members, as in the Chai
// benchmarks): `Partitioner p = make(...); for (s = first(&p); more(&p);
// s = next(&p))`. Such an object cannot live in memory on Vulkan, so its
// address is resolved at compile time: passed, converted to `const T *`,
// tested, dereferenced and written through.
#include <sycl/sycl.hpp>
#include <cstdio>

struct Partitioner {
  int n_tasks;
  int current;
  int strategy;
  int *worklist; // shared counter (dynamic strategy)
  int *next;     // the work-group's next task, in local memory
};

inline Partitioner make_partitioner(int n_tasks, int *worklist, int *next, bool dynamic) {
  Partitioner p;
  p.n_tasks = n_tasks;
  if (dynamic) {
    p.strategy = 1;
    p.worklist = worklist;
    p.next = next;
  } else {
    p.strategy = 0;
  }
  return p;
}

using counter = sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device>;

inline int take(Partitioner *p, sycl::nd_item<1> &it) {
  sycl::group_barrier(it.get_group());
  if (it.get_local_id(0) == 0) p->next[0] = counter(*p->worklist).fetch_add(1);
  sycl::group_barrier(it.get_group());
  return p->next[0];
}

inline int first(Partitioner *p, sycl::nd_item<1> &it) {
  p->current = p->strategy == 1 ? take(p, it) : int(it.get_group(0));
  return p->current;
}

inline bool more(const Partitioner *p) { return p && p->current < p->n_tasks; }

inline int next(Partitioner *p, sycl::nd_item<1> &it) {
  if (p->strategy == 1)
    p->current = take(p, it);
  else
    p->current += int(it.get_group_range(0));
  return p->current;
}

struct Span { int *data; int size; };
inline int sum(const Span *s) {
  int t = 0;
  for (int i = 0; i < s->size; ++i) t += s->data[i];
  return t;
}

int main() {
  sycl::queue q;
  constexpr int tasks = 40, wg = 16, groups = 3;
  int *out = sycl::malloc_shared<int>(tasks * wg, q);
  int *worklist = sycl::malloc_shared<int>(1, q);
  int *sums = sycl::malloc_shared<int>(4, q);
  bool ok = true;
  for (int dynamic = 0; dynamic < 2; ++dynamic) {
    *worklist = 0;
    for (int i = 0; i < tasks * wg; ++i) out[i] = 0;
    q.submit([&](sycl::handler &h) {
      sycl::local_accessor<int, 1> upcoming(1, h);
      h.parallel_for(sycl::nd_range<1>(groups * wg, wg), [=](sycl::nd_item<1> it) {
        Partitioner p = make_partitioner(tasks, worklist, &upcoming[0], dynamic == 1);
        for (int s = first(&p, it); more(&p); s = next(&p, it))
          out[s * wg + it.get_local_id(0)] += s + 1;
      });
    }).wait();
    for (int i = 0; i < tasks * wg; ++i)
      if (out[i] != i / wg + 1) {
        std::printf("dynamic=%d: out[%d] = %d, expected %d\n", dynamic, i, out[i], i / wg + 1);
        ok = false;
        break;
      }
  }

  // The address of a captured object that holds a pointer, and of a local
  // one, passed to a function that reads through it.
  for (int i = 0; i < 4; ++i) sums[i] = i + 1;
  Span captured{sums, 4};
  q.single_task([=] {
    Span local{sums, 2};
    const Span *pick = &local;
    sums[3] = sum(&captured) * 100 + sum(pick);
  }).wait();
  if (sums[3] != 1003) {
    std::printf("sums[3] = %d, expected 1003\n", sums[3]);
    ok = false;
  }
  sycl::free(out, q);
  sycl::free(worklist, q);
  sycl::free(sums, q);
  std::puts(ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
