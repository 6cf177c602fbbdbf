// A pointer read from memory (a linked structure in USM) cannot be used in
// a Vulkan kernel: an error that says so, not an internal one.
#include <sycl/sycl.hpp>

struct Node {
  Node *next;
};

int main() {
  sycl::queue q;
  void *nodes = sycl::malloc_shared(4 * sizeof(Node), q);
  int *out = sycl::malloc_shared<int>(1, q);
  q.single_task([=]() { // expected-note {{in device function 'operator()', called from a SYCL kernel}} expected-note 1+ {{in the kernel invoked here}}
    Node *p = (Node *)nodes;
    for (int i = 0; i < 3; ++i) p = p->next; // expected-error {{this pointer's value was read from memory or made from an integer}}
    out[0] = p == nodes;
  });
  q.wait();
  return 0;
}
