//! SYCL-specific compilation of a translation unit: kernels found by sema at
//! calls of `[[clang::sycl_kernel_entry_point]]` functions are named (their
//! host-compatible key), checked for duplicates, outlined and lowered to the
//! device IR, compiled to one image per target, and described to the host
//! pass in the integration header.

mod decomposition_footer;
mod host_code;
mod host_spelling;
mod integration_footer;
mod integration_header;

use crate::bundle::{
    DeviceBundle, ExportedFunction, FunctionName, KernelInfo, LinkableKernel, LocalArray,
    RelocatableCode,
};
use crate::diag::Diagnostics;
use crate::front::ast::TranslationUnit;
use crate::front::fp_contract::FpContractMap;
use crate::front::pragma_pack::PackMap;
use crate::front::sema::{mangle, FuncId, Sema, Ty};
use crate::lower::{EntryShape, Sources};
use crate::postlink;
use crate::source::SourceMap;
use crate::source::Span;
use crate::target::TargetProperties;

/// The headers of `native-runtime/include` that `<sycl/sycl.hpp>` is made
/// of (itself first), for hosts that serve them from memory.
pub const RUNTIME_HEADERS: &[&str] = &[
    "sycl/sycl.hpp",
    "sycl/detail/kernel_desc.hpp",
    "sycl/detail/spec_constants.hpp",
    "sycl/detail/index_space.hpp",
    "sycl/detail/hierarchical.hpp",
    "sycl/detail/device_copyable.hpp",
    "sycl/detail/span.hpp",
    "sycl/detail/group_load_store.hpp",
    "sycl/ext/oneapi/experimental/group_load_store.hpp",
    "sycl/ext/oneapi/dot_product.hpp",
    "sycl/ext/intel/fpga_extensions.hpp",
    "CL/sycl.hpp",
    "dpc_common.hpp",
    "sycl/ext/oneapi/experimental/graph.hpp",
    "sycl/ext/oneapi/experimental/enqueue_functions.hpp",
    "sycl/ext/oneapi/experimental/clock.hpp",
    "sycl/detail/half.hpp",
    "sycl/detail/bfloat16.hpp",
    "sycl/detail/bit_cast.hpp",
    "sycl/detail/atomic_ref.hpp",
    "sycl/detail/legacy_atomic.hpp",
    "sycl/detail/reduction.hpp",
    "sycl/detail/math.hpp",
    "sycl/detail/vec.hpp",
    "sycl/detail/vec_swizzles.inc",
    "sycl/detail/group_algorithms.hpp",
    "sycl/detail/group_local_memory.hpp",
    "sycl/detail/opportunistic_group.hpp",
    "sycl/detail/stream.hpp",
    "sycl/detail/device_global.hpp",
    "sycl/detail/device_assert.hpp",
    "sycl/detail/device_printf.hpp",
    "sycl/detail/image.hpp",
    "sycl/detail/decomposition.hpp",
    "sycl/detail/kernel_compiler.hpp",
    "sycl/detail/kernel_bundle.hpp",
    "sycl/detail/runtime_abi.h",
    "oneapi/dpl/execution",
    "oneapi/dpl/algorithm",
    "oneapi/dpl/numeric",
    "oneapi/dpl/iterator",
    "oneapi/dpl/functional",
    "oneapi/dpl/detail/library.hpp",
    "oneapi/dpl/detail/policy.hpp",
    "oneapi/dpl/detail/iterators.hpp",
    "oneapi/dpl/detail/device_ranges.hpp",
    "oneapi/dpl/detail/kernels.hpp",
    "oneapi/dpl/detail/algorithms.hpp",
    "oneapi/dpl/detail/numeric.hpp",
    "oneapi/dpl/detail/functional.hpp",
    "oneapi/dpl/random",
    "oneapi/dpl/detail/random.hpp",
];

pub struct TuOutput {
    pub bundle: DeviceBundle,
    pub integration_header: String,
    /// C++ the host pass compiles after the unit (empty: none needed).
    pub integration_footer: String,
    pub ir_text: String,
}

