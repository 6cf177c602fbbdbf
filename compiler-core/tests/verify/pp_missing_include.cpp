// A header that is nowhere on the include path.
#include "no_such_header.hpp" // expected-error {{'no_such_header.hpp' file not found}}

int main() { return 0; }
