// More library interfaces of SYCL 2020 as programs use them:
// group::async_work_group_copy and nd_item::async_work_group_copy (global to
// local, local to global, strided either way) with device_event::wait and
// wait_for; sycl::stream's hexfloat, checked against std::ostream; kernel
// bundles by device-image selector, join, native_specialization_constant,
// kernel::get_context and kernel::get_kernel_bundle,
// contains_specialization_constants and has_specialization_constant; and
// reductions over bool, char, short and sycl::half (neighbours in one
// 32-bit word reduced at once) and over classes of 12 and 16 bytes (a struct of three floats,
// vec<float, 4>), over USM and over buffers, in range and nd_range kernels.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <iomanip>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

using namespace sycl;

static int failures = 0;

static void check(bool ok, const char *what) {
  if (!ok && failures++ < 20) std::printf("FAILED: %s\n", what);
}

// ---------------------------------------------------------------- async_work_group_copy
// Each group copies its slice of `in` into local memory, adds one, and
// copies it back to `out` at a stride of 2 (group API); then copies every
// other element of `in` (a source stride of 2) into local memory and back
// contiguously (nd_item API), waiting for two copies at once.
static void work_group_copies(queue &q) {
  const size_t n = 64, wg = 16;
  int *in = malloc_shared<int>(2 * n, q);
  int *out = malloc_shared<int>(2 * n, q);
  int *strided = malloc_shared<int>(n, q);
  int *second = malloc_shared<int>(n, q);
  for (size_t i = 0; i < 2 * n; ++i) {
    in[i] = static_cast<int>(i * 7 % 23);
    out[i] = -1;
  }
  q.submit([&](handler &h) {
     local_accessor<int, 1> tile(wg, h);
     local_accessor<int, 1> other(wg, h);
     h.parallel_for(nd_range<1>(n, wg), [=](nd_item<1> it) {
       const group<1> g = it.get_group();
       const size_t base = g.get_group_id(0) * wg, l = it.get_local_id(0);
       device_event e = g.async_work_group_copy(local_ptr<int>(tile), global_ptr<int>(in + base), wg);
       e.wait();
       tile[l] += 1;
       group_barrier(g);
       g.wait_for(g.async_work_group_copy(decorated_global_ptr<int>(out + 2 * base),
                                          tile.get_multi_ptr<access::decorated::yes>(), wg, 2));
       device_event a = it.async_work_group_copy(other.get_multi_ptr<access::decorated::no>(),
                                                 global_ptr<const int>(in + 2 * base), wg, 2);
       device_event b = it.async_work_group_copy(local_ptr<int>(tile), global_ptr<int>(in + base), wg);
       it.wait_for(a, b);
       other[l] = other[l] * 10 + tile[l];
       it.barrier();
       it.wait_for(it.async_work_group_copy(global_ptr<int>(strided + base), local_ptr<int>(other), wg));
     });
   }).wait();
  bool copied = true, gaps = true, with_stride = true;
  for (size_t i = 0; i < n; ++i) {
    copied = copied && out[2 * i] == in[i] + 1;
    gaps = gaps && out[2 * i + 1] == -1;
    size_t g = i / wg, l = i % wg;
    with_stride = with_stride && strided[i] == in[g * 2 * wg + 2 * l] * 10 + in[i];
  }
  check(copied, "async_work_group_copy global to local and back at a destination stride");
  check(gaps, "a destination stride leaves the elements between alone");
  check(with_stride, "nd_item::async_work_group_copy at a source stride, wait_for of two events");

  // Two dimensions: the work-items share the copy by local linear id.
  for (size_t i = 0; i < n; ++i) second[i] = 0;
  q.submit([&](handler &h) {
     local_accessor<int, 1> tile(n, h);
     h.parallel_for(nd_range<2>(range<2>(4, 16), range<2>(4, 4)), [=](nd_item<2> it) {
       const size_t g = it.get_group_linear_id();
       it.async_work_group_copy(local_ptr<int>(tile), global_ptr<int>(in + g * 16), 16).wait();
       const size_t l = it.get_local_linear_id();
       second[g * 16 + l] = tile[15 - l];
     });
   }).wait();
  bool reversed = true;
  for (size_t i = 0; i < n; ++i) reversed = reversed && second[i] == in[i / 16 * 16 + 15 - i % 16];
  check(reversed, "async_work_group_copy in a two-dimensional work-group");
  free(in, q);
  free(out, q);
  free(strided, q);
  free(second, q);
}

// ---------------------------------------------------------------- hexfloat
// Runs `f`, returning what it printed to stdout.
template <typename F>
std::string capture_stdout(F f) {
  std::fflush(stdout);
  int saved = dup(1);
  FILE *tmp = std::tmpfile();
  dup2(fileno(tmp), 1);
  f();
  std::fflush(stdout);
  dup2(saved, 1);
  close(saved);
  std::string text;
  std::rewind(tmp);
  char buf[4096];
  for (size_t n; (n = std::fread(buf, 1, sizeof buf, tmp)) > 0;) text.append(buf, n);
  std::fclose(tmp);
  return text;
}

