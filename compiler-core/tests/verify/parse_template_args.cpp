// Bad template argument lists.
template <typename T> struct Box { T value; };

Box<int x; // expected-error {{expected '>'}}

template <typename T, > struct Bad {}; // expected-error {{expected a template parameter}}

int main() { return 0; }
