// Linked into every playground program: the C++ exception runtime the
// WebAssembly C++ library lacks (its libc++abi is built without exceptions
// and has no unwinder). Programs are compiled with -fwasm-exceptions: a
// throw is WebAssembly's `throw` of the exception's header, and each
// landing pad that catches asks `_Unwind_CallPersonality` which of its
// clauses matches the exception, from the function's LSDA (the
// gcc_except_table format, with one call-site entry per landing pad, as
// clang writes it for WebAssembly). Catch clauses match by type, by public
// base class (through the Itanium type_info of the thrown class) and
// `catch (...)`; std::exception_ptr (current_exception, rethrow_exception,
// make_exception_ptr) holds a counted reference to the thrown object. An
// exception no handler catches leaves `_start`; the page
// then calls `__syclone_report_uncaught`, which prints it as an uncaught
// exception is printed natively (its type, and what() of a std::exception).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cxxabi.h>
#include <exception>
#include <stdexcept>
#include <typeinfo>

namespace {
// What precedes each thrown object; its address is what WebAssembly throws.
struct Header {
  const std::type_info *type;
  void *(*destroy)(void *);  // a WebAssembly destructor returns its argument
  int handlers;              // catch blocks inside which it is
  int references;            // std::exception_ptr copies
  bool rethrown;             // thrown again from a handler or an exception_ptr
  void *adjusted;            // the object as the matching clause sees it
  Header *next_caught;
};
constexpr std::size_t kHeaderSize = (sizeof(Header) + 15) & ~std::size_t{15};

void *object_of(Header *h) { return reinterpret_cast<char *>(h) + kHeaderSize; }
Header *header_of(void *object) { return reinterpret_cast<Header *>(static_cast<char *>(object) - kHeaderSize); }

Header *caught = nullptr;       // innermost exception being handled
Header *last_thrown = nullptr;  // the one in flight, for the uncaught report
int uncaught = 0;               // thrown and not yet caught

void destroy(Header *h) {
  if (h->destroy) h->destroy(object_of(h));
  std::free(h);
}

// Throws `h` (again).
[[noreturn]] void raise(Header *h) {
  last_thrown = h;
  ++uncaught;
  __builtin_wasm_throw(0, h);
}

// The kinds of type_info, told apart by their vtables (Itanium ABI:
// a class without bases, one public non-virtual base at offset 0, any other
// bases; pointers).
using Words = const void *const *;
const void *vtable_of(const std::type_info *t) { return *reinterpret_cast<Words>(t); }
struct A {};
struct B {};
struct Both : A, B {};
const void *const kClass = vtable_of(&typeid(std::exception));
const void *const kSingleBase = vtable_of(&typeid(std::runtime_error));
const void *const kManyBases = vtable_of(&typeid(Both));
const void *const kPointer = vtable_of(&typeid(int *));

// __vmi_class_type_info after its vtable pointer and name.
struct BaseInfo {
  const std::type_info *type;
  long offset_flags;  // offset << 8 | public 2 | virtual 1
};
struct ManyBases {
  const void *vtable;
  const char *name;
  unsigned flags;
  unsigned count;
  BaseInfo bases[1];
};

// `object` of class type `type` seen as its public base `wanted`, or null.
void *as_base(const std::type_info *type, const std::type_info *wanted, void *object) {
  if (*type == *wanted) return object;
  const void *kind = vtable_of(type);
  if (kind == kSingleBase) {
    return as_base(static_cast<const std::type_info *>(reinterpret_cast<Words>(type)[2]), wanted, object);
  }
  if (kind != kManyBases) return nullptr;
  const auto *many = reinterpret_cast<const ManyBases *>(type);
  for (unsigned i = 0; i < many->count; ++i) {
    const BaseInfo &base = many->bases[i];
    if (!(base.offset_flags & 2)) continue;
    long offset = base.offset_flags >> 8;
    if (base.offset_flags & 1) {
      const char *vtable = *static_cast<const char *const *>(object);
      offset = *reinterpret_cast<const long *>(vtable + offset);
    }
    if (void *found = as_base(base.type, wanted, static_cast<char *>(object) + offset)) return found;
  }
  return nullptr;
}

// What a clause catching `wanted` (null: `catch (...)`) receives of `h`,
// or null when it does not catch it.
void *caught_as(const std::type_info *wanted, Header *h) {
  void *object = object_of(h);
  if (!wanted) return object;
  if (*wanted == *h->type) return vtable_of(wanted) == kPointer ? *static_cast<void **>(object) : object;
  const void *kind = vtable_of(h->type);
  if (kind == kClass || kind == kSingleBase || kind == kManyBases) return as_base(h->type, wanted, object);
  return nullptr;
}

// A LEB128 number at `p` (`is_signed`: sign-extended), `p` moved past it.
std::uintptr_t read_leb(const std::uint8_t *&p, bool is_signed) {
  std::uintptr_t value = 0;
  unsigned shift = 0;
  std::uint8_t byte;
  do {
    byte = *p++;
    value |= std::uintptr_t{byte & 0x7fu} << shift;
    shift += 7;
  } while (byte & 0x80);
  if (is_signed && (byte & 0x40) && shift < 8 * sizeof(value)) value |= ~std::uintptr_t{0} << shift;
  return value;
}
std::uintptr_t read_uleb(const std::uint8_t *&p) { return read_leb(p, false); }
std::intptr_t read_sleb(const std::uint8_t *&p) { return static_cast<std::intptr_t>(read_leb(p, true)); }

// A pointer in DWARF exception-header encoding `encoding` at `p`.
std::uintptr_t read_encoded(const std::uint8_t *&p, std::uint8_t encoding) {
  const std::uint8_t *start = p;
  std::uintptr_t value;
  switch (encoding & 0x0f) {
    case 0x00: value = *reinterpret_cast<const std::uintptr_t *>(p); p += sizeof(std::uintptr_t); break;
    case 0x01: value = read_uleb(p); break;
    case 0x09: value = static_cast<std::uintptr_t>(read_sleb(p)); break;
    case 0x02: case 0x0a: value = *reinterpret_cast<const std::uint16_t *>(p); p += 2; break;
    case 0x03: case 0x0b: value = *reinterpret_cast<const std::uint32_t *>(p); p += 4; break;
    default: std::abort();
  }
  if (value && (encoding & 0x70) == 0x10) value += reinterpret_cast<std::uintptr_t>(start);
  if (value && (encoding & 0x80)) value = *reinterpret_cast<const std::uintptr_t *>(value);
  return value;
}

std::size_t encoded_size(std::uint8_t encoding) {
  switch (encoding & 0x07) {
    case 0x02: return 2;
    case 0x03: return 4;
    case 0x04: return 8;
    default: return sizeof(std::uintptr_t);
  }
}

const std::exception *as_std_exception(Header *h) {
  return static_cast<const std::exception *>(as_base(h->type, &typeid(std::exception), object_of(h)));
}
}  // namespace