static const float hex_floats[] = {3.0f, 0.0f, -0.0f, -1.5f, 0.1f, 1e-45f, 1e-40f, 1.17549435e-38f, 3.4028235e38f};
static const double hex_doubles[] = {3.0, 0.1, 4.9e-324, 1e-310, -2.5, 1.7976931348623157e308};

static void hexfloat_output(queue &q) {
  std::ostringstream want;
  want << std::hexfloat;
  for (float f : hex_floats) want << f << ' ';
  want << std::showpos << 1.5f << std::noshowpos << ' ' << std::setw(12) << 2.0f << ' ' << std::setprecision(2)
       << 0.3f << ' ' << std::defaultfloat << 0.5f << '\n';
  std::string got = capture_stdout([&] {
    q.submit([&](handler &h) {
       stream out(4096, 1024, h);
       h.single_task([=] {
         out << hexfloat;
         for (float f : hex_floats) out << f << ' ';
         out << showpos << 1.5f << noshowpos << ' ' << setw(12) << 2.0f << ' ' << setprecision(2) << 0.3f << ' '
             << defaultfloat << 0.5f << endl;
       });
     }).wait();
  });
  check(got == want.str(), "stream hexfloat of floats prints as std::hexfloat does");
  if (got != want.str()) std::printf("  got:  %s  want: %s", got.c_str(), want.str().c_str());

  if (!q.get_device().has(aspect::fp64)) return;
  std::ostringstream want_d;
  want_d << std::hexfloat;
  for (double d : hex_doubles) want_d << d << ' ';
  want_d << '\n';
  std::string got_d = capture_stdout([&] {
    q.submit([&](handler &h) {
       stream out(4096, 1024, h);
       h.single_task([=] {
         out << hexfloat;
         for (double d : hex_doubles) out << d << ' ';
         out << endl;
       });
     }).wait();
  });
  check(got_d == want_d.str(), "stream hexfloat of doubles prints as std::hexfloat does");
  if (got_d != want_d.str()) std::printf("  got:  %s  want: %s", got_d.c_str(), want_d.str().c_str());
}

// ---------------------------------------------------------------- kernel bundles
class Doubler;
class Tripler;
constexpr specialization_id<int> bundle_offset(5);
constexpr specialization_id<int> unused_offset(1);  // read by no kernel

static int run_scaled(queue &q, const kernel_bundle<bundle_state::executable> &b, bool triple) {
  int *v = malloc_shared<int>(1, q);
  *v = 4;
  q.submit([&](handler &h) {
     h.use_kernel_bundle(b);
     if (triple)
       h.single_task<Tripler>([=](kernel_handler kh) { *v = *v * 3 + kh.get_specialization_constant<bundle_offset>(); });
     else
       h.single_task<Doubler>([=](kernel_handler kh) { *v = *v * 2 + kh.get_specialization_constant<bundle_offset>(); });
   }).wait();
  int r = *v;
  free(v, q);
  return r;
}

