// Macro invocation errors.
#define TWO(a, b) a + b

int x = TWO(1); // expected-error {{}}
int y = TWO(1, 2, 3); // expected-error {{}}
#define F(x // expected-error {{}}

int main() { return 0; }
