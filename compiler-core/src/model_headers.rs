//! Model standard headers for the device pass: small declaration-only
//! versions of the std subset SYCL programs use, written in the C++ subset
//! our parser accepts (namespaces, typedefs and aliases, class templates with
//! member declarations, free function declarations, `extern` variables, enums;
//! trivial `return expr;` bodies only). The host pass uses the real system
//! headers. The texts live in `compiler-core/model_headers/`.

/// (header name, contents)
const HEADERS: &[(&str, &str)] = &[
    ("algorithm", include_str!("../model_headers/algorithm")),
    ("array", include_str!("../model_headers/array")),
    ("assert.h", include_str!("../model_headers/assert.h")),
    ("atomic", include_str!("../model_headers/atomic")),
    (
        "bits/stdc++.h",
        include_str!("../model_headers/bits_stdcpp.h"),
    ),
    (
        "bits/syclone_fp64_math.h",
        include_str!("../model_headers/syclone_fp64_math.h"),
    ),
    (
        "bits/syclone_gnu_builtins.h",
        include_str!("../model_headers/syclone_gnu_builtins.h"),
    ),
    ("bitset", include_str!("../model_headers/bitset")),
    ("cassert", include_str!("../model_headers/cassert")),
    ("cfloat", include_str!("../model_headers/cfloat")),
    ("chrono", include_str!("../model_headers/chrono")),
    ("climits", include_str!("../model_headers/climits")),
    ("cmath", include_str!("../model_headers/cmath")),
    ("cctype", include_str!("../model_headers/cctype")),
    ("cinttypes", include_str!("../model_headers/cinttypes")),
    ("complex", include_str!("../model_headers/complex")),
    ("compare", include_str!("../model_headers/compare")),
    ("execution", include_str!("../model_headers/execution")),
    ("concepts", include_str!("../model_headers/concepts")),
    ("cstdarg", include_str!("../model_headers/cstdarg")),
    ("cstddef", include_str!("../model_headers/cstddef")),
    ("cstdint", include_str!("../model_headers/cstdint")),
    ("cstdio", include_str!("../model_headers/cstdio")),
    ("cstdlib", include_str!("../model_headers/cstdlib")),
    ("cstring", include_str!("../model_headers/cstring")),
    ("ctime", include_str!("../model_headers/ctime")),
    ("ctype.h", include_str!("../model_headers/ctype.h")),
    ("deque", include_str!("../model_headers/deque")),
    ("endian.h", include_str!("../model_headers/endian.h")),
    ("error.h", include_str!("../model_headers/error.h")),
    ("exception", include_str!("../model_headers/exception")),
    ("float.h", include_str!("../model_headers/float.h")),
    ("fstream", include_str!("../model_headers/fstream")),
    ("functional", include_str!("../model_headers/functional")),
    ("getopt.h", include_str!("../model_headers/getopt.h")),
    (
        "initializer_list",
        include_str!("../model_headers/initializer_list"),
    ),
    ("inttypes.h", include_str!("../model_headers/cinttypes")),
    ("iomanip", include_str!("../model_headers/iomanip")),
    ("iostream", include_str!("../model_headers/iostream")),
    ("iterator", include_str!("../model_headers/iterator")),
    ("limits", include_str!("../model_headers/limits")),
    ("limits.h", include_str!("../model_headers/limits.h")),
    ("list", include_str!("../model_headers/list")),
    ("map", include_str!("../model_headers/map")),
    ("math.h", include_str!("../model_headers/math.h")),
    ("memory", include_str!("../model_headers/memory")),
    ("memory.h", include_str!("../model_headers/memory.h")),
    ("mutex", include_str!("../model_headers/mutex")),
    ("new", include_str!("../model_headers/new")),
    ("numeric", include_str!("../model_headers/numeric")),
    ("optional", include_str!("../model_headers/optional")),
    ("pthread.h", include_str!("../model_headers/pthread.h")),
    ("ostream", include_str!("../model_headers/ostream")),
    ("random", include_str!("../model_headers/random")),
    ("set", include_str!("../model_headers/set")),
    ("sstream", include_str!("../model_headers/sstream")),
    ("stdarg.h", include_str!("../model_headers/stdarg.h")),
    ("stddef.h", include_str!("../model_headers/stddef.h")),
    ("stdexcept", include_str!("../model_headers/stdexcept")),
    ("stdint.h", include_str!("../model_headers/stdint.h")),
    ("stdio.h", include_str!("../model_headers/stdio.h")),
    ("stdlib.h", include_str!("../model_headers/stdlib.h")),
    ("string", include_str!("../model_headers/string")),
    ("string.h", include_str!("../model_headers/string.h")),
    ("strings.h", include_str!("../model_headers/strings.h")),
    ("sys/time.h", include_str!("../model_headers/sys_time.h")),
    ("sys/timeb.h", include_str!("../model_headers/sys_timeb.h")),
    ("sys/times.h", include_str!("../model_headers/sys_times.h")),
    ("sys/types.h", include_str!("../model_headers/sys_types.h")),
    (
        "system_error",
        include_str!("../model_headers/system_error"),
    ),
    ("thread", include_str!("../model_headers/thread")),
    ("time.h", include_str!("../model_headers/time.h")),
    ("tuple", include_str!("../model_headers/tuple")),
    ("type_traits", include_str!("../model_headers/type_traits")),
    ("typeinfo", include_str!("../model_headers/typeinfo")),
    ("unistd.h", include_str!("../model_headers/unistd.h")),
    (
        "unordered_map",
        include_str!("../model_headers/unordered_map"),
    ),
    (
        "unordered_set",
        include_str!("../model_headers/unordered_set"),
    ),
    ("utility", include_str!("../model_headers/utility")),
    ("vector", include_str!("../model_headers/vector")),
    ("emmintrin.h", include_str!("../model_headers/x86_simd.h")),
    ("xmmintrin.h", include_str!("../model_headers/x86_simd.h")),
    ("pmmintrin.h", include_str!("../model_headers/x86_simd.h")),
    ("tmmintrin.h", include_str!("../model_headers/x86_simd.h")),
    ("smmintrin.h", include_str!("../model_headers/x86_simd.h")),
    ("nmmintrin.h", include_str!("../model_headers/x86_simd.h")),
    ("immintrin.h", include_str!("../model_headers/x86_simd.h")),
    ("x86intrin.h", include_str!("../model_headers/x86_simd.h")),
];

