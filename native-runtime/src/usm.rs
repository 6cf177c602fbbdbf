//! USM commands of a queue: `memcpy`/`copy`, `memset`/`fill`, `prefetch`,
//! `mem_advise`, and `get_pointer_type`.
//!
//! Copies and fills run in order after the queue's earlier commands. Those
//! into or out of device USM on a Vulkan device go straight to or from its
//! device copy where they can (`direct_transfer`); the others run on the
//! host: the runtime waits for the device when an operand has a
//! device-newer copy (downloading it), writes the host copy, and marks the
//! destination host-newer so that the next kernel uploads it (`memory`).
//! They complete before the call returns (after the commands they depend on
//! that wait in the `scheduler`); an upload is queued before the device's
//! next commands, its bytes taken at the call.

use crate::device::clock;
use crate::device::Device;
use crate::direct_transfer;
use crate::error::{RtError, RtResult};
use crate::event::{self, Event};
use crate::memory::{self, AllocKind, MemoryTable};
use crate::queue::QueueImpl;
use crate::sync;
use std::sync::Arc;

/// Checks that `[addr, addr + bytes)` lies in one allocation when `addr` is in one.
fn check_extent(table: &MemoryTable, addr: usize, bytes: usize, what: &str) -> RtResult<()> {
    if let Some(a) = table.find(addr) {
        if addr + bytes > a.start + a.size {
            return Err(RtError::Invalid(format!(
                "{what}: {bytes} bytes at {addr:#x} run past the end of its allocation ({} bytes at {:#x})",
                a.size, a.start
            )));
        }
    }
    Ok(())
}

/// Makes `[addr, addr + bytes)` writable on the host: its allocation's host
/// copy current when the write covers only part of it.
fn prepare_destination(table: &mut MemoryTable, addr: usize, bytes: usize) -> RtResult<()> {
    let whole = table
        .find(addr)
        .is_some_and(|a| a.start == addr && a.size == bytes);
    if !whole {
        sync::make_host_current(table, addr)?;
    }
    Ok(())
}

/// `queue::memcpy`: `bytes` from `src` to `dst` (either may be USM of any
/// kind or plain host memory).
pub fn memcpy(
    q: &QueueImpl,
    dst: usize,
    src: usize,
    bytes: usize,
    deps: &[Arc<Event>],
) -> RtResult<Arc<Event>> {
    let submit = clock::now_ns();
    if bytes > 0 && (dst == 0 || src == 0) {
        return Err(RtError::Invalid("queue::memcpy: null pointer".into()));
    }
    wait_deps(q, deps)?;
    let start = q.host_command_start(deps);
    if bytes > 0 {
        let mut table = memory::table();
        check_extent(&table, src, bytes, "queue::memcpy source")?;
        check_extent(&table, dst, bytes, "queue::memcpy destination")?;
        if !copy_device_usm_directly(&mut table, dst, src, bytes)? {
            sync::make_host_current(&mut table, src)?;
            prepare_destination(&mut table, dst, bytes)?;
            // SAFETY: both ranges were checked against their allocations (or are
            // host memory the caller vouches for, as with std::memcpy); `copy`
            // allows overlap.
            unsafe { std::ptr::copy(src as *const u8, dst as *mut u8, bytes) };
            sync::host_wrote(&mut table, dst);
        }
    }
    Ok(q.host_event(submit, start))
}

/// A copy between two device USM allocations on one device, out of device
/// USM that a kernel wrote, or into device USM whose device copy is
/// current, on the device or straight from or to the device copy
/// (`direct_transfer`). False: the copy goes through the host copies.
fn copy_device_usm_directly(
    table: &mut MemoryTable,
    dst: usize,
    src: usize,
    bytes: usize,
) -> RtResult<bool> {
    let same_allocation = matches!(
        (table.find(dst), table.find(src)),
        (Some(d), Some(s)) if d.start == s.start
    );
    if same_allocation {
        return Ok(false);
    }
    if let (Some(from), Some(to)) = (
        direct_transfer::current_range(table, src, bytes),
        direct_transfer::writable_range(table, dst, bytes),
    ) {
        if direct_transfer::copy_on_device(table, from, to, bytes)? {
            return Ok(true);
        }
    }
    if let Some(range) = direct_transfer::newer_range(table, src, bytes) {
        prepare_destination(table, dst, bytes)?;
        // SAFETY: checked against its allocation (or host memory the caller
        // vouches for), which is not `src`'s.
        let out = unsafe { std::slice::from_raw_parts_mut(dst as *mut u8, bytes) };
        direct_transfer::download(table, range, out)?;
        sync::host_wrote(table, dst);
        return Ok(true);
    }
    if let Some(range) = direct_transfer::writable_range(table, dst, bytes) {
        sync::make_host_current(table, src)?;
        // SAFETY: as above; the device copy of `dst` is written, not its memory.
        let data = unsafe { std::slice::from_raw_parts(src as *const u8, bytes) };
        direct_transfer::upload(table, range, data)?;
        return Ok(true);
    }
    Ok(false)
}

/// Host code (the host tasks of `handler::copy` between an accessor and a
/// pointer) is about to read `[addr, addr + bytes)`, or to write it
/// (`write`): the host copy of the allocation holding it is made current,
/// as `memcpy` makes its operands. Memory the runtime does not know is
/// plain host memory: nothing to do.
pub fn host_access_begin(addr: usize, bytes: usize, write: bool) -> RtResult<()> {
    let mut table = memory::table();
    check_extent(&table, addr, bytes, "handler::copy")?;
    if write {
        prepare_destination(&mut table, addr, bytes)
    } else {
        sync::make_host_current(&mut table, addr)
    }
}

