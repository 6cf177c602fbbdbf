// A captured struct whose pointer fields are not all device memory, as ported
// solvers allocate only the fields the GPU needs: a field the kernel never
// dereferences may hold anything (an uninitialised value, a host pointer),
// and the kernel still runs; on a GPU, a pointer the kernel does dereference
// that is not USM or a buffer raises sycl::exception (errc::invalid) at
// submission (the host device shares the host's memory and reads it).
#include <sycl/sycl.hpp>
#include <cstdint>
#include <cstdio>

struct Fields {
  double *u0;    // device memory
  double *u1;    // host memory, used only on the host
  double *ghost; // never allocated
  int n;
};

int main() {
  constexpr int n = 64;
  sycl::queue q;
  Fields f;
  f.u0 = sycl::malloc_device<double>(n, q);
  f.u1 = new double[n];
  f.ghost = reinterpret_cast<double *>(std::uintptr_t{1});
  f.n = n;
  double *out = sycl::malloc_shared<double>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
    f.u0[i] = 2.0 * i[0];
    out[i] = f.u0[i] + f.n;
  }).wait();
  int errors = 0;
  for (int i = 0; i < n; ++i) {
    if (out[i] != 2.0 * i + n && errors++ < 4) std::printf("out[%d] = %g\n", i, out[i]);
  }
  // Dereferencing the host pointer in a GPU kernel is an error the program sees.
  for (int i = 0; i < n; ++i) f.u1[i] = 0.5 * i;
  const bool shares_host_memory = q.get_backend() == sycl::backend::ext_syclone_host;
  bool thrown = false;
  try {
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { out[i] = f.u1[i]; }).wait();
  } catch (const sycl::exception &e) {
    thrown = e.code() == sycl::errc::invalid;
  }
  if (shares_host_memory ? thrown || out[n - 1] != 0.5 * (n - 1) : !thrown) {
    std::printf("a kernel reading host memory: thrown %d\n", thrown);
    ++errors;
  }
  delete[] f.u1;
  sycl::free(f.u0, q);
  sycl::free(out, q);
  std::printf(errors == 0 ? "PASSED\n" : "FAILED\n");
  return errors == 0 ? 0 : 1;
}
