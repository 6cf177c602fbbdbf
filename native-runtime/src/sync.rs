//! Host/device synchronisation points: queue and event waits, USM allocation
//! and free, buffer creation, host access and release, and the host-side
//! view needed before a host-device kernel or a host task. Implements the
//! model described in `memory`.

use crate::device::vulkan::VulkanDevice;
use crate::device::Device;
use crate::device_assert;
use crate::device_global;
use crate::device_printf;
use crate::error::{RtError, RtResult};
use crate::memory::{self, AllocKind, Allocation, Fresh, GpuCopy, MemoryTable};
use crate::scheduler;
use compiler_core::bundle::{ASSERT_RECORD, PRINTF_BUFFER};
use std::sync::Arc;

fn on_device(alloc: &Allocation, device: &Arc<VulkanDevice>) -> bool {
    alloc
        .gpu
        .as_ref()
        .is_some_and(|g| Arc::ptr_eq(&g.device, device))
}

/// Downloads the device-newer allocations of `device` that `pred` selects
/// (waiting for the device); false when there were none.
fn download_where(
    table: &mut MemoryTable,
    device: &Arc<VulkanDevice>,
    pred: impl Fn(&Allocation) -> bool,
) -> RtResult<bool> {
    let starts: Vec<usize> = table
        .iter_mut()
        .filter(|a| a.fresh == Fresh::Device && on_device(a, device) && pred(a))
        .map(|a| a.start)
        .collect();
    if starts.is_empty() {
        return Ok(false);
    }
    {
        let mut items: Vec<(&wgpu::Buffer, u64, &mut [u8])> = Vec::new();
        for &start in &starts {
            let alloc = table.find(start).expect("collected above");
            let gpu = alloc.gpu.as_ref().expect("filtered on a device copy");
            items.extend(gpu.pieces_mut(alloc.host_bytes_mut()));
        }
        let mut batch = device.lock_batch();
        device.download(&mut batch, &mut items)?;
    }
    for &start in &starts {
        if let Some(a) = table.get_mut(start) {
            a.fresh = Fresh::Both;
        }
    }
    // What the runtime's own records say: kernel printf output, then a
    // failed assert (which ends the program).
    if let Some(buffer) = device_global::existing_copy(device, PRINTF_BUFFER) {
        if starts.contains(&buffer) {
            device_printf::print(table, buffer);
        }
    }
    if let Some(record) = device_global::existing_copy(device, ASSERT_RECORD) {
        if starts.contains(&record) {
            device_assert::report(table, record);
        }
    }
    Ok(true)
}

/// The runtime's records on `device` that kernels wrote since the host
/// read them (the assert record, the printf buffer): every wait downloads
/// them.
fn written_records(table: &MemoryTable, device: &Arc<VulkanDevice>) -> [Option<usize>; 2] {
    [
        device_global::written_copy(table, device, ASSERT_RECORD),
        device_global::written_copy(table, device, PRINTF_BUFFER),
    ]
}

/// Downloads the runtime's records on `device` that kernels wrote (printing
/// what they printed, reporting a failed assert) after a transfer that
/// did not go through `download_where`.
pub fn report_device_records(table: &mut MemoryTable, device: &Arc<VulkanDevice>) -> RtResult<()> {
    let records = written_records(table, device);
    if records.iter().any(Option::is_some) {
        download_where(table, device, |a| records.contains(&Some(a.start)))?;
    }
    Ok(())
}

/// Every device that holds a device-newer copy of some allocation.
fn devices_with_newer_data(table: &mut MemoryTable) -> Vec<Arc<VulkanDevice>> {
    let mut devices: Vec<Arc<VulkanDevice>> = Vec::new();
    for a in table.iter_mut() {
        if let (Fresh::Device, Some(g)) = (a.fresh, &a.gpu) {
            if !devices.iter().any(|d| Arc::ptr_eq(d, &g.device)) {
                devices.push(g.device.clone());
            }
        }
    }
    devices
}

