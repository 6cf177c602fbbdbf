//! Kernel launch: on the host device, the host-compiled kernel over a thread
//! pool; on a Vulkan device, the parameter block, the bindings, the dispatch
//! grid and the recorded dispatch (timed when the queue profiles).

use crate::device::clock;
use crate::device::host::{self, HostKernel};
use crate::device::info::DeviceInfo;
use crate::device::specialize::Specialization;
use crate::device::vulkan::{BoundBuffer, TimestampReadback, VulkanDevice};
use crate::device::windows::Windows;
use crate::device::Device;
use crate::device_global;
use crate::error::{RtError, RtResult};
use crate::event::{Timing, Work};
use crate::memory;
use crate::registry::{self, KernelEntry};
use crate::requirements;
use crate::sync;
use compiler_core::bundle::{
    Access, KernelInfo, LocalArray, BYTE_STORE_SPEC, DOUBLE_ATOMIC_ADD_SPEC, FLOAT_ATOMIC_ADD_SPEC,
    NULL_POINTER_INDEX, SHORT_STORE_SPEC,
};
use compiler_core::ir::ScalarType;
use std::collections::HashMap;
use std::ffi::c_void;
use std::sync::Arc;

/// A launch as the C ABI describes it, with the argument bytes borrowed.
pub struct Launch<'a> {
    pub key: &'a str,
    pub dims: u32,
    pub range: [usize; 3],
    /// nd_range launches: the work-group size.
    pub local: Option<[usize; 3]>,
    /// The bytes of each kernel argument.
    pub args: Vec<&'a [u8]>,
    /// The raw argument array, for the host kernel.
    pub arg_ptrs: *const *const c_void,
    pub host_kernel: Option<HostKernel>,
    /// The command group's local memory: (arena offset, bytes) of each
    /// `local_accessor` it constructed.
    pub local_memory: Vec<(usize, usize)>,
    /// The specialization constants the command group set: the mangled
    /// name of each `specialization_id` and the bytes of its value.
    pub spec_constants: Vec<(String, &'a [u8])>,
}

impl Launch<'_> {
    /// Number of work-items: the product of the range's first `dims` extents.
    pub fn total(&self) -> RtResult<usize> {
        if !(1..=3).contains(&self.dims) {
            return Err(RtError::Invalid(format!(
                "kernel {}: {} dimensions (expected 1 to 3)",
                self.key, self.dims
            )));
        }
        self.range[..self.dims as usize]
            .iter()
            .try_fold(1usize, |acc, &r| acc.checked_mul(r))
            .ok_or_else(|| RtError::NdRange {
                kernel: self.key.to_string(),
                total: u64::MAX,
            })
    }

    /// Bytes of the per-work-group local-memory arena (every local
    /// accessor's memory at its offset).
    pub fn local_arena_bytes(&self) -> usize {
        self.local_memory
            .iter()
            .map(|&(offset, bytes)| offset.saturating_add(bytes))
            .max()
            .unwrap_or(0)
    }

    /// For an nd_range launch: the number of work-groups and the work-group
    /// size in each of the `dims` dimensions (SYCL order; the others 1).
    /// The local range must divide the global range (SYCL 2020 4.9.4.2.2).
    /// An empty global range runs no work-group and its local range is
    /// ignored (SYCL 2020 4.9.4.2.2: "the local size is ignored").
    pub fn work_groups(&self) -> RtResult<Option<([usize; 3], [usize; 3])>> {
        let Some(local) = self.local else {
            return Ok(None);
        };
        let dims = self.dims as usize;
        let (mut groups, mut size) = ([1; 3], [1; 3]);
        if self.total()? == 0 {
            groups[..dims].fill(0);
            return Ok(Some((groups, size)));
        }
        let invalid = |detail: String| RtError::InvalidNdRange {
            kernel: self.key.to_string(),
            detail,
        };
        for d in 0..dims {
            if local[d] == 0 || !self.range[d].is_multiple_of(local[d]) {
                return Err(invalid(format!(
                    "the local range {:?} does not divide the global range {:?}",
                    &local[..dims],
                    &self.range[..dims]
                )));
            }
            groups[d] = self.range[d] / local[d];
            size[d] = local[d];
        }
        Ok(Some((groups, size)))
    }

    /// Checks work-groups of `size` (SYCL order, from `work_groups`) against
    /// `device`'s `max_work_group_size` and `max_work_item_sizes`, whose
    /// last entry is the fastest-varying dimension of every launch.
    pub fn check_work_group_limits(&self, size: [usize; 3], device: &DeviceInfo) -> RtResult<()> {
        let invalid = |detail: String| RtError::InvalidNdRange {
            kernel: registry::lookup(self.key)
                .map_or_else(|| self.key.to_string(), |e| e.info.display_name.clone()),
            detail,
        };
        let dims = self.dims as usize;
        for (d, &extent) in size[..dims].iter().enumerate() {
            let limit = device.max_work_item_sizes[3 - dims + d];
            if extent > limit {
                return Err(invalid(format!(
                    "a local range of {extent} in dimension {d} exceeds the device's {limit}"
                )));
            }
        }
        let items: usize = size.iter().product();
        if items > device.max_work_group_size {
            return Err(invalid(format!(
                "work-groups of {items} items exceed the device's maximum work-group size {}",
                device.max_work_group_size
            )));
        }
        Ok(())
    }
}

