//! WGSL for the browser: each kernel of a `spirv32-webgpu` image on its own
//! (`compiler_core::back::wgsl`), inside the wasm module so that a page
//! needs nothing else to run our kernels.

use crate::glue::{CompileResult, KernelWgsl};
use compiler_core::back::specialize::LaunchValues;
use compiler_core::back::wgsl;
use compiler_core::target::TargetKind;
use serde::Deserialize;

/// Adds [`KernelWgsl`] entries to every WebGPU image of `result`; each
/// image's SPIR-V is read once. An image that needs an aspect WebGPU never
/// has (fp64) is not translated: its kernels get the reason.
pub fn add_to(result: &mut CompileResult) {
    let webgpu = TargetKind::SpirvWebGpu;
    for image in result
        .images
        .iter_mut()
        .filter(|i| i.target == webgpu.triple())
    {
        let lacking: Vec<&str> = image
            .properties
            .aspects_lacking_on(webgpu)
            .iter()
            .map(|a| a.name())
            .collect();
        if !lacking.is_empty() {
            let why = format!("needs aspect {}, which WebGPU lacks", lacking.join(" and "));
            image.wgsl = image
                .kernels
                .iter()
                .map(|k| failed(&k.entry_point, why.clone()))
                .collect();
            continue;
        }
        let module = wgsl::parse_spirv(&image.spirv);
        image.wgsl = image
            .kernels
            .iter()
            .map(|k| kernel_wgsl_of(&module, &k.entry_point, k.uses_subgroups))
            .collect();
    }
}

/// The WGSL of entry point `entry_point` of the SPIR-V module `spirv`, with
/// only what that entry point uses.
pub fn kernel_wgsl(spirv: &[u8], entry_point: &str, uses_subgroups: bool) -> KernelWgsl {
    kernel_wgsl_of(&wgsl::parse_spirv(spirv), entry_point, uses_subgroups)
}

/// What a launch decides about a kernel (`specializeWgsl`'s argument, as
/// the runtime computes it from the kernel's launch information): the
/// nd_range work-group size, the lengths of its local arrays (by the result
/// id of their length constant), the specialization constants set (by
/// `SpecId`, the bits of the value) and the read-only bindings it binds to
/// memory another binding writes (declared writable: WebGPU refuses a
/// buffer bound both read-only and writable in one dispatch), and the
/// storage bindings that use another's variable because they are bound to
/// the same allocation (WebGPU refuses overlapping writable bindings).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Specialization {
    #[serde(default)]
    pub local_size: Option<[u32; 3]>,
    #[serde(default)]
    pub constants: Vec<(u32, u32)>,
    #[serde(default)]
    pub spec_constants: Vec<(u32, u64)>,
    #[serde(default)]
    pub writable_bindings: Vec<u32>,
    #[serde(default)]
    pub aliased_bindings: Vec<(u32, u32)>,
}

/// [`kernel_wgsl`] of the image specialised for one launch, as the native
/// runtime specialises SPIR-V before its pipelines are made.
pub fn specialized_kernel_wgsl(
    spirv: &[u8],
    entry_point: &str,
    values: &Specialization,
    uses_subgroups: bool,
) -> KernelWgsl {
    if !spirv.len().is_multiple_of(4) {
        return failed(
            entry_point,
            "the SPIR-V is not a whole number of words".into(),
        );
    }
    let words: Vec<u32> = spirv
        .chunks_exact(4)
        .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
        .collect();
    let launch = LaunchValues {
        local_size: values.local_size,
        constants: &values.constants,
        spec_constants: &values.spec_constants,
        writable_bindings: &values.writable_bindings,
        aliased_bindings: &values.aliased_bindings,
    };
    match launch.apply(&words, entry_point) {
        Ok(words) => kernel_wgsl(
            &crate::glue::spirv_bytes(&words),
            entry_point,
            uses_subgroups,
        ),
        Err(e) => failed(entry_point, format!("cannot specialise the image: {e}")),
    }
}

fn failed(entry_point: &str, error: String) -> KernelWgsl {
    KernelWgsl {
        entry_point: entry_point.to_string(),
        wgsl: None,
        error: Some(error),
    }
}