// What the code clang writes for a landing pad sets before it calls the
// personality routine, which answers in `selector`.
struct LandingPadContext {
  std::uintptr_t lpad_index;
  std::uintptr_t lsda;
  std::uintptr_t selector;
};
extern "C" LandingPadContext __wasm_lpad_context;
LandingPadContext __wasm_lpad_context;

// The catch clause of the landing pad that matches (its type-table index
// in `selector`): _URC_HANDLER_FOUND, or _URC_CONTINUE_UNWIND for none.
extern "C" int _Unwind_CallPersonality(void *exception) {
  constexpr int kHandlerFound = 6, kContinueUnwind = 8;
  auto *h = static_cast<Header *>(exception);
  __wasm_lpad_context.selector = 0;
  const auto *p = reinterpret_cast<const std::uint8_t *>(__wasm_lpad_context.lsda);
  if (!p) return kContinueUnwind;
  std::uint8_t start_encoding = *p++;
  if (start_encoding != 0xff) read_encoded(p, start_encoding);
  std::uint8_t type_encoding = *p++;
  const std::uint8_t *types = nullptr;
  if (type_encoding != 0xff) {
    std::uintptr_t offset = read_uleb(p);
    types = p + offset;
  }
  ++p;  // call-site encoding: entries are ULEB128 pairs here
  std::uintptr_t table_length = read_uleb(p);
  const std::uint8_t *actions = p + table_length;
  std::uintptr_t action = 0;
  for (std::uintptr_t i = 0;; ++i) {
    if (p >= actions) return kContinueUnwind;
    read_uleb(p);  // the landing pad
    action = read_uleb(p);
    if (i == __wasm_lpad_context.lpad_index) break;
  }
  if (action == 0) return kContinueUnwind;
  const std::uint8_t *record = actions + action - 1;
  for (;;) {
    std::intptr_t type_index = read_sleb(record);
    const std::uint8_t *next_at = record;
    std::intptr_t next = read_sleb(record);
    if (type_index > 0 && types) {
      const std::uint8_t *entry = types - type_index * encoded_size(type_encoding);
      const auto *wanted = reinterpret_cast<const std::type_info *>(read_encoded(entry, type_encoding));
      if (void *adjusted = caught_as(wanted, h)) {
        h->adjusted = adjusted;
        __wasm_lpad_context.selector = static_cast<std::uintptr_t>(type_index);
        return kHandlerFound;
      }
    }
    if (next == 0) return kContinueUnwind;
    record = next_at + next;
  }
}

