// buffer::set_final_data with each kind of destination SYCL 2020 allows:
// a raw pointer, a std::shared_ptr, a std::weak_ptr (written only if the
// object still lives) and an output iterator; nullptr writes nothing.
#include <sycl/sycl.hpp>
#include <memory>

int main() {
  sycl::queue q;
  constexpr int n = 8;
  int raw[n] = {};
  auto shared = std::make_shared<std::array<int, n>>();
  auto alive = std::make_shared<std::array<int, n>>();
  auto gone = std::make_shared<std::array<int, n>>();
  std::weak_ptr<std::array<int, n>> gone_weak(gone);
  gone.reset();
  std::vector<int> appended;
  std::vector<int> kept(n, -1);
  {
    sycl::buffer<int> to_raw{sycl::range<1>(n)}, to_shared{sycl::range<1>(n)},
        to_alive{sycl::range<1>(n)}, to_gone{sycl::range<1>(n)}, to_iterator{sycl::range<1>(n)},
        nowhere{kept.data(), sycl::range<1>(n)};
    to_raw.set_final_data(raw);
    to_shared.set_final_data(shared);
    to_alive.set_final_data(std::weak_ptr<std::array<int, n>>(alive));
    to_gone.set_final_data(gone_weak);
    to_iterator.set_final_data(std::back_inserter(appended));
    nowhere.set_final_data(nullptr);
    int k = 1;
    for (auto *buf : {&to_raw, &to_shared, &to_alive, &to_gone, &to_iterator, &nowhere}) {
      q.submit([&](sycl::handler &h) {
        sycl::accessor acc{*buf, h, sycl::write_only};
        h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { acc[i] = static_cast<int>(i[0]) * k; });
      });
      ++k;
    }
  }
  int failures = 0;
  auto expect = [&](bool ok, const char *what) {
    if (!ok) {
      std::cout << "FAILED: " << what << "\n";
      ++failures;
    }
  };
  expect(raw[n - 1] == (n - 1) * 1, "raw pointer");
  expect((*shared)[n - 1] == (n - 1) * 2, "shared_ptr");
  expect((*alive)[n - 1] == (n - 1) * 3, "weak_ptr to a live object");
  expect(appended.size() == size_t(n) && appended[n - 1] == (n - 1) * 5, "output iterator");
  expect(kept[n - 1] == -1, "nullptr: no write-back");
  if (failures) return 1;
  std::cout << "PASSED\n";
  return 0;
}
