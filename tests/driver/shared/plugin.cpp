// A shared library with a kernel of its own: built with
// `syclcc -shared -fPIC plugin.cpp -o libplugin.so`. Its device image is
// registered when the library is loaded (linked or dlopen'd).
#include "plugin.hpp"

class PluginScale;

extern "C" int plugin_scale(sycl::queue &q, int *out, int n, int factor) {
  q.parallel_for<PluginScale>(sycl::range<1>(n), [=](sycl::id<1> i) {
     out[i] = static_cast<int>(i[0]) * factor;
   }).wait();
  return n;
}
