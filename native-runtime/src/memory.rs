//! Allocations and their coherence between host and device.
//!
//! Memory model on wgpu (Vulkan has no raw pointers, so every pointer a
//! kernel sees is an (allocation, element offset) pair bound at launch):
//!
//! - Every allocation has a host address range. USM (`syclone_malloc`) gets
//!   zeroed host memory aligned to max(alignment, 64); on a Vulkan queue it
//!   also gets a wgpu storage buffer of the same size (rounded up to 4 bytes).
//!   A SYCL buffer's host storage is the user's `host_ptr` (or zeroed memory
//!   we allocate); its device copy is created on first use by a Vulkan kernel.
//! - A global interval map (BTreeMap by start address) finds the allocation
//!   that contains any address, e.g. a USM pointer into the middle of a block.
//! - Coherence is kept at kernel boundaries; each allocation records which
//!   copy is current (`Fresh`). Before a Vulkan kernel, every allocation it
//!   dereferences is uploaded unless the device copy is known to be newer:
//!   shared/host USM and buffers are uploaded whenever the host may have
//!   written them (the host can write through the pointer at any time we do
//!   not see); device USM only when a host-device kernel changed it. Writes
//!   (not only reads) trigger the upload, so that a kernel writing part of an
//!   allocation does not make the untouched part stale.
//! - After a Vulkan kernel writes an allocation, the device copy is newer.
//!   `syclone_queue_wait`/`syclone_event_wait` download device-newer shared and
//!   host USM; `syclone_buffer_release` waits and downloads the buffer into its
//!   host storage (the write-back into the user's `host_ptr`); `syclone_free`
//!   waits for the queue first. Before a host-device kernel every device-newer
//!   allocation is downloaded, and afterwards the host copies are newer.
//! - `memcpy`/`memset`/`fill` into device USM on a Vulkan device write its
//!   device copy (which becomes newer) when it is current or wholly
//!   replaced; `memcpy` out of device-newer device USM downloads only the
//!   range copied (`direct_transfer`). The host never reads device USM
//!   itself, so its host copy may stay stale until a host-device kernel or
//!   a copy through it needs it.
//! - Device USM on the host device is plain host memory.

use crate::device::vulkan::VulkanDevice;
use crate::error::{RtError, RtResult};
use std::alloc::Layout;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, MutexGuard};

/// `enum syclone_usm_kind`, plus SYCL buffers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AllocKind {
    UsmDevice,
    UsmHost,
    UsmShared,
    Buffer,
}

impl AllocKind {
    pub fn from_usm(kind: i32) -> Option<Self> {
        match kind {
            0 => Some(AllocKind::UsmDevice),
            1 => Some(AllocKind::UsmHost),
            2 => Some(AllocKind::UsmShared),
            _ => None,
        }
    }
}

/// Which copy of an allocation holds the current data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fresh {
    /// The host copy (it may have been written since the last upload).
    Host,
    /// The device copy: a kernel wrote it and it was not downloaded since.
    Device,
    /// Both copies are equal, as far as the runtime saw.
    Both,
}

/// The device copy of an allocation: one storage buffer, or, for an
/// allocation larger than the device's largest buffer, consecutive chunks of
/// one binding window each (`VulkanDevice::create_storage`), so that every
/// window a launch binds lies in one chunk.
pub struct GpuCopy {
    pub device: Arc<VulkanDevice>,
    chunks: Vec<wgpu::Buffer>,
}

impl GpuCopy {
    /// A zero-filled device copy of `bytes` bytes on `device`.
    pub fn new(device: &Arc<VulkanDevice>, bytes: usize) -> RtResult<Self> {
        Ok(GpuCopy {
            device: device.clone(),
            chunks: device.create_storage(bytes)?,
        })
    }

    /// The device copy's bytes (with the padding of its last chunk).
    pub fn size(&self) -> u64 {
        self.chunks.iter().map(wgpu::Buffer::size).sum()
    }

    /// The bytes of every chunk but the last.
    fn chunk_bytes(&self) -> u64 {
        self.chunks[0].size()
    }

    /// The buffer that holds byte `offset`, and the offset in it.
    pub fn locate(&self, offset: u64) -> (&wgpu::Buffer, u64) {
        let chunk = self.chunk_bytes();
        let k = ((offset / chunk) as usize).min(self.chunks.len() - 1);
        (&self.chunks[k], offset - k as u64 * chunk)
    }

