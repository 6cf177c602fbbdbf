//! What a dispatch binds on a Vulkan device: its parameter block and its
//! bind group, made so that a launch creates no wgpu resource in the common
//! case (a per-launch uniform buffer and bind group cost ~13 µs of the ~17 µs
//! per launch measured on the H100; docs/PERFORMANCE.md).
//!
//! - Parameter blocks of one batch are packed into a host vector at offsets
//!   aligned for dynamic uniform offsets and written to one uniform buffer,
//!   an *arena*, with a single `write_buffer` just before the batch is
//!   submitted; each dispatch binds the arena at its block's dynamic offset.
//!   An arena is reused once the submission that read it has completed.
//! - Bind groups are cached by (layout, arena, block size, bound buffers):
//!   a kernel launched again over the same allocations reuses its group.
//!   Entries that name a buffer are dropped when its allocation is freed
//!   ([`BindGroupCache::forget`]); a full cache is emptied.

use std::collections::HashMap;

/// Bytes of an arena: 256 dispatches of blocks up to 256 bytes at the
/// largest alignment Vulkan allows, with room to spare.
const ARENA_BYTES: u64 = 128 * 1024;

/// Bind groups kept before the cache is emptied.
const MAX_CACHED_GROUPS: usize = 4096;

/// A uniform buffer of parameter blocks, and the bytes last written to it
/// (what it holds once the write's submission completed).
pub struct Arena {
    buffer: wgpu::Buffer,
    written: Vec<u8>,
}

/// The parameter blocks of the batch being recorded, and the arena they go to.
pub struct StagedParams {
    arena: Arena,
    bytes: Vec<u8>,
}

impl StagedParams {
    /// Appends `block` at the next offset that is a multiple of `alignment`;
    /// None when the arena has no room left for it.
    fn push(&mut self, block: &[u8], alignment: u64) -> Option<u32> {
        let offset = (self.bytes.len() as u64).div_ceil(alignment) * alignment;
        if offset + block.len() as u64 > self.arena.buffer.size() {
            return None;
        }
        self.bytes.resize(offset as usize, 0);
        self.bytes.extend_from_slice(block);
        u32::try_from(offset).ok()
    }
}

/// Buffers a batch's submission reads (parameter arenas, upload staging):
/// idle ones, and those a submission still reads, reused once it completed.
pub struct SubmissionPool<T> {
    idle: Vec<T>,
    /// (number of the submission's last command, item).
    in_flight: Vec<(u64, T)>,
}

impl<T> Default for SubmissionPool<T> {
    fn default() -> Self {
        SubmissionPool {
            idle: Vec::new(),
            in_flight: Vec::new(),
        }
    }
}

impl<T> SubmissionPool<T> {
    /// An idle item that `fits`, once those whose last reader completed
    /// (commands up to `completed` did) are idle again.
    pub fn take(&mut self, completed: u64, fits: impl Fn(&T) -> bool) -> Option<T> {
        let (done, busy): (Vec<_>, Vec<_>) = std::mem::take(&mut self.in_flight)
            .into_iter()
            .partition(|(seq, _)| *seq <= completed);
        self.in_flight = busy;
        self.idle.extend(done.into_iter().map(|(_, item)| item));
        let i = self.idle.iter().position(fits)?;
        Some(self.idle.swap_remove(i))
    }

    /// Marks `item` read by the submission whose last command is `seq`.
    pub fn retire(&mut self, seq: u64, item: T) {
        self.in_flight.push((seq, item));
    }
}

/// The parameter arenas of a device.
pub type ParamArenas = SubmissionPool<Arena>;

impl ParamArenas {
    /// An arena of at least `bytes` whose last reader completed (commands up
    /// to `completed` did), else a new one.
    fn take_arena(&mut self, device: &wgpu::Device, completed: u64, bytes: u64) -> Arena {
        if let Some(arena) = self.take(completed, |a| a.buffer.size() >= bytes) {
            return arena;
        }
        let buffer = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("syclone parameter arena"),
            size: bytes.max(ARENA_BYTES).div_ceil(16) * 16,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        Arena {
            buffer,
            written: Vec::new(),
        }
    }
}

/// Where a dispatch's parameter block went: the arena and the dynamic offset.
pub struct ParamSlot {
    pub arena: wgpu::Buffer,
    pub offset: u32,
}

/// Stages `block` in the batch's arena; None when the arena is full: the
/// caller submits the batch (see [`write_staged`]) and stages again.
pub fn stage(
    staged: &mut Option<StagedParams>,
    arenas: &mut ParamArenas,
    device: &wgpu::Device,
    completed: u64,
    block: &[u8],
    alignment: u64,
) -> Option<ParamSlot> {
    let params = staged.get_or_insert_with(|| StagedParams {
        arena: arenas.take_arena(device, completed, block.len() as u64),
        bytes: Vec::new(),
    });
    let offset = params.push(block, alignment)?;
    Some(ParamSlot {
        arena: params.arena.buffer.clone(),
        offset,
    })
}

