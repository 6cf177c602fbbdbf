// Misused directives.
#endif // expected-error {{#endif without #if}}
#else // expected-error {{#else without #if}}
#foo // expected-error {{invalid preprocessing directive '#foo'}}
#define // expected-error {{macro name}}
#include // expected-error {{expected "FILENAME" or <FILENAME>}}

int main() { return 0; }
