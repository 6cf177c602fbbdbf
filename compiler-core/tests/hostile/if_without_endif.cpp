#if 1
int x;
#ifdef FOO
#else