static void kernel_bundles(queue &q) {
  context ctx = q.get_context();
  std::vector<device> devs{q.get_device()};
  kernel_id doubler = get_kernel_id<Doubler>(), tripler = get_kernel_id<Tripler>();

  // A selector of device images: one image per kernel.
  auto only_doubler = get_kernel_bundle<bundle_state::input>(
      ctx, devs, [&](const device_image<bundle_state::input> &img) { return img.has_kernel(doubler); });
  check(only_doubler.has_kernel(doubler) && !only_doubler.has_kernel(tripler),
        "get_kernel_bundle with a selector holds the kernels of the images chosen");
  check(std::distance(only_doubler.begin(), only_doubler.end()) == 1, "a bundle of one kernel has one device image");
  auto none = get_kernel_bundle<bundle_state::executable>(
      ctx, [](const device_image<bundle_state::executable> &) { return false; });
  check(none.empty(), "a selector that chooses no image gives an empty bundle");
  auto only_tripler = get_kernel_bundle<bundle_state::input>(
      ctx, [&](const device_image<bundle_state::input> &img) { return img.has_kernel(tripler, q.get_device()); });
  check(only_tripler.has_kernel(tripler) && !only_tripler.has_kernel(doubler),
        "get_kernel_bundle(context, selector)");

  // join: the kernels of both, with the specialization constants each set.
  only_tripler.set_specialization_constant<bundle_offset>(100);
  auto both = join(std::vector<kernel_bundle<bundle_state::input>>{only_doubler, only_tripler});
  check(both.has_kernel(doubler) && both.has_kernel(tripler), "join holds the kernels of every bundle");
  check(std::distance(both.begin(), both.end()) == 2, "join has a device image per kernel");
  check(both.contains_specialization_constants(), "contains_specialization_constants");
  check(both.has_specialization_constant<bundle_offset>(), "has_specialization_constant of a constant used");
  check(!both.has_specialization_constant<unused_offset>(), "has_specialization_constant of a constant not used");
  check(!none.contains_specialization_constants(), "an empty bundle contains no specialization constants");
  check(both.get_specialization_constant<bundle_offset>() == 100, "join keeps the specialization constants set");
  auto built = build(both);
  check(built.contains_specialization_constants() && built.has_specialization_constant<bundle_offset>() &&
            !built.has_specialization_constant<unused_offset>(),
        "specialization constants of an executable bundle");
  check(run_scaled(q, built, false) == 108 && run_scaled(q, built, true) == 112,
        "kernels of a joined bundle run with its specialization constants");
  auto joined_exe = join(std::vector<kernel_bundle<bundle_state::executable>>{built});
  check(joined_exe.has_kernel(doubler) && joined_exe.get_context() == ctx, "join of one executable bundle");
  bool empty_join_throws = false;
  try {
    join(std::vector<kernel_bundle<bundle_state::object>>{});
  } catch (const sycl::exception &e) {
    empty_join_throws = e.code() == errc::invalid;
  }
  check(empty_join_throws, "join of no bundles throws errc::invalid");

  // Vulkan devices specialize the SPIR-V; the host device's kernels read
  // the values at run time.
  bool on_host = q.get_device().get_backend() == backend::ext_syclone_host;
  check(built.native_specialization_constant() == !on_host && both.native_specialization_constant() == !on_host,
        "native_specialization_constant");

  // A kernel knows its bundle and the bundle's context.
  kernel k = built.get_kernel(doubler);
  check(k.get_context() == ctx, "kernel::get_context is its bundle's context");
  check(k.get_kernel_bundle() == built, "kernel::get_kernel_bundle is the bundle it came from");
  check(k.get_kernel_bundle().has_kernel(tripler), "kernel::get_kernel_bundle holds the bundle's other kernels");
}

