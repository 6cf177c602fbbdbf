// Host tasks run asynchronously (SYCL 2020 4.10): submit returns at once,
// the task may wait for what the submitting thread does next, and the
// commands that depend on it (by event, by buffer, by an in-order queue)
// run after it. A command submitted while a host_accessor of its buffer
// lives waits until the accessor is destroyed, so no write is lost.
#include <sycl/sycl.hpp>

#include <atomic>
#include <chrono>
#include <iostream>
#include <thread>

using namespace sycl;

static int failures = 0;
static void check(bool ok, const char *what) {
  if (!ok) {
    std::cout << "FAILED: " << what << "\n";
    ++failures;
  }
}

// Spins until `flag` is set, at most a minute (valgrind is slow); whether it was.
static bool wait_for(const std::atomic<bool> &flag) {
  auto start = std::chrono::steady_clock::now();
  while (!flag.load()) {
    if (std::chrono::steady_clock::now() - start > std::chrono::seconds(60)) return false;
    std::this_thread::yield();
  }
  return true;
}

int main() {
  queue q{property::queue::enable_profiling{}};

  // A host task that waits for the submitting thread: submit returns first.
  {
    std::atomic<bool> go{false}, released{false};
    event task = q.submit([&](handler &h) { h.host_task([&] { released = wait_for(go); }); });
    check(task.get_info<info::event::command_execution_status>() != info::event_command_status::complete,
          "submit returns before its host task finished");
    // An independent kernel runs meanwhile (the queue is out of order).
    int *x = malloc_shared<int>(1, q);
    q.single_task([=] { *x = 42; }).wait();
    check(*x == 42, "a kernel runs while an unrelated host task waits");
    go = true;
    task.wait();
    check(released, "the host task saw the flag set after submit");
    auto start = task.get_profiling_info<info::event_profiling::command_start>();
    auto end = task.get_profiling_info<info::event_profiling::command_end>();
    auto submitted = task.get_profiling_info<info::event_profiling::command_submit>();
    check(submitted <= start && start <= end, "host task profiling: submit <= start <= end");
    free(x, q);
  }

  // Buffer dependencies: kernel -> host task -> kernel -> host accessor.
  {
    constexpr size_t n = 256;
    buffer<int> b{range<1>(n)};
    std::atomic<bool> go{false};
    q.submit([&](handler &h) {
      accessor a{b, h, write_only, no_init};
      h.parallel_for(range<1>(n), [=](id<1> i) { a[i] = static_cast<int>(i[0]); });
    });
    q.submit([&](handler &h) {
      accessor a{b, h, read_write};
      h.host_task([=, &go] {
        wait_for(go);
        for (size_t i = 0; i < n; ++i) a[i] *= 3;
      });
    });
    q.submit([&](handler &h) {
      accessor a{b, h, read_write};
      h.parallel_for(range<1>(n), [=](id<1> i) { a[i] += 1; });
    });
    go = true;  // after both submissions returned
    host_accessor r{b, read_only};
    bool ok = true;
    for (size_t i = 0; i < n; ++i) ok = ok && r[i] == static_cast<int>(3 * i + 1);
    check(ok, "kernel, host task and kernel on one buffer run in order");
  }

  // Event dependencies on USM, and host tasks depending on each other.
  {
    int *v = malloc_shared<int>(4, q);
    std::atomic<bool> go{false};
    event first = q.submit([&](handler &h) {
      h.host_task([=, &go] {
        wait_for(go);
        v[0] = 5;
      });
    });
    event second = q.submit([&](handler &h) {
      h.depends_on(first);
      h.host_task([=] { v[1] = v[0] * 2; });
    });
    event kernel = q.submit([&](handler &h) {
      h.depends_on(second);
      h.single_task([=] { v[2] = v[1] + 1; });
    });
    go = true;
    kernel.wait();
    check(v[0] == 5 && v[1] == 10 && v[2] == 11, "depends_on orders host tasks and kernels on USM");
    free(v, q);
  }

  // An in-order queue: host tasks and kernels in submission order.
  {
    queue in_order{q.get_device(), property::queue::in_order{}};
    int *v = malloc_shared<int>(1, in_order);
    *v = 1;
    std::atomic<bool> go{false};
    in_order.submit([&](handler &h) {
      h.host_task([=, &go] {
        wait_for(go);
        *v = *v * 10;
      });
    });
    in_order.single_task([=] { *v = *v + 2; });
    in_order.submit([&](handler &h) { h.host_task([=] { *v = *v * 100; }); });
    in_order.single_task([=] { *v = *v + 3; });
    go = true;
    in_order.wait();
    check(*v == 1203, "an in-order queue runs host tasks and kernels in order");
    free(v, in_order);
  }

  // A command group submitted while a host_accessor of its buffer lives runs
  // after the accessor is destroyed: the host's later writes through it are
  // kept, and the kernel sees them.
  {
    buffer<int> b{range<1>(8)};
    q.submit([&](handler &h) {
      accessor a{b, h, write_only, no_init};
      h.parallel_for(range<1>(8), [=](id<1> i) { a[i] = 1; });
    });
    event later;
    {
      host_accessor h{b};
      h[0] = 100;
      later = q.submit([&](handler &cgh) {
        accessor a{b, cgh, read_write};
        cgh.parallel_for(range<1>(8), [=](id<1> i) { a[i] *= 2; });
      });
      h[1] = 200;  // after the submission: the kernel must still see it
      bool threw = false;
      try {
        later.wait();  // would never end: this thread holds the accessor
      } catch (const exception &e) {
        threw = e.code() == errc::invalid;
      }
      check(threw, "waiting for a command behind this thread's host_accessor throws errc::invalid");
    }
    later.wait();
    host_accessor r{b, read_only};
    check(r[0] == 200 && r[1] == 400 && r[7] == 2, "writes through a live host_accessor are not lost");
  }

  // A host_accessor another thread holds: the command waits for it, and
  // waiting for the command is fine (that thread will destroy it).
  {
    buffer<int> b{range<1>(4)};
    {
      host_accessor init{b, write_only};
      for (int i = 0; i < 4; ++i) init[i] = i;
    }
    std::atomic<bool> holding{false}, release{false};
    std::thread holder([&] {
      host_accessor h{b};
      holding = true;
      wait_for(release);
      h[0] = 50;
    });
    wait_for(holding);
    event e = q.submit([&](handler &cgh) {
      accessor a{b, cgh, read_write};
      cgh.parallel_for(range<1>(4), [=](id<1> i) { a[i] += 10; });
    });
    check(e.get_info<info::event::command_execution_status>() != info::event_command_status::complete,
          "a command waits for another thread's host_accessor");
    release = true;
    e.wait();
    holder.join();
    host_accessor r{b, read_only};
    check(r[0] == 60 && r[1] == 11 && r[3] == 13, "the command ran after the other thread's host writes");
  }

  if (failures == 0) std::cout << "PASSED\n";
  return failures == 0 ? 0 : 1;
}