/// Waits for everything submitted to `device` and downloads the shared and
/// host USM its kernels wrote.
pub fn wait(device: &Device) -> RtResult<()> {
    let Device::Vulkan(dev) = device else {
        return Ok(());
    };
    let mut table = memory::table();
    let records = written_records(&table, dev);
    let wanted = |a: &Allocation| {
        matches!(a.kind, AllocKind::UsmHost | AllocKind::UsmShared)
            || records.contains(&Some(a.start))
    };
    // A download waits for the device too: one round trip, not two.
    if !download_where(&mut table, dev, wanted)? {
        dev.wait(&mut dev.lock_batch())?;
    }
    Ok(())
}

/// Makes every host copy current before a host-device kernel; afterwards the
/// host copies count as newer (the kernel may write any of them).
pub fn prepare_host_kernel() -> RtResult<()> {
    let mut table = memory::table();
    for dev in devices_with_newer_data(&mut table) {
        download_where(&mut table, &dev, |_| true)?;
    }
    for a in table.iter_mut().filter(|a| a.gpu.is_some()) {
        a.fresh = Fresh::Host;
    }
    Ok(())
}

/// Gives `alloc` a copy on `device` and uploads the host data when the
/// kernel dereferences it and the host copy may be newer.
pub fn prepare_for_kernel(
    table: &mut MemoryTable,
    start: usize,
    device: &Arc<VulkanDevice>,
    dereferenced: bool,
) -> RtResult<()> {
    let alloc = table.get_mut(start).expect("resolved by the caller");
    if alloc
        .gpu
        .as_ref()
        .is_some_and(|g| !Arc::ptr_eq(&g.device, device))
    {
        // Used on another device before: bring the data home, then move it.
        let other = alloc
            .gpu
            .as_ref()
            .map(|g| g.device.clone())
            .expect("checked above");
        download_where(table, &other, |a| a.start == start)?;
        let alloc = table.get_mut(start).expect("still registered");
        alloc.gpu = None;
        alloc.fresh = Fresh::Host;
    }
    let alloc = table.get_mut(start).expect("still registered");
    if alloc.gpu.is_none() {
        alloc.gpu = Some(GpuCopy::new(device, alloc.size)?);
        alloc.fresh = Fresh::Host;
    }
    if dereferenced && alloc.needs_upload() {
        let gpu = alloc.gpu.as_ref().expect("created above");
        let mut batch = device.lock_batch();
        for (buffer, bytes) in gpu.pieces(alloc.host_bytes()) {
            device.upload(&mut batch, buffer, 0, bytes);
        }
        alloc.fresh = Fresh::Both;
    }
    Ok(())
}

/// `syclone_malloc`.
pub fn malloc(
    device: &Device,
    device_index: Option<usize>,
    bytes: usize,
    alignment: usize,
    kind: AllocKind,
) -> RtResult<usize> {
    let mut table = memory::table();
    let start = table.allocate(bytes, alignment, kind)?;
    table.get_mut(start).expect("just allocated").device_index = device_index;
    if let Device::Vulkan(dev) = device {
        match GpuCopy::new(dev, bytes) {
            Ok(copy) => {
                let alloc = table.get_mut(start).expect("just allocated");
                alloc.gpu = Some(copy);
                // Both copies start zeroed.
                alloc.fresh = Fresh::Both;
            }
            Err(e) => {
                table.remove(start);
                return Err(e);
            }
        }
    }
    Ok(start)
}

/// `syclone_free`: waits for the queue, then frees.
pub fn free(device: &Device, ptr: usize) -> RtResult<()> {
    wait(device)?;
    let mut table = memory::table();
    match table.get_mut(ptr) {
        Some(a) if a.kind != AllocKind::Buffer => {
            table.remove(ptr);
            Ok(())
        }
        _ => Err(RtError::Invalid(format!(
            "sycl::free: {ptr:#x} is not the start of a USM allocation"
        ))),
    }
}

/// Makes the host copy of the allocation containing `addr` current,
/// downloading it (after the commands before) if a device wrote it. Memory
/// the runtime does not know is plain host memory: nothing to do.
pub fn make_host_current(table: &mut MemoryTable, addr: usize) -> RtResult<()> {
    download_with(table, addr, |_| false)
}