/// One kernel as the host pass needs to know it.
pub struct KernelSummary {
    pub key: String,
    pub display_name: String,
    /// The kernel name type when it is a class that can be forward-declared.
    pub named_type: Option<Ty>,
    pub arg_sizes: Vec<u32>,
    /// The objects the host decomposes for it (`lower/decomposed_args.rs`).
    pub decompositions: Vec<crate::lower::HostDecomposition>,
}

/// Check the parsed translation unit `tu` and compile its kernels.
pub fn compile_translation_unit(
    sm: &SourceMap,
    tu: &TranslationUnit,
    fp_contract: &FpContractMap,
    pack: &PackMap,
    opts: &crate::CompileOptions,
    diags: &mut Diagnostics,
) -> Option<TuOutput> {
    let in_library = |span| library_code(sm, span);
    let sources = Sources {
        library_code: &in_library,
        fp_contract,
    };
    let targets: Vec<TargetProperties> = opts
        .targets
        .iter()
        .map(|k| TargetProperties::for_kind(*k))
        .collect();
    let split = opts.split;
    let mut sema = Sema::new(opts.host_compiler);
    sema.pack = pack.clone();
    sema.check_translation_unit(tu);
    diags.extend(std::mem::take(&mut sema.diags));

    let kernels = plan_kernels(&mut sema, sm, diags);
    // Errors so far (say, a failed namespace-scope static_assert) do not stop
    // the kernels from being checked: their diagnostics are reported too.

    let mut images = vec![];
    let mut relocatable = vec![];
    let mut ir_text = String::new();
    let mut summaries: Vec<KernelSummary> = vec![];
    for (ti, target) in targets.iter().enumerate() {
        let mut lowered: Vec<LinkableKernel> = vec![];
        for k in &kernels {
            let key = &k.key;
            let entry_name = entry_point_name(key);
            let mut kd = vec![];
            let result = crate::lower::lower_kernel(
                &mut sema,
                k.entry,
                &entry_name,
                k.shape,
                target,
                sources,
                &mut kd,
            );
            let failed = kd
                .iter()
                .any(|d| d.severity == crate::diag::Severity::Error);
            if ti == 0 || failed {
                let note = match k.shape {
                    EntryShape::EntryPoint => "in the kernel invoked here",
                    EntryShape::FreeFunction(_) => "in the free-function kernel defined here",
                };
                for d in kd {
                    let d = d.with_note(k.span, note);
                    diags.push(d);
                }
            }
            let Some(mut l) = result else { continue };
            crate::passes::simplify(&mut l.kernel);
            let display_name = k.display_name.clone();
            // Free-function kernels are found by name at run time, not
            // through the integration header.
            if ti == 0 && k.shape == EntryShape::EntryPoint {
                summaries.push(KernelSummary {
                    key: key.clone(),
                    display_name: display_name.clone(),
                    named_type: k.named_type.clone(),
                    arg_sizes: l.arg_sizes.clone(),
                    decompositions: l.decompositions.clone(),
                });
            }
            if !opts.rdc && ti == 0 {
                for (callee, at) in l.callees.iter().zip(&l.callee_spans) {
                    diags.push(
                        crate::diag::Diagnostic::error(
                            *at,
                            format!("SYCL_EXTERNAL function '{}' is not defined in this translation unit (-fno-sycl-rdc links the device code of each translation unit alone)", callee.display),
                        )
                        .with_note(k.span, "in the kernel invoked here"),
                    );
                }
            }
            let info = KernelInfo {
                key: key.clone(),
                display_name,
                entry_point: entry_name,
                dimensions: 1,
                work_group_size: l.kernel.work_group_size,
                uses_barrier: l.kernel.uses_barrier(),
                uses_subgroups: l.uses_subgroups,
                private_bytes: l.kernel.private_bytes(),
                fixed_local_bytes: l.kernel.fixed_local_bytes(),
                arg_sizes: l.arg_sizes,
                param_block_size: l.kernel.param_block_size,
                buffers: l.buffers,
                scalars: l.scalars,
                local_arrays: l
                    .local_arrays
                    .iter()
                    .map(|a| LocalArray {
                        arg: a.arg,
                        offset: a.offset,
                        elem_size: a.elem_size,
                        length_id: 0,
                        name: a.name.clone(),
                    })
                    .collect(),
                exchange_arrays: vec![],
                attributes: l.attributes,
                compiled_work_groups: runs_in_compiled_work_groups(&sema, k),
            };
            lowered.push(LinkableKernel {
                local_bindings: l.local_arrays.iter().map(|a| a.binding).collect(),
                ir: l.kernel,
                info,
                callees: l.callees,
            });
        }
        let functions = if opts.rdc {
            exported_functions(&mut sema, sm, sources, target)
        } else {
            vec![]
        };
        if diags.has_errors() {
            return None;
        }
        if ti == 0 {
            let module = crate::ir::Module {
                kernels: lowered.iter().map(|k| k.ir.clone()).collect(),
                functions: functions
                    .iter()
                    .filter_map(|f| f.code.as_ref().ok().cloned())
                    .collect(),
            };
            ir_text = crate::ir::print_module(&module);
        }
        // A unit whose kernels call functions of other units is finished
        // by the device link, all its kernels together (its images stay
        // per source).
        let needs_link = lowered.iter().any(|k| !k.callees.is_empty());
        if needs_link || !functions.is_empty() {
            relocatable.push(RelocatableCode {
                target: target.kind,
                split,
                kernels: if needs_link {
                    std::mem::take(&mut lowered)
                } else {
                    vec![]
                },
                functions,
            });
        }
        match postlink::images(&lowered, target, split) {
            Ok(mut made) => {
                note_kernels_the_target_cannot_run(&made, &kernels, diags);
                images.append(&mut made);
            }
            Err(e) => {
                diags.error(
                    None,
                    format!(
                        "internal compiler error while generating SPIR-V for {}: {e}",
                        target.kind.triple()
                    ),
                );
                return None;
            }
        }
    }
    host_code::report(&mut sema, sm, opts.host_code_diagnostics, diags);
    let integration_header = integration_header::generate(&mut sema, sm, &summaries);
    let integration_footer = match integration_footer::generate(&mut sema, &summaries) {
        Ok(footer) => footer,
        Err(d) => {
            diags.push(d);
            return None;
        }
    };
    let mut bundle = DeviceBundle::linked(images);
    bundle.relocatable = relocatable;
    Some(TuOutput {
        bundle,
        integration_header,
        integration_footer,
        ir_text,
    })
}