/// A Vulkan launch with copies of its argument bytes, to run after its
/// submission returned (a launch that waits in the `scheduler`). Host
/// kernels borrow their caller's objects and are never deferred.
pub struct OwnedLaunch {
    key: String,
    dims: u32,
    range: [usize; 3],
    local: Option<[usize; 3]>,
    args: Vec<Vec<u8>>,
    local_memory: Vec<(usize, usize)>,
    spec_constants: Vec<(String, Vec<u8>)>,
}

impl OwnedLaunch {
    pub fn new(l: &Launch) -> Self {
        OwnedLaunch {
            key: l.key.to_string(),
            dims: l.dims,
            range: l.range,
            local: l.local,
            args: l.args.iter().map(|a| a.to_vec()).collect(),
            local_memory: l.local_memory.clone(),
            spec_constants: l
                .spec_constants
                .iter()
                .map(|(k, v)| (k.clone(), v.to_vec()))
                .collect(),
        }
    }

    /// The launch, borrowing the copies.
    pub fn launch(&self) -> Launch<'_> {
        Launch {
            key: &self.key,
            dims: self.dims,
            range: self.range,
            local: self.local,
            args: self.args.iter().map(Vec::as_slice).collect(),
            arg_ptrs: std::ptr::null(),
            host_kernel: None,
            local_memory: self.local_memory.clone(),
            spec_constants: self
                .spec_constants
                .iter()
                .map(|(k, v)| (k.clone(), v.as_slice()))
                .collect(),
        }
    }
}

/// Runs or enqueues the kernel; returns what its event waits for and, when
/// `profiled`, its timing. On a Vulkan device without timestamp queries a
/// profiled kernel is waited for at once and timed on the host clock.
pub fn launch(device: &Device, l: &Launch, profiled: bool) -> RtResult<(Work, Timing)> {
    let off_or = |t: Timing| if profiled { t } else { Timing::Off };
    match device {
        Device::Host => {
            let start = clock::now_ns();
            launch_host(l, device.info())?;
            let end = clock::now_ns();
            Ok((Work::Done, off_or(Timing::Known { start, end })))
        }
        Device::Vulkan(dev) if profiled && !dev.has_timestamps() => {
            let start = clock::now_ns();
            launch_vulkan(dev, l, false)?;
            sync::wait(device)?;
            let end = clock::now_ns();
            Ok((Work::Done, Timing::Known { start, end }))
        }
        Device::Vulkan(dev) => {
            let (seq, readback) = launch_vulkan(dev, l, profiled)?;
            let timing = match readback {
                Some(r) => Timing::Timestamps(r),
                // An empty range records nothing: it starts and ends now.
                None => {
                    let now = clock::now_ns();
                    off_or(Timing::Known {
                        start: now,
                        end: now,
                    })
                }
            };
            let work = Work::Device {
                device: dev.clone(),
                seq,
            };
            Ok((work, timing))
        }
    }
}

