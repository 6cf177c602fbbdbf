#include "include_self.cpp"
int x;
