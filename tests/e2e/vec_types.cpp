// sycl::vec: construction from scalars and vectors, element-wise arithmetic
// with vectors and scalars, integer bit operations, comparisons as -1/0
// masks, named elements and swizzles (read, and assigned: `v.xy() = w`,
// `v.lo() += v.hi()`), s0()...sF() of 8- and 16-element
// vectors, convert<>() with rounding modes, as<>(), the geometric functions,
// vectors in USM and in buffers (float3 laid out as four floats), arrays
// of a plain struct of floats in global memory, sycl::marray, and the
// math functions element by element on float and half vectors; a scalar
// assigned to a vector fills it.
#include <sycl/sycl.hpp>
#include <cmath>

struct Particle {
  float position[3];
  float mass;
};

int main() {
  sycl::queue q;
  const int n = 16;
  int failures = 0;
  auto check = [&](bool ok, const char *what, int i) {
    if (!ok) {
      std::cout << "FAILED: " << what << " at " << i << "\n";
      ++failures;
    }
  };

  sycl::float4 *in = sycl::malloc_shared<sycl::float4>(n, q);
  sycl::float4 *out = sycl::malloc_shared<sycl::float4>(n, q);
  sycl::int4 *masks = sycl::malloc_shared<sycl::int4>(n, q);
  float *scalars = sycl::malloc_shared<float>(n * 4, q);
  for (int i = 0; i < n; ++i) in[i] = sycl::float4(float(i), 1.0f, -2.0f, 0.5f * i);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
     int i = static_cast<int>(id[0]);
     sycl::float4 v = in[i];
     sycl::float4 w = v * 2.0f + sycl::float4(1.0f) - 0.5f * v;
     w /= sycl::float4(1.0f, 2.0f, 4.0f, 8.0f);
     out[i] = sycl::float4(w.xy(), v.z(), -v.w());
     masks[i] = v > sycl::float4(3.0f, 1.0f, 0.0f, 2.0f);
     sycl::float3 p = v.xyz();
     sycl::float3 c = sycl::cross(p, sycl::float3(0.0f, 0.0f, 1.0f));
     scalars[i * 4 + 0] = sycl::dot(v, v);
     scalars[i * 4 + 1] = sycl::length(p) + c.x() + c.y() * 10.0f;
     sycl::int4 k = v.convert<int>() * 3;
     sycl::uint2 bits = sycl::uint2(unsigned(i), 0xF0u);
     bits = (bits << 1u) | sycl::uint2(1u);
     sycl::uint4 raw = v.as<sycl::uint4>();  // 1.0f is 0x3f800000
     scalars[i * 4 + 2] = float(k.x() + k.w() + int(bits.x() ^ bits.y()) + (raw.y() == 0x3f800000u ? 1000 : 0));
     sycl::float4 filled;
     filled = sycl::ext::oneapi::bfloat16(0.25f);  // every element, through float
     filled.y() = 0.0f;
     scalars[i * 4 + 3] = v.swizzle<3, 0>().x() + v.wzyx()[3] + v.hi()[1] + filled.x() + filled.y();
   }).wait();
  for (int i = 0; i < n; ++i) {
    sycl::float4 v(float(i), 1.0f, -2.0f, 0.5f * i);
    float w[4];
    const float div[4] = {1.0f, 2.0f, 4.0f, 8.0f};
    for (int k = 0; k < 4; ++k) w[k] = (v[k] * 2.0f + 1.0f - 0.5f * v[k]) / div[k];
    check(out[i].x() == w[0] && out[i].y() == w[1] && out[i].z() == -2.0f && out[i].w() == -0.5f * i,
          "arithmetic and construction from a vector and scalars", i);
    check(masks[i].x() == (i > 3 ? -1 : 0) && masks[i].y() == 0 && masks[i].z() == 0 &&
              masks[i].w() == (0.5f * i > 2.0f ? -1 : 0),
          "comparison masks", i);
    float dot = float(i) * i + 1.0f + 4.0f + 0.25f * i * i;
    check(std::fabs(scalars[i * 4] - dot) <= 1e-4f * dot, "dot", i);
    float len = std::sqrt(float(i) * i + 1.0f + 4.0f);
    // cross((i, 1, -2), (0, 0, 1)) = (1, -i, 0)
    check(std::fabs(scalars[i * 4 + 1] - (len + 1.0f - 10.0f * i)) <= 1e-3f, "length and cross", i);
    int k = 3 * i + 3 * int(0.5f * i);
    unsigned bx = (unsigned(i) << 1) | 1u, by = (0xF0u << 1) | 1u;
    check(scalars[i * 4 + 2] == float(k + int(bx ^ by) + 1000), "convert, as and integer operators", i);
    check(scalars[i * 4 + 3] == 0.5f * i + float(i) + 0.5f * i + 0.25f, "swizzles and a scalar assigned", i);
  }

  // float3 in a buffer: four floats each; plain structs of floats in USM.
  std::vector<sycl::float3> points(n);
  for (int i = 0; i < n; ++i) points[i] = sycl::float3(float(i), 2.0f * i, 3.0f * i);
  Particle *particles = sycl::malloc_shared<Particle>(n, q);
  for (int i = 0; i < n; ++i) particles[i] = Particle{{float(i), 0.0f, 0.0f}, 2.0f};
  {
    sycl::buffer<sycl::float3> buf(points.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler &h) {
      sycl::accessor acc{buf, h, sycl::read_write};
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
        acc[i] = sycl::normalize(acc[i]) * 2.0f;
        Particle &p = particles[i];
        for (int d = 0; d < 3; ++d) p.position[d] += p.mass * d;
        particles[i].mass = p.position[0] + p.position[2];
      });
    });
  }
  check(sizeof(sycl::float3) == 16 && alignof(sycl::float4) == 16, "vec layout", 0);
  for (int i = 1; i < n; ++i) {
    float len = std::sqrt(14.0f) * i;
    check(std::fabs(points[i].z() - 2.0f * 3.0f * i / len) <= 1e-5f, "normalize in a buffer", i);
    check(particles[i].position[1] == 2.0f && particles[i].position[2] == 4.0f &&
              particles[i].mass == float(i) + 4.0f,
          "struct of floats in USM", i);
  }
  // marray: element-wise arithmetic, comparisons and math, in a buffer.
  std::vector<sycl::marray<float, 3>> arrays(n);
  for (int i = 0; i < n; ++i) arrays[i] = sycl::marray<float, 3>(0.1f * i, 1.0f, 2.0f);
  {
    sycl::buffer<sycl::marray<float, 3>> buf(arrays.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler &h) {
      sycl::accessor acc{buf, h};
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
        sycl::marray<float, 3> m = acc[i];
        sycl::marray<bool, 3> big = m > sycl::marray<float, 3>(1.5f);
        acc[i] = sycl::cos(m) * 2.0f + (big[2] ? 1.0f : 0.0f);
      });
    });
  }
  check(sizeof(sycl::marray<float, 3>) == 12, "marray layout", 0);
  for (int i = 0; i < n; ++i) {
    check(std::fabs(arrays[i][0] - (2.0f * std::cos(0.1f * i) + 1.0f)) <= 1e-5f &&
              std::fabs(arrays[i][2] - (2.0f * std::cos(2.0f) + 1.0f)) <= 1e-5f,
          "marray", i);
  }
  // Element-wise math of one, two and three vectors; half vectors.
  sycl::float4 *vm = sycl::malloc_shared<sycl::float4>(n, q);
  sycl::half2 *hm = sycl::malloc_shared<sycl::half2>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
     float f = float(id[0]);
     sycl::float4 a(f, f + 1, f + 2, f + 3), b(2.0f);
     vm[id] = sycl::fma(a, b, sycl::exp2(b)) + sycl::fmax(a, sycl::float4(5.0f)) + sycl::trunc(a / b);
     sycl::half2 h(sycl::half(f), sycl::half(0.5f));
     hm[id] = sycl::fma(h, h, sycl::sqrt(sycl::half2(sycl::half(4.0f))));
   }).wait();
  for (int i = 0; i < n; ++i) {
    bool ok = true;
    for (int k = 0; k < 4; ++k) {
      float a = float(i + k);
      ok = ok && vm[i][k] == a * 2 + 4 + std::fmax(a, 5.0f) + std::trunc(a / 2);
    }
    sycl::half e0 = sycl::half(float(i) * float(i) + 2.0f);  // both rounded once
    ok = ok && float(hm[i][0]) == float(e0) && float(hm[i][1]) == 2.25f;
    check(ok, "element-wise vector math", i);
  }
  // s4()...sF() of long vectors; convert<> with each rounding mode.
  sycl::int8 *rounded = sycl::malloc_shared<sycl::int8>(n, q);
  unsigned long *sums = sycl::malloc_shared<unsigned long>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
     float f = 0.25f * float(id[0]) - 2.0f;
     sycl::float2 v(f, -f);
     sycl::int2 rte = v.convert<int, sycl::rounding_mode::rte>();
     sycl::int2 rtp = v.convert<int, sycl::rounding_mode::rtp>();
     sycl::int2 rtn = v.convert<int, sycl::rounding_mode::rtn>();
     sycl::int2 automatic = v.convert<int, sycl::rounding_mode::automatic>();
     rounded[id] = sycl::int8(rte.x(), rte.y(), rtp.x(), rtp.y(), rtn.x(), rtn.y(), automatic.x(), automatic.y());
     sycl::vec<unsigned long, 16> w;
     for (int k = 0; k < 16; ++k) w[k] = (unsigned long)id[0] << k;
     sums[id] = w.s4() + w.s7() + w.sA() + w.sF();
   }).wait();
  for (int i = 0; i < n; ++i) {
    float f = 0.25f * float(i) - 2.0f;
    sycl::int8 r = rounded[i];
    bool ok = r.s0() == int(std::rint(f)) && r.s1() == int(std::rint(-f)) && r.s2() == int(std::ceil(f)) &&
              r.s3() == int(std::ceil(-f)) && r.s4() == int(std::floor(f)) && r.s5() == int(std::floor(-f)) &&
              r.s6() == int(f) && r.s7() == int(-f);
    check(ok, "convert with rounding modes", i);
    unsigned long u = i;
    check(sums[i] == (u << 4) + (u << 7) + (u << 10) + (u << 15), "s4() ... sF()", i);
  }
  // Swizzles of non-const vectors write through; read, they are vectors.
  {
    float *o = sycl::malloc_shared<float>(8, q);
    double *d = sycl::malloc_shared<double>(1, q);
    q.single_task([=]() {
       sycl::float4 v{1, 2, 3, 4};
       v.xy() = sycl::float2{10, 20};
       v.lo() += v.hi();          // {13, 24, 3, 4}
       v.odd() *= 2.0f;           // {13, 48, 3, 8}
       v.swizzle<3, 0>() = 7.0f;  // {7, 48, 3, 7}
       sycl::float4 w = v.wzyx();
       sycl::float4 joined(v.lo(), w.hi());
       o[0] = v.x();
       o[1] = v.y();
       o[2] = v.z();
       o[3] = v.w();
       o[4] = sycl::dot(v.xyz(), w.xyz());
       o[5] = (v.lo() + v.hi()).y();
       const sycl::float4 c = v;
       o[6] = c.hi()[0];
       o[7] = joined.w();
       sycl::double4 temp{1, 2, 3, 4};
       temp.lo() += temp.hi();
       d[0] = temp.x() + temp.y();
     }).wait();
    const float want[8] = {7, 48, 3, 7, 337, 55, 3, 7};
    for (int k = 0; k < 8; ++k) check(o[k] == want[k], "assigned swizzles", k);
    check(d[0] == 10, "double4 lo() += hi()", 0);
    sycl::free(o, q);
    sycl::free(d, q);
  }
  // A swizzle assigned to a vector (vec declares operator=(const T&), which
  // does not hide the copy assignment a swizzle converts to), also to an
  // element of an accessor of vectors.
  {
    sycl::float4 init[2] = {{1, 2, 3, 4}, {5, 6, 7, 8}};
    {
      sycl::buffer<sycl::float4> b(init, sycl::range<1>(2));
      q.submit([&](sycl::handler &h) {
        sycl::accessor a(b, h, sycl::read_write);
        h.parallel_for(sycl::range<1>(2), [=](sycl::id<1> i) {
          sycl::float4 v = a[i];
          sycl::float4 r;
          r = v.wzyx();
          a[i] = r.xyzw() + v.swizzle<0, 0, 1, 1>();
        });
      });
    }
    const float want[2][4] = {{5, 4, 4, 3}, {13, 12, 12, 11}};
    for (int k = 0; k < 2; ++k)
      for (int e = 0; e < 4; ++e) check(init[k][e] == want[k][e], "swizzle assigned to a vector", k * 4 + e);
  }
  sycl::free(rounded, q);
  sycl::free(sums, q);
  sycl::free(vm, q);
  sycl::free(hm, q);
  sycl::free(in, q);
  sycl::free(out, q);
  sycl::free(masks, q);
  sycl::free(scalars, q);
  sycl::free(particles, q);
  if (failures) return 1;
  std::cout << "PASSED\n";
  return 0;
}