fn launch_host(l: &Launch, device: &DeviceInfo) -> RtResult<()> {
    let total = l.total()?;
    // Kernels compiled at run time have device images only.
    let kernel = l.host_kernel.ok_or_else(|| RtError::Unsupported {
        kernel: l.key.to_string(),
        device: device.name.clone(),
        feature:
            "kernels without a host version (kernels compiled at run time run on Vulkan devices)"
                .into(),
    })?;
    let entry = registry::lookup(l.key);
    if let Some(entry) = &entry {
        requirements::check(entry, device, l.dims, l.local)?;
    }
    sync::prepare_host_kernel()?;
    // The host device has as much work-group memory as it reports.
    let arena = l.local_arena_bytes()
        + entry
            .as_ref()
            .map_or(0, |e| e.info.fixed_local_bytes as usize);
    if arena > host::LOCAL_MEMORY_BYTES {
        return Err(RtError::LocalMemory {
            kernel: entry.map_or_else(|| l.key.to_string(), |e| e.info.display_name.clone()),
            bytes: arena as u64,
            limit: host::LOCAL_MEMORY_BYTES as u32,
        });
    }
    // SAFETY (all three runs): `arg_ptrs` is the argument array the C caller
    // built for this host kernel; it stays valid until syclone_launch
    // returns, and we run synchronously.
    match l.work_groups()? {
        Some((groups, size)) => {
            l.check_work_group_limits(size, device)?;
            let (groups, group_size) = (
                groups.iter().product::<usize>(),
                size.iter().product::<usize>(),
            );
            // A kernel with barriers runs the items of a work-group
            // concurrently; its device image says whether it has any (no
            // image: assume it does).
            let entry = registry::lookup(l.key);
            let barriers = group_size > 1 && entry.as_ref().is_none_or(|e| e.info.uses_barrier);
            // The size the kernel requires (which the requirements check
            // admitted for this device), else the host device's own; only
            // a kernel that uses sub-groups needs its items run together.
            let sub_group_size = entry
                .as_ref()
                .and_then(|e| e.info.attributes.reqd_sub_group_size)
                .unwrap_or(host::DEFAULT_SUB_GROUP_SIZE);
            let sub_groups = group_size > 1
                && sub_group_size > 1
                && entry.as_ref().is_none_or(|e| e.info.uses_subgroups);
            let groups = host::Groups {
                count: groups,
                size: group_size,
                local_memory: arena,
            };
            if barriers || sub_groups {
                let ran = unsafe {
                    host::run_groups_with_barriers(kernel, l.arg_ptrs, groups, sub_group_size)
                };
                ran.map_err(|e| RtError::Allocation {
                    bytes: e.bytes(),
                    reason: format!(
                        "{e}; the host device runs the work-items of a group with barriers or \
                         sub-group functions concurrently, each on a stack of its own"
                    ),
                })?;
            } else {
                unsafe { host::run_groups(kernel, l.arg_ptrs, groups) }
            }
        }
        // A range kernel with local memory: groups of one item, each with
        // its own local memory.
        None if arena > 0 => {
            let groups = host::Groups {
                count: total,
                size: 1,
                local_memory: arena,
            };
            unsafe { host::run_groups(kernel, l.arg_ptrs, groups) }
        }
        None => unsafe { host::run(kernel, l.arg_ptrs, total) },
    }
    Ok(())
}

/// The values of the image's specialization constants for this launch, by
/// `SpecId`, as the bits of the constant's type: what the command group
/// set, else the default; the runtime's own say what `dev` has.
fn spec_constant_values(
    set: &[(String, &[u8])],
    entry: &KernelEntry,
    dev: &VulkanDevice,
) -> RtResult<Vec<(u32, u64)>> {
    let mut out = vec![];
    for (spec_id, scalar) in entry
        .image
        .image
        .properties
        .spec_constants
        .iter()
        .enumerate()
    {
        let device_flag = match scalar.symbol.as_str() {
            FLOAT_ATOMIC_ADD_SPEC => Some(dev.float_atomic_adds.f32),
            DOUBLE_ATOMIC_ADD_SPEC => Some(dev.float_atomic_adds.f64),
            BYTE_STORE_SPEC => Some(dev.narrow_storage.bytes),
            SHORT_STORE_SPEC => Some(dev.narrow_storage.shorts),
            _ => None,
        };
        if let Some(flag) = device_flag {
            out.push((spec_id as u32, flag as u64));
            continue;
        }
        let Some((_, value)) = set.iter().find(|(k, _)| *k == scalar.symbol) else {
            out.push((spec_id as u32, scalar.default));
            continue;
        };
        let range = scalar.offset as usize..(scalar.offset + scalar.size) as usize;
        let bytes = value.get(range).ok_or_else(|| {
            RtError::Invalid(format!(
                "kernel {}: specialization constant {} has {} bytes, the device image reads {} at offset {}",
                entry.info.display_name,
                scalar.symbol,
                value.len(),
                scalar.size,
                scalar.offset
            ))
        })?;
        out.push((spec_id as u32, scalar_bits(bytes, scalar.ty)));
    }
    Ok(out)
}

/// The bits of a scalar of type `ty` that the host stored in `bytes`
/// (little endian, possibly narrower: a `bool`, `char` or `short`).
fn scalar_bits(bytes: &[u8], ty: ScalarType) -> u64 {
    let mut raw = [0u8; 8];
    let n = bytes.len().min(8);
    raw[..n].copy_from_slice(&bytes[..n]);
    let unsigned = u64::from_le_bytes(raw);
    let shift = 64 - 8 * n as u32;
    match ty {
        ScalarType::Bool => (unsigned != 0) as u64,
        _ if n == 0 => 0,
        // Sign-extend what the host stored narrower than the device type.
        ScalarType::I32 | ScalarType::I64 => (((unsigned << shift) as i64) >> shift) as u64,
        _ => unsigned,
    }
}

/// `len` bytes of argument `arg` from `offset`.
fn arg_bytes<'a>(
    l: &Launch<'a>,
    entry: &KernelEntry,
    arg: u32,
    offset: u32,
    len: u32,
) -> RtResult<&'a [u8]> {
    let layout_err = |detail: String| RtError::ArgumentLayout {
        kernel: entry.info.display_name.clone(),
        detail,
    };
    let bytes = l
        .args
        .get(arg as usize)
        .ok_or_else(|| layout_err(format!("argument {arg} does not exist")))?;
    let (start, end) = (offset as usize, offset as usize + len as usize);
    bytes.get(start..end).ok_or_else(|| {
        layout_err(format!(
            "bytes {start}..{end} of argument {arg} lie outside its {} bytes",
            bytes.len()
        ))
    })
}

