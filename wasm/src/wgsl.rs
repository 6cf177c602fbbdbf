//! WGSL for the browser: each kernel of a `spirv32-webgpu` image on its own
//! (`compiler_core::back::wgsl`), inside the wasm module so that a page
//! needs nothing else to run our kernels.

use crate::glue::{CompileResult, KernelWgsl};
use compiler_core::back::wgsl;
use compiler_core::target::TargetKind;

/// Adds [`KernelWgsl`] entries to every WebGPU image of `result`; each
/// image's SPIR-V is read once.
pub fn add_to(result: &mut CompileResult) {
    let webgpu = TargetKind::SpirvWebGpu.triple();
    for image in result.images.iter_mut().filter(|i| i.target == webgpu) {
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
            let back = naga::front::wgsl::parse_str(text).expect("WGSL re-parses");
            Validator::new(ValidationFlags::all(), Capabilities::default())
                .validate(&back)
                .expect("re-parsed WGSL validates");
        }
        // The float kernel's WGSL does not carry the int kernel's code.
        let float_kernel = webgpu.wgsl[0].wgsl.as_deref().unwrap();
        let int_kernel = webgpu.wgsl[1].wgsl.as_deref().unwrap();
        assert!(float_kernel.contains("f32") && !int_kernel.contains("f32"));
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
}
