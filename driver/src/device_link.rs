//! The device side of the link: finds the device bundles of the link
//! inputs (fat objects, static archives found as files or through
//! `-l`/`-L`), merges them with those of the sources compiled in this run,
//! links their relocatable device code (`SYCL_EXTERNAL` calls across
//! translation units, [`compiler_core::device_link`]) and checks that no
//! kernel is defined twice in different ways; the merged bundle goes into
//! the wrapper object.

use crate::error::{io_at, DriverError, Result};
use crate::fat_object;
use compiler_core::bundle::DeviceBundle;
use compiler_core::device_link::Unit;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// A device bundle and where it came from (`a.cpp`, `a.o`, `libk.a(k1.o)`).
pub struct Contribution {
    pub origin: String,
    pub bundle: DeviceBundle,
}

/// The static archives and objects among the link inputs whose device
/// bundles the link must collect: the `.o`/`.a` inputs, and the archives
/// `-lNAME` finds in the `-L` directories (a `libNAME.so` found first is a
/// shared library, which registers its own images).
pub fn scanned_inputs(link_inputs: &[PathBuf], link_flags: &[String]) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = link_inputs
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "o" || e == "a"))
        .cloned()
        .collect();
    let dirs: Vec<&str> = link_flags
        .iter()
        .filter_map(|f| f.strip_prefix("-L"))
        .collect();
    for lib in link_flags.iter().filter_map(|f| f.strip_prefix("-l")) {
        if let Some(archive) = find_library(lib, &dirs) {
            out.push(archive);
        }
    }
    out
}

/// The archive `-l<lib>` names in `dirs`, searched like the linker does
/// (`libNAME.so` before `libNAME.a` in each directory; `-l:FILE` exactly).
fn find_library(lib: &str, dirs: &[&str]) -> Option<PathBuf> {
    for dir in dirs {
        let dir = Path::new(dir);
        if let Some(file) = lib.strip_prefix(':') {
            let p = dir.join(file);
            if p.is_file() {
                return p.extension().is_some_and(|e| e == "a").then_some(p);
            }
            continue;
        }
        if dir.join(format!("lib{lib}.so")).is_file() {
            return None;
        }
        let a = dir.join(format!("lib{lib}.a"));
        if a.is_file() {
            return Some(a);
        }
    }
    None
}

/// The bundles found in `inputs` (objects and archives).
pub fn collect(inputs: &[PathBuf]) -> Result<Vec<Contribution>> {
    let mut out = vec![];
    for input in inputs {
        let data = std::fs::read(input).map_err(io_at(input))?;
        let origin = input.display().to_string();
        for (origin, bundle) in fat_object::bundles_in(&data, &origin)? {
            out.push(Contribution { origin, bundle });
        }
    }
    Ok(out)
}

/// One bundle holding every image of `contributions`, in order. An image
/// that appears twice unchanged (the same object linked twice) is kept
/// once. A kernel key defined by two contributions with different launch
/// information is an error naming both (SYCL kernel names are unique in a
/// program); the same kernel from two translation units (a kernel template
/// in a header) is fine, as the one-definition rule allows.
pub fn merge(contributions: &[Contribution]) -> Result<DeviceBundle> {
    let units: Vec<Unit> = contributions
        .iter()
        .map(|c| Unit {
            origin: &c.origin,
            code: &c.bundle.relocatable,
        })
        .collect();
    let linked = compiler_core::device_link::link(&units).map_err(|errors| {
        let lines: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        DriverError::DeviceLink(lines.join("\n"))
    })?;
    let mut images = vec![];
    let mut kernels: HashMap<(String, &str), (&str, &compiler_core::bundle::KernelInfo)> =
        HashMap::new();
    let mut conflicts = vec![];
    for (c, linked) in contributions.iter().zip(&linked) {
        for image in c.bundle.images.iter().chain(linked) {
            if images.contains(image) {
                continue;
            }
            for k in &image.kernels {
                let key = (k.key.clone(), image.target.triple());
                match kernels.get(&key) {
                    Some((first, info)) if !info.launches_like(k) => conflicts.push(format!(
                        "kernel '{}' is defined in both {first} and {} (SYCL kernel names must be unique in a program)",
                        k.display_name, c.origin
                    )),
                    Some(_) => {}
                    None => {
                        kernels.insert(key, (&c.origin, k));
                    }
                }
            }
            images.push(image.clone());
        }
    }
    if !conflicts.is_empty() {
        return Err(DriverError::DeviceLink(conflicts.join("\n")));
    }
    Ok(DeviceBundle::linked(images))
}

