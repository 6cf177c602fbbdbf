// Execution policies of the oneDPL subset: the host policies (the standard
// algorithm runs on the calling thread) and `device_policy`, which carries
// the queue the algorithm's kernels run on.
#pragma once
#include <sycl/sycl.hpp>
#include <type_traits>

namespace oneapi {
namespace dpl {
namespace execution {

class sequenced_policy {};
class parallel_policy {};
class parallel_unsequenced_policy {};
class unsequenced_policy {};
inline constexpr sequenced_policy seq{};
inline constexpr parallel_policy par{};
inline constexpr parallel_unsequenced_policy par_unseq{};
inline constexpr unsequenced_policy unseq{};

// The kernel name of a policy made without one. Kernels of the algorithms
// are unnamed lambdas, so the name is kept for the program's sake only.
class DefaultKernelName;

template <typename KernelName = DefaultKernelName>
class device_policy {
 public:
  using kernel_name = KernelName;

  device_policy() = default;
  explicit device_policy(sycl::queue q) : q_(q) {}
  explicit device_policy(sycl::device d) : q_(d) {}
  template <typename OtherName>
  device_policy(const device_policy<OtherName> &other) : q_(other.queue()) {}

  sycl::queue queue() const { return q_; }
  operator sycl::queue() const { return q_; }

 private:
  sycl::queue q_;
};

// The policy of the default device, made when the program starts.
inline device_policy<> dpcpp_default{};

template <typename KernelName = DefaultKernelName>
device_policy<KernelName> make_device_policy(sycl::queue q) {
  return device_policy<KernelName>(q);
}
template <typename KernelName = DefaultKernelName>
device_policy<KernelName> make_device_policy(sycl::device d) {
  return device_policy<KernelName>(d);
}
template <typename NewKernelName, typename OldKernelName = DefaultKernelName>
device_policy<NewKernelName> make_device_policy(const device_policy<OldKernelName> &policy = dpcpp_default) {
  return device_policy<NewKernelName>(policy.queue());
}

template <typename T>
struct is_execution_policy : std::false_type {};
template <>
struct is_execution_policy<sequenced_policy> : std::true_type {};
template <>
struct is_execution_policy<parallel_policy> : std::true_type {};
template <>
struct is_execution_policy<parallel_unsequenced_policy> : std::true_type {};
template <>
struct is_execution_policy<unsequenced_policy> : std::true_type {};
template <typename KernelName>
struct is_execution_policy<device_policy<KernelName>> : std::true_type {};
template <typename T>
inline constexpr bool is_execution_policy_v = is_execution_policy<T>::value;

}  // namespace execution

namespace __syclone {

template <typename P>
using __policy_t = std::remove_cv_t<std::remove_reference_t<P>>;

// R, where P is an execution policy (the algorithms' overloads with a
// policy first drop out for other first arguments).
template <typename P, typename R>
using __policy_result = std::enable_if_t<execution::is_execution_policy_v<__policy_t<P>>, R>;

template <typename T>
struct __is_device_policy : std::false_type {};
template <typename KernelName>
struct __is_device_policy<execution::device_policy<KernelName>> : std::true_type {};

// Whether the algorithm runs kernels (a device policy) or the standard
// algorithm on the calling thread (a host policy).
template <typename P>
inline constexpr bool __on_device = __is_device_policy<__policy_t<P>>::value;

}  // namespace __syclone
}  // namespace dpl
}  // namespace oneapi

namespace dpl = oneapi::dpl;
