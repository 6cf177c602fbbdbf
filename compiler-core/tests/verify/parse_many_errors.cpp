// Recovery: several errors in one file, each reported once.
int a = ; // expected-error {{expected}}
int b = 2;
void f() {
    int c = 1 +; // expected-error {{expected}}
    return;
}
int d = ); // expected-error {{expected}}
int main() { return b; }
