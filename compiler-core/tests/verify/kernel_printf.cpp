// Kernel printf (sycl::ext::oneapi::experimental::printf): the format must
// be a string literal, or a constant array initialised by one, and is
// checked against the arguments as clang's -Wformat checks printf: too few
// arguments, an invalid conversion, a value that is not a number or a
// string literal are errors; a type that does not match, or an extra
// argument, a warning. C's printf is variadic: kernels cannot call it.
#include <sycl/sycl.hpp>

static const char format[] = "%d\n";
enum class color { red, green };
struct pair {
  int a, b;
};

int main() {
  sycl::queue q;
  const char *chosen = "chosen at run time";
  q.single_task([=] { // expected-note 1+ {{in the kernel invoked here}}
    using sycl::ext::oneapi::experimental::printf;
    printf(format, 1);
    printf("%s %c %5.2f %lu %hhx %d\n", "text", 'c', 1.0f, 2ul, (unsigned char)3, color::green);
    printf("%*d|%-*.*f\n", 4, 5, 8, 2, 6.0);
    printf("%d %f\n", 1.5, 2); // expected-warning {{format specifies type 'int' but argument 2 has type 'double'}} expected-warning {{format specifies type 'double' but argument 3 has type 'int'}}
    printf("%ld\n", 3); // expected-warning {{format specifies type 'long' but argument 2 has type 'int'}}
    printf("%hhd %hd %d\n", 300, (short)1, (char)2); // expected-warning {{format specifies type 'char' but argument 2 has type 'int'}}
    printf("%d\n", 1, 2); // expected-warning {{data argument not used by format string}}
    printf("%d %d\n", 1); // expected-error {{more '%' conversions than data arguments}}
    printf("%s\n", 5); // expected-error {{format specifies type 'char *' but argument 2 has type 'int'}}
    printf("%k\n", 5); // expected-error {{invalid conversion specifier 'k' in the format of printf in device code}}
    printf("%d\n", pair{1, 2}); // expected-error {{argument 2 of printf has type 'pair': printf in device code prints numbers and string literals}}
    printf(chosen); // expected-error {{the format of printf in device code must be a string literal}}
    ::printf("%d\n", 1); // expected-error {{SYCL kernel cannot call a variadic function}} expected-note {{print from device code with sycl::ext::oneapi::experimental::printf}}
  });
  q.wait();
  return 0;
}
