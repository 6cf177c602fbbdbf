// Function-like bomb: each argument is used twice, nested.
#define F(x) x x
#define G(x) F(F(F(F(x))))
#define H(x) G(G(G(G(x))))
#define I(x) H(H(H(H(x))))
int v = I(I(1));
