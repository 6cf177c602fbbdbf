// Templates: packs, folds, variable templates, template template params.
#include <cstddef>
template <typename... Ts> struct type_list {};
template <typename T, typename... Rest>
constexpr std::size_t count_args(T, Rest... rest) { return 1 + sizeof...(Rest); }
template <typename... Ts> auto sum(Ts... args) { return (args + ...); }
template <typename... Ts> auto sum_left(Ts... args) { return (... + args); }
template <typename... Ts> auto sum_init(Ts... args) { return (0 + ... + args); }
template <typename... Ts> bool all(Ts... args) { return (args && ...); }
template <class T> constexpr bool is_int_v = false;
template <> constexpr bool is_int_v<int> = true;
template <template <class> class C, class T> struct wrap { C<T> inner; };
template <template <typename, typename...> typename C> struct wrap2 {};
template <class T> struct box { T v; };
wrap<box, int> wb;
template <typename F, typename... Args> void call(F f, Args&&... args) { f(static_cast<Args&&>(args)...); }
template <typename... Bases> struct multi : Bases... { using Bases::operator()...; };
template <class T> struct holder { T value; };
template struct holder<int>;
template <> struct holder<float> { float value; int extra; };
template <class T> struct holder<T*> { T* p; };
template <int... Is> struct seq {};
using s3 = seq<1, 2, 3>;
template <class T, int N = 4> struct vec { T data[N]; };
template <class T> struct outer { template <class U> struct inner { U u; }; };
template <class T> struct X { void f(); static int counter; template <class U> void g(U); };
template <class T> void X<T>::f() {}
template <class T> int X<T>::counter = 0;
template <class T> template <class U> void X<T>::g(U) {}
template <class T, std::size_t N> struct buffer { buffer(T*, int) {} };
template <class T> buffer(T*, int) -> buffer<T, 1>;
template <typename T> struct A { };
A<A<int>> aa;
template <bool B> struct B1 {};
B1<(1 > 2)> b1;
extern template struct holder<double>;
template <typename... Ts> constexpr std::size_t n_types = sizeof...(Ts);
static_assert(n_types<int, float> == 2, "two");
static_assert(sizeof(int) == 4);
