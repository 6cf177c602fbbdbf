// #error and #warning produce diagnostics with their text.
#include <sycl/sycl.hpp>

#error this configuration is not supported // expected-error {{this configuration is not supported}}
#warning deprecated build mode // expected-warning {{deprecated build mode}}

int main() { return 0; }
