// Intel's FPGA extensions, as far as a program written for the FPGA emulator
// needs them: the FPGA device selectors, inter-kernel pipes and fpga_reg.
// No device of this runtime is an FPGA. The host CPU device plays the FPGA
// emulator (fpga_emulator_selector_v picks it, as DPC++'s picks its
// CPU-based emulator); fpga_selector_v and fpga_simulator_selector_v find
// no device. Pipes run on the host device only: a kernel that uses one
// requires aspect ext_syclone_fpga_pipes, which Vulkan devices lack
// (errc::kernel_not_supported).
#pragma once
#include <sycl/sycl.hpp>

#ifndef __SYCL_DEVICE_ONLY__
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#endif

namespace sycl {
namespace ext {
namespace intel {

inline int fpga_selector_v(const device &) { return -1; }
inline int fpga_simulator_selector_v(const device &) { return -1; }
inline int fpga_emulator_selector_v(const device &d) {
  return d.get_backend() == backend::ext_syclone_host ? 1000 : -1;
}

// The selector classes older programs construct.
struct fpga_selector {
  int operator()(const device &d) const { return fpga_selector_v(d); }
};
struct fpga_simulator_selector {
  int operator()(const device &d) const { return fpga_simulator_selector_v(d); }
};
struct fpga_emulator_selector {
  int operator()(const device &d) const { return fpga_emulator_selector_v(d); }
};

// A register stage on an FPGA; a value anywhere else.
template <typename T>
T fpga_reg(T value) {
  return value;
}

#ifndef __SYCL_DEVICE_ONLY__
namespace detail {
// The items written to one pipe and not yet read: first in, first out,
// without bound (a pipe's capacity is a minimum).
template <typename DataT>
class pipe_fifo {
 public:
  void push(const DataT &value) {
    {
      std::lock_guard<std::mutex> lock(m_mutex);
      m_items.push_back(value);
    }
    m_ready.notify_all();
  }
  bool try_pop(DataT &out) {
    std::lock_guard<std::mutex> lock(m_mutex);
    if (m_items.empty()) return false;
    out = m_items.front();
    m_items.pop_front();
    return true;
  }
  // Waits for a writer, which runs in another kernel. The host device runs
  // a kernel when it is submitted, so the writer must come first; a reader
  // left waiting says so once.
  DataT pop() {
    std::unique_lock<std::mutex> lock(m_mutex);
    if (!m_ready.wait_for(lock, std::chrono::seconds(10), [this] { return !m_items.empty(); })) {
      std::fprintf(stderr,
                   "sycl::ext::intel::pipe: a blocking read has waited 10 s for an item; the host device "
                   "runs each kernel when it is submitted, so submit the kernel that writes first\n");
      m_ready.wait(lock, [this] { return !m_items.empty(); });
    }
    DataT value = m_items.front();
    m_items.pop_front();
    return value;
  }

 private:
  std::mutex m_mutex;
  std::condition_variable m_ready;
  std::deque<DataT> m_items;
};
}  // namespace detail
#endif

// A first-in first-out channel between kernels, named by a type: every
// `pipe<Name, DataT, ...>` of the same Name and DataT is the same pipe.
template <typename Name, typename DataT, int MinCapacity = 0, typename... Properties>
class pipe {
 public:
  using value_type = DataT;
  static constexpr int min_capacity = MinCapacity;

  // Blocking: waits until an item is there.
  static DataT read() {
#ifdef __SYCL_DEVICE_ONLY__
    require_pipes();
    return DataT{};
#else
    return fifo().pop();
#endif
  }
  // Non-blocking: `success` says whether an item was read.
  static DataT read(bool &success) {
#ifdef __SYCL_DEVICE_ONLY__
    require_pipes();
    success = false;
    return DataT{};
#else
    DataT value{};
    success = fifo().try_pop(value);
    return value;
#endif
  }
  static void write(const DataT &value) {
#ifdef __SYCL_DEVICE_ONLY__
    (void)value;
    require_pipes();
#else
    fifo().push(value);
#endif
  }
  // Never full: `success` is always true.
  static void write(const DataT &value, bool &success) {
    write(value);
    success = true;
  }

 private:
#ifdef __SYCL_DEVICE_ONLY__
  // Only the host device runs pipes: the kernel's image records it.
  static void require_pipes() {
    __builtin_syclone_require_aspect(static_cast<int>(aspect::ext_syclone_fpga_pipes));
  }
#else
  static detail::pipe_fifo<DataT> &fifo() {
    static detail::pipe_fifo<DataT> items;
    return items;
  }
#endif
};

}  // namespace intel
}  // namespace ext
}  // namespace sycl
