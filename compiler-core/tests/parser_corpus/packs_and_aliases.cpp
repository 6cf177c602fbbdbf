// Pack expansions in template argument lists and namespace aliases.
namespace outer { namespace inner { int depth = 2; } }
namespace oi = outer::inner;
namespace oi2 = ::outer::inner;
int read_alias() { return oi::depth + oi2::depth; }
template <class... Ts> struct tuple {};
template <class F, class... Args> void call(F f, Args&&... args) {
  tuple<Args&&...> t;
  f(static_cast<Args&&>(args)...);
}
template <class... Ts> void forward_all(Ts... xs) { call<void (*)(Ts...), Ts...>(nullptr, xs...); }
int (*ptr_to_array)[3];