    /// Each chunk with the part of `host` (the allocation's host copy) it holds.
    pub fn pieces<'a>(&'a self, host: &'a [u8]) -> Vec<(&'a wgpu::Buffer, &'a [u8])> {
        let chunk = self.chunk_bytes() as usize;
        self.chunks.iter().zip(host.chunks(chunk)).collect()
    }

    /// [`Self::pieces`] of a host copy to write, each from offset 0 of its chunk.
    pub fn pieces_mut<'a>(
        &'a self,
        host: &'a mut [u8],
    ) -> Vec<(&'a wgpu::Buffer, u64, &'a mut [u8])> {
        let chunk = self.chunk_bytes() as usize;
        self.chunks
            .iter()
            .zip(host.chunks_mut(chunk))
            .map(|(buffer, part)| (buffer, 0, part))
            .collect()
    }

    /// The chunks holding the `len` bytes from byte `offset`: each chunk,
    /// the offset in it, and the range of those bytes it holds.
    pub fn spans(
        &self,
        offset: u64,
        len: u64,
    ) -> Vec<(&wgpu::Buffer, u64, std::ops::Range<usize>)> {
        let chunk = self.chunk_bytes();
        let mut out = Vec::new();
        let mut done = 0;
        while done < len {
            let (buffer, at) = self.locate(offset + done);
            let here = (len - done).min(chunk - at);
            out.push((buffer, at, done as usize..(done + here) as usize));
            done += here;
        }
        out
    }
}

impl Drop for GpuCopy {
    /// The device's cached bind groups must not keep the buffers alive.
    fn drop(&mut self) {
        for buffer in &self.chunks {
            self.device.forget_buffer(buffer);
        }
        self.device.storage_released(self.size());
    }
}

/// Host memory owned by the runtime.
struct OwnedHost {
    layout: Layout,
}

pub struct Allocation {
    pub start: usize,
    pub size: usize,
    pub kind: AllocKind,
    /// The device a USM allocation was made on (None for buffer storage).
    pub device_index: Option<usize>,
    owned: Option<OwnedHost>,
    pub gpu: Option<GpuCopy>,
    pub fresh: Fresh,
    /// The buffers made over this user memory (several buffers may share
    /// one host range: `buffer c(b), d(b)`); it is forgotten with the last.
    buffers: u32,
}

impl Allocation {
    /// Whether `addr` lies in this allocation (a zero-sized one contains its start).
    fn contains(&self, addr: usize) -> bool {
        addr >= self.start && addr < self.start + self.size.max(1)
    }

    /// Whether a kernel on `device` must upload this allocation before it
    /// dereferences it.
    pub fn needs_upload(&self) -> bool {
        match self.kind {
            AllocKind::UsmDevice => self.fresh == Fresh::Host,
            _ => self.fresh != Fresh::Device,
        }
    }

    /// The host bytes of the allocation.
    ///
    /// The caller must make sure no host thread writes them concurrently (SYCL
    /// forbids host access to memory a running command uses).
    pub fn host_bytes(&self) -> &[u8] {
        if self.size == 0 {
            return &[];
        }
        // SAFETY: [start, start+size) is memory we allocated or the user handed
        // us for the lifetime of the allocation (registered until free/release).
        unsafe { std::slice::from_raw_parts(self.start as *const u8, self.size) }
    }

    /// The host bytes, for writing a download into.
    #[allow(clippy::mut_from_ref)]
    pub fn host_bytes_mut(&self) -> &mut [u8] {
        if self.size == 0 {
            return &mut [];
        }
        // SAFETY: as in `host_bytes`; the memory table lock is held by the caller,
        // so no other runtime thread accesses these bytes meanwhile.
        unsafe { std::slice::from_raw_parts_mut(self.start as *mut u8, self.size) }
    }
}

impl Drop for Allocation {
    fn drop(&mut self) {
        if let Some(owned) = &self.owned {
            // SAFETY: `start` came from `alloc_zeroed(owned.layout)` and is freed once.
            unsafe { std::alloc::dealloc(self.start as *mut u8, owned.layout) };
        }
    }
}

/// The interval map of all live allocations.
#[derive(Default)]
pub struct MemoryTable {
    allocs: BTreeMap<usize, Allocation>,
}

static MEMORY: Mutex<MemoryTable> = Mutex::new(MemoryTable {
    allocs: BTreeMap::new(),
});

/// Locks the global memory table. Lock order: memory table, then a device's batch.
pub fn table() -> MutexGuard<'static, MemoryTable> {
    MEMORY.lock().unwrap_or_else(|p| p.into_inner())
}

/// Zeroed bytes after each host allocation. Kernels that read a little past
/// the end of an allocation (the last work-item of a merge path reading
/// `offsets[n + 1]`) read zeros on GPUs, whose robust buffer access returns
/// zero; on the host device they read the slack instead of faulting when an
/// allocation ends at a page boundary.
fn overrun_slack(bytes: usize) -> usize {
    (bytes / 8).clamp(64, 4096)
}

