// A missing ';' gets a fix-it to insert it.
int f() {
    int a = 1 // expected-error@+1 {{expected ';'}}
    int b = 2;
    return a + b;
}

struct S {
    int x;
} // expected-error {{expected ';' after struct}}
int main() { return f(); }
