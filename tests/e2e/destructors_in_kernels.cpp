// Destructors in device code: locals at the end of their scope and when
// break, continue or return leave it, by-value parameters when the call
// ends, members and bases after the destructor body, array elements last
// first, a local returned by name (not destroyed in the callee), switch
// cases, out-of-class and class template destructors, and a lock guard over
// an atomic flag. Each scenario logs constructions (+id) and destructions
// (-id) into its work-item's own slice of global memory; the same code run
// on the host gives the expected log. Copies run the copy constructors of
// members and of captured objects.
#include <sycl/sycl.hpp>

#include <cstdio>
#include <vector>

constexpr int kSlots = 160;

// Appends to one work-item's log in global memory.
struct Log {
  int *entries;
  int *length;
  void add(int v) const { entries[(*length)++] = v; }
};

struct Tracer {
  Log log;
  int id;
  Tracer(Log l, int i) : log(l), id(i) { log.add(id); }
  Tracer(const Tracer &o) : log(o.log), id(o.id + 100) { log.add(id); }
  ~Tracer() { log.add(-id); }
};

// Destroyed after its own body: its members last first, then its base.
struct Part {
  Log log;
  int id;
  ~Part() { log.add(-id); }
};
struct Holder : Tracer {
  Part first, second;
  Holder(Log l) : Tracer(l, 20), first{l, 21}, second{l, 22} {}
  ~Holder() { log.add(-29); }
};

// A class with no destructor of its own whose member has one.
struct Wrapper {
  int pad;
  Tracer inner;
};

struct OutOfClass {
  Log log;
  ~OutOfClass();
};
OutOfClass::~OutOfClass() { log.add(-40); }

template <typename T>
struct Scoped {
  Log log;
  T value;
  ~Scoped() { log.add(-static_cast<int>(value)); }
};

// A lock over an int flag in global memory, released by its destructor.
struct SpinGuard {
  sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device> flag;
  explicit SpinGuard(int &f) : flag(f) {
    while (flag.exchange(1) != 0) {
    }
  }
  ~SpinGuard() { flag.store(0); }
};

int early_return(Log log, int k) {
  Tracer a(log, 1);
  if (k % 2 == 0) {
    Tracer b(log, 2);
    return 10;
  }
  Tracer c(log, 3);
  return 11;
}

void by_value(Tracer t, Log log) { log.add(50); }

Tracer make_named(Log log) {
  Tracer t(log, 60);
  log.add(61);
  return t;
}

// A parameter returned by name is moved (or, without a move constructor,
// copied) into the result, and destroyed when the call ends.
Tracer pass_through(Tracer t, Log log) {
  log.add(63);
  return t;
}
struct Mover {
  Log log;
  int id;
  Mover(Log l, int i) : log(l), id(i) { log.add(id); }
  Mover(const Mover &o) : log(o.log), id(o.id + 100) { log.add(id); }
  Mover(Mover &&o) : log(o.log), id(o.id + 200) { log.add(id); }
  ~Mover() { log.add(-id); }
};
Mover relay(Mover m) { return m; }

int loop_exits(Log log, int k) {
  int sum = 0;
  for (int i = 0; i < 4; ++i) {
    Tracer t(log, 70 + i);
    if (i == 1) continue;
    if (i == k % 4 + 1 && i > 1) break;
    sum += i;
  }
  return sum;
}

int switch_cases(Log log, int k) {
  switch (k % 3) {
    case 0: {
      Tracer t(log, 80);
      break;
    }
    case 1: {
      Tracer t(log, 81);
      return 1;
    }
    default: {
      Tracer t(log, 82);
    }
  }
  return 0;
}

void by_reference(const Tracer &t, Log log) { log.add(t.id + 1000); }