/// A binding resolved for one launch: the binding number, the start of the
/// allocation it binds (None: the dummy buffer) and the kernel's access.
type Bound = (u32, Option<usize>, Access);

/// The parameter block and the resolved bindings.
fn resolve(
    l: &Launch,
    entry: &KernelEntry,
    table: &memory::MemoryTable,
    device_globals: &HashMap<&str, usize>,
) -> RtResult<(Vec<u8>, Vec<Bound>)> {
    let info = &entry.info;
    let kernel = || info.display_name.clone();
    let mut params = vec![0u8; (info.param_block_size.max(16) as usize).div_ceil(16) * 16];
    let mut put = |dest: u32, bytes: &[u8]| -> RtResult<()> {
        let dest = dest as usize;
        let slot =
            params
                .get_mut(dest..dest + bytes.len())
                .ok_or_else(|| RtError::ArgumentLayout {
                    kernel: kernel(),
                    detail: format!(
                        "parameter-block bytes {dest}..{} exceed its {} bytes",
                        dest + bytes.len(),
                        info.param_block_size
                    ),
                })?;
        slot.copy_from_slice(bytes);
        Ok(())
    };
    for s in &info.scalars {
        let bytes = arg_bytes(l, entry, s.arg, s.offset, s.size)?;
        put(s.dest, bytes)?;
        if s.sign_extend && bytes.last().is_some_and(|b| b & 0x80 != 0) && s.size < 4 {
            put(s.dest + s.size, &[0xff; 4][s.size as usize..])?;
        }
    }
    let mut bound = Vec::with_capacity(info.buffers.len());
    for b in &info.buffers {
        let addr = match b.device_global.as_deref() {
            Some(symbol) => device_globals[symbol],
            None => {
                let raw = arg_bytes(l, entry, b.arg, b.offset, 8)?;
                u64::from_le_bytes(raw.try_into().expect("8 bytes")) as usize
            }
        };
        if addr == 0 {
            // A null pointer: the dummy buffer, at the index kernels test
            // pointers against null with.
            let width = (b.index_bytes as usize).min(8);
            put(b.offset_slot, &NULL_POINTER_INDEX.to_le_bytes()[..width])?;
            bound.push((b.binding, None, b.access));
            continue;
        }
        let Some(alloc) = table.find(addr) else {
            if b.access == Access::None {
                // Never dereferenced (a field of a captured struct the
                // kernel does not use, left uninitialised): the dummy
                // buffer, at an index that is not null's.
                put(
                    b.offset_slot,
                    &0u64.to_le_bytes()[..(b.index_bytes as usize).min(8)],
                )?;
                bound.push((b.binding, None, b.access));
                continue;
            }
            return Err(RtError::UnknownPointer {
                kernel: kernel(),
                name: b.name.clone(),
                addr,
            });
        };
        let byte_off = addr - alloc.start;
        if b.elem_size == 0 || !byte_off.is_multiple_of(b.elem_size as usize) {
            return Err(RtError::MisalignedPointer {
                kernel: kernel(),
                name: b.name.clone(),
                addr,
                elem_size: b.elem_size,
            });
        }
        let index = (byte_off / b.elem_size as usize) as u64;
        let width = b.index_bytes as usize;
        if !(width == 4 || width == 8) || (width == 4 && index > u64::from(u32::MAX)) {
            return Err(RtError::ArgumentLayout {
                kernel: kernel(),
                detail: format!(
                    "element offset {index} of {} does not fit {width} index bytes",
                    b.name
                ),
            });
        }
        put(b.offset_slot, &index.to_le_bytes()[..width])?;
        // A pointer the kernel never dereferences (only compares or passes
        // on) needs its offset, not its memory: the dummy buffer is bound,
        // so an allocation larger than one binding needs no windows.
        let start = (b.access != Access::None).then_some(alloc.start);
        bound.push((b.binding, start, b.access));
    }
    Ok((params, bound))
}

/// Work-groups for `total` items: x up to the per-dimension limit, then rows.
fn grid(total: usize, wg_size: u32, max_per_dim: u32, kernel: &str) -> RtResult<[u32; 2]> {
    let groups = (total as u64).div_ceil(u64::from(wg_size.max(1)));
    let max = u64::from(max_per_dim.max(1));
    let x = groups.min(max);
    let y = groups.div_ceil(x.max(1));
    if y > max {
        return Err(RtError::NdRange {
            kernel: kernel.to_string(),
            total: total as u64,
        });
    }
    Ok([x as u32, y as u32])
}