/// Standard and common system headers with no model: they include as an
/// empty header, so host code that uses them still compiles in the device
/// pass (their names are unknown there, which only matters in device code).
const UNMODELLED: &[&str] = &[
    "any",
    "charconv",
    "condition_variable",
    "execution",
    "filesystem",
    "forward_list",
    "future",
    "ios",
    "iosfwd",
    "istream",
    "locale",
    "memory_resource",
    "queue",
    "ratio",
    "regex",
    "scoped_allocator",
    "shared_mutex",
    "stack",
    "streambuf",
    "string_view",
    "valarray",
    "variant",
    "cctype",
    "cerrno",
    "cfenv",
    "clocale",
    "csetjmp",
    "csignal",
    "cuchar",
    "cwchar",
    "cwctype",
    "ctype.h",
    "errno.h",
    "locale.h",
    "signal.h",
    "wchar.h",
    "stdbool.h",
    "cstdbool",
    "stdalign.h",
    "iso646.h",
    "ciso646",
    "sys/stat.h",
    "omp.h",
    "pthread.h",
    "fcntl.h",
    "sys/mman.h",
    "sys/resource.h",
    "sys/wait.h",
    "dirent.h",
    "libgen.h",
    "fenv.h",
    "malloc.h",
    "alloca.h",
    "sched.h",
];

/// The text of an unmodelled header.
const EMPTY_MODEL: &str = "#pragma once\n";

