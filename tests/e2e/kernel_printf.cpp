// Kernel printf (sycl::ext::oneapi::experimental::printf): what kernels
// print reaches stdout when the host waits, each call whole, formatted as
// the host's printf formats it: every conversion, flag, width, precision
// and length modifier, `*` widths, %s of string literals (also of one chosen
// at run time, an element of an array of them, or a pointer into one), formats in
// constant arrays (DPC++'s idiom), <cinttypes> format macros (`"%" PRIu64`), printf in functions and templates the
// kernel calls, several kernels before one wait, and in order with what
// the host prints around them. A full buffer drops whole calls. The
// program reads its own stdout back (redirected to a temporary file).
#include <sycl/sycl.hpp>
#include <unistd.h>
#include <algorithm>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#ifdef __SYCL_DEVICE_ONLY__
#define CONSTANT __attribute__((opencl_constant))
#else
#define CONSTANT
#endif

namespace ex = sycl::ext::oneapi::experimental;

static const CONSTANT char item_format[] = "item %d of %zu: %.3f\n";

// Runs `work` with stdout going to a temporary file; returns what it printed.
template <typename Work>
std::string captured_stdout(Work work) {
  std::fflush(stdout);
  std::FILE *file = std::tmpfile();
  int saved = dup(1);
  dup2(fileno(file), 1);
  work();
  std::fflush(stdout);
  dup2(saved, 1);
  close(saved);
  std::string out;
  std::rewind(file);
  char chunk[4096];
  size_t n;
  while ((n = std::fread(chunk, 1, sizeof chunk, file)) > 0) out.append(chunk, n);
  std::fclose(file);
  return out;
}

std::vector<std::string> lines_of(const std::string &text) {
  std::vector<std::string> lines;
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return lines;
}

template <typename T>
void print_twice(T value) {
  ex::printf("twice: %g\n", static_cast<double>(value) * 2);
}

void print_sum(int a, long b) { ex::printf("sum %d + %ld = %ld\n", a, b, a + b); }

// A tag the caller chooses at run time.
void tagged(const char *tag, int value) { ex::printf("%s=%d\n", tag, value); }

int failures = 0;
void check(bool ok, const char *what, const std::string &got, const std::string &want) {
  if (!ok) {
    std::printf("FAILED %s:\n got: [%s]\nwant: [%s]\n", what, got.c_str(), want.c_str());
    ++failures;
  }
}