/// The dispatch grid and work-group size (Vulkan x, y, z: SYCL's last
/// dimension is x) of an nd_range, checked against the device's limits.
fn nd_dispatch(
    dev: &VulkanDevice,
    dims: usize,
    groups: [usize; 3],
    size: [usize; 3],
    kernel: &str,
) -> RtResult<([u32; 3], [u32; 3])> {
    let invalid = |detail: String| RtError::InvalidNdRange {
        kernel: kernel.to_string(),
        detail,
    };
    let (max_size, max_items) = dev.max_work_group();
    let max_groups = dev.max_workgroups_per_dimension() as usize;
    let (mut grid, mut local) = ([1u32; 3], [1u32; 3]);
    for d in 0..dims {
        let v = dims - 1 - d;
        if size[d] > max_size[v] as usize {
            return Err(invalid(format!(
                "a local range of {} in dimension {d} exceeds the device's {}",
                size[d], max_size[v]
            )));
        }
        grid[v] = groups[d] as u32;
        local[v] = size[d] as u32;
    }
    if let Some(d) = (0..dims).find(|&d| groups[d] > max_groups) {
        // More groups in a dimension than the device allows: the same
        // number of groups as a grid of up to three dimensions (the kernel
        // takes its group id apart from its linear index in the grid).
        let total: usize = groups[..dims].iter().product();
        grid = fold_groups(total, max_groups).ok_or_else(|| {
            invalid(format!(
                "{} work-groups in dimension {d} exceed the device's {max_groups}, and their total of {total} does not fit a grid of at most that many per dimension",
                groups[d]
            ))
        })?;
    }
    let items: usize = size.iter().product();
    if items > max_items as usize {
        return Err(invalid(format!(
            "work-groups of {items} items exceed the device's maximum work-group size {max_items}"
        )));
    }
    Ok((grid, local))
}

/// A range or single_task kernel runs in work-groups of the size its image
/// was compiled with (`compiler_core::lower::WORK_GROUP_SIZE`, 256): every
/// desktop Vulkan device and WebGPU's default limits allow it, the Vulkan
/// minimum (128) does not; such a device cannot run the kernel.
fn check_image_work_group(dev: &VulkanDevice, info: &KernelInfo) -> RtResult<()> {
    let (max_size, max_items) = dev.max_work_group();
    let [x, y, z] = info.work_group_size;
    if x > max_size[0] || y > max_size[1] || z > max_size[2] || x * y * z > max_items {
        return Err(RtError::Unsupported {
            kernel: info.display_name.clone(),
            device: dev.info.name.clone(),
            feature: format!(
                "work-groups of {x}x{y}x{z} items (the device allows {max_items}, {max_size:?} per dimension)"
            ),
        });
    }
    Ok(())
}

/// `total` work-groups as a grid of three dimensions of at most `max`
/// each, if the count factors into one.
fn fold_groups(total: usize, max: usize) -> Option<[u32; 3]> {
    let exact = (1..=max.min(total))
        .rev()
        .find(|w| total.is_multiple_of(*w))
        .and_then(|x| rows_of_groups(total / x, max).map(|(y, z)| [x, y, z]));
    // Otherwise a few groups more, which the kernel's entry returns from
    // (`detail::work_group_in_launch`).
    let [x, y, z] = exact.or_else(|| {
        let rows = total.div_ceil(max.max(1)).max(1);
        let x = total.div_ceil(rows);
        let planes = rows.div_ceil(max.max(1));
        let y = rows.div_ceil(planes);
        (planes <= max).then_some([x, y, planes])
    })?;
    Some([x as u32, y as u32, z as u32])
}

/// `groups` work-groups as `width * rows` with both at most `max`: the
/// widest such rows, or None when `groups` has no such factors.
fn rows_of_groups(groups: usize, max: usize) -> Option<(usize, usize)> {
    let narrowest = groups.div_ceil(max).max(1);
    (narrowest..=max.min(groups))
        .rev()
        .find(|w| groups.is_multiple_of(*w) && groups / w <= max)
        .map(|w| (w, groups / w))
}

/// The length of each of the kernel's work-group arrays, as (constant id,
/// elements): the bytes of its local accessor (`accessor_bytes`) over the
/// element size; for a sub-group exchange array, the `work_items` of a
/// work-group where the device's sub-groups are narrower than the kernel
/// requires, else one.
fn local_array_lengths(
    dev: &VulkanDevice,
    entry: &KernelEntry,
    work_items: u32,
    mut accessor_bytes: impl FnMut(&LocalArray) -> RtResult<usize>,
) -> RtResult<Vec<(u32, u32)>> {
    let info = &entry.info;
    let mut lengths = Vec::with_capacity(info.local_arrays.len() + info.exchange_arrays.len());
    let exchanges = info
        .attributes
        .reqd_sub_group_size
        .is_some_and(|size| dev.info.sub_group_sizes.iter().any(|&width| width < size));
    let exchange_len = if exchanges { work_items.max(1) } else { 1 };
    for &id in &info.exchange_arrays {
        lengths.push((id, exchange_len));
    }
    let mut total = u64::from(exchange_len) * 4 * info.exchange_arrays.len() as u64
        + u64::from(info.fixed_local_bytes);
    for a in &info.local_arrays {
        let size = accessor_bytes(a)?;
        // Whole elements: a work-group array of 8- or 16-bit values is
        // made of 32-bit words.
        let elems = size.div_ceil(a.elem_size.max(1) as usize);
        total += (elems * a.elem_size as usize) as u64;
        let elems = u32::try_from(elems.max(1)).unwrap_or(u32::MAX);
        lengths.push((a.length_id, elems));
    }
    if total > u64::from(dev.max_local_memory()) {
        return Err(RtError::LocalMemory {
            kernel: info.display_name.clone(),
            bytes: total,
            limit: dev.max_local_memory(),
        });
    }
    lengths.sort_unstable();
    Ok(lengths)
}

