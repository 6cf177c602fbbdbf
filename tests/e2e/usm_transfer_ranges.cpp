// memcpy, memset and fill on parts of device USM, in the orders real
// programs use them: between kernels that write the allocation, at
// word-aligned and odd offsets, between two device allocations and within
// one, into shared memory, with byte and wider patterns. Every byte is
// checked against a host model of the same commands.
#include <sycl/sycl.hpp>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

static int failures = 0;

static void expect_bytes(const char* what, const std::vector<uint8_t>& got,
                         const std::vector<uint8_t>& want) {
  for (size_t i = 0; i < want.size(); ++i) {
    if (got[i] != want[i]) {
      std::printf("%s: byte %zu is %d, expected %d\n", what, i, got[i], want[i]);
      ++failures;
      return;
    }
  }
}

int main() {
  sycl::queue q{sycl::property::queue::in_order{}};
  constexpr size_t n = 4099;  // bytes: not a whole number of words
  uint8_t* dev = sycl::malloc_device<uint8_t>(n, q);
  uint8_t* other = sycl::malloc_device<uint8_t>(n, q);
  uint8_t* shared = sycl::malloc_shared<uint8_t>(n, q);
  std::vector<uint8_t> model(n), host(n), back(n);
  for (size_t i = 0; i < n; ++i) host[i] = uint8_t(i * 7 + 3);

  // A kernel that adds one to every byte (the device copy becomes newer).
  auto bump = [&](uint8_t* p) {
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] = uint8_t(p[i] + 1); });
    for (size_t i = 0; i < n; ++i) model[i] = uint8_t(model[i] + 1);
  };
  auto read_back = [&](const char* what) {
    std::fill(back.begin(), back.end(), 0xEE);
    q.memcpy(back.data(), dev, n).wait();
    expect_bytes(what, back, model);
  };

  // Whole copy in, then a kernel.
  q.memcpy(dev, host.data(), n);
  model = host;
  bump(dev);
  read_back("whole copy, kernel");

  // Aligned part in after a kernel wrote the allocation.
  q.memcpy(dev + 1024, host.data(), 512);
  std::memcpy(model.data() + 1024, host.data(), 512);
  bump(dev);
  read_back("aligned part after a kernel");

  // Odd offset and length.
  q.memcpy(dev + 5, host.data() + 100, 13);
  std::memcpy(model.data() + 5, host.data() + 100, 13);
  bump(dev);
  read_back("odd part");

  // Aligned part out after a kernel; then an odd part out.
  bump(dev);
  std::vector<uint8_t> part(600, 0);
  q.memcpy(part.data(), dev + 2048, 600).wait();
  expect_bytes("aligned part out", part, std::vector<uint8_t>(model.begin() + 2048, model.begin() + 2648));
  bump(dev);
  q.memcpy(part.data(), dev + 3, 101).wait();
  std::vector<uint8_t> odd(model.begin() + 3, model.begin() + 104);
  part.resize(101);
  expect_bytes("odd part out", part, odd);
  // The tail that ends the allocation (not a whole word).
  q.memcpy(part.data(), dev + n - 7, 7).wait();
  part.resize(7);
  expect_bytes("tail out", part, std::vector<uint8_t>(model.end() - 7, model.end()));

  // memset of a part: zeros and another byte; then a kernel.
  q.memset(dev + 256, 0, 1024);
  std::memset(model.data() + 256, 0, 1024);
  q.memset(dev + 1, 0x5A, 9);
  std::memset(model.data() + 1, 0x5A, 9);
  bump(dev);
  read_back("memset parts");

  // fill with a four-byte pattern over whole words, then with an
  // eight-byte one.
  const uint32_t word = 0x01020304u;
  q.fill(reinterpret_cast<uint32_t*>(dev + 64), word, 32);
  for (int k = 0; k < 32; ++k) std::memcpy(model.data() + 64 + 4 * k, &word, 4);
  const uint64_t wide = 0x1112131415161718ull;
  q.fill(reinterpret_cast<uint64_t*>(dev + 512), wide, 16);
  for (int k = 0; k < 16; ++k) std::memcpy(model.data() + 512 + 8 * k, &wide, 8);
  read_back("fills");

  // Device to device, then within one allocation (overlapping).
  q.memcpy(other, dev, n);
  std::vector<uint8_t> other_model = model;
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { other[i] = uint8_t(other[i] * 3); });
  for (auto& b : other_model) b = uint8_t(b * 3);
  q.memcpy(dev + 100, other + 50, 700);
  std::memcpy(model.data() + 100, other_model.data() + 50, 700);
  q.memcpy(dev + 10, dev + 20, 300);
  std::memmove(model.data() + 10, model.data() + 20, 300);
  read_back("device to device");

  // Between two device allocations, whole words at word offsets.
  bump(dev);
  q.memcpy(other + 8, dev + 16, 1024);
  std::memcpy(other_model.data() + 8, model.data() + 16, 1024);
  std::vector<uint8_t> other_back(n);
  q.memcpy(other_back.data(), other, n).wait();
  expect_bytes("device to device, whole words", other_back, other_model);

  // Device to shared memory, read by the host and by a kernel.
  bump(dev);
  q.memcpy(shared, dev, n).wait();
  expect_bytes("into shared", std::vector<uint8_t>(shared, shared + n), model);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { dev[i] = uint8_t(shared[i] ^ 0xFF); });
  for (auto& b : model) b = uint8_t(b ^ 0xFF);
  read_back("shared back into device");

  sycl::free(dev, q);
  sycl::free(other, q);
  sycl::free(shared, q);
  if (failures) {
    std::printf("FAILED (%d)\n", failures);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
