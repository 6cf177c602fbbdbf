//! `device_global` variables: the host objects the integration footer
//! registers (by the mangled name the device compiler keys them by) and each
//! Vulkan device's copy, a device USM allocation made at first use and
//! initialised from the value the host object had when it was registered.
//! On the host device the host object itself is the variable.

use crate::device::vulkan::VulkanDevice;
use crate::device::Device;
use crate::device_assert;
use crate::error::{RtError, RtResult};
use crate::memory::{self, AllocKind, Fresh, MemoryTable};
use crate::sync;
use compiler_core::bundle::{ASSERT_RECORD, PRINTF_BUFFER, PRINTF_BUFFER_BYTES};
use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex, MutexGuard};

/// A registered variable: its name and initial bytes.
struct Variable {
    symbol: String,
    initial: Vec<u8>,
}

#[derive(Default)]
struct Registry {
    /// By host object address.
    by_host: HashMap<usize, Variable>,
    /// The host object of each name.
    by_symbol: HashMap<String, usize>,
    /// Each Vulkan device's copy, by device (its address) and name.
    copies: HashMap<(usize, String), usize>,
}

fn registry() -> MutexGuard<'static, Registry> {
    static REGISTRY: LazyLock<Mutex<Registry>> = LazyLock::new(Default::default);
    REGISTRY.lock().unwrap_or_else(|e| e.into_inner())
}

/// Registers the host object at `host` (`initial` holds its bytes) as
/// variable `symbol`. A unit loaded twice registers the same object again.
pub fn register(host: usize, symbol: &str, initial: &[u8]) {
    let mut r = registry();
    r.by_symbol.insert(symbol.to_string(), host);
    r.by_host.insert(
        host,
        Variable {
            symbol: symbol.to_string(),
            initial: initial.to_vec(),
        },
    );
}

/// The address of variable `symbol`'s copy on `dev`, made and initialised
/// at the first use.
pub fn copy_on(dev: &Arc<VulkanDevice>, symbol: &str) -> RtResult<usize> {
    // One maker at a time; the registry is locked only briefly (the memory
    // table is locked while it is: waits read the assert record's copy).
    static MAKING: Mutex<()> = Mutex::new(());
    let _making = MAKING.lock().unwrap_or_else(|e| e.into_inner());
    let key = (Arc::as_ptr(dev) as usize, symbol.to_string());
    if let Some(&start) = registry().copies.get(&key) {
        return Ok(start);
    }
    let r = registry();
    let initial = r
        .by_symbol
        .get(symbol)
        .and_then(|host| r.by_host.get(host))
        .map(|v| v.initial.clone())
        // The runtime's own: zeroed.
        .or_else(|| (symbol == ASSERT_RECORD).then(|| vec![0; device_assert::RECORD_BYTES]))
        .or_else(|| (symbol == PRINTF_BUFFER).then(|| vec![0; PRINTF_BUFFER_BYTES]))
        .ok_or_else(|| {
            RtError::Invalid(format!(
                "device_global '{symbol}' is used in device code but no translation unit of \
                 the program registered it (compile the one that defines it with syclcc)"
            ))
        })?;
    drop(r);
    let device = Device::Vulkan(dev.clone());
    let start = sync::malloc(&device, None, initial.len(), 64, AllocKind::UsmDevice)?;
    {
        let mut table = memory::table();
        let alloc = table.get_mut(start).expect("just allocated");
        alloc.host_bytes_mut().copy_from_slice(&initial);
        // The first kernel that uses it uploads the initial value.
        alloc.fresh = Fresh::Host;
    }
    registry().copies.insert(key, start);
    Ok(start)
}

/// The start of `dev`'s copy of variable `symbol` when a kernel wrote it
/// since the host last read it (the runtime's own records: the caller
/// downloads it with what it downloads anyway).
pub fn written_copy(table: &MemoryTable, dev: &Arc<VulkanDevice>, symbol: &str) -> Option<usize> {
    let start = existing_copy(dev, symbol)?;
    table
        .find(start)
        .is_some_and(|a| a.fresh == Fresh::Device)
        .then_some(start)
}

/// The address of variable `symbol`'s copy on `dev`, if one was made.
pub fn existing_copy(dev: &Arc<VulkanDevice>, symbol: &str) -> Option<usize> {
    let key = (Arc::as_ptr(dev) as usize, symbol.to_string());
    registry().copies.get(&key).copied()
}

/// The storage of the variable whose host object is at `host` on `device`:
/// the host object itself on the host device.
pub fn storage(device: &Device, host: usize) -> RtResult<usize> {
    match device {
        Device::Host => Ok(host),
        Device::Vulkan(dev) => {
            let symbol = registry()
                .by_host
                .get(&host)
                .map(|v| v.symbol.clone())
                .ok_or_else(|| {
                    RtError::Invalid(
                        "device_global copy: the variable was not registered (compile the \
                         translation unit that defines it with syclcc)"
                            .into(),
                    )
                })?;
            copy_on(dev, &symbol)
        }
    }
}