impl MemoryTable {
    /// Allocates zeroed host memory and registers it.
    pub fn allocate(&mut self, bytes: usize, alignment: usize, kind: AllocKind) -> RtResult<usize> {
        let align = alignment.max(64).checked_next_power_of_two().unwrap_or(0);
        let layout =
            Layout::from_size_align(bytes.max(1) + overrun_slack(bytes), align).map_err(|e| {
                RtError::Allocation {
                    bytes,
                    reason: e.to_string(),
                }
            })?;
        // SAFETY: the layout has a non-zero size.
        let ptr = unsafe { std::alloc::alloc_zeroed(layout) };
        if ptr.is_null() {
            return Err(RtError::Allocation {
                bytes,
                reason: "out of host memory".into(),
            });
        }
        let start = ptr as usize;
        let fresh = Fresh::Host;
        self.allocs.insert(
            start,
            Allocation {
                start,
                size: bytes,
                kind,
                device_index: None,
                owned: Some(OwnedHost { layout }),
                gpu: None,
                fresh,
                buffers: 1,
            },
        );
        Ok(start)
    }

    /// Registers user memory (a buffer's `host_ptr`) as an allocation; a
    /// buffer over exactly the memory of another one shares its allocation.
    pub fn adopt(&mut self, start: usize, bytes: usize, kind: AllocKind) -> RtResult<()> {
        if let Some(a) = self.allocs.get_mut(&start) {
            if a.owned.is_none() && a.kind == AllocKind::Buffer && kind == a.kind && a.size == bytes
            {
                a.buffers += 1;
                return Ok(());
            }
        }
        if self.find(start).is_some() || self.find(start + bytes.max(1) - 1).is_some() {
            return Err(RtError::Invalid(format!(
                "host memory at {start:#x} ({bytes} bytes) is already used by another buffer or USM allocation"
            )));
        }
        self.allocs.insert(
            start,
            Allocation {
                start,
                size: bytes,
                kind,
                device_index: None,
                owned: None,
                gpu: None,
                fresh: Fresh::Host,
                buffers: 1,
            },
        );
        Ok(())
    }

    /// A buffer over the allocation at `start` is gone: the allocation goes
    /// with the last buffer that shares it.
    pub fn release_buffer(&mut self, start: usize) {
        match self.allocs.get_mut(&start) {
            Some(a) if a.buffers > 1 => a.buffers -= 1,
            _ => drop(self.allocs.remove(&start)),
        }
    }

    /// The allocation that contains `addr`.
    pub fn find(&self, addr: usize) -> Option<&Allocation> {
        self.allocs
            .range(..=addr)
            .next_back()
            .map(|(_, a)| a)
            .filter(|a| a.contains(addr))
    }

    pub fn find_mut(&mut self, addr: usize) -> Option<&mut Allocation> {
        self.allocs
            .range_mut(..=addr)
            .next_back()
            .map(|(_, a)| a)
            .filter(|a| a.contains(addr))
    }

    pub fn get_mut(&mut self, start: usize) -> Option<&mut Allocation> {
        self.allocs.get_mut(&start)
    }

    /// Forgets an allocation (freeing runtime-owned host memory when dropped).
    pub fn remove(&mut self, start: usize) -> Option<Allocation> {
        self.allocs.remove(&start)
    }

    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut Allocation> {
        self.allocs.values_mut()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_allocations_end_in_zeroed_slack_outside_the_allocation() {
        let mut table = MemoryTable::default();
        for bytes in [4, 4096, 1 << 20] {
            let start = table.allocate(bytes, 4, AllocKind::UsmDevice).unwrap();
            let slack = overrun_slack(bytes);
            assert!(slack >= 64);
            // SAFETY: the allocation has `slack` more bytes than it reports.
            let after = unsafe { std::slice::from_raw_parts((start + bytes) as *const u8, slack) };
            assert!(after.iter().all(|&b| b == 0));
            assert!(
                table.find(start + bytes).is_none(),
                "the slack is not part of the allocation"
            );
            drop(table.remove(start));
        }
    }

    #[test]
    fn buffers_over_one_host_range_share_it_until_the_last_goes() {
        let mut table = MemoryTable::default();
        let mut host = vec![0u8; 256];
        let start = host.as_mut_ptr() as usize;
        table.adopt(start, 256, AllocKind::Buffer).unwrap();
        table.adopt(start, 256, AllocKind::Buffer).unwrap();
        // Part of it, or more, is still refused.
        assert!(table.adopt(start, 128, AllocKind::Buffer).is_err());
        assert!(table.adopt(start + 64, 64, AllocKind::Buffer).is_err());
        table.release_buffer(start);
        assert!(
            table.find(start).is_some(),
            "the other buffer still uses it"
        );
        table.release_buffer(start);
        assert!(table.find(start).is_none());
    }
}
