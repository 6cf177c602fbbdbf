// Alternative spellings: digraphs (with the `<::` rule) and universal
// character names in identifiers.
%:define N 4
%:define CAT(a, b) a %:%: b
%:define STR(x) %:x
struct T <% int v; %>;
int CAT(ar, r)<:N:> = <%1, 2, 3, 4%>;
template <class X> struct S <% X x; %>;
S<::T> s;
const char *name = STR(<::>);
int caf\u00e9 = 1;
int use_cafe() <% return café + arr<:0:> + s.x.v; %>