/// A note on each kernel of `images` that needs an aspect no device of
/// the image's target has (a `double` for WebGPU): it compiles, but only
/// the host device can run it.
fn note_kernels_the_target_cannot_run(
    images: &[crate::bundle::DeviceImage],
    kernels: &[PlannedKernel],
    diags: &mut Diagnostics,
) {
    for image in images {
        let lacking: Vec<&str> = image
            .properties
            .aspects_lacking_on(image.target)
            .iter()
            .map(|a| a.name())
            .collect();
        if lacking.is_empty() {
            continue;
        }
        for info in &image.kernels {
            let span = kernels.iter().find(|k| k.key == info.key).map(|k| k.span);
            diags.push(crate::diag::Diagnostic::note(
                span,
                format!(
                    "kernel '{}' needs aspect {}, which {} devices do not have: launched on one, it throws errc::kernel_not_supported; the host device runs it",
                    info.display_name,
                    lacking.join(" and "),
                    image.target.triple()
                ),
            ));
        }
    }
}

/// The `SYCL_EXTERNAL` functions the unit defines, compiled for the device
/// link. One the device compiler cannot compile is kept with the reason
/// (the first error, with its location), reported only if a kernel of
/// another unit calls it: a function this unit's kernels call is checked
/// where they inline it.
fn exported_functions(
    sema: &mut Sema,
    sm: &SourceMap,
    sources: Sources<'_>,
    target: &TargetProperties,
) -> Vec<ExportedFunction> {
    sema.define_external_members();
    let candidates: Vec<FuncId> = (0..sema.funcs.len() as u32)
        .map(FuncId)
        .filter(|&f| {
            let fi = sema.func(f);
            // Functions, member functions, constructors and instances of
            // function templates (explicit instantiations, or used here).
            fi.decl.body.is_some()
                && fi.closure.is_none()
                && (fi.decl.template.is_none() || !fi.template_args.is_empty())
                && fi.decl.kind != crate::front::ast::FunctionKind::Destructor
                && sema.is_sycl_external(f)
        })
        .collect();
    let mut out = vec![];
    for f in candidates {
        let name = FunctionName {
            symbol: mangle::function_symbol(sema, f),
            display: crate::lower::function_display_name(sema, f),
        };
        if out.iter().any(|e: &ExportedFunction| e.name == name) {
            continue;
        }
        // The body's own diagnostics stay for the kernels of this unit
        // that inline it.
        let kept = sema.funcs[f.0 as usize].diags.clone();
        let mut errors = vec![];
        let code = crate::lower::lower_external_function(sema, f, target, sources, &mut errors);
        sema.funcs[f.0 as usize].diags = kept;
        let code = code.ok_or_else(|| {
            errors
                .iter()
                .find(|d| d.severity == crate::diag::Severity::Error)
                .map(|d| located(sm, d))
                .unwrap_or_else(|| "it cannot be compiled for the device".into())
        });
        out.push(ExportedFunction { name, code });
    }
    out
}

