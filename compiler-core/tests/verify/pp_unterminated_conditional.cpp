// A conditional without its #endif.
int main() { return 0; }

#ifdef FOO // expected-error {{unterminated conditional directive}}
int x;
