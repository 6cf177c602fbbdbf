// Odd Unicode in identifiers and strings: right-to-left marks, combining
// characters, zero-width joiners, emoji, noncharacters, BOM in the middle.
int café = 1;
int 变量 = 2;
int x‮y = 3;
int ́ = 4;
int a‍b = 5;
int 😀 = 6;
const char *s = "﻿￾￿\u200d\U0010FFFF\U00110000";
const char *t = u8"\ud800";
char16_t u = u'\U0001F600';
int \u00e9t\u00E9 = 7;
int \u0000 = 8;
int \U0000D800 = 9;
int \u = 10;
int \U1234 = 11;
﻿
