// Lexical errors.
const char *s = "unterminated; // expected-error {{missing terminating}}
int main() { return 0; }
/* an unterminated comment // expected-error {{unterminated}}