// Prints the exception that left main uncaught, as natively.
extern "C" __attribute__((export_name("__syclone_report_uncaught"))) void __syclone_report_uncaught() {
  std::fflush(stdout);
  Header *h = last_thrown;
  if (!h) return;
  int status = 0;
  char *name = abi::__cxa_demangle(h->type->name(), nullptr, nullptr, &status);
  std::fprintf(stderr, "terminate called after throwing an instance of '%s'\n", name ? name : h->type->name());
  if (const std::exception *e = as_std_exception(h)) std::fprintf(stderr, "  what():  %s\n", e->what());
  std::fflush(stderr);
}

namespace __cxxabiv1 {
struct __cxa_exception;

extern "C" void *__cxa_allocate_exception(std::size_t size) noexcept {
  void *p = std::aligned_alloc(16, (kHeaderSize + size + 15) & ~std::size_t{15});
  if (!p) std::abort();
  *static_cast<Header *>(p) = Header{};
  return object_of(static_cast<Header *>(p));
}

extern "C" void __cxa_free_exception(void *object) noexcept { std::free(header_of(object)); }

extern "C" void __cxa_throw(void *object, std::type_info *type, void *(*destroy)(void *)) {
  Header *h = header_of(object);
  h->type = type;
  h->destroy = destroy;
  raise(h);
}

extern "C" __cxa_exception *__cxa_init_primary_exception(void *object, std::type_info *type,
                                                         void *(*destroy)(void *)) throw() {
  Header *h = header_of(object);
  h->type = type;
  h->destroy = destroy;
  return reinterpret_cast<__cxa_exception *>(h);
}

extern "C" void *__cxa_get_exception_ptr(void *exception) noexcept { return static_cast<Header *>(exception)->adjusted; }

extern "C" void *__cxa_begin_catch(void *exception) noexcept {
  auto *h = static_cast<Header *>(exception);
  if (h->handlers++ == 0) {
    h->next_caught = caught;
    caught = h;
  }
  h->rethrown = false;
  if (last_thrown == h) last_thrown = nullptr;
  --uncaught;
  return h->adjusted;
}

extern "C" void __cxa_end_catch() {
  Header *h = caught;
  if (!h || --h->handlers > 0) return;
  caught = h->next_caught;
  if (h->rethrown || h->references > 0) return;  // in flight again, or kept
  destroy(h);
}

extern "C" void __cxa_rethrow() {
  Header *h = caught;
  if (!h) std::terminate();
  h->rethrown = true;
  raise(h);
}

// std::exception_ptr (libc++ implements it over these): a reference to
// the thrown object.
extern "C" void *__cxa_current_primary_exception() throw() {
  if (!caught) return nullptr;
  ++caught->references;
  return object_of(caught);
}

extern "C" void __cxa_increment_exception_refcount(void *object) throw() {
  if (object) ++header_of(object)->references;
}

extern "C" void __cxa_decrement_exception_refcount(void *object) throw() {
  if (!object) return;
  Header *h = header_of(object);
  if (--h->references == 0 && h->handlers == 0 && !h->rethrown) destroy(h);
}

extern "C" void __cxa_rethrow_primary_exception(void *object) {
  if (!object) return;
  Header *h = header_of(object);
  h->adjusted = object;
  h->rethrown = true;
  raise(h);
}

extern "C" bool __cxa_uncaught_exception() throw() { return uncaught > 0; }
extern "C" unsigned int __cxa_uncaught_exceptions() throw() { return static_cast<unsigned>(uncaught); }
}  // namespace __cxxabiv1
