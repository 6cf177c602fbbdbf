// Missing closing brackets get fix-its; recovery goes on to the next declaration.
int arr[4 = {1, 2, 3, 4}; // expected-error {{expected ']'}}

int call(int a, int b) { return a + b; }
int v = call(1, 2; // expected-error {{expected ')'}}

int main() { return v; }
