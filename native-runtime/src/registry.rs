//! The registry of device images: filled by `syclone_register_images` from
//! load-time constructors (before `main`, so it never touches a device), read
//! at launch to find a kernel's `KernelInfo` and SPIR-V by its key.

use compiler_core::bundle::{BundleError, DeviceBundle, DeviceImage, KernelInfo};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

/// One registered SPIR-V module; `id` names it in pipeline caches.
#[derive(Debug)]
pub struct RegisteredImage {
    pub id: u64,
    pub image: DeviceImage,
}

/// A kernel found by key: its image and its launch information.
#[derive(Clone, Debug)]
pub struct KernelEntry {
    pub image: Arc<RegisteredImage>,
    pub info: KernelInfo,
}

#[derive(Default)]
struct Registry {
    images: Vec<Arc<RegisteredImage>>,
    kernels: HashMap<String, KernelEntry>,
}

static REGISTRY: Mutex<Option<Registry>> = Mutex::new(None);
static NEXT_ID: AtomicU64 = AtomicU64::new(1);

fn registry() -> MutexGuard<'static, Option<Registry>> {
    REGISTRY.lock().unwrap_or_else(|p| p.into_inner())
}

/// Parses a serialised bundle and registers its images. Later registrations
/// of the same key replace earlier ones.
pub fn register(bytes: &[u8]) -> Result<usize, BundleError> {
    let bundle = DeviceBundle::from_bytes(bytes)?;
    let mut guard = registry();
    let reg = guard.get_or_insert_with(Registry::default);
    let mut count = 0;
    for image in bundle.images {
        let image = Arc::new(RegisteredImage {
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            image,
        });
        for info in &image.image.kernels {
            reg.kernels.insert(
                info.key.clone(),
                KernelEntry {
                    image: image.clone(),
                    info: info.clone(),
                },
            );
            count += 1;
        }
        reg.images.push(image);
    }
    Ok(count)
}

/// Removes the images of a bundle registered earlier (matched by content),
/// as a shared library's destructor does when it is unloaded. A kernel the
/// removed images had shadowed is found again in the images still
/// registered (the latest registration wins, as in [`register`]).
pub fn unregister(bytes: &[u8]) -> Result<(), BundleError> {
    let bundle = DeviceBundle::from_bytes(bytes)?;
    let mut guard = registry();
    let Some(reg) = guard.as_mut() else {
        return Ok(());
    };
    for image in &bundle.images {
        let Some(pos) = reg.images.iter().position(|r| r.image == *image) else {
            continue;
        };
        let removed = reg.images.remove(pos);
        reg.kernels.retain(|_, entry| entry.image.id != removed.id);
        for image in &reg.images {
            for info in &image.image.kernels {
                if removed.image.kernels.iter().any(|k| k.key == info.key) {
                    reg.kernels.insert(
                        info.key.clone(),
                        KernelEntry {
                            image: image.clone(),
                            info: info.clone(),
                        },
                    );
                }
            }
        }
    }
    Ok(())
}

/// The keys of every registered kernel, sorted.
pub fn keys() -> Vec<String> {
    let mut keys: Vec<String> = registry()
        .as_ref()
        .map(|r| r.kernels.keys().cloned().collect())
        .unwrap_or_default();
    keys.sort();
    keys
}

/// The kernel registered under `key`, if any.
pub fn lookup(key: &str) -> Option<KernelEntry> {
    registry().as_ref()?.kernels.get(key).cloned()
}

/// The `assert` of device code with id `id`, in any registered image.
pub fn assert_site(id: u32) -> Option<compiler_core::bundle::AssertSite> {
    registry()
        .as_ref()?
        .images
        .iter()
        .flat_map(|image| &image.image.properties.assert_sites)
        .find(|site| site.id == id)
        .cloned()
}

/// The printf format or `%s` string with id `id`, in any registered image.
pub fn printf_string(id: u32) -> Option<String> {
    registry()
        .as_ref()?
        .images
        .iter()
        .flat_map(|image| &image.image.properties.printf_strings)
        .find(|s| s.id == id)
        .map(|s| s.text.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use compiler_core::bundle::BUNDLE_FORMAT_VERSION;
    use compiler_core::target::TargetKind;

    fn bundle(key: &str) -> Vec<u8> {
        bundle_with(key, 24)
    }

    fn bundle_with(key: &str, arg_size: u32) -> Vec<u8> {
        let info = KernelInfo {
            key: key.into(),
            display_name: "K".into(),
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
            param_block_size: 8,
            buffers: vec![],
            scalars: vec![],
        };
        let image = DeviceImage {
            target: TargetKind::SpirvVulkan,
            spirv: vec![0x0723_0203],
            properties: Default::default(),
            kernels: vec![info],
        };
        DeviceBundle::linked(vec![image]).to_bytes()
    }

    #[test]
    fn register_lookup_unregister() {
        let bytes = bundle("P14RegistryTestK");
        assert_eq!(register(&bytes).unwrap(), 1);
        let entry = lookup("P14RegistryTestK").expect("registered");
        assert_eq!(entry.info.arg_sizes, vec![24]);
        unregister(&bytes).unwrap();
        assert!(lookup("P14RegistryTestK").is_none());
        assert!(register(b"[1, 2").is_err());
    }

    /// A shared library registers an image with a kernel the program has
    /// too; unloading the library brings the program's kernel back.
    #[test]
    fn unregistering_a_shadowing_image_restores_the_earlier_one() {
        let program = bundle_with("P15ShadowedKernel", 16);
        let library = bundle_with("P15ShadowedKernel", 32);
        register(&program).unwrap();
        register(&library).unwrap();
        assert_eq!(
            lookup("P15ShadowedKernel").unwrap().info.arg_sizes,
            vec![32]
        );
        unregister(&library).unwrap();
        assert_eq!(
            lookup("P15ShadowedKernel").unwrap().info.arg_sizes,
            vec![16]
        );
        unregister(&program).unwrap();
        assert!(lookup("P15ShadowedKernel").is_none());
    }

    #[test]
    fn bundles_of_another_format_are_refused() {
        let current = format!("\"format_version\":{BUNDLE_FORMAT_VERSION}");
        let old = String::from_utf8(bundle("Pold"))
            .unwrap()
            .replace(&current, "\"format_version\":1");
        let err = register(old.as_bytes()).unwrap_err();
        assert!(err.to_string().contains("format 1"), "{err}");
        assert!(lookup("Pold").is_none());
    }
}
