// Reference binding in overload resolution ([over.ics.rank] 3.2.3): an
// rvalue prefers T&& to const T&, an lvalue can only take const T&; an
// initializer-list constructor may have defaulted parameters after the list.
// expected-no-diagnostics
#include <sycl/sycl.hpp>
#include <type_traits>
#include <utility>
#include <vector>

struct Sink {
    int take(const int &) const { return 1; }
    long take(int &&) const { return 2; }
};
static_assert(std::is_same_v<decltype(Sink{}.take(3)), long>, "rvalue binds to int&&");
static_assert(std::is_same_v<decltype(Sink{}.take(std::declval<int &>())), int>, "lvalue binds to const int&");

int main() {
    std::vector<int> list{1, 2, 3};  // vector(initializer_list<T>, const Alloc& = Alloc())
    list.push_back(4);               // push_back(T&&)
    int five = 5;
    list.push_back(five);            // push_back(const T&)
    list.emplace_back(6);
    std::vector<float> copied(list.begin(), list.end());
    sycl::queue q;
    int *out = sycl::malloc_shared<int>(2, q);
    q.single_task([=] {
        Sink s;
        int x = 7;
        out[0] = int(s.take(x + 1));  // 2
        out[1] = s.take(x);           // 1
    }).wait();
    sycl::free(out, q);
    return copied.size() == 6 ? 0 : 1;
}
