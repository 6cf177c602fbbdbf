// Host code around kernels as C and POSIX programs write it: timing with
// <ctime>, <sys/time.h>, <sys/timeb.h>'s struct timeb (ftime itself is
// deprecated), <sys/times.h>'s times and clock_gettime, options with getopt, variadic
// logging with va_arg, files through std::fstream / std::ifstream with open
// modes, and pow/fmax on two ints. The device compiler reads all of it
// (without a warning) and the kernels keep their device images. A kernel
// also keeps a 100-element private histogram (indexed at run time, so it
// lives in per-work-item memory). <cctype> works on both sides (a kernel
// upper-cases a string), freopen, std::align, partial_sort with a
// comparator and <strings.h>'s strcasecmp/ffs in host code, and SSE2
// intrinsics from <emmintrin.h> (as stb_image uses them) in host code;
// <endian.h>'s byte-order macros and conversions on both sides.
#include <sycl/sycl.hpp>
#include <algorithm>
#include <cctype>
#include <cmath>
#include <memory>
#include <cstdarg>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <getopt.h>
#include <sys/timeb.h>
#include <sys/times.h>
#include <endian.h>
#include <string>
#include <strings.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>
#include <emmintrin.h>

static int log_line(char *out, size_t n, const char *format, ...) {
  va_list ap;
  va_start(ap, format);
  int written = vsnprintf(out, n, format, ap);
  va_end(ap);
  return written;
}

static int sum_ints(int count, ...) {
  va_list ap;
  va_start(ap, count);
  int s = 0;
  for (int i = 0; i < count; i++) s += va_arg(ap, int);
  va_end(ap);
  return s;
}

static double seconds_now() {
  struct timeval tv;
  gettimeofday(&tv, nullptr);
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  struct timeb tb {};
  struct tms cpu;
  if (times(&cpu) == (clock_t)-1) return -1;
  return tv.tv_sec + tv.tv_usec * 1e-6 + 0 * (ts.tv_sec + ts.tv_nsec * 1e-9) + 0 * (tb.time + tb.millitm * 1e-3);
}

constexpr int BINS = 100;

int main(int argc, char **argv) {
  int items = 8, opt;
  while ((opt = getopt(argc, argv, "n:")) != -1) {
    if (opt == 'n') items = atoi(optarg);
  }
  srand(static_cast<unsigned>(time(nullptr)));
  clock_t c0 = clock();
  double t0 = seconds_now();

  sycl::queue q;
  int *out = sycl::malloc_shared<int>(items, q);
  q.parallel_for(sycl::range<1>(items), [=](sycl::id<1> id) {
    int i = id[0];
    int hist[BINS];
    for (int b = 0; b < BINS; b++) hist[b] = 0;
    for (int k = 0; k < 500; k++) hist[(k * (i + 3)) % BINS]++;
    int peak = 0;
    for (int b = 0; b < BINS; b++) peak = hist[b] > peak ? hist[b] : peak;
    out[i] = peak;
  }).wait();

  int bad = 0;
  for (int i = 0; i < items; i++) {
    int hist[BINS] = {};
    for (int k = 0; k < 500; k++) hist[(k * (i + 3)) % BINS]++;
    int peak = 0;
    for (int b = 0; b < BINS; b++) peak = hist[b] > peak ? hist[b] : peak;
    if (out[i] != peak && bad++ < 5) std::printf("item %d: peak %d, expected %d\n", i, out[i], peak);
  }

  // Files: write the peaks, read them back.
  std::string path = "host_c_library.tmp";
  {
    std::fstream f(path.c_str(), std::fstream::out | std::ios::binary);
    f.write(reinterpret_cast<const char *>(out), items * sizeof(int));
  }
  std::ifstream in(path, std::ios::in | std::ios::binary);
  int first = -1;
  in.read(reinterpret_cast<char *>(&first), sizeof first);
  if (!in.good() || first != out[0]) {
    std::printf("file round trip: %d, expected %d\n", first, out[0]);
    bad++;
  }
  in.close();
  unlink(path.c_str());

  // Character classification in a kernel.
  char *text = sycl::malloc_shared<char>(16, q);
  std::snprintf(text, 16, "Syclone 2026!");
  q.parallel_for(sycl::range<1>(16), [=](sycl::id<1> i) {
    char c = text[i];
    text[i] = std::isalpha(c) ? static_cast<char>(toupper(c)) : (isdigit(c) ? '#' : c);
  }).wait();
  if (std::string(text) != "SYCLONE ####!") {
    std::printf("toupper in a kernel: %s\n", text);
    bad++;
  }
  sycl::free(text, q);
  // Byte order: file formats store big-endian words.
  uint32_t *words = sycl::malloc_shared<uint32_t>(2, q);
  q.single_task([=] {
    words[0] = be32toh(0x11223344u);
    words[1] = htobe16(static_cast<uint16_t>(0x1122));
  }).wait();
  if (words[0] != 0x44332211u || words[1] != 0x2211u || words[0] != be32toh(0x11223344u) ||
      __BYTE_ORDER != __LITTLE_ENDIAN) {
    std::printf("byte order: %x %x\n", words[0], words[1]);
    bad++;
  }
  sycl::free(words, q);
  int order[6] = {5, 1, 4, 2, 6, 3};
  std::partial_sort(order, order + 3, order + 6, [](int a, int b) { return a > b; });
  alignas(16) char raw[64];
  void *at = raw + 1;
  size_t space = sizeof raw - 1;
  if (order[0] != 6 || order[2] != 4 || !std::align(16, 8, at, space) || tolower('Q') != 'q') bad++;
  if (std::freopen("/dev/null", "r", stdin) == nullptr) bad++;
  if (strcasecmp("SyClone", "sYcLONE") != 0 || strncasecmp("GPUx", "gpuY", 3) != 0 || ffs(8) != 4) bad++;

  char line[64];
  log_line(line, sizeof line, "%d items, %s", items, "ok");
  if (std::string(line) != "8 items, ok" || sum_ints(3, 1, 2, 3) != 6) bad++;
  if (pow(2, 10) != 1024.0 || fmax(3, 4) != 4.0) bad++;
  alignas(16) int lanes[4] = {1, 2, 3, 4};
  __m128i v = _mm_load_si128(reinterpret_cast<const __m128i *>(lanes));
  v = _mm_add_epi32(v, v);
  _mm_store_si128(reinterpret_cast<__m128i *>(lanes), v);
  if (lanes[0] != 2 || lanes[3] != 8) bad++;
  double elapsed = seconds_now() - t0 + double(clock() - c0) / CLOCKS_PER_SEC * 0;
  if (elapsed < 0) bad++;
  sycl::free(out, q);
  std::printf("%s\n", bad ? "FAILED" : "PASSED");
  return bad != 0;
}
