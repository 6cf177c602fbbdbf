// The random number engines and distributions of <oneapi/dpl/random>,
// usable in kernels: linear congruential engines (minstd_rand and
// minstd_rand0), whose (seed, offset) constructor skips `offset` values in
// O(log offset) steps so each work-item draws its own subsequence, and the
// uniform integer and real and the normal distributions.
#pragma once
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace oneapi {
namespace dpl {

template <typename UIntType, UIntType a, UIntType c, UIntType m>
class linear_congruential_engine {
  static_assert(m != 0, "linear_congruential_engine needs a modulus");

 public:
  using result_type = UIntType;
  static constexpr result_type multiplier = a;
  static constexpr result_type increment = c;
  static constexpr result_type modulus = m;
  static constexpr result_type default_seed = 1u;

  linear_congruential_engine() : linear_congruential_engine(default_seed) {}
  explicit linear_congruential_engine(result_type seed_value) { seed(seed_value); }
  linear_congruential_engine(result_type seed_value, unsigned long long offset) {
    seed(seed_value);
    discard(offset);
  }

  void seed(result_type seed_value = default_seed) {
    std::uint64_t s = std::uint64_t(seed_value) % m;
    state_ = (c % m == 0 && s == 0) ? result_type(1) : result_type(s);
  }
  static constexpr result_type min() { return c == 0u ? 1u : 0u; }
  static constexpr result_type max() { return m - 1u; }

  result_type operator()() {
    state_ = result_type((std::uint64_t(a) * state_ + c) % m);
    return state_;
  }
  // x -> a^n x + c (a^(n-1) + ... + 1): the step composed with itself n
  // times, by squaring.
  void discard(unsigned long long n) {
    std::uint64_t mul = 1, add = 0;      // the composed step so far
    std::uint64_t step_mul = a % m, step_add = c % m;  // the step to the power 2^k
    while (n > 0) {
      if (n & 1) {
        mul = mul * step_mul % m;
        add = (add * step_mul + step_add) % m;
      }
      step_add = (step_add * step_mul + step_add) % m;
      step_mul = step_mul * step_mul % m;
      n >>= 1;
    }
    state_ = result_type((mul * state_ + add) % m);
  }

 private:
  result_type state_;
};

using minstd_rand0 = linear_congruential_engine<std::uint32_t, 16807, 0, 2147483647>;
using minstd_rand = linear_congruential_engine<std::uint32_t, 48271, 0, 2147483647>;
using default_engine = minstd_rand;

namespace __syclone {
// A value in [0, 1) from one draw of `engine`, computed in Real (so a
// float distribution needs no double precision on the device).
template <typename Real, typename Engine>
Real __canonical(Engine &engine) {
  Real range = Real(Engine::max()) - Real(Engine::min()) + Real(1);
  Real x = (Real(engine()) - Real(Engine::min())) / range;
  return x < Real(1) ? x : Real(1) - std::numeric_limits<Real>::epsilon() / Real(2);
}
}  // namespace __syclone

template <typename IntType = int>
class uniform_int_distribution {
 public:
  using result_type = IntType;
  uniform_int_distribution() : uniform_int_distribution(0) {}
  explicit uniform_int_distribution(IntType a, IntType b = std::numeric_limits<IntType>::max()) : a_(a), b_(b) {}
  result_type a() const { return a_; }
  result_type b() const { return b_; }
  result_type min() const { return a_; }
  result_type max() const { return b_; }
  void reset() {}
  // [a, b] scaled from one draw, in integers.
  template <typename Engine>
  result_type operator()(Engine &engine) {
    std::uint64_t x = std::uint64_t(engine() - Engine::min());
    std::uint64_t range = std::uint64_t(Engine::max() - Engine::min()) + 1;
    std::uint64_t span = std::uint64_t(b_ - a_) + 1;
    return result_type(a_ + result_type(x * span / range));
  }

 private:
  IntType a_, b_;
};

template <typename RealType = double>
class uniform_real_distribution {
 public:
  using result_type = RealType;
  uniform_real_distribution() : uniform_real_distribution(RealType(0)) {}
  explicit uniform_real_distribution(RealType a, RealType b = RealType(1)) : a_(a), b_(b) {}
  result_type a() const { return a_; }
  result_type b() const { return b_; }
  result_type min() const { return a_; }
  result_type max() const { return b_; }
  void reset() {}
  // [a, b) from one draw.
  template <typename Engine>
  result_type operator()(Engine &engine) {
    return a_ + (b_ - a_) * __syclone::__canonical<RealType>(engine);
  }

 private:
  RealType a_, b_;
};

template <typename RealType = double>
class normal_distribution {
 public:
  using result_type = RealType;
  normal_distribution() : normal_distribution(RealType(0)) {}
  explicit normal_distribution(RealType mean, RealType stddev = RealType(1)) : mean_(mean), stddev_(stddev) {}
  result_type mean() const { return mean_; }
  result_type stddev() const { return stddev_; }
  void reset() {}
  // Box-Muller from two draws.
  template <typename Engine>
  result_type operator()(Engine &engine) {
    RealType u1 = __syclone::__canonical<RealType>(engine), u2 = __syclone::__canonical<RealType>(engine);
    if (u1 <= RealType(0)) u1 = std::numeric_limits<RealType>::min();
    RealType radius = std::sqrt(RealType(-2) * std::log(u1));
    return mean_ + stddev_ * radius * std::cos(RealType(6.283185307179586) * u2);
  }

 private:
  RealType mean_, stddev_;
};

}  // namespace dpl
}  // namespace oneapi