/// How a launch of `entry` specializes its pipeline when nothing about the
/// launch is particular: in work-groups of the compiled size, with the
/// specialization constants' defaults, each pointer into an allocation of
/// its own within one binding, not audited. None for a kernel whose
/// launches choose more (nd_range and hierarchical kernels, local
/// accessors, loops on a device that audits them) or that `dev` cannot
/// run.
pub(crate) fn predicted_specialization(
    dev: &VulkanDevice,
    entry: &KernelEntry,
) -> Option<Specialization> {
    let info = &entry.info;
    if !info.compiled_work_groups || !info.local_arrays.is_empty() || dev.audits(entry) {
        return None;
    }
    requirements::check(entry, &dev.info, info.dimensions, None).ok()?;
    check_image_work_group(dev, info).ok()?;
    let bound: Vec<Bound> = info
        .buffers
        .iter()
        .enumerate()
        .map(|(i, b)| (b.binding, Some(i), b.access))
        .collect();
    let audit_binding = info.buffers.iter().map(|b| b.binding).max().unwrap_or(0) + 1;
    Some(Specialization {
        local_size: None,
        constants: local_array_lengths(dev, entry, info.work_group_size.iter().product(), |_| {
            Ok(0)
        })
        .ok()?,
        spec_constants: spec_constant_values(&[], entry, dev).ok()?,
        writable_bindings: writable_bindings(dev, &bound),
        windows: plan_windows(dev, info, &bound, false, audit_binding + 1, |_| 0).ok()?,
        loop_audit: None,
    })
}

/// The bytes of local accessor `a` of a launch: the arena offset its
/// closure member holds names one of the command group's.
fn local_accessor_bytes(l: &Launch, entry: &KernelEntry, a: &LocalArray) -> RtResult<usize> {
    let bytes = arg_bytes(l, entry, a.arg, a.offset, 8)?;
    let offset = u64::from_le_bytes(bytes.try_into().expect("8 bytes")) as usize;
    match l.local_memory.iter().find(|(o, _)| *o == offset) {
        Some(&(_, size)) => Ok(size),
        None => Err(RtError::ArgumentLayout {
            kernel: entry.info.display_name.clone(),
            detail: format!(
                "local accessor {} was not created in this command group",
                a.name
            ),
        }),
    }
}

/// The bindings a kernel only reads that a launch declares writable: those
/// of an allocation another binding writes (`kernel(d, d)` is a usage
/// conflict for wgpu otherwise), or all of them on a driver that reads
/// stale values beside read-only bindings (null pointers all bind the dummy
/// buffer). Sorted.
fn writable_bindings(dev: &VulkanDevice, bound: &[Bound]) -> Vec<u32> {
    let all_writable = dev.info.stale_loads_with_read_only_bindings;
    let mut writable: Vec<u32> = bound
        .iter()
        .filter(|(_, a, acc)| {
            !acc.writes()
                && (all_writable || bound.iter().any(|(_, b, bcc)| b == a && bcc.writes()))
        })
        .map(|(binding, _, _)| *binding)
        .collect();
    writable.sort_unstable();
    writable
}

