//! The integration footer's part of the kernel argument decomposition
//! protocol: for each kernel whose object holds classes that declare
//! `sycl_deconstruct()`, a function that calls it on each of them (in the
//! kernel object at the offsets the device compiler laid out, nested ones
//! in the object an outer call returned) and copies the results where
//! `lower/decomposed_args.rs` reads them, registered with the runtime under
//! the kernel's key (`sycl/detail/decomposition.hpp`).

use super::host_spelling::type_spelling;
use super::KernelSummary;
use crate::diag::Diagnostic;
use crate::front::sema::{Sema, Ty};
use crate::lower::HostDecomposition;
use std::fmt::Write;

/// The footer code (functions, then their registrations), empty when no
/// kernel decomposes; an error for a class the footer cannot name.
pub(super) fn generate(
    sema: &Sema,
    kernels: &[KernelSummary],
) -> Result<(String, String), Diagnostic> {
    let mut functions = String::new();
    let mut registrations = String::new();
    for (i, k) in kernels.iter().enumerate() {
        let Some(&size) = k.arg_sizes.get(crate::lower::DECOMPOSED_ARG as usize) else {
            continue;
        };
        let mut decompose = String::new();
        let mut rebuild = String::new();
        let mut destroy = String::new();
        let mut counter = 0;
        for d in &k.decompositions {
            let top = Place {
                base: KERNEL_OBJECT,
                offset: d.offset,
            };
            let in_kernel =
                |e: Diagnostic| e.with_note(None, format!("in the kernel {}", k.display_name));
            decompose_code(
                sema,
                d,
                "*static_cast<unsigned char *>(__object)",
                &mut counter,
                1,
                &mut decompose,
            )
            .map_err(in_kernel)?;
            rebuild_code(sema, d, top, &mut rebuild).map_err(in_kernel)?;
            destroy_code(sema, d, top, &mut destroy).map_err(in_kernel)?;
        }
        let _ = write!(
            functions,
            "void __syclone_decompose_{i}(void *__object, unsigned char *__elements) {{\n{decompose}}}\n\
             void __syclone_rebuild_{i}(void *__object, unsigned char *__elements) {{\n{rebuild}}}\n\
             void __syclone_destroy_{i}(void *__object, unsigned char *__elements) {{\n  (void)__elements;\n{destroy}}}\n"
        );
        let _ = writeln!(
            registrations,
            "    ::sycl::detail::register_decomposition({{\"{}\", &__syclone_decompose_{i}, &__syclone_rebuild_{i}, &__syclone_destroy_{i}, {size}}});",
            k.key
        );
    }
    Ok((functions, registrations))
}

/// The kernel object and the decomposed elements, as lvalues of bytes.
const KERNEL_OBJECT: &str = "*static_cast<unsigned char *>(__object)";
const ELEMENTS: &str = "*__elements";

/// Where an object is: `offset` bytes into `base`.
#[derive(Clone, Copy)]
struct Place {
    base: &'static str,
    offset: u32,
}

/// Where the objects nested in `d`'s elements are (its elements were
/// copied into the decomposed argument).
fn nested_place(d: &HostDecomposition, nested: &HostDecomposition) -> Place {
    Place {
        base: ELEMENTS,
        offset: d.elements_offset + nested.offset,
    }
}

/// The host compiler's name of `d`'s class.
fn class_spelling(sema: &Sema, d: &HostDecomposition) -> Result<String, Diagnostic> {
    type_spelling(sema, &Ty::Class(d.class)).map_err(|why| {
        let span = sema.class(d.class).decl.as_ref().map(|c| c.span);
        Diagnostic::error(
            span,
            format!(
                "class '{}' declares sycl_deconstruct(), but the host code that calls it cannot name the class: {why}",
                sema.class_name(d.class)
            ),
        )
        .with_note(span, "declare it at namespace scope or in a class")
    })
}

/// Calls `sycl_deconstruct()` on `d`'s object in `base` (an lvalue) and
/// copies the result; then the objects nested in the result.
fn decompose_code(
    sema: &Sema,
    d: &HostDecomposition,
    base: &str,
    counter: &mut usize,
    depth: usize,
    out: &mut String,
) -> Result<(), Diagnostic> {
    let class = class_spelling(sema, d)?;
    let indent = "  ".repeat(depth);
    let elements = format!("__r{counter}");
    *counter += 1;
    let _ = write!(
        out,
        "{indent}{{\n{indent}  auto &&{elements} = ::sycl::detail::object_at<{class}>({base}, {}).sycl_deconstruct();\n{indent}  ::sycl::detail::copy_elements<{}>(__elements + {}, {elements});\n",
        d.offset, d.elements_size, d.elements_offset
    );
    for nested in &d.nested {
        decompose_code(sema, nested, &elements, counter, depth + 1, out)?;
    }
    let _ = writeln!(out, "{indent}}}");
    Ok(())
}

/// For the host device: rebuilds `d`'s object at `at` with
/// `sycl_reconstruct()` from the copied elements, as the device does
/// (nested objects first, inside the copied elements).
fn rebuild_code(
    sema: &Sema,
    d: &HostDecomposition,
    at: Place,
    out: &mut String,
) -> Result<(), Diagnostic> {
    for nested in &d.nested {
        rebuild_code(sema, nested, nested_place(d, nested), out)?;
    }
    let class = class_spelling(sema, d)?;
    let names: Vec<String> = (0..d.count).map(|i| format!("__e{i}")).collect();
    let moved: Vec<String> = names.iter().map(|n| format!("::std::move({n})")).collect();
    let _ = write!(
        out,
        "  {{\n    auto &&[{}] = ::sycl::detail::object_at<::sycl::detail::elements_of<{class}>>({ELEMENTS}, {});\n    ::new (static_cast<void *>(&::sycl::detail::object_at<{class}>({}, {}))) {class}({class}::sycl_reconstruct({}));\n  }}\n",
        names.join(", "),
        d.elements_offset,
        at.base,
        at.offset,
        moved.join(", ")
    );
    Ok(())
}

/// Destroys what [`rebuild_code`] built, outermost first.
fn destroy_code(
    sema: &Sema,
    d: &HostDecomposition,
    at: Place,
    out: &mut String,
) -> Result<(), Diagnostic> {
    let class = class_spelling(sema, d)?;
    let _ = writeln!(
        out,
        "  ::sycl::detail::destroy(::sycl::detail::object_at<{class}>({}, {}));",
        at.base, at.offset
    );
    for nested in &d.nested {
        destroy_code(sema, nested, nested_place(d, nested), out)?;
    }
    Ok(())
}
