// An error inside a macro expansion is reported at the expansion site,
// with a note at the spelling in the macro definition.
#define DECLARE_BROKEN int = 3;

DECLARE_BROKEN // expected-error {{expected a name in declaration}} expected-note@-2 {{expanded from macro 'DECLARE_BROKEN'}}

int main() { return 0; }
