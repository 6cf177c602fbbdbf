//! USM commands of a queue: `memcpy`/`copy`, `memset`/`fill`, `prefetch`,
//! `mem_advise`, and `get_pointer_type`.
//!
//! Copies and fills run on the host, in order after the queue's earlier
//! commands: the runtime waits for the device when an operand has a
//! device-newer copy (downloading it), writes the host copy, and marks the
//! destination host-newer so that the next kernel uploads it (`memory`).
//! They complete before the call returns (after the commands they depend on
//! that wait in the `scheduler`).

use crate::device::clock;
use crate::device::Device;
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
        sync::make_host_current(&mut table, src)?;
        prepare_destination(&mut table, dst, bytes)?;
        // SAFETY: both ranges were checked against their allocations (or are
        // host memory the caller vouches for, as with std::memcpy); `copy`
        // allows overlap.
        unsafe { std::ptr::copy(src as *const u8, dst as *mut u8, bytes) };
        sync::host_wrote(&mut table, dst);
    }
    Ok(q.host_event(submit, start))
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
        prepare_destination(&mut table, dst, bytes)?;
        // SAFETY: checked against the allocation above (or host memory the caller vouches for).
        let out = unsafe { std::slice::from_raw_parts_mut(dst as *mut u8, bytes) };
        for chunk in out.chunks_exact_mut(pattern.len()) {
            chunk.copy_from_slice(pattern);
        }
        sync::host_wrote(&mut table, dst);
    }
    Ok(q.host_event(submit, start))
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