/// `file:line:col: message` of a diagnostic.
fn located(sm: &SourceMap, d: &crate::diag::Diagnostic) -> String {
    match d.span {
        Some(span) => {
            let file = sm.file(span.file);
            let (line, col) = file.line_col(span.lo);
            format!("{}:{line}:{col}: {}", file.name, d.message)
        }
        None => d.message.clone(),
    }
}

/// Where the program launches kernel `k`: the innermost call outside the
/// SYCL runtime and model headers that led to its entry point.
fn user_call(sm: &SourceMap, k: &crate::front::sema::KernelInstance) -> Span {
    k.call_chain
        .iter()
        .rev()
        .find(|s| !library_code(sm, **s))
        .copied()
        .unwrap_or(k.span)
}

/// Whether `span` is in the SYCL headers (oneDPL's too) or a model std header.
fn library_code(sm: &SourceMap, span: Span) -> bool {
    let name = &sm.file(span.file).name;
    name.contains("include/sycl/") || name.contains("include/oneapi/dpl/") || name.starts_with('<')
}

/// A kernel to compile: its entry function, key, and how it takes arguments.
struct PlannedKernel {
    entry: FuncId,
    key: String,
    display_name: String,
    /// The kernel name type when it is a class that can be forward-declared.
    named_type: Option<Ty>,
    shape: EntryShape,
    span: Span,
}

/// Whether the SYCL header launches the kernel in work-groups of its
/// compiled size: its range and single_task entry points do.
fn runs_in_compiled_work_groups(sema: &Sema, k: &PlannedKernel) -> bool {
    k.shape == EntryShape::EntryPoint
        && sema
            .func(k.entry)
            .decl
            .name
            .parts
            .last()
            .is_some_and(|p| matches!(&*p.ident, "kernel_range" | "kernel_single"))
}

