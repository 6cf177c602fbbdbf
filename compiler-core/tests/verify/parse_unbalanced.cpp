// Unbalanced parentheses and braces.
int g(int x) {
    return (x + 1; // expected-error {{expected ')'}}
}

int h(int x) {
    if (x) {
        return 1;
    return 0;
} // expected-error@+1 {{expected '}'}}
