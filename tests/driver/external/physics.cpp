#include "physics.hpp"

namespace physics {

Particle advance(Particle p, float dt) {
  p.position += p.velocity * dt;
  return p;
}

void clamp_speed(Particle &p, float limit) {
  if (p.velocity > limit) {
    p.velocity = limit;
    return;
  }
  if (p.velocity < -limit) p.velocity = -limit;
}

float kinetic_energy(const Particle &p, float mass) { return 0.5f * mass * p.velocity * p.velocity; }

int speed_class(float velocity) {
  float speed = velocity < 0 ? -velocity : velocity;
  int c = 0;
  for (float bound = 1.0f; bound <= 8.0f; bound *= 2.0f) {
    if (speed < bound) return c;
    ++c;
  }
  return c;
}

}  // namespace physics

float Body::momentum() const { return mass * speed; }
void Body::brake(float factor) { speed *= factor; }
Body Body::at_rest(float mass) { return Body{mass, 0.0f}; }

template <typename T>
T squared(T x) {
  return x * x;
}
template SYCL_EXTERNAL int squared<int>(int);

float *row_of(float *matrix, size_t width, size_t row) { return matrix + row * width; }

float &larger_of(float *a, float *b, size_t i) {
  if (a[i] > b[i]) return a[i];
  return b[i];
}
template SYCL_EXTERNAL float squared<float>(float);

void count_into(sycl::accessor<int, 1, sycl::access_mode::read_write> histogram, int bin) {
  sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device> counter(histogram[bin]);
  counter.fetch_add(1);
}

SYCL_EXTERNAL Spring::Spring(float k, float length) : stiffness(k * 2.0f), rest(length) {
  if (length < 0.0f) rest = 0.0f;
}
SYCL_EXTERNAL float Spring::force(float length) const { return stiffness * (length - rest); }

template <typename T>
SYCL_EXTERNAL void Accumulator<T>::add(T x) {
  total += x;
}
template <typename T>
SYCL_EXTERNAL T Accumulator<T>::scaled(T factor) const {
  return total * factor;
}
template struct Accumulator<float>;