#[cfg(test)]
mod tests {
    use super::*;
    use compiler_core::bundle::{DeviceImage, KernelInfo};
    use compiler_core::target::TargetKind;

    fn kernel(key: &str, arg_size: u32) -> KernelInfo {
        KernelInfo {
            key: key.into(),
            display_name: key
                .trim_start_matches(|c: char| c == 'P' || c.is_ascii_digit())
                .into(),
            entry_point: "main".into(),
            dimensions: 1,
            work_group_size: [64, 1, 1],
            uses_barrier: false,
            local_arrays: vec![],
            exchange_arrays: vec![],
            uses_subgroups: false,
            private_bytes: 0,
            fixed_local_bytes: 0,
            attributes: Default::default(),
            compiled_work_groups: false,
            arg_sizes: vec![arg_size],
            param_block_size: 16,
            buffers: vec![],
            scalars: vec![],
        }
    }

    fn contribution(origin: &str, spirv: u32, kernels: Vec<KernelInfo>) -> Contribution {
        Contribution {
            origin: origin.into(),
            bundle: DeviceBundle::linked(vec![DeviceImage {
                target: TargetKind::SpirvVulkan,
                spirv: vec![0x0723_0203, spirv],
                properties: Default::default(),
                kernels,
            }]),
        }
    }

    #[test]
    fn images_of_all_units_are_kept_in_order() {
        let a = contribution("a.o", 1, vec![kernel("P1A", 8)]);
        let b = contribution("libk.a(b.o)", 2, vec![kernel("P1B", 8)]);
        let merged = merge(&[a, b]).unwrap();
        assert_eq!(merged.images.len(), 2);
        assert_eq!(merged.images[1].kernels[0].key, "P1B");
    }

    #[test]
    fn the_same_object_twice_and_odr_duplicates_are_fine() {
        let a = contribution("a.o", 1, vec![kernel("P1A", 8)]);
        let again = contribution("a.o", 1, vec![kernel("P1A", 8)]);
        let other_unit = contribution("b.o", 2, vec![kernel("P1A", 8)]);
        let merged = merge(&[a, again, other_unit]).unwrap();
        assert_eq!(merged.images.len(), 2);
    }

    /// Each image numbers the constants that size its work-group arrays:
    /// the same kernel from two units may name different ones.
    #[test]
    fn odr_duplicates_may_number_their_constants_differently() {
        let with_local_array = |length_id| {
            let mut k = kernel("P1L", 8);
            k.local_arrays.push(compiler_core::bundle::LocalArray {
                arg: 0,
                offset: 0,
                elem_size: 4,
                length_id,
                name: "tile".into(),
            });
            k
        };
        let a = contribution("a.o", 1, vec![with_local_array(2103)]);
        let b = contribution("b.o", 2, vec![with_local_array(2118)]);
        assert_eq!(merge(&[a, b]).unwrap().images.len(), 2);
    }

    #[test]
    fn conflicting_kernels_are_reported_with_both_origins() {
        let a = contribution("a.o", 1, vec![kernel("P3Add", 8)]);
        let b = contribution("libk.a(b.o)", 2, vec![kernel("P3Add", 24)]);
        let err = merge(&[a, b]).unwrap_err().to_string();
        assert!(
            err.contains("kernel 'Add' is defined in both a.o and libk.a(b.o)"),
            "{err}"
        );
    }

    #[test]
    fn libraries_are_found_like_the_linker_finds_them() {
        let dir = std::env::temp_dir().join(format!("syclcc-dl-{}", std::process::id()));
        let (d1, d2) = (dir.join("d1"), dir.join("d2"));
        std::fs::create_dir_all(&d1).unwrap();
        std::fs::create_dir_all(&d2).unwrap();
        std::fs::write(d1.join("libshared.so"), "").unwrap();
        std::fs::write(d2.join("libshared.a"), "").unwrap();
        std::fs::write(d2.join("libk.a"), "").unwrap();
        let flags = [
            format!("-L{}", d1.display()),
            format!("-L{}", d2.display()),
            "-lshared".to_string(),
            "-lk".to_string(),
            "-l:libk.a".to_string(),
            "-lmissing".to_string(),
        ];
        let inputs = [PathBuf::from("x.o"), PathBuf::from("y.so")];
        assert_eq!(
            scanned_inputs(&inputs, &flags),
            [PathBuf::from("x.o"), d2.join("libk.a"), d2.join("libk.a")]
        );
        std::fs::remove_dir_all(&dir).ok();
    }
}
