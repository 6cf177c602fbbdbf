//! USM commands that move bytes straight between host memory and the
//! device copy of device USM on a Vulkan device, skipping its host copy
//! (which device code's pointers never reach and the host cannot read):
//!
//! - `memcpy` into device USM uploads the copied range now, instead of
//!   writing the host copy and uploading the whole allocation before the
//!   next kernel;
//! - `memcpy` out of device USM that a kernel wrote downloads the copied
//!   range only, into the destination itself;
//! - `memset`/`fill` of device USM clears the range on the device (zeros)
//!   or uploads the filled range;
//! - `memcpy` between two device USM allocations on one device copies on
//!   the device.
//!
//! Each applies when the device copy is current (or the command replaces
//! the whole allocation) and the range is word-aligned, as Vulkan's copies
//! need; otherwise `usm` takes the path through the host copy. After one,
//! the device copy is the newer (`Fresh::Device`).

use crate::device::vulkan::VulkanDevice;
use crate::error::{RtError, RtResult};
use crate::memory::{AllocKind, Fresh, MemoryTable};
use crate::sync;
use std::sync::Arc;

/// A word-aligned range of device USM whose device copy a direct
/// transfer reads or writes: the allocation's start, the offset of the
/// range in it, and its device.
pub struct DeviceRange {
    start: usize,
    offset: u64,
    device: Arc<VulkanDevice>,
}

/// The device range of `[addr, addr + bytes)` when it lies in device USM
/// with a copy on a Vulkan device, word-aligned (or ending the allocation),
/// and `usable` accepts the allocation's state (its freshness, whether the
/// range is all of it).
fn device_range(
    table: &MemoryTable,
    addr: usize,
    bytes: usize,
    usable: impl Fn(Fresh, bool) -> bool,
) -> Option<DeviceRange> {
    let alloc = table.find(addr)?;
    let gpu = alloc.gpu.as_ref()?;
    let offset = addr - alloc.start;
    let whole = offset == 0 && bytes == alloc.size;
    let aligned =
        offset.is_multiple_of(4) && (bytes.is_multiple_of(4) || offset + bytes == alloc.size);
    (alloc.kind == AllocKind::UsmDevice && aligned && usable(alloc.fresh, whole)).then(|| {
        DeviceRange {
            start: alloc.start,
            offset: offset as u64,
            device: gpu.device.clone(),
        }
    })
}

/// The range of device USM at `dst` that a command may write on the
/// device: its device copy is current, or the command replaces all of it.
pub fn writable_range(table: &MemoryTable, dst: usize, bytes: usize) -> Option<DeviceRange> {
    device_range(table, dst, bytes, |fresh, whole| {
        whole || fresh != Fresh::Host
    })
}

/// The range of device USM at `src` whose device copy a kernel wrote since
/// the host copy was current (else the host copy is the one to read).
pub fn newer_range(table: &MemoryTable, src: usize, bytes: usize) -> Option<DeviceRange> {
    device_range(table, src, bytes, |fresh, _| fresh == Fresh::Device)
}

/// The range of device USM at `src` whose device copy is current (a copy
/// on the device may read it).
pub fn current_range(table: &MemoryTable, src: usize, bytes: usize) -> Option<DeviceRange> {
    device_range(table, src, bytes, |fresh, _| fresh != Fresh::Host)
}

/// Copies `bytes` bytes from `src` to `dst` (ranges of two allocations) on
/// their device, when both are on one device, the count is whole words
/// and each range lies in one chunk of its allocation. False: the caller
/// copies another way.
pub fn copy_on_device(
    table: &mut MemoryTable,
    src: DeviceRange,
    dst: DeviceRange,
    bytes: usize,
) -> RtResult<bool> {
    if !Arc::ptr_eq(&src.device, &dst.device) || !bytes.is_multiple_of(4) {
        return Ok(false);
    }
    {
        let from = table
            .find(src.start)
            .and_then(|a| a.gpu.as_ref())
            .ok_or_else(gone)?;
        let to = table
            .find(dst.start)
            .and_then(|a| a.gpu.as_ref())
            .ok_or_else(gone)?;
        let (from, to) = (
            from.spans(src.offset, bytes as u64),
            to.spans(dst.offset, bytes as u64),
        );
        let ([(from, from_at, _)], [(to, to_at, _)]) = (&from[..], &to[..]) else {
            return Ok(false);
        };
        let mut batch = src.device.lock_batch();
        src.device
            .copy(&mut batch, (from, *from_at), (to, *to_at), bytes as u64);
    }
    table.get_mut(dst.start).ok_or_else(gone)?.fresh = Fresh::Device;
    Ok(true)
}

/// Writes `data` into `range` on the device (the bytes are taken now).
pub fn upload(table: &mut MemoryTable, range: DeviceRange, data: &[u8]) -> RtResult<()> {
    let alloc = table.get_mut(range.start).ok_or_else(gone)?;
    let gpu = alloc.gpu.as_ref().ok_or_else(gone)?;
    let mut batch = range.device.lock_batch();
    for (buffer, at, part) in gpu.spans(range.offset, data.len() as u64) {
        range.device.upload(&mut batch, buffer, at, &data[part]);
    }
    alloc.fresh = Fresh::Device;
    Ok(())
}

/// Fills `bytes` bytes of `range` with copies of `pattern` on the device:
/// zeros are cleared there, other patterns uploaded.
pub fn fill(
    table: &mut MemoryTable,
    range: DeviceRange,
    pattern: &[u8],
    bytes: usize,
) -> RtResult<()> {
    if pattern.iter().any(|&b| b != 0) || !bytes.is_multiple_of(4) {
        let mut filled = vec![0u8; bytes];
        crate::usm::fill_with_pattern(&mut filled, pattern);
        return upload(table, range, &filled);
    }
    let alloc = table.get_mut(range.start).ok_or_else(gone)?;
    let gpu = alloc.gpu.as_ref().ok_or_else(gone)?;
    let mut batch = range.device.lock_batch();
    for (buffer, at, part) in gpu.spans(range.offset, bytes as u64) {
        range
            .device
            .clear(&mut batch, buffer, at, part.len() as u64);
    }
    alloc.fresh = Fresh::Device;
    Ok(())
}

/// Reads `range` from the device into `out` (memory outside its
/// allocation), waiting for the commands before; then reports what kernels
/// printed or asserted, as every download does.
pub fn download(table: &mut MemoryTable, range: DeviceRange, out: &mut [u8]) -> RtResult<()> {
    {
        let alloc = table.find(range.start).ok_or_else(gone)?;
        let gpu = alloc.gpu.as_ref().ok_or_else(gone)?;
        let mut items = Vec::new();
        let mut rest = out;
        for (buffer, at, part) in gpu.spans(range.offset, rest.len() as u64) {
            let (here, after) = rest.split_at_mut(part.len());
            items.push((buffer, at, here));
            rest = after;
        }
        range
            .device
            .download(&mut range.device.lock_batch(), &mut items)?;
    }
    sync::report_device_records(table, &range.device)
}

/// A range found in the table is no longer there (the table stays locked
/// between the two, so this is a bug).
fn gone() -> RtError {
    RtError::Invalid("internal: a device range's allocation is gone".into())
}
