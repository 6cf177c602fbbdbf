#include "physics.hpp"

#include <cmath>
#include <iostream>
#include <vector>

int main() {
  constexpr size_t n = 512;
  sycl::queue q;
  std::vector<Particle> host(n);
  for (size_t i = 0; i < n; ++i) host[i] = Particle{float(i), float(int(i % 21) - 10)};

  std::vector<float> pos(n), vel(n), energy(n), means(n - 4);
  std::vector<int> classes(5, 0);
  std::vector<size_t> mirrored(n);
  for (size_t i = 0; i < n; ++i) {
    pos[i] = host[i].position;
    vel[i] = host[i].velocity;
  }
  {
    sycl::buffer<float> pb(pos.data(), sycl::range<1>(n)), vb(vel.data(), sycl::range<1>(n));
    sycl::buffer<float> eb(energy.data(), sycl::range<1>(n)), mb(means.data(), sycl::range<1>(n - 4));
    sycl::buffer<int> cb(classes.data(), sycl::range<1>(5));
    sycl::buffer<size_t> ib(mirrored.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler &h) {
      sycl::accessor p(pb, h, sycl::read_write);
      sycl::accessor v(vb, h, sycl::read_write);
      sycl::accessor e(eb, h, sycl::write_only, sycl::no_init);
      sycl::accessor c(cb, h, sycl::read_write);
      h.parallel_for<class Simulate>(sycl::range<1>(n), [=](sycl::id<1> i) {
        Particle part{p[i], v[i]};
        physics::clamp_speed(part, 6.0f);
        part = physics::advance(part, 0.5f);
        p[i] = part.position;
        v[i] = part.velocity;
        e[i] = physics::kinetic_energy(part, 2.0f);
        count_into(c, physics::speed_class(part.velocity));
      });
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor p(pb, h, sycl::read_only);
      sycl::accessor m(mb, h, sycl::write_only, sycl::no_init);
      h.parallel_for<class Smooth>(sycl::range<1>(n - 4), [=](sycl::id<1> i) {
        m[i] = window_mean(&p[0], i[0], 4);
      });
    });
    q.submit([&](sycl::handler &h) {
      sycl::accessor out(ib, h, sycl::write_only, sycl::no_init);
      h.parallel_for<class Mirror>(sycl::nd_range<1>(n, 64), [=](sycl::nd_item<1> it) {
        out[it.get_global_id(0)] = mirrored_index(it);
      });
    });
  }
  int errors = 0;
  std::vector<int> expect_classes(5, 0);
  for (size_t i = 0; i < n; ++i) {
    float v0 = float(int(i % 21) - 10);
    float v = v0 > 6.0f ? 6.0f : (v0 < -6.0f ? -6.0f : v0);
    float x = float(i) + v * 0.5f;
    float speed = std::fabs(v);
    int c = speed < 1 ? 0 : speed < 2 ? 1 : speed < 4 ? 2 : speed < 8 ? 3 : 4;
    ++expect_classes[c];
    if (pos[i] != x || vel[i] != v || energy[i] != v * v) ++errors;
    if (mirrored[i] != n - 1 - i) ++errors;
  }
  for (size_t i = 0; i + 4 < n; ++i) {
    float mean = (pos[i] + pos[i + 1] + pos[i + 2] + pos[i + 3]) / 4;
    if (std::fabs(means[i] - mean) > 1e-4f) ++errors;
  }
  if (classes != expect_classes) ++errors;

  {
    std::vector<float> woven(n);
    {
      sycl::buffer<float> pb(pos.data(), sycl::range<1>(n)), vb(vel.data(), sycl::range<1>(n));
      sycl::buffer<float> wb(woven.data(), sycl::range<1>(n));
      q.submit([&](sycl::handler &h) {
        sycl::accessor p(pb, h, sycl::read_only);
        sycl::accessor v(vb, h, sycl::read_only);
        sycl::accessor w(wb, h, sycl::write_only, sycl::no_init);
        h.parallel_for<class Weave>(sycl::range<1>(n), [=](sycl::id<1> i) {
          w[i] = interleave(&p[0], &v[0], i[0]);
        });
      });
    }
    for (size_t i = 0; i < n; ++i)
      if (woven[i] != (i % 2 ? vel[i / 2] : pos[i / 2])) ++errors;
  }

  {
    float *out = sycl::malloc_shared<float>(9, q);
    q.single_task<class Bodies>([=] {
       Body b{2.0f, 3.0f};
       out[0] = b.momentum();
       b.brake(0.5f);
       out[1] = b.speed;
       out[2] = Body::at_rest(4.0f).mass + Body::at_rest(4.0f).speed;
       out[3] = float(squared(7));
       out[4] = squared(1.5f);
       out[5] = halved(out[4]);
       Spring s(3.0f, 1.0f);
       out[6] = s.stiffness + s.force(2.0f);
       out[7] = Spring(1.0f, -4.0f).rest;
       Accumulator<float> acc{1.0f};
       acc.add(2.5f);
       out[8] = acc.scaled(2.0f);
     }).wait();
    if (out[0] != 6.0f || out[1] != 1.5f || out[2] != 4.0f || out[3] != 49.0f || out[4] != 2.25f) ++errors;
    if (out[5] != 1.125f || out[6] != 12.0f || out[7] != 0.0f || out[8] != 7.0f) ++errors;
    sycl::free(out, q);
  }

  {
    // A row pointer returned across units, and a reference into whichever
    // of two arrays holds the larger element (written through).
    const size_t width = 8, rows = 4;
    float *m = sycl::malloc_shared<float>(width * rows, q);
    float *a = sycl::malloc_shared<float>(width, q);
    float *b = sycl::malloc_shared<float>(width, q);
    for (size_t i = 0; i < width * rows; ++i) m[i] = float(i);
    for (size_t i = 0; i < width; ++i) {
      a[i] = float(i % 2 ? i : 100);
      b[i] = float(50);
    }
    q.parallel_for<class Rows>(sycl::range<1>(width), [=](sycl::id<1> i) {
       float *r = row_of(m, width, 2);
       r[i] += 1000.0f;
       larger_of(a, b, i[0]) = -1.0f;
     }).wait();
    for (size_t i = 0; i < width * rows; ++i)
      if (m[i] != float(i) + (i / width == 2 ? 1000.0f : 0.0f)) ++errors;
    for (size_t i = 0; i < width; ++i) {
      bool a_larger = (i % 2 ? float(i) : 100.0f) > 50.0f;
      if ((a_larger ? a[i] : b[i]) != -1.0f) ++errors;
      if ((a_larger ? b[i] : a[i]) == -1.0f) ++errors;
    }
    sycl::free(m, q);
    sycl::free(a, q);
    sycl::free(b, q);
  }

  if (q.get_device().has(sycl::aspect::fp64)) {
    std::vector<double> squares(16);
    {
      sycl::buffer<double> sb(squares.data(), sycl::range<1>(16));
      q.submit([&](sycl::handler &h) {
        sycl::accessor s(sb, h, sycl::write_only, sycl::no_init);
        h.parallel_for<class Squares>(sycl::range<1>(16), [=](sycl::id<1> i) { s[i] = precise_square(double(i[0]) + 0.5); });
      });
    }
    for (int i = 0; i < 16; ++i)
      if (squares[i] != (i + 0.5) * (i + 0.5)) ++errors;
  }
  std::cout << (errors ? "FAILED" : "PASSED") << " (" << errors << " errors)\n";
  return errors != 0;
}