/// Records the kernel; returns its command number (that of the last command
/// recorded before it when the range is empty) and, when `timed`, its timestamps.
fn launch_vulkan(
    dev: &Arc<VulkanDevice>,
    l: &Launch,
    timed: bool,
) -> RtResult<(u64, Option<TimestampReadback>)> {
    let entry =
        registry::lookup(l.key).ok_or_else(|| RtError::KernelNotRegistered(l.key.to_string()))?;
    requirements::check(&entry, &dev.info, l.dims, l.local)?;
    let info = &entry.info;
    let layout_err = |detail: String| RtError::ArgumentLayout {
        kernel: info.display_name.clone(),
        detail,
    };
    if l.args.len() != info.arg_sizes.len() {
        return Err(layout_err(format!(
            "the host passes {} arguments, the device image expects {}",
            l.args.len(),
            info.arg_sizes.len()
        )));
    }
    for (i, (host, &device)) in l.args.iter().zip(&info.arg_sizes).enumerate() {
        if host.len() != device as usize {
            return Err(layout_err(format!(
                "argument {i} is {} bytes on the host, {device} in the device image",
                host.len()
            )));
        }
    }
    let total = l.total()?;
    let (grid, local_size) = match l.work_groups()? {
        None => {
            check_image_work_group(dev, info)?;
            let [x, y] = grid(
                total,
                info.work_group_size[0],
                dev.max_workgroups_per_dimension(),
                &info.display_name,
            )?;
            ([x, y, 1], None)
        }
        Some((groups, size)) => {
            let (grid, local) =
                nd_dispatch(dev, l.dims as usize, groups, size, &info.display_name)?;
            (grid, Some(local))
        }
    };
    // Made before the table is locked: making one allocates.
    let globals = info
        .buffers
        .iter()
        .filter_map(|b| b.device_global.as_deref())
        .map(|symbol| Ok((symbol, device_global::copy_on(dev, symbol)?)))
        .collect::<RtResult<HashMap<&str, usize>>>()?;
    let mut table = memory::table();
    let (params, bound) = resolve(l, &entry, &table, &globals)?;
    let writable_bindings = writable_bindings(dev, &bound);
    for (_, start, _) in &bound {
        if let Some(start) = start {
            let dereferenced = bound
                .iter()
                .any(|(_, s, a)| s == &Some(*start) && *a != Access::None);
            sync::prepare_for_kernel(&mut table, *start, dev, dereferenced)?;
        }
    }
    let audit_binding = info.buffers.iter().map(|b| b.binding).max().unwrap_or(0) + 1;
    let audit = dev.loop_audit(&entry, audit_binding);
    let copy_of = |start: &Option<usize>| {
        start.map(|s| {
            table
                .find(s)
                .and_then(|a| a.gpu.as_ref())
                .expect("prepared above")
        })
    };
    let windows = plan_windows(dev, info, &bound, audit.is_some(), audit_binding + 1, |s| {
        copy_of(s).map_or(dev.dummy_buffer().size(), |c| c.size())
    })?;
    let spec = Specialization {
        local_size,
        constants: local_array_lengths(
            dev,
            &entry,
            local_size.unwrap_or(info.work_group_size).iter().product(),
            |a| local_accessor_bytes(l, &entry, a),
        )?,
        spec_constants: spec_constant_values(&l.spec_constants, &entry, dev)?,
        writable_bindings,
        windows,
        loop_audit: audit.map(|(a, _)| a),
    };
    let pipeline = dev.pipeline(&entry, &spec, false)?;
    if total == 0 {
        return Ok((dev.lock_batch().last_seq(), None));
    }
    let mut buffers: Vec<BoundBuffer> = Vec::with_capacity(bound.len());
    for (binding, start, _) in &bound {
        let copy = copy_of(start);
        match (
            spec.windows.bindings.iter().find(|w| w.binding == *binding),
            copy,
        ) {
            (Some(w), Some(copy)) => {
                buffers.extend(spec.windows.ranges(w, copy.size()).into_iter().map(
                    |(binding, offset, size)| {
                        // A window lies in one chunk of the device copy.
                        let (buffer, at) = copy.locate(offset);
                        BoundBuffer {
                            binding,
                            buffer,
                            window: Some((at, size)),
                        }
                    },
                ))
            }
            _ => buffers.push(BoundBuffer {
                binding: *binding,
                buffer: copy.map_or(dev.dummy_buffer(), |c| c.locate(0).0),
                window: None,
            }),
        }
    }
    buffers.extend(audit.map(|(a, buffer)| BoundBuffer {
        binding: a.binding,
        buffer,
        window: None,
    }));
    let mut batch = dev.lock_batch();
    let (seq, readback) =
        dev.record_dispatch(&mut batch, &pipeline, &params, &buffers, grid, timed);
    drop(batch);
    for (_, start, access) in &bound {
        if let (Some(s), true) = (start, access.writes()) {
            if let Some(a) = table.get_mut(*s) {
                a.fresh = memory::Fresh::Device;
            }
        }
    }
    Ok((seq, readback))
}

/// The windows of the allocations in `bound` larger than one binding of
/// `dev` (see [`crate::device::windows`]), their extra windows numbered
/// from `first_extra`; an error when the kernel (with the loop audit's
/// buffer when `audited`) would bind more storage buffers than the device
/// allows.
fn plan_windows(
    dev: &VulkanDevice,
    info: &KernelInfo,
    bound: &[(u32, Option<usize>, Access)],
    audited: bool,
    first_extra: u32,
    bytes_of: impl Fn(&Option<usize>) -> u64,
) -> RtResult<Windows> {
    let window_log2 = dev.window_log2();
    let mut windows = Windows {
        window_log2,
        bindings: Vec::new(),
    };
    let mut next = first_extra;
    for (binding, start, _) in bound.iter().filter(|(_, s, _)| s.is_some()) {
        if let Some(w) = Windows::plan(window_log2, *binding, bytes_of(start), next) {
            next += w.windows - 1;
            windows.bindings.push(w);
        }
    }
    let used = bound.len() as u64 + u64::from(audited) + u64::from(next - first_extra);
    if used > u64::from(dev.max_storage_bindings()) {
        let why = if windows.bindings.is_empty() {
            String::new()
        } else {
            format!(
                "an allocation larger than {} bytes takes one per {} bytes, and ",
                1u64 << window_log2,
                1u64 << window_log2
            )
        };
        return Err(RtError::Unsupported {
            kernel: info.display_name.clone(),
            device: dev.info.name.clone(),
            feature: format!(
                "binding {used} storage buffers: {why}a kernel binds at most {} (each USM allocation or buffer it uses takes one)",
                dev.max_storage_bindings()
            ),
        });
    }
    Ok(windows)
}