/// Writes the staged blocks into their arena (before the submission that
/// reads them) and marks it busy until command `seq` completed. Only the
/// bytes that differ from what the arena already holds are written: a
/// kernel launched again with the same arguments, and waited for each
/// time, writes nothing (a `write_buffer` costs a staging buffer and a
/// copy in the submission: ~40 µs per submit on the H100).
pub fn write_staged(
    staged: Option<StagedParams>,
    arenas: &mut ParamArenas,
    queue: &wgpu::Queue,
    seq: u64,
) {
    let Some(StagedParams { mut arena, bytes }) = staged else {
        return;
    };
    if let Some(range) = changed_words(&arena.written, &bytes) {
        queue.write_buffer(&arena.buffer, range.start as u64, &bytes[range.clone()]);
        if arena.written.len() < bytes.len() {
            arena.written.resize(bytes.len(), 0);
        }
        arena.written[range.clone()].copy_from_slice(&bytes[range]);
    }
    arenas.retire(seq, arena);
}

/// The 4-byte-aligned range of `new` that differs from `old` (None: none).
/// `new.len()` is a multiple of 4; bytes of `new` beyond `old` differ.
fn changed_words(old: &[u8], new: &[u8]) -> Option<std::ops::Range<usize>> {
    let differs = |i: &usize| old.get(*i) != Some(&new[*i]);
    let first = (0..new.len()).find(differs)?;
    let last = (0..new.len()).rev().find(differs)?;
    Some(first / 4 * 4..(last / 4 + 1) * 4)
}

/// A buffer, or the window of it an oversized allocation binds, at a binding.
#[derive(Clone, Copy)]
pub struct BoundBuffer<'a> {
    pub binding: u32,
    pub buffer: &'a wgpu::Buffer,
    /// (byte offset, byte length) of a window; None: the whole buffer.
    pub window: Option<(u64, u64)>,
}

/// A [`BoundBuffer`] owned, as a cache key holds it.
type BoundKey = (u32, wgpu::Buffer, Option<(u64, u64)>);

#[derive(PartialEq, Eq, Hash)]
struct GroupKey {
    layout: wgpu::BindGroupLayout,
    arena: wgpu::Buffer,
    block_size: u64,
    buffers: Vec<BoundKey>,
}

/// Bind groups by what they bind.
#[derive(Default)]
pub struct BindGroupCache {
    groups: HashMap<GroupKey, wgpu::BindGroup>,
}

impl BindGroupCache {
    /// The bind group of `layout` binding the parameter arena (`block_size`
    /// bytes at a dynamic offset) at 0 and `buffers` at theirs.
    pub fn get(
        &mut self,
        device: &wgpu::Device,
        layout: &wgpu::BindGroupLayout,
        arena: &wgpu::Buffer,
        block_size: u64,
        buffers: &[BoundBuffer],
    ) -> wgpu::BindGroup {
        let key = GroupKey {
            layout: layout.clone(),
            arena: arena.clone(),
            block_size,
            buffers: buffers
                .iter()
                .map(|b| (b.binding, b.buffer.clone(), b.window))
                .collect(),
        };
        if let Some(group) = self.groups.get(&key) {
            return group.clone();
        }
        let params = wgpu::BindGroupEntry {
            binding: 0,
            resource: wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                buffer: arena,
                offset: 0,
                size: wgpu::BufferSize::new(block_size),
            }),
        };
        let entries: Vec<wgpu::BindGroupEntry> = std::iter::once(params)
            .chain(buffers.iter().map(|b| wgpu::BindGroupEntry {
                binding: b.binding,
                resource: match b.window {
                    None => b.buffer.as_entire_binding(),
                    Some((offset, size)) => wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                        buffer: b.buffer,
                        offset,
                        size: wgpu::BufferSize::new(size),
                    }),
                },
            }))
            .collect();
        let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: None,
            layout,
            entries: &entries,
        });
        if self.groups.len() >= MAX_CACHED_GROUPS {
            self.groups.clear();
        }
        self.groups.insert(key, group.clone());
        group
    }

    /// Drops the groups that bind `buffer` (its allocation is being freed).
    pub fn forget(&mut self, buffer: &wgpu::Buffer) {
        self.groups
            .retain(|key, _| !key.buffers.iter().any(|(_, b, _)| b == buffer));
    }
}

#[cfg(test)]
mod tests {
    use super::changed_words;

    #[test]
    fn only_changed_words_are_written() {
        let old = [1u8, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
        assert_eq!(changed_words(&old, &old), None);
        let mut new = old;
        new[5] = 0;
        assert_eq!(changed_words(&old, &new), Some(4..8));
        new[9] = 0;
        assert_eq!(changed_words(&old, &new), Some(4..12));
        // Longer than what the arena held: the new tail is written.
        let longer = [1u8, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0, 0, 0, 0];
        assert_eq!(changed_words(&old, &longer), Some(12..16));
        assert_eq!(changed_words(&[], &old), Some(0..12));
    }
}
