#define ID(x) x
int v = ID(ID(ID(ID(ID(ID(ID(ID(ID(ID(ID(ID(ID(ID(ID(ID(ID(ID(ID(ID(1))))))))))))))))))));
int bad = ; // the nesting above is valid; this line is the error