// ---------------------------------------------------------------- reductions
struct Triple {
  float x, y, z;
};
// Componentwise sums, and the largest x with its y and z: a combiner that
// needs all three floats at once.
struct TripleSum {
  Triple operator()(const Triple &a, const Triple &b) const { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
};
struct TripleMaxX {
  Triple operator()(const Triple &a, const Triple &b) const { return a.x >= b.x ? a : b; }
};
using float4v = vec<float, 4>;

static void small_type_reductions(queue &q) {
  const size_t n = 1000;
  bool *flags = malloc_shared<bool>(4, q);
  short *shorts = malloc_shared<short>(4, q);
  unsigned short *ushorts = malloc_shared<unsigned short>(2, q);
  char *chars = malloc_shared<char>(4, q);
  flags[0] = false;
  flags[1] = true;
  flags[2] = false;
  flags[3] = true;
  shorts[0] = 7;
  shorts[1] = -3;
  ushorts[0] = 0;
  ushorts[1] = 9;
  chars[0] = 1;
  chars[1] = 'x';
  chars[2] = 0;
  chars[3] = 'y';
  // Neighbours in one word, reduced by one kernel.
  q.submit([&](handler &h) {
     h.parallel_for(range<1>(n), reduction(flags, logical_or<bool>()), reduction(flags + 1, logical_and<bool>()),
                    reduction(flags + 2, logical_or<bool>()), reduction(shorts, plus<short>()),
                    [=](id<1> i, auto &any, auto &all, auto &none, auto &sum) {
                      any.combine(i[0] == 617);
                      all.combine(i[0] != 400);
                      none.combine(i[0] > n);
                      sum += static_cast<short>(i[0] % 50 - 20);
                    });
   }).wait();
  int want_sum = 7;
  for (size_t i = 0; i < n; ++i) want_sum += static_cast<int>(i % 50) - 20;
  check(flags[0] && !flags[1] && !flags[2] && flags[3], "reductions over neighbouring bools");
  check(shorts[0] == static_cast<short>(want_sum) && shorts[1] == -3, "a short plus reduction beside other values");
  q.submit([&](handler &h) {
     h.parallel_for(nd_range<1>(256, 64), reduction(shorts + 1, minimum<short>()),
                    reduction(ushorts + 1, maximum<unsigned short>()), reduction(chars, plus<char>()),
                    reduction(chars + 2, bit_or<char>()), [=](nd_item<1> it, auto &mn, auto &mx, auto &sum, auto &bits) {
                      int i = static_cast<int>(it.get_global_id(0));
                      mn.combine(static_cast<short>(100 - i));
                      mx.combine(static_cast<unsigned short>(i * 200));
                      sum.combine(static_cast<char>(i % 2));
                      bits.combine(static_cast<char>(1 << (i % 7)));
                    });
   }).wait();
  check(shorts[1] == -155 && ushorts[1] == 51000 && ushorts[0] == 0, "short minimum and unsigned short maximum");
  check(chars[0] == static_cast<char>(1 + 128) && chars[1] == 'x' && chars[2] == 127 && chars[3] == 'y',
        "char plus and bit_or beside other chars");
  q.parallel_for(range<1>(100), reduction(shorts, short(0), plus<short>(), property::reduction::initialize_to_identity()),
                 [=](id<1> i, auto &s) { s += static_cast<short>(i[0]); })
      .wait();
  check(shorts[0] == 4950 && shorts[1] == -155, "initialize_to_identity of a short");

  // A class of two bytes, beside another in its word.
  half *halves = malloc_shared<half>(2, q);
  halves[0] = 1;
  halves[1] = 5;
  q.parallel_for(range<1>(64), reduction(halves, half(0), plus<half>()), reduction(halves + 1, half(0), maximum<half>()),
                 [=](id<1> i, auto &sum, auto &most) {
                   sum += half(1);
                   most.combine(half(static_cast<float>(i[0])));
                 })
      .wait();
  check(static_cast<float>(halves[0]) == 65 && static_cast<float>(halves[1]) == 63, "sycl::half reductions");
  free(halves, q);

  // Over buffers.
  bool bflag = false;
  short bshort = 10;
  {
    buffer<bool, 1> fb(&bflag, 1);
    buffer<short, 1> sb(&bshort, 1);
    q.submit([&](handler &h) {
      h.parallel_for(range<1>(300), reduction(fb, h, logical_or<bool>()), reduction(sb, h, plus<short>()),
                     [=](id<1> i, auto &any, auto &sum) {
                       any.combine(i[0] == 299);
                       sum += static_cast<short>(1);
                     });
    });
  }
  check(bflag && bshort == 310, "bool and short reductions over buffers");
  free(flags, q);
  free(shorts, q);
  free(ushorts, q);
  free(chars, q);
}

static void class_reductions(queue &q) {
  const size_t n = 500;
  Triple *t = malloc_shared<Triple>(2, q);
  float4v *v = malloc_shared<float4v>(1, q);
  t[0] = {1, 2, 3};
  t[1] = {-1, 0, 0};
  *v = float4v(1, 1, 1, 1);
  q.submit([&](handler &h) {
     h.parallel_for(range<1>(n), reduction(t, Triple{0, 0, 0}, TripleSum()),
                    reduction(t + 1, Triple{-1e30f, 0, 0}, TripleMaxX()),
                    reduction(v, float4v(0), plus<float4v>()), [=](id<1> i, auto &sum, auto &best, auto &vsum) {
                      float f = static_cast<float>(i[0]);
                      sum.combine(Triple{1, f, 2 * f});
                      best.combine(Triple{static_cast<float>((i[0] * 37) % n), f, -f});
                      vsum += float4v(1, f, -f, 0.5f);
                    });
   }).wait();
  float s = n * (n - 1) / 2.0f;
  size_t argmax = 0;
  for (size_t i = 0; i < n; ++i)
    if ((i * 37) % n == n - 1) argmax = i;
  check(t[0].x == 1 + n && t[0].y == 2 + s && t[0].z == 3 + 2 * s, "a struct of three floats summed over USM");
  check(t[1].x == n - 1 && t[1].y == argmax && t[1].z == -static_cast<float>(argmax),
        "a struct of three floats by a combiner of all its members");
  check(v[0][0] == 1 + n && v[0][1] == 1 + s && v[0][2] == 1 - s && v[0][3] == 1 + n * 0.5f,
        "vec<float, 4> plus reduction");

  Triple bt{0, 0, 0};
  {
    buffer<Triple, 1> tb(&bt, 1);
    q.submit([&](handler &h) {
      h.parallel_for(nd_range<1>(128, 32), reduction(tb, h, Triple{0, 0, 0}, TripleSum()),
                     [=](nd_item<1> it, auto &sum) {
                       float f = static_cast<float>(it.get_global_id(0));
                       sum.combine(Triple{f, 1, -1});
                     });
    });
  }
  check(bt.x == 127 * 64 && bt.y == 128 && bt.z == -128, "a struct of three floats over a buffer, nd_range");
  free(t, q);
  free(v, q);
}

int main() {
  queue q;
  work_group_copies(q);
  hexfloat_output(q);
  kernel_bundles(q);
  small_type_reductions(q);
  class_reductions(q);
  if (failures) {
    std::printf("%d checks failed\n", failures);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
