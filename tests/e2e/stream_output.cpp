// sycl::stream: every operand type and manipulator, formatted as
// std::ostream formats it on the host; whole lines from many work-items;
// statements that end without a newline; vectors (`{1, 2}`, as DPC++
// prints them); a full stream drops output
// without failing. The program captures its own stdout to check it.
#include <sycl/sycl.hpp>
#include <algorithm>
#include <cstdio>
#include <iomanip>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

// Runs `f`, returning what it printed to stdout.
template <typename F>
std::string capture_stdout(F f) {
  std::fflush(stdout);
  int saved = dup(1);
  FILE *tmp = std::tmpfile();
  dup2(fileno(tmp), 1);
  f();
  std::fflush(stdout);
  dup2(saved, 1);
  close(saved);
  std::string text;
  std::rewind(tmp);
  char buf[4096];
  for (size_t n; (n = std::fread(buf, 1, sizeof buf, tmp)) > 0;) text.append(buf, n);
  std::fclose(tmp);
  return text;
}

std::vector<std::string> lines_of(const std::string &text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

int main() {
  sycl::queue q;
  int errors = 0;
  auto check = [&](const std::string &got, const std::string &want, const char *what) {
    if (got != want) {
      std::printf("FAILED: %s\n  got:  [%s]\n  want: [%s]\n", what, got.c_str(), want.c_str());
      errors++;
    }
  };

  // Formatting, checked against std::ostringstream.
  std::string formatted = capture_stdout([&] {
    // One kernel per line: Vulkan drivers that compile with LLVM
    // (lavapipe) are slow on kernels with very many `<<`.
    auto kernel = [&](auto body) {
      q.submit([&](sycl::handler &h) {
         sycl::stream out(4096, 512, h);
         h.single_task([=]() { body(out); });
       }).wait();
    };
    kernel([](const sycl::stream &out) {
      int neg = -42;
      unsigned big = 4000000000u;
      long long wide = -1234567890123ll;
      out << "ints " << neg << ' ' << big << ' ' << 0 << ' ' << wide << sycl::endl;
    });
    kernel([](const sycl::stream &out) {
      out << "bases " << sycl::hex << 255 << ' ' << sycl::showbase << 255 << ' ' << sycl::oct << 8
          << sycl::noshowbase << sycl::dec << ' ' << sycl::showpos << 7 << sycl::noshowpos << sycl::endl;
    });
    kernel([](const sycl::stream &out) {
      out << "floats " << 0.5f << ' ' << 3.25f << ' ' << -2.75f << ' ' << 1024.0f << sycl::endl;
    });
    kernel([](const sycl::stream &out) {
      out << "floats " << 17179869184.0f << ' ' << 0.000030517578125f << ' ' << 100000.0f << ' ' << 1000000.0f
          << sycl::endl;
    });
    kernel([](const sycl::stream &out) {
      out << "fixed " << sycl::fixed << sycl::setprecision(2) << 3.25f << ' ' << 1.0f << ' ' << sycl::scientific
          << 1536.0f << sycl::defaultfloat << sycl::setprecision(3) << ' ' << 3.14159f << sycl::endl;
    });
    kernel([](const sycl::stream &out) {
      out << "misc [" << sycl::setw(5) << 42 << "] " << true << ' ' << false << ' ' << 'c' << sycl::endl;
    });
    kernel([](const sycl::stream &out) { out << "no newline at the end"; });
  });
  std::ostringstream want;
  want << "ints " << -42 << ' ' << 4000000000u << ' ' << 0 << ' ' << -1234567890123ll << '\n';
  want << "bases " << std::hex << 255 << ' ' << std::showbase << 255 << ' ' << std::oct << 8 << std::noshowbase
       << std::dec << ' ' << std::showpos << 7 << std::noshowpos << '\n';
  want << "floats " << 0.5f << ' ' << 3.25f << ' ' << -2.75f << ' ' << 1024.0f << '\n';
  want << "floats " << 17179869184.0f << ' ' << 0.000030517578125f << ' ' << 100000.0f << ' ' << 1000000.0f
       << '\n';
  want << "fixed " << std::fixed << std::setprecision(2) << 3.25f << ' ' << 1.0f << ' ' << std::scientific
       << 1536.0f << std::defaultfloat << std::setprecision(3) << ' ' << 3.14159f << '\n';
  want << "misc [" << std::setw(5) << 42 << "] " << "true false c\n";
  want << "no newline at the end";
  std::vector<std::string> got_lines = lines_of(formatted), want_lines = lines_of(want.str());
  if (got_lines.size() != want_lines.size()) {
    std::printf("FAILED: %zu lines, expected %zu:\n%s\n", got_lines.size(), want_lines.size(), formatted.c_str());
    errors++;
  } else {
    for (size_t i = 0; i < want_lines.size(); ++i) check(got_lines[i], want_lines[i], "formatting");
  }

  // Many work-items: every line whole; indices in an nd_range.
  const size_t n = 256;
  std::string many = capture_stdout([&] {
    q.submit([&](sycl::handler &h) {
      sycl::stream out(65536, 128, h);
      h.parallel_for(sycl::nd_range<1>(n, 64), [=](sycl::nd_item<1> it) {
        size_t i = it.get_global_id(0);
        out << "item " << i << " group " << it.get_group(0) << " square " << i * i << sycl::endl;
      });
    });
    q.wait();
  });
  std::vector<std::string> lines = lines_of(many);
  std::vector<std::string> expect;
  for (size_t i = 0; i < n; ++i)
    expect.push_back("item " + std::to_string(i) + " group " + std::to_string(i / 64) + " square " +
                     std::to_string(i * i));
  std::sort(lines.begin(), lines.end());
  std::sort(expect.begin(), expect.end());
  if (lines != expect) {
    std::printf("FAILED: %zu lines from %zu work-items\n", lines.size(), n);
    errors++;
  }

  // Ids, ranges and items print as DPC++ prints them.
  std::string items = capture_stdout([&] {
    q.submit([&](sycl::handler &h) {
       sycl::stream out(1024, 256, h);
       h.parallel_for(sycl::range<2>(1, 2), [=](sycl::item<2> it) {
         if (it.get_linear_id() == 1) out << it.get_id() << ' ' << it.get_range() << ' ' << it << sycl::endl;
       });
     }).wait();
  });
  check(items, "{0, 1} {1, 2} item(range: {1, 2}, id: {0, 1})\n", "ids, ranges and items");

  // Vectors print as DPC++ prints them: braces, elements as their scalar
  // type prints, ", " between (a swizzle too; half as float).
  std::string vectors = capture_stdout([&] {
    q.submit([&](sycl::handler &h) {
       sycl::stream out(1024, 256, h);
       h.single_task([=]() {
         sycl::float4 f(1.0f, 2.5f, -3.0f, 0.125f);
         out << sycl::int2(1, -2) << ' ' << f << ' ' << f.zyx() << ' ' << sycl::uint3(7u, 8u, 9u) << ' '
             << sycl::vec<sycl::half, 2>(0.5f, 1.0f) << ' ' << sycl::hex << sycl::int2(255, 16) << sycl::endl;
       });
     }).wait();
  });
  check(vectors, "{1, -2} {1, 2.5, -3, 0.125} {-3, 2.5, 1} {7, 8, 9} {0.5, 1} {ff, 10}\n", "vectors");

  // A stream too small for its output keeps what fits and fails nothing.
  std::string small = capture_stdout([&] {
    q.submit([&](sycl::handler &h) {
       sycl::stream out(64, 64, h);
       h.parallel_for(sycl::range<1>(100), [=](sycl::id<1> i) { out << "line " << i[0] << "\n"; });
     }).wait();
  });
  std::vector<std::string> kept = lines_of(small);
  if (kept.empty() || kept.size() >= 100) {
    std::printf("FAILED: a full stream kept %zu of 100 lines\n", kept.size());
    errors++;
  }
  for (const std::string &l : kept)
    if (l.rfind("line ", 0) != 0 && !l.empty()) {
      check(l, "line N", "a full stream keeps whole records");
      break;
    }

  std::printf(errors ? "FAILED\n" : "PASSED\n");
  return errors != 0;
}