// Temporaries go at the end of their full-expression, unless a reference
// binds them.
int temporaries(Log log) {
  Tracer(log, 90);
  int v = Tracer(log, 91).id + 1;
  by_value(Tracer(log, 92), log);
  by_reference(Tracer(log, 93), log);
  {
    const Tracer &r = Tracer(log, 94);
    log.add(r.id + 1);
  }
  make_named(log);
  if (Tracer(log, 96).id == 96) log.add(97);
  for (int i = 0; i < Tracer(log, 98).id - 96; ++i) log.add(i);
  return v;
}

// Copies run the copy constructors of members (through an implicit copy
// constructor) and of objects captured by copy; closures destroy their
// captures.
void copies(Log log) {
  Wrapper w{0, Tracer(log, 35)};
  Wrapper w2 = w;
  log.add(w2.inner.id);
  auto show = [t = w.inner, log] { log.add(t.id); };
  auto by_copy = [w, log] { log.add(w.inner.id); };
  show();
  by_copy();
}

int scenario(Log log, int k) {
  int result = 0;
  {
    Tracer outer(log, 5);
    {
      Tracer inner(log, 6);
    }
    log.add(7);
  }
  result += early_return(log, k);
  { Holder h(log); }
  { Wrapper w{0, Tracer(log, 30)}; }
  { Tracer arr[3] = {Tracer(log, 31), Tracer(log, 32), Tracer(log, 33)}; }
  { OutOfClass o{log}; }
  { Scoped<short> s{log, 41}; }
  Tracer t(log, 45);
  by_value(t, log);
  {
    Tracer named = make_named(log);
    log.add(62);
  }
  {
    Tracer passed = pass_through(Tracer(log, 64), log);
    Mover moved = relay(Mover(log, 66));
    log.add(passed.id + moved.id);
  }
  result += loop_exits(log, k);
  result += switch_cases(log, k);
  result += temporaries(log);
  copies(log);
  log.add(99);
  return result;
}

int main() {
  sycl::queue q;
  constexpr int n = 6;
  int *entries = sycl::malloc_shared<int>(n * kSlots, q);
  int *lengths = sycl::malloc_shared<int>(n, q);
  int *results = sycl::malloc_shared<int>(n, q);
  int *flag = sycl::malloc_shared<int>(1, q);
  int *counter = sycl::malloc_shared<int>(1, q);
  for (int i = 0; i < n * kSlots; ++i) entries[i] = 0;
  for (int i = 0; i < n; ++i) lengths[i] = 0;
  *flag = 0;
  *counter = 0;
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
     int k = static_cast<int>(i[0]);
     results[k] = scenario(Log{entries + k * kSlots, lengths + k}, k);
   }).wait();
  // The guard's destructor releases the lock each work-item takes.
  q.single_task([=] {
     for (int r = 0; r < 5; ++r) {
       SpinGuard g(*flag);
       ++*counter;
     }
   }).wait();

  int failures = 0;
  for (int k = 0; k < n; ++k) {
    std::vector<int> expected(kSlots, 0);
    int length = 0;
    int result = scenario(Log{expected.data(), &length}, k);
    if (result != results[k] || length != lengths[k]) {
      std::printf("work-item %d: result %d (expected %d), %d entries (expected %d)\n", k, results[k], result,
                  lengths[k], length);
      ++failures;
    }
    for (int j = 0; j < length && j < kSlots; ++j) {
      if (entries[k * kSlots + j] != expected[j]) {
        std::printf("work-item %d: entry %d is %d (expected %d)\n", k, j, entries[k * kSlots + j], expected[j]);
        ++failures;
        break;
      }
    }
  }
  if (*flag != 0 || *counter != 5) {
    std::printf("lock guard: flag %d counter %d\n", *flag, *counter);
    ++failures;
  }
  sycl::free(entries, q);
  sycl::free(lengths, q);
  sycl::free(results, q);
  sycl::free(flag, q);
  sycl::free(counter, q);
  if (failures) {
    std::printf("FAILED (%d)\n", failures);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
