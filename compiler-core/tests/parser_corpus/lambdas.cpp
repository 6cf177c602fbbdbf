// Lambdas in every form a SYCL program uses.
struct S {
  int v = 1;
  auto get() { return [this] { return v; }; }
  auto copy() { return [*this]() mutable { return ++v; }; }
};
int use_lambdas() {
  int x = 1, y = 2;
  auto a = [=](int i) { return i + x; };
  auto b = [&](auto i) { y += i; };
  auto c = [x, &y, z = x + 1](int i) mutable noexcept -> int { return x + y + z + i; };
  auto d = []<typename T>(T t) { return t; };
  auto e = [](auto... args) { return sizeof...(args); };
  auto f = []() constexpr { return 4; };
  auto g = [&r = y]() { r = 3; };
  b(1);
  return a(1) + c(2) + d(3) + static_cast<int>(e(1, 2)) + f();
}
