// Recursive-looking macros must stop expanding (hide sets), not loop.
#define foo foo bar
#define bar foo
#define f(x) g(x) f(x)
#define g(x) f(x) x
#define LPAREN (
#define h(x) h LPAREN x )
int a = foo;
int b = f(f(1));
int c = h(h(2));
#define self self
self;
