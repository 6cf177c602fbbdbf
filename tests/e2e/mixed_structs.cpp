// Classes of mixed scalar types in global and local memory: a particle of
// floats, an int and a flag; std::pair<float, int>; a struct of chars and
// shorts with padding; a double beside an int; pointers to members and
// pointer arithmetic over such arrays; a local_accessor of structs; USM
// memory a kernel receives as `void *` and views as other types.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <utility>

struct Particle {
  float x, y;
  int hits;
  bool alive;
  unsigned char kind;
  short charge;
};

struct Sample {
  double value;
  int count;
};

struct Small {
  char tag;
  short level;
};

int main() {
  sycl::queue q;
  int failures = 0;
  auto check = [&](bool ok, const char *what) {
    if (!ok) {
      printf("FAILED: %s\n", what);
      ++failures;
    }
  };
  const int n = 45;

  // Buffers of a mixed struct: read, modified member by member, written whole.
  std::vector<Particle> ps(n);
  for (int i = 0; i < n; ++i)
    ps[i] = Particle{float(i), float(-i), i * 3, i % 2 == 0, (unsigned char)(200 + i), (short)(-100 * i)};
  {
    sycl::buffer<Particle> b(ps.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler &h) {
      sycl::accessor a{b, h, sycl::read_write};
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
        Particle p = a[i];
        p.x += 0.5f;
        p.hits += 1;
        p.alive = !p.alive;
        a[i] = p;
        a[i].kind += 1;
        a[i].charge -= 7;
      });
    });
  }
  bool ok = true;
  for (int i = 0; i < n; ++i)
    ok = ok && ps[i].x == i + 0.5f && ps[i].y == -i && ps[i].hits == i * 3 + 1 &&
         ps[i].alive == (i % 2 != 0) && ps[i].kind == (unsigned char)(201 + i) &&
         ps[i].charge == (short)(-100 * i - 7);
  check(ok, "buffer of a mixed struct");

  // std::pair in USM: the index of the smallest value per work-item pair.
  auto *pairs = sycl::malloc_shared<std::pair<float, int>>(n, q);
  for (int i = 0; i < n; ++i) pairs[i] = {float((i * 7) % 11), i};
  q.parallel_for(sycl::range<1>(n - 1), [=](sycl::id<1> i) {
     auto a = pairs[i];
     auto b = pairs[i + 1];
     if (b.first < a.first) pairs[i].second = -b.second;
   }).wait();
  ok = true;
  for (int i = 0; i + 1 < n; ++i) {
    float a = float((i * 7) % 11), b = float(((i + 1) * 7) % 11);
    ok = ok && pairs[i].first == a && pairs[i].second == (b < a ? -(i + 1) : i);
  }
  check(ok, "std::pair<float, int> in USM");

  // Narrow members written by neighbouring work-items, through a pointer to a member.
  auto *smalls = sycl::malloc_shared<Small>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
     Small *s = smalls + i[0];
     short *level = &s->level;
     s->tag = char('a' + i[0] % 26);
     *level = short(i[0] * -300);
   }).wait();
  ok = true;
  for (int i = 0; i < n; ++i) ok = ok && smalls[i].tag == 'a' + i % 26 && smalls[i].level == i * -300;
  check(ok, "struct of char and short, pointer to a member");

  // A double beside an int (where the device has fp64).
  if (q.get_device().has(sycl::aspect::fp64)) {
    auto *samples = sycl::malloc_shared<Sample>(n, q);
    for (int i = 0; i < n; ++i) samples[i] = {i * 0.25, i};
    q.single_task([=] {
       for (int i = 1; i < n; ++i) {
         samples[i].value += samples[i - 1].value;
         samples[i].count += samples[i - 1].count;
       }
     }).wait();
    double sum = 0;
    int count = 0;
    ok = true;
    for (int i = 0; i < n; ++i) {
      sum += i * 0.25;
      count += i;
      ok = ok && samples[i].value == sum && samples[i].count == count;
    }
    check(ok, "struct of double and int");
    sycl::free(samples, q);
  }

  // A local_accessor of mixed structs: each work-group reverses its particles.
  const int wg = 8, groups = 4;
  std::vector<Particle> out(wg * groups);
  {
    sycl::buffer<Particle> b(out.data(), sycl::range<1>(wg * groups));
    q.submit([&](sycl::handler &h) {
      sycl::accessor a{b, h, sycl::write_only};
      sycl::local_accessor<Particle, 1> tile(sycl::range<1>(wg), h);
      h.parallel_for(sycl::nd_range<1>(wg * groups, wg), [=](sycl::nd_item<1> it) {
        int l = int(it.get_local_id(0));
        int g = int(it.get_global_id(0));
        tile[l] = Particle{float(g), 1.0f, g, g % 3 == 0, (unsigned char)g, (short)-g};
        sycl::group_barrier(it.get_group());
        a[g] = tile[wg - 1 - l];
      });
    });
  }
  ok = true;
  for (int g = 0; g < wg * groups; ++g) {
    int src = g - g % wg + (wg - 1 - g % wg);
    ok = ok && out[g].x == src && out[g].hits == src && out[g].alive == (src % 3 == 0) &&
         out[g].kind == src && out[g].charge == -src;
  }
  check(ok, "local_accessor of a mixed struct");

  // Untyped memory: one kernel writes ints and shorts through casts of a
  // void *, another reads it as int4s and halves of the same bytes.
  void *raw = sycl::malloc_shared(64 * sizeof(int), q);
  int *words = sycl::malloc_shared<int>(64, q);
  q.parallel_for(sycl::range<1>(32), [=](sycl::id<1> i) {
     int k = int(i[0]);
     static_cast<int *>(raw)[k] = k * 1001;
     short *tail = reinterpret_cast<short *>(static_cast<int *>(raw) + 32);
     tail[2 * k] = short(-k);
     tail[2 * k + 1] = short(k + 7);
   }).wait();
  q.parallel_for(sycl::range<1>(16), [=](sycl::id<1> i) {
     int k = int(i[0]);
     const sycl::int4 *quads = static_cast<const sycl::int4 *>(raw);
     sycl::int4 v = quads[k / 2];
     words[k] = v[(k % 2) * 2] + v[(k % 2) * 2 + 1];
     const unsigned short *halves = reinterpret_cast<const unsigned short *>(quads + 8);
     words[16 + k] = halves[4 * k] + halves[4 * k + 1];
   }).wait();
  ok = true;
  for (int k = 0; k < 16; ++k) {
    int a = (k / 2) * 4 + (k % 2) * 2;
    ok = ok && words[k] == a * 1001 + (a + 1) * 1001;
    int j = 2 * k;  // the halves at 4k and 4k + 1: -j as unsigned short and j + 7
    ok = ok && words[16 + k] == int((unsigned short)(-j)) + j + 7;
  }
  check(ok, "void * viewed as int, short, int4 and unsigned short");

  sycl::free(raw, q);
  sycl::free(words, q);
  sycl::free(pairs, q);
  sycl::free(smalls, q);
  if (failures == 0) printf("PASSED\n");
  return failures != 0;
}