#[cfg(test)]
mod tests {
    use super::grid;

    #[test]
    fn nd_range_groups_factor_into_rows() {
        use super::rows_of_groups;
        assert_eq!(rows_of_groups(262_144, 65_535), Some((32_768, 8)));
        assert_eq!(rows_of_groups(100, 65_535), Some((100, 1)));
        // A prime beyond the limit has no rows.
        assert_eq!(rows_of_groups(65_537, 65_535), None);
        assert_eq!(rows_of_groups(65_535 * 65_535 + 1, 65_535), None);
        use super::fold_groups;
        assert_eq!(fold_groups(390_625, 65_535), Some([15_625, 25, 1]));
        assert_eq!(fold_groups(1 << 40, 65_535), Some([32_768, 32_768, 1024]));
        // A prime count above the limit: a grid of a few more groups.
        assert_eq!(fold_groups(65_537, 65_535), Some([32_769, 2, 1]));
        assert_eq!(fold_groups(154_702, 65_535), Some([51_568, 3, 1]));
    }

    fn nd_launch(range: [usize; 3], local: [usize; 3], dims: u32) -> super::Launch<'static> {
        super::Launch {
            key: "k",
            dims,
            range,
            local: Some(local),
            args: vec![],
            arg_ptrs: std::ptr::null(),
            host_kernel: None,
            local_memory: vec![],
            spec_constants: vec![],
        }
    }

    #[test]
    fn empty_nd_ranges_ignore_their_local_range() {
        use crate::error::Errc;
        // A zero extent anywhere: no work-groups, whatever the local range.
        let l = nd_launch([0, 8, 1], [0, 0, 1], 2);
        assert_eq!(l.work_groups().unwrap(), Some(([0, 0, 1], [1, 1, 1])));
        let l = nd_launch([64, 0, 1], [8, 4, 1], 2);
        assert_eq!(l.work_groups().unwrap(), Some(([0, 0, 1], [1, 1, 1])));
        // A zero local extent of a non-empty range does not divide it.
        let l = nd_launch([64, 8, 1], [8, 0, 1], 2);
        assert_eq!(l.work_groups().unwrap_err().errc(), Errc::NdRange);
    }

    #[test]
    fn work_groups_beyond_the_device_limits_are_nd_range_errors() {
        use crate::error::Errc;
        let mut device = crate::device::info::host_info();
        device.max_work_group_size = 1024;
        device.max_work_item_sizes = [64, 128, 1024];
        let ok = nd_launch([4096, 1, 1], [1024, 1, 1], 1);
        assert!(ok.check_work_group_limits([1024, 1, 1], &device).is_ok());
        let too_many = nd_launch([4096, 1, 1], [2048, 1, 1], 1);
        let err = too_many
            .check_work_group_limits([2048, 1, 1], &device)
            .unwrap_err();
        assert_eq!(err.errc(), Errc::NdRange);
        // In two dimensions the first is limited by the middle entry: 256 > 128.
        let tall = nd_launch([256, 2, 1], [256, 2, 1], 2);
        let err = tall
            .check_work_group_limits([256, 2, 1], &device)
            .unwrap_err();
        assert_eq!(err.errc(), Errc::NdRange);
        assert!(tall.check_work_group_limits([128, 8, 1], &device).is_ok());
        // In three dimensions the first is limited by the first entry.
        let deep = nd_launch([128, 1, 1], [128, 1, 1], 3);
        assert!(deep.check_work_group_limits([128, 1, 1], &device).is_err());
        assert!(deep.check_work_group_limits([64, 2, 8], &device).is_ok());
    }

    #[test]
    fn grids_split_into_rows() {
        assert_eq!(grid(100_003, 64, 65_535, "k").unwrap(), [1563, 1]);
        assert_eq!(grid(0, 64, 65_535, "k").unwrap(), [0, 0]);
        // 2^26 items in groups of 64: 2^20 groups = 65535 * 17 rows (rounded up).
        assert_eq!(grid(1 << 26, 64, 65_535, "k").unwrap(), [65_535, 17]);
        assert!(grid(usize::MAX / 2, 1, 65_535, "k").is_err());
    }
}