fn kernel_wgsl_of(
    module: &Result<naga::Module, String>,
    entry_point: &str,
    uses_subgroups: bool,
) -> KernelWgsl {
    let translated = module
        .as_ref()
        .map_err(Clone::clone)
        .and_then(|m| wgsl::kernel_wgsl(m, entry_point, uses_subgroups));
    let (wgsl, error) = match translated {
        Ok(text) => (Some(text), None),
        Err(e) => (None, Some(e)),
    };
    KernelWgsl {
        entry_point: entry_point.to_string(),
        wgsl,
        error,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::glue::{compile_to_result, Options};
    use naga::valid::{Capabilities, ValidationFlags, Validator};

    const TWO_KERNELS: &str = r#"
#include <sycl/sycl.hpp>
int main() {
  sycl::queue q;
  float *a = sycl::malloc_shared<float>(64, q);
  int *b = sycl::malloc_shared<int>(64, q);
  q.parallel_for(sycl::range<1>(64), [=](sycl::id<1> i) { a[i] = 2.0f * i[0]; });
  q.parallel_for(sycl::range<1>(64), [=](sycl::id<1> i) { b[i] = int(i[0]) * 3; });
  q.wait();
}
"#;

    /// `text` parses back as WGSL and validates at WebGPU's level.
    fn assert_reparses(text: &str) {
        let back = naga::front::wgsl::parse_str(text).expect("WGSL re-parses");
        Validator::new(ValidationFlags::all(), Capabilities::default())
            .validate(&back)
            .expect("re-parsed WGSL validates");
    }

    fn webgpu_result(source: &str) -> CompileResult {
        let opts = Options {
            targets: Some(vec!["spirv32-webgpu".into(), "spirv64-vulkan".into()]),
            ..Options::default()
        };
        let mut r = compile_to_result(source, &opts);
        assert!(r.success, "{}", r.rendered_diagnostics);
        add_to(&mut r);
        r
    }

    #[test]
    fn each_kernel_gets_its_own_wgsl_and_only_webgpu_images_get_any() {
        let r = webgpu_result(TWO_KERNELS);
        let webgpu = &r.images[0];
        assert_eq!(webgpu.target, "spirv32-webgpu");
        assert!(r.images[1].wgsl.is_empty(), "no WGSL for the Vulkan image");
        assert_eq!(webgpu.wgsl.len(), 2);
        for (k, w) in webgpu.kernels.iter().zip(&webgpu.wgsl) {
            assert_eq!(k.entry_point, w.entry_point);
            let text = w.wgsl.as_deref().unwrap_or_else(|| panic!("{w:?}"));
            assert!(text.contains(&format!("fn {}(", k.entry_point)), "{text}");
            assert_eq!(text.matches("@compute").count(), 1, "{text}");
            // The WGSL is valid WebGPU again when read back.
            assert_reparses(text);
        }
        // The float kernel's WGSL does not carry the int kernel's code.
        let float_kernel = webgpu.wgsl[0].wgsl.as_deref().unwrap();
        let int_kernel = webgpu.wgsl[1].wgsl.as_deref().unwrap();
        assert!(float_kernel.contains("f32") && !int_kernel.contains("f32"));
    }

    #[test]
    fn a_double_kernel_compiles_into_an_fp64_image_without_wgsl() {
        let source = include_str!("../../tests/e2e/fp64_split.cpp");
        let r = webgpu_result(source);
        assert!(
            r.rendered_diagnostics
                .contains("needs aspect fp64, which spirv32-webgpu devices do not have"),
            "{}",
            r.rendered_diagnostics
        );
        let webgpu: Vec<_> = r
            .images
            .iter()
            .filter(|i| i.target == "spirv32-webgpu")
            .collect();
        assert_eq!(webgpu.len(), 2, "the float and the double kernel apart");
        let (plain, fp64) = (&webgpu[0], &webgpu[1]);
        assert!(plain.properties.required_aspects.is_empty());
        assert!(plain.wgsl[0].wgsl.is_some(), "{:?}", plain.wgsl[0].error);
        assert_eq!(
            fp64.properties.required_aspects,
            [compiler_core::bundle::Aspect::Fp64]
        );
        assert_eq!(
            fp64.wgsl[0].error.as_deref(),
            Some("needs aspect fp64, which WebGPU lacks")
        );
    }

    #[test]
    fn a_missing_entry_point_is_an_error_not_a_panic() {
        let r = webgpu_result(TWO_KERNELS);
        let w = kernel_wgsl(&r.images[0].spirv, "no_such_kernel", false);
        assert_eq!(w.wgsl, None);
        assert!(w.error.unwrap().contains("no entry point 'no_such_kernel'"));
        let w = kernel_wgsl(&[1, 2, 3, 4], "k", false);
        assert!(w.error.unwrap().contains("could not read the SPIR-V"));
    }

    const LOCAL_MEMORY: &str = r#"
#include <sycl/sycl.hpp>
int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(256, q);
  q.submit([&](sycl::handler &h) {
    sycl::local_accessor<int, 1> tile(sycl::range<1>(32), h);
    h.parallel_for(sycl::nd_range<1>(256, 32), [=](sycl::nd_item<1> it) {
      tile[it.get_local_id(0)] = int(it.get_global_id(0));
      sycl::group_barrier(it.get_group());
      out[it.get_global_id(0)] = tile[31 - it.get_local_id(0)];
    });
  });
  q.wait();
}
"#;

    #[test]
    fn launches_specialise_the_work_group_size_and_local_array_lengths() {
        let r = webgpu_result(LOCAL_MEMORY);
        let image = &r.images[0];
        let kernel = &image.kernels[0];
        let length_id = kernel.local_arrays[0].length_id;
        let values = Specialization {
            local_size: Some([32, 1, 1]),
            constants: vec![(length_id, 32)],
            ..Specialization::default()
        };
        let w = specialized_kernel_wgsl(&image.spirv, &kernel.entry_point, &values, false);
        let text = w.wgsl.unwrap_or_else(|| panic!("{:?}", w.error));
        assert!(text.contains("@workgroup_size(32, 1, 1)"), "{text}");
        assert!(
            text.contains("array<u32, 32>") || text.contains("array<i32, 32>"),
            "{text}"
        );
        let bad = Specialization {
            constants: vec![(999_999, 1)],
            ..Specialization::default()
        };
        let w = specialized_kernel_wgsl(&image.spirv, &kernel.entry_point, &bad, false);
        assert!(w.error.unwrap().contains("no u32 constant %999999"));
    }

    #[test]
    fn the_group_id_reaches_the_kernel_as_a_uniform_argument() {
        // WebGPU refuses a barrier after a branch on a `var<private>` read,
        // and every nd_range kernel branches on its group id first.
        let r = webgpu_result(LOCAL_MEMORY);
        let text = r.images[0].wgsl[0].wgsl.as_deref().unwrap();
        assert!(text.contains("workgroupBarrier()"), "{text}");
        assert!(!text.contains("var<private> gl_WorkGroupID"), "{text}");
        let entry = text.split("@compute").nth(1).expect("an entry point");
        assert!(entry.contains("@builtin(workgroup_id)"), "{entry}");
        assert!(
            entry.contains("(gl_WorkGroupID, gl_NumWorkGroups)"),
            "the entry point passes the built-ins on: {entry}"
        );
        assert_reparses(text);
    }

    const ONE_ALLOCATION: &str = r#"
#include <sycl/sycl.hpp>
int main() {
  sycl::queue q;
  float *a = sycl::malloc_shared<float>(4, q);
  int *c = sycl::malloc_shared<int>(4, q);
  float *b = a + 1;
  q.single_task([=] { c[1] = 2; }).wait();
  q.single_task([=] { a[0] = b[0] + 1; c[0] = 1; }).wait();
}
"#;

    #[test]
    fn bindings_of_one_allocation_share_a_variable() {
        let r = webgpu_result(ONE_ALLOCATION);
        let image = &r.images[0];
        // The second kernel: the first numbers its own bindings from 0 too.
        let kernel = &image.kernels[1];
        let binding = |name: &str| {
            kernel
                .buffers
                .iter()
                .find(|b| b.name == name)
                .unwrap_or_else(|| panic!("{name}: {:?}", kernel.buffers))
                .binding
        };
        let (a, b, c) = (binding("a"), binding("b"), binding("c"));
        let merged = Specialization {
            writable_bindings: vec![b],
            aliased_bindings: vec![(b, a)],
            ..Specialization::default()
        };
        let w = specialized_kernel_wgsl(&image.spirv, &kernel.entry_point, &merged, false);
        let text = w.wgsl.unwrap_or_else(|| panic!("{:?}", w.error));
        assert!(text.contains(&format!("@binding({a})")), "{text}");
        assert!(!text.contains(&format!("@binding({b})")), "{text}");
        assert!(text.contains(&format!("@binding({c})")), "{text}");
        let mixed = Specialization {
            aliased_bindings: vec![(c, a)],
            ..Specialization::default()
        };
        let w = specialized_kernel_wgsl(&image.spirv, &kernel.entry_point, &mixed, false);
        assert!(w.error.unwrap().contains("different element types"));
        // A binding the kernel never reads aliases nothing.
        let unused = Specialization {
            aliased_bindings: vec![(99, a)],
            ..Specialization::default()
        };
        let w = specialized_kernel_wgsl(&image.spirv, &kernel.entry_point, &unused, false);
        assert!(w.wgsl.is_some(), "{:?}", w.error);
    }

    const LOCAL_LOOP: &str = include_str!("../../tests/e2e/local_memory_counter_loop.cpp");

    #[test]
    fn a_loop_on_local_memory_around_barriers_reads_it_uniformly() {
        // WebGPU counts every read of var<workgroup> as non-uniform, and
        // the loop's exit decides whether the barriers inside run.
        let r = webgpu_result(LOCAL_LOOP);
        let text = r.images[0].wgsl[0].wgsl.as_deref().unwrap();
        assert_eq!(text.matches("workgroupUniformLoad(").count(), 1, "{text}");
        // The leader's `if` reads no local memory and stays as it was.
        assert!(text.contains("workgroupBarrier()"), "{text}");
        assert_reparses(text);
    }

    const GROUP_SCOPE_LOOP: &str = r#"
#include <sycl/sycl.hpp>
int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(64, q);
  q.submit([&](sycl::handler &h) {
    h.parallel_for_work_group(sycl::range<1>(4), sycl::range<1>(16), [=](sycl::group<1> g) {
      int rounds = int(g.get_group_id(0)) + 1;
      for (int r = 0; r < rounds; ++r)
        g.parallel_for_work_item([&](sycl::h_item<1> it) { out[it.get_global_id(0)] += r; });
    });
  }).wait();
}
"#;

    #[test]
    fn a_work_group_scope_value_kept_in_a_variable_is_read_uniformly() {
        // Hierarchical kernels keep work-group scope values in local memory
        // and a loop's condition in a local variable; WebGPU would refuse
        // the barriers of the work-item loops inside.
        let r = webgpu_result(GROUP_SCOPE_LOOP);
        let text = r.images[0].wgsl[0].wgsl.as_deref().unwrap();
        assert!(text.contains("workgroupBarrier()"), "{text}");
        assert!(text.contains("workgroupUniformLoad((&rounds"), "{text}");
        assert_reparses(text);
    }

    const WIDE_SUB_GROUP: &str = r#"
