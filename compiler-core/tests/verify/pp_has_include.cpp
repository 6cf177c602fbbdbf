// __has_include sees the SYCL headers but not missing ones; #if on it works.
// expected-no-diagnostics
#if !__has_include(<sycl/sycl.hpp>)
#error sycl.hpp should be found
#endif
#if __has_include("definitely_missing.hpp")
#error a missing header was found
#endif
int main() { return 0; }