/// The model header for `<name>` (exact name: `"vector"`, `"stdio.h"`), if
/// there is one; an empty header for the standard and system headers we do
/// not model.
pub fn lookup(name: &str) -> Option<&'static str> {
    HEADERS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, t)| *t)
        .or_else(|| UNMODELLED.contains(&name).then_some(EMPTY_MODEL))
}

/// The names of all model headers.
pub fn names() -> impl Iterator<Item = &'static str> {
    HEADERS.iter().map(|(n, _)| *n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Diagnostics;
    use crate::front::preprocess::{preprocess, PpOptions};
    use crate::source::SourceMap;

    const REQUIRED: &[&str] = &[
        "cctype",
        "ctype.h",
        "cstddef",
        "cstdint",
        "cstdio",
        "cstdlib",
        "cstring",
        "cmath",
        "climits",
        "cfloat",
        "cassert",
        "iostream",
        "ostream",
        "sstream",
        "string",
        "vector",
        "array",
        "algorithm",
        "numeric",
        "memory",
        "utility",
        "type_traits",
        "limits",
        "exception",
        "stdexcept",
        "system_error",
        "typeinfo",
        "chrono",
        "functional",
        "random",
        "iomanip",
        "initializer_list",
        "new",
        "cstdarg",
        "tuple",
        "optional",
        "atomic",
        "thread",
        "mutex",
        "map",
        "unordered_map",
        "set",
        "list",
        "deque",
        "fstream",
        "iterator",
        "complex",
        "compare",
        "execution",
        "bitset",
        "stdio.h",
        "stdlib.h",
        "string.h",
        "strings.h",
        "stdint.h",
        "stddef.h",
        "assert.h",
        "math.h",
    ];

    #[test]
    fn every_required_header_exists_and_preprocesses_cleanly() {
        for name in REQUIRED {
            assert!(lookup(name).is_some(), "missing model header <{name}>");
        }
        for name in names() {
            let mut sm = SourceMap::default();
            let main = sm.add(
                "main.cpp",
                format!("#include <{name}>\n#include <{name}>\n"),
            );
            let mut diags = Diagnostics::default();
            let out = preprocess(
                &mut sm,
                main,
                &crate::NoIncludes,
                &PpOptions::default(),
                &mut diags,
            );
            assert!(diags.list.is_empty(), "<{name}>: {:?}", diags.list);
            assert!(
                out.tokens.len() > 1 || name.starts_with('c') || name.ends_with(".h"),
                "<{name}> is empty"
            );
            let text = lookup(name).unwrap_or("");
            // <cassert> and <assert.h> may be included again after NDEBUG changes.
            let reincludable = matches!(name, "cassert" | "assert.h");
            assert!(
                reincludable || text.contains("#pragma once"),
                "<{name}> lacks #pragma once"
            );
            for banned in ["noexcept", "inline namespace", "[["] {
                assert!(!text.contains(banned), "<{name}> uses {banned}");
            }
        }
        assert!(lookup("nonexistent").is_none());
    }

    #[test]
    fn stdio_and_vector_declare_what_programs_use() {
        let mut sm = SourceMap::default();
        let main = sm.add(
            "main.cpp",
            "#include <stdio.h>\n#include <vector>\n#include <iostream>\n#include <cmath>\n",
        );
        let mut diags = Diagnostics::default();
        let out = preprocess(
            &mut sm,
            main,
            &crate::NoIncludes,
            &PpOptions::default(),
            &mut diags,
        );
        let text: Vec<&str> = out.tokens.iter().map(|t| out.symbols.spelling(t)).collect();
        let joined = text.join(" ");
        assert!(joined.contains("int printf ( const char * fmt , ... ) ;"));
        assert!(joined.contains("void push_back ( const _T & v ) ;"));
        assert!(joined.contains("extern ostream cout ;"));
        assert!(joined.contains("inline float sqrt ( float x ) { return __builtin_sqrtf ( x ) ; }"));
        assert!(joined.contains("typedef unsigned long size_t ;"));
        assert_eq!(out.included_files.len(), 0);
    }
}