#include <sycl/sycl.hpp>
int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(64, q);
  q.parallel_for(sycl::nd_range<1>(64, 64), [=](sycl::nd_item<1> it) [[sycl::reqd_sub_group_size(32)]] {
    out[it.get_global_id(0)] = sycl::reduce_over_group(it.get_sub_group(), 1, sycl::plus<int>());
  }).wait();
}
"#;

    #[test]
    fn the_sub_group_size_reaches_the_kernel_as_a_uniform_argument() {
        // A required sub-group size branches on the device's width around
        // work-group barriers (devices of narrower sub-groups exchange
        // values through work-group memory).
        let r = webgpu_result(WIDE_SUB_GROUP);
        let text = r.images[0].wgsl[0].wgsl.as_deref().unwrap();
        assert!(
            text.starts_with("enable subgroups;\ndiagnostic(off, subgroup_uniformity);"),
            "{text}"
        );
        assert!(text.contains("workgroupBarrier()"), "{text}");
        assert!(!text.contains("var<private> gl_SubgroupSize"), "{text}");
        let entry = text.split("@compute").nth(1).expect("an entry point");
        assert!(entry.contains("@builtin(subgroup_size)"), "{entry}");
    }

    const ORDERED_ATOMIC: &str = r#"
#include <sycl/sycl.hpp>
int main() {
  sycl::queue q;
  int *counter = sycl::malloc_shared<int>(1, q);
  q.parallel_for(sycl::range<1>(64), [=](sycl::id<1> i) {
    if (i[0] % 2 == 0) {
      sycl::atomic_ref<int, sycl::memory_order::acq_rel, sycl::memory_scope::device> c(*counter);
      c.fetch_add(1);
    }
  }).wait();
}
"#;

    #[test]
    fn fences_in_control_flow_are_dropped_as_wgsl_cannot_express_them() {
        // WGSL has barriers only, which WebGPU refuses where only some
        // work-items go; the atomic itself stays.
        let r = webgpu_result(ORDERED_ATOMIC);
        let text = r.images[0].wgsl[0].wgsl.as_deref().unwrap();
        assert!(text.contains("atomicAdd("), "{text}");
        assert!(!text.contains("Barrier()"), "{text}");
    }

    const BALLOT: &str = r#"
#include <sycl/sycl.hpp>
int main() {
  sycl::queue q;
  unsigned *lanes = sycl::malloc_shared<unsigned>(64, q);
  q.parallel_for(sycl::nd_range<1>(64, 32), [=](sycl::nd_item<1> it) {
    sycl::ext::oneapi::sub_group_mask m = sycl::ext::oneapi::group_ballot(it.get_sub_group());
    lanes[it.get_global_id(0)] = unsigned(m.count());
  }).wait();
}
"#;

    #[test]
    fn a_ballot_of_true_keeps_its_predicate() {
        // naga writes a ballot of constant true as `subgroupBallot()`,
        // which WebGPU refuses.
        let r = webgpu_result(BALLOT);
        let w = &r.images[0].wgsl[0];
        let text = w.wgsl.as_deref().unwrap_or_else(|| panic!("{w:?}"));
        assert!(text.starts_with("enable subgroups;"), "{text}");
        assert!(text.contains("subgroupBallot(true)"), "{text}");
        assert!(!text.contains("subgroupBallot()"), "{text}");
    }
}
