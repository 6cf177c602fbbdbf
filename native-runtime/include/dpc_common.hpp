// The helpers oneAPI samples include as "dpc_common.hpp" (the oneAPI
// toolkit installs the header with its development utilities): an
// asynchronous exception handler that ends the program, and a wall-clock
// interval in seconds.
#pragma once
#include <sycl/sycl.hpp>

#include <chrono>
#include <exception>
#include <iostream>

namespace dpc_common {

// For `sycl::queue q(selector, dpc_common::exception_handler)`: an
// asynchronous error is fatal; its message goes to standard error.
inline void exception_handler(sycl::exception_list exceptions) {
  for (const std::exception_ptr &e : exceptions) {
    try {
      std::rethrow_exception(e);
    } catch (const std::exception &error) {
      std::cerr << "Failure: " << error.what() << std::endl;
      std::terminate();
    }
  }
}

// Seconds since construction (`Elapsed()`), on the steady clock.
class TimeInterval {
 public:
  TimeInterval() : m_start(std::chrono::steady_clock::now()) {}
  double Elapsed() {
    std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - m_start;
    return seconds.count();
  }

 private:
  std::chrono::steady_clock::time_point m_start;
};

}  // namespace dpc_common