int main() {
  sycl::queue q;

  // Every conversion, against the host's own printf.
  const char *const all_format =
      "%5d|%-5d|%05d|%+d|% d|%x|%X|%#o|%#x|%u|%hhd|%hu|%ld|%lld|%llu|%c|%s|%10s|%-6s|%.2s|"
      "%e|%E|%g|%G|%a|%f|%.0f|%10.4f|%-9.2e|%*d|%-*.*f|%%|%i\n";
  char want_all[1024];
  std::snprintf(want_all, sizeof want_all, all_format, 42, 42, 42, 42, 42, 255u, 255u, 8u, 255u, 4000000000u,
                static_cast<signed char>(-5), static_cast<unsigned short>(65535), -1234567890123L, 1LL << 40, 18446744073709551615ull, 'Z', "text", "right", "left",
                "truncated", 12345.678, 0.000123, 1e-5, 1e20, 1.0, 3.14159f, 2.5, -1.5, 6.02e23, 6, 7, 8, 3,
                2.0 / 3, -9);
  std::string got_all = captured_stdout([&] {
    q.single_task([=] {
       ex::printf("%5d|%-5d|%05d|%+d|% d|%x|%X|%#o|%#x|%u|%hhd|%hu|%ld|%lld|%llu|%c|%s|%10s|%-6s|%.2s|"
                  "%e|%E|%g|%G|%a|%f|%.0f|%10.4f|%-9.2e|%*d|%-*.*f|%%|%i\n",
                  42, 42, 42, 42, 42, 255u, 255u, 8u, 255u, 4000000000u, static_cast<signed char>(-5),
                  static_cast<unsigned short>(65535), -1234567890123L, 1LL << 40,
                  18446744073709551615ull, 'Z', "text", "right", "left", "truncated", 12345.678, 0.000123, 1e-5,
                  1e20, 1.0, 3.14159f, 2.5, -1.5, 6.02e23, 6, 7, 8, 3, 2.0 / 3, -9);
     }).wait();
  });
  check(got_all == want_all, "every conversion", got_all, want_all);

  // One line per work-item, format in a constant array: all present, whole.
  const size_t n = 64;
  std::string got_items = captured_stdout([&] {
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
       int k = static_cast<int>(i[0]);
       ex::printf(item_format, k, n, k * 0.5f);
     }).wait();
  });
  std::vector<std::string> items = lines_of(got_items), want_items;
  for (size_t k = 0; k < n; ++k) {
    char line[64];
    std::snprintf(line, sizeof line, "item %d of %zu: %.3f", static_cast<int>(k), n, k * 0.5f);
    want_items.push_back(line);
  }
  std::sort(items.begin(), items.end());
  std::sort(want_items.begin(), want_items.end());
  check(items == want_items, "one line per work-item", got_items, "item 0..63");

  // Functions and templates the kernel calls; two kernels, one wait; the
  // host's output before and after stays in order.
  std::string got_order = captured_stdout([&] {
    std::printf("host before\n");
    q.single_task([=] {
      print_twice(1.25f);
      print_twice(21);
    });
    q.single_task([=] { print_sum(2, 40); });
    q.wait();
    std::printf("host after\n");
  });
  std::string want_order = "host before\ntwice: 2.5\ntwice: 42\nsum 2 + 40 = 42\nhost after\n";
  check(got_order == want_order, "order", got_order, want_order);

  // More than the buffer holds (1 MiB on GPUs): whole lines, none torn.
  const size_t many = 40000;
  std::string got_many = captured_stdout([&] {
    q.parallel_for(sycl::range<1>(many), [=](sycl::id<1> i) {
       ex::printf("line %d %d\n", static_cast<int>(i[0]), static_cast<int>(i[0]) * 3);
     }).wait();
  });
  std::vector<std::string> many_lines = lines_of(got_many);
  bool whole = many_lines.size() >= 20000 && many_lines.size() <= many;
  for (const std::string &l : many_lines) {
    int a = -1, b = -1;
    whole = whole && std::sscanf(l.c_str(), "line %d %d", &a, &b) == 2 && b == 3 * a;
  }
  check(whole, "a full buffer", std::to_string(many_lines.size()) + " lines", "whole lines");

  // <cinttypes> format macros, as ported code prints fixed-width integers.
  std::string got_fixed = captured_stdout([&] {
    q.single_task([=] {
       std::uint64_t big = 0x123456789ull;
       std::int32_t neg = -7;
       ex::printf("%" PRIu64 " %" PRIx64 " %" PRId32 " %" PRIuPTR "\n", big, big, neg, sizeof(big));
     }).wait();
  });
  char want_fixed[96];
  std::snprintf(want_fixed, sizeof want_fixed, "%" PRIu64 " %" PRIx64 " %" PRId32 " %" PRIuPTR "\n",
                std::uint64_t{0x123456789ull}, std::uint64_t{0x123456789ull}, std::int32_t{-7}, sizeof(std::uint64_t));
  check(got_fixed == want_fixed, "cinttypes formats", got_fixed, want_fixed);

  // %s of strings chosen at run time: a conditional, an array of literals
  // indexed by the work-item, a pointer into a literal, through a function.
  std::string got_chosen = captured_stdout([&] {
    q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) {
       int k = static_cast<int>(i[0]);
       const char *parity = k % 2 ? "odd" : "even";
       const char *names[4] = {"red", "green", "blue", "cyan"};
       const char *word = "abcdef";
       tagged(names[k], k);
       ex::printf("%d %s %s|%3.2s|\n", k, parity, word + k, names[3 - k]);
     }).wait();
  });
  std::vector<std::string> chosen = lines_of(got_chosen);
  std::sort(chosen.begin(), chosen.end());
  std::vector<std::string> want_chosen = {"0 even abcdef| cy|", "1 odd bcdef| bl|", "2 even cdef| gr|",
                                          "3 odd def| re|",     "blue=2",          "cyan=3",
                                          "green=1",            "red=0"};
  check(chosen == want_chosen, "strings chosen at run time", got_chosen, "eight lines");

  // The buffer is emptied after each wait: the next kernel prints anew.
  std::string got_after = captured_stdout([&] { q.single_task([=] { ex::printf("after %s\n", "overflow"); }).wait(); });
  check(got_after == "after overflow\n", "after a full buffer", got_after, "after overflow");

  if (failures) return 1;
  std::printf("PASSED\n");
  return 0;
}
