// Buffers and USM of 8- and 16-bit elements and bools: neighbouring
// elements written by different work-items, signed values sign-extended,
// a local_accessor of unsigned char, the DPC++ book's "hello" idiom, and
// arithmetic on narrow local variables wrapping at their width.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <cstring>

int main() {
  sycl::queue q;
  int failures = 0;
  auto check = [&](bool ok, const char *what) {
    if (!ok) {
      printf("FAILED: %s\n", what);
      ++failures;
    }
  };

  // A secret decoded by a kernel, one character per work-item.
  const char secret[] = "Ifmmp-!xpsme\"\012J(n!tpssz-!Ebwf/!";
  const size_t sz = sizeof(secret);
  char *result = sycl::malloc_shared<char>(sz, q);
  std::memcpy(result, secret, sz);
  q.parallel_for(sz, [=](auto i) { result[i] -= 1; }).wait();
  check(std::strncmp(result, "Hello, world!", 13) == 0, "hello: characters decoded");

  const int n = 37;  // not a multiple of 4
  std::vector<signed char> s8(n);
  std::vector<unsigned char> u8(n);
  std::vector<short> s16(n);
  std::vector<unsigned short> u16(n);
  std::vector<char> flags(n);
  {
    sycl::buffer<signed char> bs8(s8.data(), sycl::range<1>(n));
    sycl::buffer<unsigned char> bu8(u8.data(), sycl::range<1>(n));
    sycl::buffer<short> bs16(s16.data(), sycl::range<1>(n));
    sycl::buffer<unsigned short> bu16(u16.data(), sycl::range<1>(n));
    sycl::buffer<char> bflags(flags.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler &h) {
      sycl::accessor a{bs8, h, sycl::write_only};
      sycl::accessor b{bu8, h, sycl::write_only};
      sycl::accessor c{bs16, h, sycl::write_only};
      sycl::accessor d{bu16, h, sycl::write_only};
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
        int k = static_cast<int>(i[0]);
        a[i] = static_cast<signed char>(-k * 3);
        b[i] = static_cast<unsigned char>(200 + k);
        c[i] = static_cast<short>(-900 * k);
        d[i] = static_cast<unsigned short>(60000 + k);
      });
    });
    // Read back on the device: sign extension and zero extension.
    q.submit([&](sycl::handler &h) {
      sycl::accessor a{bs8, h, sycl::read_only};
      sycl::accessor b{bu8, h, sycl::read_only};
      sycl::accessor c{bs16, h, sycl::read_only};
      sycl::accessor d{bu16, h, sycl::read_only};
      sycl::accessor f{bflags, h, sycl::write_only};
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
        int k = static_cast<int>(i[0]);
        bool ok = a[i] == -k * 3 && b[i] == 200 + k && c[i] == -900 * k && d[i] == 60000 + k;
        f[i] = ok ? 'y' : 'n';
      });
    });
  }
  for (int k = 0; k < n; ++k) {
    check(s8[k] == static_cast<signed char>(-k * 3), "signed char");
    check(u8[k] == static_cast<unsigned char>(200 + k), "unsigned char");
    check(s16[k] == static_cast<short>(-900 * k), "short");
    check(u16[k] == static_cast<unsigned short>(60000 + k), "unsigned short");
    check(flags[k] == 'y', "device reads its 8- and 16-bit values back");
  }

  // bool in USM, and a work-group histogram of bytes in local memory.
  bool *odd = sycl::malloc_shared<bool>(n, q);
  unsigned char *bytes = sycl::malloc_shared<unsigned char>(64, q);
  int *counts = sycl::malloc_shared<int>(4, q);
  for (int k = 0; k < 64; ++k) bytes[k] = static_cast<unsigned char>(k % 4);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { odd[i] = i[0] % 2 == 1; }).wait();
  q.submit([&](sycl::handler &h) {
    sycl::local_accessor<unsigned char, 1> tile(sycl::range<1>(64), h);
    h.parallel_for(sycl::nd_range<1>(64, 64), [=](sycl::nd_item<1> it) {
      size_t l = it.get_local_id(0);
      tile[l] = bytes[it.get_global_id(0)];
      sycl::group_barrier(it.get_group());
      if (l < 4) {
        int c = 0;
        for (int k = 0; k < 64; ++k) c += tile[k] == l ? 1 : 0;
        counts[l] = c;
      }
    });
  }).wait();
  for (int k = 0; k < n; ++k) check(odd[k] == (k % 2 == 1), "bool");
  for (int k = 0; k < 4; ++k) check(counts[k] == 16, "local unsigned char tile");

  // Arithmetic on narrow local variables wraps at their width.
  int *wrapped = sycl::malloc_shared<int>(8, q);
  q.single_task([=] {
     unsigned char c = 255;
     c += 1;
     wrapped[0] = c;
     unsigned char d = 200;
     d = d + 100;
     wrapped[1] = d;
     short s = 32767;
     s++;
     wrapped[2] = s;
     signed char e = (signed char)200;
     wrapped[3] = e;
     unsigned short u = 65535;
     u = u * 2;
     wrapped[4] = u;
     int big = 300;
     unsigned char f = big;
     wrapped[5] = f;
     unsigned char g = 0x81;
     g <<= 1;
     wrapped[6] = g;
     char h = 127;
     --h;
     ++h;
     ++h;
     wrapped[7] = h;
   }).wait();
  const int expected[8] = {0, 44, -32768, -56, 65534, 44, 2, -128};
  for (int k = 0; k < 8; ++k) check(wrapped[k] == expected[k], "narrow arithmetic wraps");
  sycl::free(wrapped, q);

  sycl::free(result, q);
  sycl::free(odd, q);
  sycl::free(bytes, q);
  sycl::free(counts, q);
  if (failures) return 1;
  printf("PASSED\n");
  return 0;
}