/// The host wrote `addr` after `host_access_begin`: the next device use
/// uploads its allocation.
pub fn host_access_wrote(addr: usize) {
    sync::host_wrote(&mut memory::table(), addr);
}

/// `queue::fill`/`memset`: `count` copies of `pattern` from `dst`.
pub fn fill(
    q: &QueueImpl,
    dst: usize,
    pattern: &[u8],
    count: usize,
    deps: &[Arc<Event>],
) -> RtResult<Arc<Event>> {
    let submit = clock::now_ns();
    let bytes = pattern
        .len()
        .checked_mul(count)
        .ok_or_else(|| RtError::Invalid("queue::fill: size overflows".into()))?;
    if bytes > 0 && dst == 0 {
        return Err(RtError::Invalid("queue::fill: null pointer".into()));
    }
    wait_deps(q, deps)?;
    let start = q.host_command_start(deps);
    if bytes > 0 {
        let mut table = memory::table();
        check_extent(&table, dst, bytes, "queue::fill")?;
        if let Some(range) = direct_transfer::writable_range(&table, dst, bytes) {
            direct_transfer::fill(&mut table, range, pattern, bytes)?;
        } else {
            prepare_destination(&mut table, dst, bytes)?;
            // SAFETY: checked against the allocation above (or host memory the caller vouches for).
            let out = unsafe { std::slice::from_raw_parts_mut(dst as *mut u8, bytes) };
            fill_with_pattern(out, pattern);
            sync::host_wrote(&mut table, dst);
        }
    }
    Ok(q.host_event(submit, start))
}

/// Fills `out` (a whole number of patterns long) with copies of
/// `pattern`: a byte is `memset`; a wider pattern is copied once, then the
/// filled part doubles (a pattern at a time ran at 0.3 GB/s).
pub(crate) fn fill_with_pattern(out: &mut [u8], pattern: &[u8]) {
    if let [byte] = pattern {
        out.fill(*byte);
        return;
    }
    let Some(first) = out.get_mut(..pattern.len()) else {
        return;
    };
    first.copy_from_slice(pattern);
    let mut filled = pattern.len();
    while filled < out.len() {
        let step = filled.min(out.len() - filled);
        out.copy_within(..step, filled);
        filled += step;
    }
}

/// `queue::prefetch`: on a Vulkan queue, uploads the allocation now if its
/// host copy is newer, so that the next kernel does not wait for it.
pub fn prefetch(q: &QueueImpl, ptr: usize, deps: &[Arc<Event>]) -> RtResult<Arc<Event>> {
    let submit = clock::now_ns();
    q.wait_turn(deps, Vec::new())?;
    event::wait_foreign(deps, &q.device)?;
    if let Device::Vulkan(dev) = &q.device {
        let mut table = memory::table();
        let start = table.find(ptr).map(|a| a.start).ok_or_else(|| {
            RtError::Invalid(format!("queue::prefetch: {ptr:#x} is not USM memory"))
        })?;
        sync::prepare_for_kernel(&mut table, start, dev, true)?;
    }
    Ok(q.host_event(submit, clock::now_ns()))
}

/// Host commands wait for their dependencies. The queue's earlier commands
/// need no wait: on the host device they are complete, on a Vulkan device
/// the downloads of device-newer operands wait for them.
/// Waits for `deps` and for the commands before it that wait in the
/// scheduler (a host task of an in-order queue).
fn wait_deps(q: &QueueImpl, deps: &[Arc<Event>]) -> RtResult<()> {
    q.wait_turn(deps, Vec::new())?;
    for dep in deps {
        dep.wait()?;
    }
    Ok(())
}

/// `get_pointer_device`: the device the USM allocation holding `ptr` was
/// made on.
pub fn pointer_device(ptr: usize) -> Option<usize> {
    memory::table().find(ptr).and_then(|a| a.device_index)
}

/// `get_pointer_type`: 0 device, 1 host, 2 shared, 3 unknown (`usm::alloc`
/// order of `runtime_abi.h`). Buffers' storage is not USM.
pub fn pointer_type(ptr: usize) -> i32 {
    match memory::table().find(ptr).map(|a| a.kind) {
        Some(AllocKind::UsmDevice) => 0,
        Some(AllocKind::UsmHost) => 1,
        Some(AllocKind::UsmShared) => 2,
        Some(AllocKind::Buffer) | None => 3,
    }
}

#[cfg(test)]
mod tests {
    use super::fill_with_pattern;

    #[test]
    fn fills_repeat_the_pattern_to_the_end() {
        for count in [1usize, 2, 3, 7, 64, 1000] {
            for pattern in [
                &[0xabu8][..],
                &[1, 2],
                &[1, 2, 3],
                &[9, 8, 7, 6, 5, 4, 3, 2],
            ] {
                let mut out = vec![0u8; pattern.len() * count];
                fill_with_pattern(&mut out, pattern);
                let expected: Vec<u8> = pattern.iter().copied().cycle().take(out.len()).collect();
                assert_eq!(out, expected, "{count} copies of {pattern:?}");
            }
        }
    }
}
