//! What a kernel requires of the device and of its launch, checked before
//! it runs on any device: the optional features its image needs (the
//! required aspects post-link recorded), sub-group support, and its
//! attributes (`reqd_work_group_size`, `reqd_sub_group_size`).

use crate::device::info::{Aspect, DeviceInfo};
use crate::error::{RtError, RtResult};
use crate::registry::KernelEntry;
use crate::selector::Backend;
use compiler_core::bundle;

/// The device aspect behind an aspect an image requires.
fn device_aspect(aspect: bundle::Aspect) -> Aspect {
    match aspect {
        bundle::Aspect::Fp64 => Aspect::Fp64,
        bundle::Aspect::Atomic64 => Aspect::Atomic64,
        bundle::Aspect::ExtOneapiClockSubGroup => Aspect::ExtOneapiClockSubGroup,
        bundle::Aspect::ExtOneapiClockWorkGroup => Aspect::ExtOneapiClockWorkGroup,
        bundle::Aspect::ExtOneapiClockDevice => Aspect::ExtOneapiClockDevice,
        bundle::Aspect::ExtSycloneFpgaPipes => Aspect::ExtSycloneFpgaPipes,
    }
}

/// Errs if `device` cannot run `entry` (`errc::kernel_not_supported`) or
/// `local`, the work-group size of an nd_range launch in `dims` dimensions
/// (SYCL order), is not the one the kernel requires (`errc::nd_range`).
pub fn check(
    entry: &KernelEntry,
    device: &DeviceInfo,
    dims: u32,
    local: Option<[usize; 3]>,
) -> RtResult<()> {
    supports(entry, device)?;
    let info = &entry.info;
    if let (Some(required), Some(local)) = (&info.attributes.reqd_work_group_size, local) {
        let given = &local[..dims as usize];
        let matches = required.len() == given.len()
            && required.iter().zip(given).all(|(&r, &g)| r as usize == g);
        if !matches {
            return Err(RtError::InvalidNdRange {
                kernel: info.display_name.clone(),
                detail: format!(
                    "the local range {given:?} is not the work-group size {required:?} that \
                     [[sycl::reqd_work_group_size]] requires"
                ),
            });
        }
    }
    Ok(())
}