/// Names every kernel, diagnosing two kernels with one name: those found
/// at calls of kernel entry points (keyed by their name type's
/// `typeid(Name*).name()`), then free-function kernels (keyed by their
/// qualified name).
fn plan_kernels(sema: &mut Sema, sm: &SourceMap, diags: &mut Diagnostics) -> Vec<PlannedKernel> {
    let mut planned: Vec<PlannedKernel> = vec![];
    for k in sema.kernels.clone() {
        let key = mangle::kernel_key(sema, &k.name_ty);
        if let Some(other) = planned.iter().find(|p| p.key == key) {
            if sema.func(other.entry).template_args != sema.func(k.entry).template_args
                || other.entry != k.entry
            {
                let name = sema.ty_name(&k.name_ty);
                let other_call = sema
                    .kernels
                    .iter()
                    .find(|o| o.entry == other.entry)
                    .map_or(other.span, |o| user_call(sm, o));
                let d = crate::diag::Diagnostic::error(
                    user_call(sm, &k),
                    format!("kernel name '{name}' is used by two different kernels"),
                )
                .with_note(other_call, "the other kernel with this name is here");
                diags.push(d);
            }
            continue;
        }
        let named_type = match &k.name_ty {
            Ty::Class(c) if sema.class(*c).closure.is_none() => Some(k.name_ty.clone()),
            _ => None,
        };
        planned.push(PlannedKernel {
            entry: k.entry,
            key,
            display_name: sema.ty_name(&k.name_ty),
            named_type,
            shape: EntryShape::EntryPoint,
            span: user_call(sm, &k),
        });
    }
    for k in sema.free_function_kernels.clone() {
        if let Some(other) = planned.iter().find(|p| p.key == k.name) {
            let d = crate::diag::Diagnostic::error(
                k.span,
                format!("kernel name '{}' is used by two different kernels", k.name),
            )
            .with_note(other.span, "the other kernel with this name is here");
            diags.push(d);
            continue;
        }
        planned.push(PlannedKernel {
            entry: k.func,
            key: k.name.clone(),
            display_name: k.name,
            named_type: None,
            shape: EntryShape::FreeFunction(k.launch),
            span: k.span,
        });
    }
    planned
}

/// The longest entry point name kept as the kernel's mangled name: the
/// Vulkan validation layer refuses a pipeline's entry point name of 256
/// bytes or more (with its NUL), which templated kernels' names reach.
const MAX_ENTRY_POINT_NAME: usize = 255;

/// The SPIR-V entry point of a kernel: `_ZTS` + the mangled name type, made
/// a valid WGSL identifier that naga keeps unchanged (no trailing `_` or
/// digit, which naga's namer would suffix; no `__`), and hashed when longer
/// than [`MAX_ENTRY_POINT_NAME`].
fn entry_point_name(key: &str) -> String {
    let mangled = key.strip_prefix('P').unwrap_or(key);
    let mut name = format!("_ZTS{mangled}");
    if name.ends_with(|c: char| c == '_' || c.is_ascii_digit()) {
        name.push('k');
    }
    if name.contains("__")
        || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        || name.len() > MAX_ENTRY_POINT_NAME
    {
        // FNV-1a: stable across runs and platforms.
        let mut h: u64 = 0xcbf29ce484222325;
        for b in key.bytes() {
            h = (h ^ b as u64).wrapping_mul(0x100000001b3);
        }
        // A final letter: naga renames identifiers that end in a digit.
        name = format!("sycl_kernel_{h:016x}k");
    }
    name
}

#[cfg(test)]
mod tests {
    use super::{entry_point_name, MAX_ENTRY_POINT_NAME};

    #[test]
    fn entry_point_names_stay_short_and_stable() {
        assert_eq!(entry_point_name("Z4mainE3Add"), "_ZTSZ4mainE3Add");
        assert_eq!(entry_point_name("Z4mainE4Add2"), "_ZTSZ4mainE4Add2k");
        // A templated kernel's name past the limit is hashed.
        let long = format!("N{}E", "7Wrapper".repeat(40));
        let name = entry_point_name(&long);
        assert!(name.len() <= MAX_ENTRY_POINT_NAME, "{name}");
        assert!(
            name.starts_with("sycl_kernel_") && name.ends_with('k'),
            "{name}"
        );
        assert_eq!(name, entry_point_name(&long));
        assert_ne!(name, entry_point_name(&format!("{long}x")));
    }
}
