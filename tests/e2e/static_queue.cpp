// A queue with static storage duration, as ported code and libraries keep
// one (oneDPL's dpcpp_default is such a queue): used by kernels in main and
// destroyed by exit after main returns, when the main thread's
// thread-locals are already gone. The program must end normally.
#include <sycl/sycl.hpp>
#include <cstdio>

sycl::queue global_queue;

struct Context {
  sycl::queue q;
  int *data;
};
static Context context{sycl::queue{}, nullptr};

int main() {
  context.data = sycl::malloc_shared<int>(64, context.q);
  context.q.parallel_for(sycl::range<1>(64), [data = context.data](sycl::id<1> i) { data[i] = int(i[0]) * 2; });
  int *sum = sycl::malloc_shared<int>(1, global_queue);
  *sum = 0;
  context.q.wait();
  int *data = context.data;
  global_queue.single_task([=] {
    for (int i = 0; i < 64; ++i) *sum += data[i];
  });
  global_queue.wait();
  bool ok = *sum == 64 * 63;
  sycl::free(sum, global_queue);
  sycl::free(context.data, context.q);
  // Work still pending when main returns.
  global_queue.single_task([] {});
  if (ok) printf("PASSED\n");
  return ok ? 0 : 1;
}