/// Errs (`errc::kernel_not_supported`) if `device` lacks a feature `entry`
/// needs whatever its launch: an aspect, sub-groups, a sub-group size.
pub fn supports(entry: &KernelEntry, device: &DeviceInfo) -> RtResult<()> {
    let info = &entry.info;
    let unsupported = |feature: String| RtError::Unsupported {
        kernel: info.display_name.clone(),
        device: device.name.clone(),
        feature,
    };
    for &aspect in &entry.image.image.properties.required_aspects {
        if !device.has(device_aspect(aspect)) {
            return Err(unsupported(format!(
                "aspect::{}, which the kernel's device image needs",
                aspect.name()
            )));
        }
    }
    if info.uses_subgroups && device.sub_group_sizes.is_empty() {
        return Err(unsupported("sub-group operations".into()));
    }
    if let Some(most) = device.max_private_bytes.filter(|&m| info.private_bytes > m) {
        return Err(unsupported(format!(
            "{} bytes of private memory per work-item (the arrays the kernel keeps per \
             work-item; its driver is known to run at most {most}, and loses the device \
             beyond): the host device runs it (ONEAPI_DEVICE_SELECTOR=host:cpu)",
            info.private_bytes
        )));
    }
    // A kernel that uses no sub-group function cannot tell how wide its
    // sub-groups are: it runs whatever size it asks for (code tuned for one
    // vendor's GPUs, `reqd_sub_group_size(16)` on a plain copy loop).
    let required = info
        .attributes
        .reqd_sub_group_size
        .filter(|_| info.uses_subgroups);
    if let Some(size) = required {
        // The host device makes sub-groups of any size it lists. A Vulkan
        // device has the width its driver picks, which wgpu cannot set: the
        // compiler made logical sub-groups that every width it may pick
        // must serve.
        let fits = match device.backend {
            Backend::Host => device.sub_group_sizes.contains(&size),
            Backend::Vulkan => {
                !device.sub_group_sizes.is_empty()
                    && device
                        .sub_group_sizes
                        .iter()
                        .all(|&width| compiler_core::lower::device_width_serves(size, width))
            }
        };
        if !fits {
            return Err(unsupported(format!(
                "sub-groups of exactly {size} work-items, which [[sycl::reqd_sub_group_size({size})]] \
                 requires (its sub-group sizes: {:?})",
                device.sub_group_sizes
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::device::info::host_info;
    use crate::error::Errc;
    use crate::registry::RegisteredImage;
    use compiler_core::bundle::{DeviceImage, ImageProperties, KernelAttributes, KernelInfo};
    use std::sync::Arc;

    fn entry(aspects: Vec<bundle::Aspect>, attributes: KernelAttributes) -> KernelEntry {
        let mut info: KernelInfo = serde_json::from_str(
            r#"{"key": "PK", "display_name": "K", "entry_point": "k", "dimensions": 2,
                "work_group_size": [64, 1, 1], "arg_sizes": [], "param_block_size": 0,
                "buffers": [], "scalars": []}"#,
        )
        .unwrap();
        info.attributes = attributes;
        let image = DeviceImage {
            target: compiler_core::target::TargetKind::SpirvVulkan,
            spirv: vec![],
            properties: ImageProperties {
                required_aspects: aspects,
                ..Default::default()
            },
            kernels: vec![info.clone()],
        };
        KernelEntry {
            image: Arc::new(RegisteredImage { id: 0, image }),
            info,
        }
    }

    fn errc(r: RtResult<()>) -> Errc {
        r.map_or_else(|e| e.errc(), |()| Errc::Success)
    }

    #[test]
    fn a_kernel_reading_a_clock_needs_that_clock() {
        let device_clock = entry(
            vec![bundle::Aspect::ExtOneapiClockDevice],
            KernelAttributes::default(),
        );
        let mut device = host_info();
        assert_eq!(errc(check(&device_clock, &device, 1, None)), Errc::Success);
        device.aspects &= !(1 << Aspect::ExtOneapiClockDevice as u32);
        let err = check(&device_clock, &device, 1, None).unwrap_err();
        assert_eq!(err.errc(), Errc::KernelNotSupported);
    }

    #[test]
    fn a_missing_aspect_is_kernel_not_supported() {
        let fp64 = entry(vec![bundle::Aspect::Fp64], KernelAttributes::default());
        let mut device = host_info();
        assert_eq!(errc(check(&fp64, &device, 1, None)), Errc::Success);
        device.aspects &= !(1 << Aspect::Fp64 as u32);
        let err = check(&fp64, &device, 1, None).unwrap_err();
        assert_eq!(err.errc(), Errc::KernelNotSupported);
        assert!(err.to_string().contains("aspect::fp64"), "{err}");
    }

    #[test]
    fn private_memory_beyond_the_drivers_limit_is_kernel_not_supported() {
        let mut k = entry(vec![], KernelAttributes::default());
        k.info.private_bytes = 32 * 1024;
        let mut device = host_info();
        assert_eq!(errc(check(&k, &device, 1, None)), Errc::Success);
        device.max_private_bytes = Some(14 * 1024);
        let err = check(&k, &device, 1, None).unwrap_err();
        assert_eq!(err.errc(), Errc::KernelNotSupported);
        assert!(
            err.to_string().contains("32768 bytes of private memory"),
            "{err}"
        );
        k.info.private_bytes = 14 * 1024;
        assert_eq!(errc(check(&k, &device, 1, None)), Errc::Success);
    }

    #[test]
    fn work_group_and_sub_group_sizes_must_match() {
        let attributes = KernelAttributes {
            reqd_work_group_size: Some(vec![4, 8]),
            reqd_sub_group_size: None,
        };
        let k = entry(vec![], attributes);
        let device = host_info();
        assert_eq!(errc(check(&k, &device, 2, Some([4, 8, 1]))), Errc::Success);
        assert_eq!(errc(check(&k, &device, 2, Some([8, 4, 1]))), Errc::NdRange);
        assert_eq!(errc(check(&k, &device, 1, Some([4, 1, 1]))), Errc::NdRange);
        // A range launch has no work-groups to compare.
        assert_eq!(errc(check(&k, &device, 2, None)), Errc::Success);

        let attributes = KernelAttributes {
            reqd_work_group_size: None,
            reqd_sub_group_size: Some(8),
        };
        let mut k = entry(vec![], attributes);
        k.info.uses_subgroups = true;
        // The host device makes any size it lists.
        let mut device = host_info();
        assert_eq!(errc(check(&k, &device, 1, None)), Errc::Success);
        device.sub_group_sizes = vec![1, 4];
        assert_eq!(errc(check(&k, &device, 1, None)), Errc::KernelNotSupported);
        // A Vulkan device of any width serves a power of two up to 64:
        // wider ones in clusters of lanes, narrower ones through work-group
        // memory.
        device.backend = Backend::Vulkan;
        for widths in [vec![8], vec![32], vec![4, 8], vec![4], vec![64]] {
            device.sub_group_sizes = widths;
            assert_eq!(errc(check(&k, &device, 1, None)), Errc::Success);
        }
        device.sub_group_sizes = vec![];
        assert_eq!(errc(check(&k, &device, 1, None)), Errc::KernelNotSupported);
        let wide = |size| {
            let attributes = KernelAttributes {
                reqd_work_group_size: None,
                reqd_sub_group_size: Some(size),
            };
            let mut k = entry(vec![], attributes);
            k.info.uses_subgroups = true;
            k
        };
        device.sub_group_sizes = vec![8];
        assert_eq!(errc(check(&wide(64), &device, 1, None)), Errc::Success);
        assert_eq!(
            errc(check(&wide(128), &device, 1, None)),
            Errc::KernelNotSupported
        );
        assert_eq!(
            errc(check(&wide(24), &device, 1, None)),
            Errc::KernelNotSupported
        );
        // Clusters hold at most 32 lanes.
        device.sub_group_sizes = vec![128];
        assert_eq!(
            errc(check(&wide(64), &device, 1, None)),
            Errc::KernelNotSupported
        );
        // Without sub-group functions the size is not observable.
        k.info.uses_subgroups = false;
        assert_eq!(errc(check(&k, &device, 1, None)), Errc::Success);
    }
}
