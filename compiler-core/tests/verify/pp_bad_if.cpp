// Malformed #if expressions.
#if // expected-error {{expected value in expression}}
#endif

#if 1 + // expected-error {{expected value}}
#endif

#if (1 // expected-error {{expected ')'}}
#endif

int main() { return 0; }