/// Downloads the allocation containing `addr` if a device wrote it, and with
/// it that device's allocations `also` selects.
fn download_with(
    table: &mut MemoryTable,
    addr: usize,
    also: impl Fn(&Allocation) -> bool,
) -> RtResult<()> {
    let Some(alloc) = table.find(addr) else {
        return Ok(());
    };
    if let (Fresh::Device, Some(gpu)) = (alloc.fresh, &alloc.gpu) {
        let (device, start) = (gpu.device.clone(), alloc.start);
        let records = written_records(table, &device);
        download_where(table, &device, |a| {
            a.start == start || also(a) || records.contains(&Some(a.start))
        })?;
    }
    Ok(())
}

/// Makes a buffer's host storage current, waiting for the kernels that
/// wrote it; the host has then synchronised with those kernels, so the
/// shared and host USM allocations the device wrote become current too
/// (`{ buffer b; q.submit(...); } use(usm)`).
fn synchronise_with_buffer(table: &mut MemoryTable, storage: usize) -> RtResult<()> {
    download_with(table, storage, |a| {
        matches!(a.kind, AllocKind::UsmHost | AllocKind::UsmShared)
    })
}

/// Records that the host wrote the allocation containing `addr` (its host
/// copy must be current already): the next device use uploads it.
pub fn host_wrote(table: &mut MemoryTable, addr: usize) {
    if let Some(alloc) = table.find_mut(addr) {
        if alloc.gpu.is_some() {
            alloc.fresh = Fresh::Host;
        }
    }
}

/// `syclone_buffer_create`: the storage address.
pub fn buffer_create(host_ptr: usize, bytes: usize) -> RtResult<usize> {
    let mut table = memory::table();
    if host_ptr == 0 {
        table.allocate(bytes, 0, AllocKind::Buffer)
    } else {
        table.adopt(host_ptr, bytes, AllocKind::Buffer)?;
        Ok(host_ptr)
    }
}

fn check_buffer(table: &mut MemoryTable, storage: usize) -> RtResult<()> {
    match table.get_mut(storage) {
        Some(a) if a.kind == AllocKind::Buffer => Ok(()),
        _ => Err(RtError::Invalid(format!(
            "{storage:#x} is not the storage of a live buffer"
        ))),
    }
}

/// `syclone_buffer_host_access`: waits for the commands using the buffer
/// and makes its host storage current; a writing access makes the host copy
/// the newer one. Until `buffer_host_release`, commands using the buffer
/// wait (`scheduler::hold`).
pub fn buffer_host_access(storage: usize, writes: bool) -> RtResult<()> {
    scheduler::settle(storage)?;
    {
        let mut table = memory::table();
        check_buffer(&mut table, storage)?;
        synchronise_with_buffer(&mut table, storage)?;
        if writes {
            host_wrote(&mut table, storage);
        }
    }
    scheduler::hold(storage);
    Ok(())
}

/// `syclone_buffer_host_release`: a host accessor of the buffer was destroyed.
pub fn buffer_host_release(storage: usize) -> RtResult<()> {
    scheduler::release(storage)
}

/// `syclone_buffer_release`: waits for the commands using the buffer, makes
/// the host storage current when the data goes somewhere (`final_ptr`: the storage itself or another host address
/// that receives `bytes`; 0: nowhere), then forgets the buffer.
pub fn buffer_release(storage: usize, final_ptr: usize, bytes: usize) -> RtResult<()> {
    scheduler::settle(storage)?;
    let mut table = memory::table();
    check_buffer(&mut table, storage)?;
    if final_ptr != 0 {
        synchronise_with_buffer(&mut table, storage)?;
        let size = table.get_mut(storage).map_or(0, |a| a.size);
        if bytes > size {
            return Err(RtError::Invalid(format!(
                "write-back of {bytes} bytes from a buffer of {size} bytes"
            )));
        }
        if final_ptr != storage && bytes > 0 {
            // SAFETY: the storage holds `size >= bytes` bytes; the caller
            // (set_final_data) promises `bytes` writable bytes at final_ptr.
            unsafe { std::ptr::copy(storage as *const u8, final_ptr as *mut u8, bytes) };
        }
    }
    table.release_buffer(storage);
    Ok(())
}
