//! What a kernel requires of the device and of its launch, checked before
//! it runs on any device: the optional features its image needs (the
//! required aspects post-link recorded), sub-group support, and its
//! attributes (`reqd_work_group_size`, `reqd_sub_group_size`).

use crate::device::info::{Aspect, DeviceInfo};
use crate::error::{RtError, RtResult};
use crate::registry::KernelEntry;
use compiler_core::bundle;

/// The device aspect behind an aspect an image requires.
fn device_aspect(aspect: bundle::Aspect) -> Aspect {
    match aspect {
        bundle::Aspect::Fp64 => Aspect::Fp64,
        bundle::Aspect::Atomic64 => Aspect::Atomic64,
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
    if let Some(size) = info.attributes.reqd_sub_group_size {
        if device.sub_group_sizes != [size] {
            return Err(unsupported(format!(
                "sub-groups of exactly {size} work-items, which [[sycl::reqd_sub_group_size({size})]] \
                 requires (its sub-group sizes: {:?})",
                device.sub_group_sizes
            )));
        }
    }
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
