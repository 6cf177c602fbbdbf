// Recovery: several errors in one file, each reported once.
int a = ; // expected-error {{expected}}
int b = 2;
void f() {
    int c = 1 +; // expected-error {{expected}}
    return;
}
int d = 1 * ; // expected-error {{expected an expression}}
int main() { return b; }
int e = ); // expected-error {{expected an expression, found ')'}}
int g = e;
