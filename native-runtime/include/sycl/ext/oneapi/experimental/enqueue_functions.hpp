// sycl_ext_oneapi_enqueue_functions: free functions that enqueue commands
// on a queue or in a command group (submit, single_task, parallel_for,
// nd_launch, memcpy, copy, memset, fill, prefetch, mem_advise, barrier,
// partial_barrier, execute_graph), and launch_config, a range with launch
// properties. Each forwards to the queue's or handler's member of the same
// meaning; kernels passed as objects keep their own names (the kernel
// lambda is defined in the caller, so the device pass and the host compiler
// name it there). Kernel properties in a launch_config are accepted and
// have no effect (the kernel's own attributes decide).
#pragma once

namespace sycl {
namespace ext::oneapi::experimental {

// A range or nd_range with launch properties.
template <typename Range, typename Properties = empty_properties_t>
class launch_config {
 public:
  launch_config(Range r, Properties p = {}) : m_range(r), m_properties(p) {}
  const Range &get_range() const { return m_range; }
  const Properties &get_properties() const { return m_properties; }

 private:
  Range m_range;
  Properties m_properties;
};

template <typename CommandGroupFunc>
void submit(queue q, CommandGroupFunc &&cgf) {
  q.submit(std::forward<CommandGroupFunc>(cgf));
}
template <typename CommandGroupFunc>
event submit_with_event(queue q, CommandGroupFunc &&cgf) {
  return q.submit(std::forward<CommandGroupFunc>(cgf));
}

template <typename KernelName = sycl::detail::auto_name, typename KernelType>
void single_task(handler &h, const KernelType &k) {
  h.single_task<KernelName>(k);
}
template <typename KernelName = sycl::detail::auto_name, typename KernelType>
void single_task(queue q, const KernelType &k) {
  q.submit([&](handler &h) { h.single_task<KernelName>(k); });
}
// A kernel object (a free-function kernel) with its arguments.
template <typename... Args>
void single_task(handler &h, const kernel &k, Args &&...args) {
  h.set_args(std::forward<Args>(args)...);
  h.single_task(k);
}
template <typename... Args>
void single_task(queue q, const kernel &k, Args &&...args) {
  q.submit([&](handler &h) { single_task(h, k, std::forward<Args>(args)...); });
}

template <typename KernelName = sycl::detail::auto_name, int Dimensions, typename KernelType,
          typename... Reductions>
void parallel_for(handler &h, range<Dimensions> r, const KernelType &k, Reductions &&...reductions) {
  h.parallel_for<KernelName>(r, std::forward<Reductions>(reductions)..., k);
}
template <typename KernelName = sycl::detail::auto_name, int Dimensions, typename KernelType,
          typename... Reductions>
void parallel_for(queue q, range<Dimensions> r, const KernelType &k, Reductions &&...reductions) {
  q.submit([&](handler &h) { parallel_for<KernelName>(h, r, k, std::forward<Reductions>(reductions)...); });
}
template <typename KernelName = sycl::detail::auto_name, int Dimensions, typename Properties, typename KernelType,
          typename... Reductions>
void parallel_for(handler &h, launch_config<range<Dimensions>, Properties> c, const KernelType &k,
                  Reductions &&...reductions) {
  h.parallel_for<KernelName>(c.get_range(), std::forward<Reductions>(reductions)..., k);
}
template <typename KernelName = sycl::detail::auto_name, int Dimensions, typename Properties, typename KernelType,
          typename... Reductions>
void parallel_for(queue q, launch_config<range<Dimensions>, Properties> c, const KernelType &k,
                  Reductions &&...reductions) {
  q.submit([&](handler &h) { parallel_for<KernelName>(h, c, k, std::forward<Reductions>(reductions)...); });
}

template <typename KernelName = sycl::detail::auto_name, int Dimensions, typename KernelType,
          typename... Reductions>
void nd_launch(handler &h, nd_range<Dimensions> r, const KernelType &k, Reductions &&...reductions) {
  h.parallel_for<KernelName>(r, std::forward<Reductions>(reductions)..., k);
}
template <typename KernelName = sycl::detail::auto_name, int Dimensions, typename KernelType,
          typename... Reductions>
void nd_launch(queue q, nd_range<Dimensions> r, const KernelType &k, Reductions &&...reductions) {
  q.submit([&](handler &h) { nd_launch<KernelName>(h, r, k, std::forward<Reductions>(reductions)...); });
}
template <typename KernelName = sycl::detail::auto_name, int Dimensions, typename Properties, typename KernelType,
          typename... Reductions>
void nd_launch(handler &h, launch_config<nd_range<Dimensions>, Properties> c, const KernelType &k,
               Reductions &&...reductions) {
  h.parallel_for<KernelName>(c.get_range(), std::forward<Reductions>(reductions)..., k);
}
template <typename KernelName = sycl::detail::auto_name, int Dimensions, typename Properties, typename KernelType,
          typename... Reductions>
void nd_launch(queue q, launch_config<nd_range<Dimensions>, Properties> c, const KernelType &k,
               Reductions &&...reductions) {
  q.submit([&](handler &h) { nd_launch<KernelName>(h, c, k, std::forward<Reductions>(reductions)...); });
}
// A kernel object (a free-function kernel) over an nd_range, with its arguments.
template <int Dimensions, typename... Args>
void nd_launch(handler &h, nd_range<Dimensions> r, const kernel &k, Args &&...args) {
  h.set_args(std::forward<Args>(args)...);
  h.parallel_for(r, k);
}
template <int Dimensions, typename... Args>
void nd_launch(queue q, nd_range<Dimensions> r, const kernel &k, Args &&...args) {
  q.submit([&](handler &h) { nd_launch(h, r, k, std::forward<Args>(args)...); });
}

inline void memcpy(handler &h, void *dest, const void *src, size_t bytes) { h.memcpy(dest, src, bytes); }
inline void memcpy(queue q, void *dest, const void *src, size_t bytes) { q.memcpy(dest, src, bytes); }
template <typename T>
void copy(handler &h, const T *src, T *dest, size_t count) {
  h.copy(src, dest, count);
}
template <typename T>
void copy(queue q, const T *src, T *dest, size_t count) {
  q.copy(src, dest, count);
}
inline void memset(handler &h, void *ptr, int value, size_t bytes) { h.memset(ptr, value, bytes); }
inline void memset(queue q, void *ptr, int value, size_t bytes) { q.memset(ptr, value, bytes); }
template <typename T>
void fill(handler &h, T *ptr, const T &pattern, size_t count) {
  h.fill(ptr, pattern, count);
}
template <typename T>
void fill(queue q, T *ptr, const T &pattern, size_t count) {
  q.fill(ptr, pattern, count);
}
inline void prefetch(handler &h, void *ptr, size_t bytes) { h.prefetch(ptr, bytes); }
inline void prefetch(queue q, void *ptr, size_t bytes) { q.prefetch(ptr, bytes); }
inline void mem_advise(handler &h, void *ptr, size_t bytes, int advice) { h.mem_advise(ptr, bytes, advice); }
inline void mem_advise(queue q, void *ptr, size_t bytes, int advice) { q.mem_advise(ptr, bytes, advice); }

// Everything submitted to the queue before comes before what comes after.
inline void barrier(handler &h) { h.ext_oneapi_barrier(); }
inline void barrier(queue q) { q.ext_oneapi_submit_barrier(); }
// What is submitted after comes after `events`.
inline void partial_barrier(handler &h, const std::vector<event> &events) {
  h.depends_on(events);
  h.ext_oneapi_barrier();
}
inline void partial_barrier(queue q, const std::vector<event> &events) { q.ext_oneapi_submit_barrier(events); }

inline void execute_graph(handler &h, command_graph<graph_state::executable> &g) { h.ext_oneapi_graph(g); }
inline void execute_graph(queue q, command_graph<graph_state::executable> &g) { q.ext_oneapi_graph(g); }

}  // namespace ext::oneapi::experimental
}  // namespace sycl
