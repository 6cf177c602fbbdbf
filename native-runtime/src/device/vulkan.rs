//! A Vulkan device through wgpu: device creation, pipeline caches, the batch
//! of recorded dispatches (numbered, so that events can tell whether theirs
//! was submitted and completed), timestamped dispatches, uploads and downloads.

pub use super::bindings::BoundBuffer;
use super::bindings::{self, BindGroupCache, ParamArenas, ParamSlot, StagedParams};
use super::clock::{self, DeviceClock};
use super::extra_features::{self, ExtraFeatures, FloatAtomicAdds, NarrowStorage};
use super::float_controls::{self, InfNanPreserve};
use super::info::DeviceInfo;
use super::loop_audit::{self, LoopAudit};
use super::memory_barriers;
use super::padding_lanes;
use super::pipeline_cache::DiskCache;
use super::specialize::Specialization;
use super::upload_staging::{self, StagedUploads, UploadBuffers, MAX_STAGED_UPLOAD};
use super::{dense_bindings, entry_module};
use crate::error::{RtError, RtResult};
use crate::registry::KernelEntry;
use compiler_core::back::spirv;
use compiler_core::bundle::KernelInfo;
use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

/// Dispatches recorded before the batch is submitted even if nobody waits.
const MAX_BATCH: usize = 256;

/// A shader module: its image, and the entry point and launch-time sizes it
/// was specialised to (None: as compiled, shared by the image's kernels).
type ModuleKey = (u64, Option<(String, Specialization)>);

/// A pipeline: its image, entry point and launch-time sizes (looked up at
/// every launch, so it names the entry point once).
type PipelineKey = (u64, String, Specialization);

/// A pipeline, built by the first thread that wants it (a launch, or
/// [`super::prewarm`]'s); another thread that wants it meanwhile waits for
/// that build. Empty until built, and again after a build failed.
type PipelineSlot = Arc<Mutex<Option<Arc<Pipeline>>>>;

/// Words of the loop audit buffer: kernels past the last share its word.
const AUDIT_SLOTS: usize = 1024;

/// Where the kernels of a device that cuts long loops short report cuts
/// (see `loop_audit`): one word per kernel, non-zero once a work-item of
/// it was cut; read and cleared when the host waits.
struct LoopAuditBuffer {
    buffer: wgpu::Buffer,
    kernels: Mutex<AuditedKernels>,
    /// Audited dispatches were recorded since the words were last read.
    pending: AtomicBool,
}

/// The kernels of a loop audit buffer's words, and which images have loops.
#[derive(Default)]
struct AuditedKernels {
    /// The kernel (display name) of each word.
    names: Vec<String>,
    slots: HashMap<String, u32>,
    images_with_loops: HashMap<u64, bool>,
}

impl AuditedKernels {
    /// The word of `kernel`: its own, or the last one, which the kernels
    /// past it share.
    fn slot(&mut self, kernel: &str) -> u32 {
        if let Some(&slot) = self.slots.get(kernel) {
            return slot;
        }
        if self.names.len() < AUDIT_SLOTS - 1 {
            self.names.push(kernel.to_string());
            let slot = (self.names.len() - 1) as u32;
            self.slots.insert(kernel.to_string(), slot);
            slot
        } else {
            self.names
                .resize(AUDIT_SLOTS, "one of the kernels launched last".into());
            (AUDIT_SLOTS - 1) as u32
        }
    }
}

/// A compute pipeline and the layout its bind groups use.
pub struct Pipeline {
    pub pipeline: wgpu::ComputePipeline,
    pub layout: wgpu::BindGroupLayout,
}

/// Commands recorded but not yet submitted: one encoder, one open compute pass.
#[derive(Default)]
pub struct Batch {
    pass: Option<wgpu::ComputePass<'static>>,
    encoder: Option<wgpu::CommandEncoder>,
    dispatches: usize,
    /// The number of the last command recorded on this device (1, 2, ...).
    last_seq: u64,
    /// The parameter blocks of the recorded dispatches.
    params: Option<StagedParams>,
    arenas: ParamArenas,
    /// The bytes of the recorded small uploads.
    uploads: Option<StagedUploads>,
    upload_buffers: UploadBuffers,
}

impl Batch {
    /// The number of the last command recorded (0: none yet).
    pub fn last_seq(&self) -> u64 {
        self.last_seq
    }
}

/// The two timestamps of a timed dispatch, readable once it completed.
pub struct TimestampReadback {
    buffer: wgpu::Buffer,
}

pub struct VulkanDevice {
    /// The descriptors `get_info` reports for it.
    pub info: DeviceInfo,
    device: wgpu::Device,
    queue: wgpu::Queue,
    limits: wgpu::Limits,
    modules: Mutex<HashMap<ModuleKey, wgpu::ShaderModule>>,
    pipelines: Mutex<HashMap<PipelineKey, PipelineSlot>>,
    batch: Mutex<Batch>,
    bind_groups: Mutex<BindGroupCache>,
    /// Compiled pipelines kept on disk (`SYCL_CACHE_PERSISTENT=1`).
    disk_cache: Option<DiskCache>,
    errors: Arc<Mutex<Vec<String>>>,
    dummy: wgpu::Buffer,
    /// Commands up to this number were submitted to the wgpu queue.
    submitted: AtomicU64,
    /// Commands up to this number completed (set by submission callbacks).
    completed: Arc<AtomicU64>,
    /// Timestamp ticks to host time, when the device has timestamp queries.
    clock: Option<DeviceClock>,
    /// On a device with a loop iteration limit: where its kernels report cuts.
    loop_audit: Option<LoopAuditBuffer>,
    /// Kernels' SPIR-V goes to the driver unchanged (see `shader_module`).
    spirv_passthrough: bool,
    /// The float atomic adds kernels use on global memory instead of
    /// compare-exchange loops (`extra_features`).
    pub float_atomic_adds: FloatAtomicAdds,
    /// The 8- and 16-bit stores kernels use on global memory instead of
    /// atomic operations on words (`extra_features`).
    pub narrow_storage: NarrowStorage,
    /// The float widths whose infinities and NaNs modules ask the driver to
    /// preserve (`float_controls`).
    inf_nan_preserve: InfNanPreserve,
    /// Bytes of the storage buffers of live allocations.
    storage_bytes: AtomicU64,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// Whether a device with `features` gets kernels' SPIR-V unchanged (not
/// through naga), unless `SYCLONE_SPIRV_VIA_NAGA=1` asks otherwise.
pub fn passes_spirv_through(features: wgpu::Features) -> bool {
    features.contains(wgpu::Features::PASSTHROUGH_SHADERS)
        && std::env::var_os("SYCLONE_SPIRV_VIA_NAGA").is_none_or(|v| v != "1")
}

impl VulkanDevice {
    /// Opens the adapter, with 64-bit integers (and their atomics), doubles,
    /// sub-group operations and float atomic adds when it has them.
    pub fn open(adapter: &wgpu::Adapter, descriptors: &DeviceInfo) -> RtResult<Arc<Self>> {
        let info = adapter.get_info();
        let wanted = wgpu::Features::SHADER_INT64
            | wgpu::Features::SHADER_INT64_ATOMIC_ALL_OPS
            | wgpu::Features::SHADER_F64
            | wgpu::Features::SHADER_F16
            // With 16-bit storage, which kernels' `short` stores use.
            | wgpu::Features::SHADER_I16
            | wgpu::Features::SUBGROUP
            | wgpu::Features::SUBGROUP_BARRIER
            | wgpu::Features::TIMESTAMP_QUERY
            | wgpu::Features::PIPELINE_CACHE
            | wgpu::Features::PASSTHROUGH_SHADERS
            // Images mark memory that work-items share `Coherent`; naga
            // reads them only with this feature (when not passed through).
            | wgpu::Features::MEMORY_DECORATION_COHERENT;
        let desc = wgpu::DeviceDescriptor {
            label: Some("syclone"),
            required_features: adapter.features() & wanted,
            required_limits: adapter.limits(),
            ..Default::default()
        };
        let passthrough_wanted = passes_spirv_through(desc.required_features);
        // Kernels' float atomic adds and clock reads reach the driver only
        // passed through.
        let extra = if passthrough_wanted {
            extra_features::supported(adapter)
        } else {
            ExtraFeatures::default()
        };
        let adds = extra.float_adds;
        let opened = if extra == ExtraFeatures::default() {
            pollster::block_on(adapter.request_device(&desc)).map_err(|e| e.to_string())
        } else {
            extra_features::open(adapter, &desc, extra)
        };
        let (device, queue) =
            opened.map_err(|e| RtError::Device(format!("cannot open {}: {e}", info.name)))?;
        let errors: Arc<Mutex<Vec<String>>> = Arc::default();
        let sink = errors.clone();
        device.on_uncaptured_error(Arc::new(move |e: wgpu::Error| {
            eprintln!("syclone: device error: {e}");
            lock(&sink).push(e.to_string());
        }));
        // A lost device explains every error after it (resources made on it
        // are invalid): it is reported first.
        let sink = errors.clone();
        device.set_device_lost_callback(move |reason, message| {
            if reason != wgpu::DeviceLostReason::Destroyed {
                eprintln!("syclone: the device was lost: {message}");
                lock(&sink).insert(0, format!("the device was lost ({message})"));
            }
        });
        let dummy = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("syclone null binding"),
            size: 16,
            usage: wgpu::BufferUsages::STORAGE,
            mapped_at_creation: false,
        });
        let disk_cache = DiskCache::open(&device, &info);
        let spirv_passthrough = passthrough_wanted
            && device
                .features()
                .contains(wgpu::Features::PASSTHROUGH_SHADERS);
        let off = extra_features::disabled_by_env();
        let on = |name: &str| spirv_passthrough && !off.contains(&name);
        let float_atomic_adds = FloatAtomicAdds {
            f32: adds.f32 && on("float_atomic_add"),
            f64: adds.f64 && on("double_atomic_add"),
        };
        let narrow_storage = NarrowStorage {
            bytes: extra.byte_storage && on("8bit_storage"),
            shorts: on("16bit_storage")
                && device
                    .features()
                    .intersects(wgpu::Features::SHADER_F16 | wgpu::Features::SHADER_I16),
        };
        // Only modules passed through can ask the driver for IEEE values.
        let inf_nan_preserve = if spirv_passthrough {
            float_controls::supported(adapter)
        } else {
            InfNanPreserve::default()
        };
        let loop_audit = descriptors.loop_iteration_limit.map(|_| LoopAuditBuffer {
            buffer: device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("syclone loop audit"),
                size: (AUDIT_SLOTS * 4) as u64,
                usage: wgpu::BufferUsages::STORAGE
                    | wgpu::BufferUsages::COPY_SRC
                    | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            }),
            kernels: Mutex::default(),
            pending: AtomicBool::new(false),
        });
        let mut dev = VulkanDevice {
            info: descriptors.clone(),
            limits: device.limits(),
            device,
            queue,
            modules: Mutex::default(),
            pipelines: Mutex::default(),
            batch: Mutex::default(),
            bind_groups: Mutex::default(),
            disk_cache,
            errors,
            dummy,
            submitted: AtomicU64::new(0),
            completed: Arc::new(AtomicU64::new(0)),
            clock: None,
            loop_audit,
            spirv_passthrough,
            float_atomic_adds,
            narrow_storage,
            inf_nan_preserve,
            storage_bytes: AtomicU64::new(0),
        };
        if dev
            .device
            .features()
            .contains(wgpu::Features::TIMESTAMP_QUERY)
        {
            dev.clock = Some(dev.calibrate()?);
        }
        Ok(Arc::new(dev))
    }

    /// The tightest of a few calibrations: the first submission to a device
    /// can take long (and a loaded machine can stall any one of them), and
    /// the clock mapping's error is half the round trip.
    fn calibrate(&self) -> RtResult<DeviceClock> {
        const ROUNDS: usize = 5;
        let mut best = self.calibrate_once()?;
        for _ in 1..ROUNDS {
            let next = self.calibrate_once()?;
            if next.uncertainty_ns < best.uncertainty_ns {
                best = next;
            }
        }
        Ok(best)
    }

    /// Reads one device timestamp between two host clock readings.
    fn calibrate_once(&self) -> RtResult<DeviceClock> {
        let mut encoder = self
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("syclone clock calibration"),
            });
        let readback = self.timed_pass(&mut encoder, |_| {});
        let before = clock::now_ns();
        self.queue.submit([encoder.finish()]);
        self.device
            .poll(wgpu::PollType::wait_indefinitely())
            .map_err(|e| {
                RtError::Device(format!("{}: calibrating its clock: {e}", self.info.name))
            })?;
        let after = clock::now_ns();
        let [ticks, _] = self.read_ticks(&readback)?;
        let period = f64::from(self.queue.get_timestamp_period());
        Ok(DeviceClock::calibrate(period, ticks, before, after))
    }

    /// Records a compute pass with timestamps at its start and end, running
    /// `body` inside it, and the copy of the timestamps to a readable buffer.
    fn timed_pass(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        body: impl FnOnce(&mut wgpu::ComputePass<'_>),
    ) -> TimestampReadback {
        let queries = self.device.create_query_set(&wgpu::QuerySetDescriptor {
            label: Some("syclone timestamps"),
            ty: wgpu::QueryType::Timestamp,
            count: 2,
        });
        {
            let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                label: None,
                timestamp_writes: Some(wgpu::ComputePassTimestampWrites {
                    query_set: &queries,
                    beginning_of_pass_write_index: Some(0),
                    end_of_pass_write_index: Some(1),
                }),
            });
            body(&mut pass);
        }
        let buffer = |usage| {
            self.device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("syclone timestamps"),
                size: 16,
                usage,
                mapped_at_creation: false,
            })
        };
        let resolved = buffer(wgpu::BufferUsages::QUERY_RESOLVE | wgpu::BufferUsages::COPY_SRC);
        let readback = buffer(wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST);
        encoder.resolve_query_set(&queries, 0..2, &resolved, 0);
        encoder.copy_buffer_to_buffer(&resolved, 0, &readback, 0, 16);
        TimestampReadback { buffer: readback }
    }

    /// The start and end ticks of a completed timed pass.
    fn read_ticks(&self, readback: &TimestampReadback) -> RtResult<[u64; 2]> {
        let failed: Arc<Mutex<Option<String>>> = Arc::default();
        let sink = failed.clone();
        readback
            .buffer
            .map_async(wgpu::MapMode::Read, .., move |r| {
                if let Err(e) = r {
                    *lock(&sink) = Some(e.to_string());
                }
            });
        self.device
            .poll(wgpu::PollType::wait_indefinitely())
            .map_err(|e| RtError::Device(format!("{}: reading timestamps: {e}", self.info.name)))?;
        if let Some(e) = lock(&failed).take() {
            return Err(RtError::Device(format!(
                "{}: reading timestamps: {e}",
                self.info.name
            )));
        }
        let view =
            readback.buffer.slice(..).get_mapped_range().map_err(|e| {
                RtError::Device(format!("{}: reading timestamps: {e}", self.info.name))
            })?;
        let word =
            |i: usize| u64::from_le_bytes(view[i * 8..i * 8 + 8].try_into().expect("8 bytes"));
        let ticks = [word(0), word(1)];
        drop(view);
        readback.buffer.unmap();
        Ok(ticks)
    }

    /// The start and end of a completed timed dispatch on the host clock.
    pub fn command_times(&self, readback: &TimestampReadback) -> RtResult<(u64, u64)> {
        let clock = self.clock.ok_or_else(|| {
            RtError::Device(format!("{} has no timestamp queries", self.info.name))
        })?;
        let [start, end] = self.read_ticks(readback)?;
        Ok((clock.to_host(start), clock.to_host(end.max(start))))
    }

    /// Whether dispatches can be timed on the device.
    pub fn has_timestamps(&self) -> bool {
        self.clock.is_some()
    }

    /// Whether command `seq` was handed to the wgpu queue.
    pub fn is_submitted(&self, seq: u64) -> bool {
        self.submitted.load(Ordering::Acquire) >= seq
    }

    /// Whether command `seq` completed, checking the device without blocking.
    pub fn is_completed(&self, seq: u64) -> bool {
        if self.completed.load(Ordering::Acquire) >= seq {
            return true;
        }
        // Runs the callbacks of finished submissions; a failed poll shows up at the next wait.
        let _ = self.device.poll(wgpu::PollType::Poll);
        self.completed.load(Ordering::Acquire) >= seq
    }

    pub fn max_workgroups_per_dimension(&self) -> u32 {
        self.limits.max_compute_workgroups_per_dimension
    }

    /// Bytes of work-group memory a work-group may use.
    pub fn max_local_memory(&self) -> u32 {
        self.limits.max_compute_workgroup_storage_size
    }

    /// The largest work-group: per dimension (x, y, z) and in total.
    pub fn max_work_group(&self) -> ([u32; 3], u32) {
        let l = &self.limits;
        (
            [
                l.max_compute_workgroup_size_x,
                l.max_compute_workgroup_size_y,
                l.max_compute_workgroup_size_z,
            ],
            l.max_compute_invocations_per_workgroup,
        )
    }

    /// The bound for a pointer the kernel never dereferences.
    pub fn dummy_buffer(&self) -> &wgpu::Buffer {
        &self.dummy
    }

    /// Storage for an allocation of `size` bytes (zero-filled), padded to
    /// hold at least one element of the widest type a kernel indexes memory
    /// with (16 bytes), so that a tiny or empty allocation binds: one buffer,
    /// or consecutive buffers of one window each ([`Self::window_log2`])
    /// when it is larger than the device's largest buffer. One larger than
    /// a binding is bound in windows.
    pub fn create_storage(&self, size: usize) -> RtResult<Vec<wgpu::Buffer>> {
        let padded = (size.max(16) as u64).div_ceil(16) * 16;
        if padded > self.info.max_mem_alloc_size {
            return Err(RtError::Allocation {
                bytes: size,
                reason: format!(
                    "{} allocates at most {} bytes at once (max_mem_alloc_size)",
                    self.info.name, self.info.max_mem_alloc_size
                ),
            });
        }
        let chunk = if padded > self.limits.max_buffer_size {
            1u64 << self.window_log2()
        } else {
            padded
        };
        let buffer = |size: u64| {
            self.device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("syclone allocation"),
                size,
                usage: wgpu::BufferUsages::STORAGE
                    | wgpu::BufferUsages::COPY_SRC
                    | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            })
        };
        self.storage_bytes.fetch_add(padded, Ordering::Relaxed);
        Ok((0..padded.div_ceil(chunk))
            .map(|k| buffer(chunk.min(padded - k * chunk)))
            .collect())
    }

    /// Storage of `bytes` (from [`Self::create_storage`]) was dropped.
    pub fn storage_released(&self, bytes: u64) {
        self.storage_bytes.fetch_sub(bytes, Ordering::Relaxed);
    }

    /// Device memory not held by allocations (what
    /// `ext::intel::info::device::free_memory` reports): the device's
    /// memory less the storage of live allocations. Other processes' use
    /// and the driver's own are not seen through Vulkan.
    pub fn free_memory(&self) -> u64 {
        self.info
            .global_mem_size
            .saturating_sub(self.storage_bytes.load(Ordering::Relaxed))
    }

    /// log2 of the bytes of a window of an allocation larger than one
    /// binding: the largest power of two the device binds at once.
    pub fn window_log2(&self) -> u32 {
        let most = self.limits.max_storage_buffer_binding_size.max(256);
        63 - most.leading_zeros()
    }

    /// The storage buffers a kernel may bind.
    pub fn max_storage_bindings(&self) -> u32 {
        self.limits.max_storage_buffers_per_shader_stage
    }

    /// The pipeline of a kernel, created (and cached) on first use; with
    /// `local_size`, of a copy of its module with that work-group size.
    /// `ahead`: built before any launch wanted it (counted apart).
    pub fn pipeline(
        &self,
        entry: &KernelEntry,
        spec: &Specialization,
        ahead: bool,
    ) -> RtResult<Arc<Pipeline>> {
        let key: PipelineKey = (entry.image.id, entry.info.entry_point.clone(), spec.clone());
        let slot = lock(&self.pipelines).entry(key).or_default().clone();
        let mut built = lock(&slot);
        if let Some(p) = built.as_ref() {
            return Ok(p.clone());
        }
        let p = Arc::new(self.build_pipeline(entry, spec)?);
        super::prewarm::count_build(ahead);
        *built = Some(p.clone());
        Ok(p)
    }

    fn build_pipeline(&self, entry: &KernelEntry, spec: &Specialization) -> RtResult<Pipeline> {
        // A module passed through is numbered for one kernel's layout.
        let own_module = !spec.is_default() || self.spirv_passthrough;
        let module_key: ModuleKey = (
            entry.image.id,
            own_module.then(|| (entry.info.entry_point.clone(), spec.clone())),
        );
        let build_err = |reason: String| RtError::Build {
            kernel: entry.info.display_name.clone(),
            device: self.info.name.clone(),
            reason,
        };
        let entries = layout_entries(&entry.info, spec);
        // (The scope pops when dropped, on an early return too.)
        let scope = self.device.push_error_scope(wgpu::ErrorFilter::Validation);
        let cached = lock(&self.modules).get(&module_key).cloned();
        let module = match cached {
            Some(module) => module,
            None => {
                let words = self
                    .module_words(entry, spec, &entries)
                    .map_err(build_err)?;
                let module = self.shader_module(entry, words);
                lock(&self.modules).insert(module_key.clone(), module.clone());
                module
            }
        };
        let layout = self
            .device
            .create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
                label: Some(&entry.info.display_name),
                entries: &entries,
            });
        let pipeline_layout = self
            .device
            .create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
                label: Some(&entry.info.display_name),
                bind_group_layouts: &[Some(&layout)],
                immediate_size: 0,
            });
        let pipeline = self
            .device
            .create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                label: Some(&entry.info.display_name),
                layout: Some(&pipeline_layout),
                module: &module,
                entry_point: Some(&entry.info.entry_point),
                compilation_options: Default::default(),
                cache: self.disk_cache.as_ref().map(DiskCache::cache),
            });
        if let Some(err) = pollster::block_on(scope.pop()) {
            // A bad module stays bad: forget it so that the error repeats with its cause.
            lock(&self.modules).remove(&module_key);
            return Err(build_err(err.to_string()));
        }
        if let Some(disk) = &self.disk_cache {
            disk.save();
        }
        Ok(Pipeline { pipeline, layout })
    }

    /// The driver's module of a kernel's SPIR-V. Passed through unchanged
    /// where the device allows it, so that what the compiler decorated
    /// (`NoContraction` on the floating-point operations C++ forbids a
    /// driver to fuse or reassociate, `Aliased` views) reaches the driver;
    /// else through naga's SPIR-V front and back ends, which keep neither.
    /// `SYCLONE_SPIRV_VIA_NAGA=1` forces the naga route (to compare drivers'
    /// results).
    fn shader_module(&self, entry: &KernelEntry, words: Cow<'_, [u32]>) -> wgpu::ShaderModule {
        let label = Some(entry.info.display_name.as_str());
        if self.spirv_passthrough {
            let entry_point = wgpu::PassthroughShaderEntryPoint {
                name: entry.info.entry_point.as_str().into(),
                workgroup_size: (1, 1, 1),
            };
            let desc = wgpu::ShaderModuleDescriptorPassthrough {
                label,
                entry_points: vec![entry_point].into(),
                spirv: Some(words),
                ..Default::default()
            };
            // SAFETY: the images come from the Syclone compiler, whose output
            // passes spirv-val for Vulkan (every image the tests produce is
            // checked); the pipeline layout is given explicitly.
            return unsafe { self.device.create_shader_module_passthrough(desc) };
        }
        let desc = wgpu::ShaderModuleDescriptor {
            label,
            source: wgpu::ShaderSource::SpirV(words),
        };
        // SAFETY: the images come from the Syclone compiler, which resolves every
        // global access to a binding and an index the program computes; an
        // out-of-bounds index is undefined behaviour in SYCL (as in DPC++, which
        // checks nothing either) and Vulkan's robust buffer access, which wgpu
        // enables, still confines it to the binding. wgpu's inserted bounds checks
        // and loop bounding cost up to 3x on memory-bound kernels.
        unsafe {
            self.device
                .create_shader_module_trusted(desc, wgpu::ShaderRuntimeChecks::unchecked())
        }
    }

    /// The SPIR-V of `entry`'s module for launches specialised as `spec`:
    /// passed through, cut to the entry point and numbered for `layout`;
    /// else the image's, specialised. The error says what is malformed.
    fn module_words<'e>(
        &self,
        entry: &'e KernelEntry,
        spec: &Specialization,
        layout: &[wgpu::BindGroupLayoutEntry],
    ) -> Result<Cow<'e, [u32]>, String> {
        let entry_point = &entry.info.entry_point;
        let mut words = Cow::Borrowed(&entry.image.image.spirv[..]);
        if self.info.fences_are_group_barriers {
            if let Some(fenceless) = memory_barriers::without_memory_barriers(&words)? {
                words = fenceless.into();
            }
        }
        let missing = self.float_atomic_adds.missing_widths();
        if let Some(portable) = spirv::without_float_atomic_adds(&words, &missing) {
            words = portable.into();
        }
        let missing = self.narrow_storage.missing_widths();
        if let Some(portable) =
            spirv::without_narrow_storage(&words, &missing).map_err(|e| e.to_string())?
        {
            words = portable.into();
        }
        if self.spirv_passthrough {
            words = entry_module::single_entry_point(&words, entry_point)?.into();
            if self.inf_nan_preserve != InfNanPreserve::default() {
                if let Some(preserving) =
                    float_controls::preserving_inf_nan(&words, self.inf_nan_preserve)?
                {
                    words = preserving.into();
                }
            }
        }
        if !spec.is_default() {
            words = spec.apply(&words, entry_point)?.into();
        }
        if self.info.runs_padding_lanes {
            words = padding_lanes::padding_lanes_return(&words, entry_point)?.into();
        }
        if self.spirv_passthrough {
            let bindings: Vec<u32> = layout.iter().map(|e| e.binding).collect();
            words = dense_bindings::densify(&words, &bindings)?.into();
        }
        Ok(words)
    }

    /// Whether launches of `entry` are audited: on a device that cuts
    /// loops short, when its image has loops.
    pub fn audits(&self, entry: &KernelEntry) -> bool {
        let Some(audit) = self.loop_audit.as_ref() else {
            return false;
        };
        let image = &entry.image;
        *lock(&audit.kernels)
            .images_with_loops
            .entry(image.id)
            .or_insert_with(|| loop_audit::has_loops(&image.image.spirv))
    }

    /// On a device that cuts long loops short: how a dispatch of `entry`
    /// reports cuts through `binding`, and the buffer to bind there (None:
    /// not audited, as on other devices and for images without loops). The
    /// caller records the dispatch; the next wait reads the report.
    pub fn loop_audit(
        &self,
        entry: &KernelEntry,
        binding: u32,
    ) -> Option<(LoopAudit, &wgpu::Buffer)> {
        if !self.audits(entry) {
            return None;
        }
        let audit = self.loop_audit.as_ref()?;
        let slot = lock(&audit.kernels).slot(&entry.info.display_name);
        audit.pending.store(true, Ordering::Release);
        let local_memory = self.max_local_memory();
        Some((
            LoopAudit {
                binding,
                slot,
                local_memory,
            },
            &audit.buffer,
        ))
    }

    /// Reads (and clears) the loop audit words of the dispatches completed
    /// since the last read: each kernel cut short becomes a device error.
    fn read_loop_audit(&self, batch: &mut Batch) -> RtResult<()> {
        let Some(audit) = self.loop_audit.as_ref() else {
            return Ok(());
        };
        // Cleared first: the download below waits, which reads nothing then.
        if !audit.pending.swap(false, Ordering::AcqRel) {
            return Ok(());
        }
        let mut words = vec![0u8; audit.buffer.size() as usize];
        if let Err(e) = self.download(batch, &mut [(&audit.buffer, 0, &mut words)]) {
            // An earlier error of the device came first: read the words next time.
            audit.pending.store(true, Ordering::Release);
            return Err(e);
        }
        // Takes effect before the next submission, after the kernels read above.
        self.queue
            .write_buffer(&audit.buffer, 0, &vec![0u8; words.len()]);
        let kernels = lock(&audit.kernels);
        let limit = self.info.loop_iteration_limit.unwrap_or_default();
        let mut errors = lock(&self.errors);
        for (slot, _) in words
            .chunks_exact(4)
            .enumerate()
            .filter(|(_, w)| w.iter().any(|&b| b != 0))
        {
            let kernel = kernels.names.get(slot).map_or("a kernel", String::as_str);
            errors.push(format!(
                "kernel {kernel}: a work-item ran more than {limit} loop iterations, after \
                 which this driver leaves every loop early: its results are wrong (run it on \
                 a GPU, or on the host device: ONEAPI_DEVICE_SELECTOR=host:cpu)"
            ));
        }
        Ok(())
    }

    pub fn lock_batch(&self) -> MutexGuard<'_, Batch> {
        lock(&self.batch)
    }

    /// Records a dispatch of `pipeline` over `grid` with `params` (the
    /// parameter block, a non-zero multiple of 16 bytes) at binding 0 and
    /// `buffers` at theirs: into the open compute pass, or with `timed` in
    /// a pass of its own with timestamps at its start and end. Returns the
    /// command's number.
    pub fn record_dispatch(
        &self,
        batch: &mut Batch,
        pipeline: &Pipeline,
        params: &[u8],
        buffers: &[BoundBuffer],
        grid: [u32; 3],
        timed: bool,
    ) -> (u64, Option<TimestampReadback>) {
        let slot = match self.stage_params(batch, params) {
            Some(slot) => slot,
            None => {
                // The batch's arena is full: submit it, stage in a fresh one.
                self.submit(batch);
                self.stage_params(batch, params)
                    .expect("a fresh arena holds any one block")
            }
        };
        let group = lock(&self.bind_groups).get(
            &self.device,
            &pipeline.layout,
            &slot.arena,
            params.len() as u64,
            buffers,
        );
        let offsets = [slot.offset];
        if timed {
            drop(batch.pass.take());
            let mut encoder = batch.encoder.take().unwrap_or_else(|| {
                self.device
                    .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                        label: Some("syclone batch"),
                    })
            });
            let readback = self.timed_pass(&mut encoder, |pass| {
                pass.set_pipeline(&pipeline.pipeline);
                pass.set_bind_group(0, &group, &offsets);
                pass.dispatch_workgroups(grid[0], grid[1], grid[2]);
            });
            batch.encoder = Some(encoder);
            return (self.recorded(batch), Some(readback));
        }
        if batch.pass.is_none() {
            let encoder = batch.encoder.get_or_insert_with(|| {
                self.device
                    .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                        label: Some("syclone batch"),
                    })
            });
            let pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                label: None,
                timestamp_writes: None,
            });
            batch.pass = Some(pass.forget_lifetime());
        }
        let pass = batch.pass.as_mut().expect("pass opened above");
        pass.set_pipeline(&pipeline.pipeline);
        pass.set_bind_group(0, &group, &offsets);
        pass.dispatch_workgroups(grid[0], grid[1], grid[2]);
        (self.recorded(batch), None)
    }

    /// Stages a small upload in the batch's staging buffer (None: it is
    /// full): the buffer and the offset of the bytes in it.
    fn stage_upload(&self, batch: &mut Batch, bytes: &[u8]) -> Option<(wgpu::Buffer, u64)> {
        let completed = self.completed.load(Ordering::Acquire);
        upload_staging::stage(
            &mut batch.uploads,
            &mut batch.upload_buffers,
            &self.device,
            completed,
            bytes,
        )
    }

    /// Stages a parameter block in the batch's arena (None: it is full).
    fn stage_params(&self, batch: &mut Batch, params: &[u8]) -> Option<ParamSlot> {
        let completed = self.completed.load(Ordering::Acquire);
        bindings::stage(
            &mut batch.params,
            &mut batch.arenas,
            &self.device,
            completed,
            params,
            u64::from(self.limits.min_uniform_buffer_offset_alignment),
        )
    }

    /// Forgets the bind groups that bind `buffer`, whose allocation is freed.
    pub fn forget_buffer(&self, buffer: &wgpu::Buffer) {
        lock(&self.bind_groups).forget(buffer);
    }

    /// Numbers a recorded command; submits a full batch.
    fn recorded(&self, batch: &mut Batch) -> u64 {
        batch.dispatches += 1;
        batch.last_seq += 1;
        let seq = batch.last_seq;
        if batch.dispatches >= MAX_BATCH {
            self.submit(batch);
        }
        seq
    }

    /// Submits the recorded commands without waiting for them.
    pub fn submit(&self, batch: &mut Batch) {
        drop(batch.pass.take());
        if let Some(encoder) = batch.encoder.take() {
            let seq = batch.last_seq;
            bindings::write_staged(batch.params.take(), &mut batch.arenas, &self.queue, seq);
            upload_staging::write_staged(
                batch.uploads.take(),
                &mut batch.upload_buffers,
                &self.queue,
                seq,
            );
            self.queue.submit([encoder.finish()]);
            self.submitted.store(seq, Ordering::Release);
            let completed = self.completed.clone();
            self.queue.on_submitted_work_done(move || {
                completed.fetch_max(seq, Ordering::AcqRel);
            });
        }
        batch.dispatches = 0;
    }

    /// Writes host bytes into a device buffer from byte `offset` (a
    /// multiple of 4; a ragged end is padded with zeros), after everything
    /// recorded so far: a small upload as a copy in the batch from its
    /// staging buffer (`upload_staging`), a large one with a write of its
    /// own.
    pub fn upload(&self, batch: &mut Batch, buffer: &wgpu::Buffer, offset: u64, bytes: &[u8]) {
        if !bytes.is_empty() && bytes.len() <= MAX_STAGED_UPLOAD {
            let staged = self.stage_upload(batch, bytes).or_else(|| {
                // The batch's staging buffer is full: submit it, stage anew.
                self.submit(batch);
                self.stage_upload(batch, bytes)
            });
            if let Some((staging, at)) = staged {
                let size = bytes.len().div_ceil(4) as u64 * 4;
                self.batch_encoder(batch)
                    .copy_buffer_to_buffer(&staging, at, buffer, offset, size);
                self.recorded(batch);
                return;
            }
        }
        // queue.write_buffer takes effect before the next submission's commands,
        // so commands recorded earlier must be submitted first.
        self.submit(batch);
        let aligned = bytes.len() & !3;
        if aligned > 0 {
            self.queue.write_buffer(buffer, offset, &bytes[..aligned]);
        }
        if aligned < bytes.len() {
            let mut tail = [0u8; 4];
            tail[..bytes.len() - aligned].copy_from_slice(&bytes[aligned..]);
            self.queue
                .write_buffer(buffer, offset + aligned as u64, &tail);
        }
    }

    /// Zeroes `size` bytes of `buffer` from `offset` (both multiples of 4),
    /// in order after everything recorded so far.
    pub fn clear(&self, batch: &mut Batch, buffer: &wgpu::Buffer, offset: u64, size: u64) {
        self.batch_encoder(batch)
            .clear_buffer(buffer, offset, Some(size));
        self.recorded(batch);
    }

    /// Copies `size` bytes between device buffers (offsets and size
    /// multiples of 4), in order after everything recorded so far.
    pub fn copy(
        &self,
        batch: &mut Batch,
        (src, src_offset): (&wgpu::Buffer, u64),
        (dst, dst_offset): (&wgpu::Buffer, u64),
        size: u64,
    ) {
        self.batch_encoder(batch)
            .copy_buffer_to_buffer(src, src_offset, dst, dst_offset, size);
        self.recorded(batch);
    }

    /// The batch's encoder for a transfer command, its compute pass ended.
    fn batch_encoder<'b>(&self, batch: &'b mut Batch) -> &'b mut wgpu::CommandEncoder {
        drop(batch.pass.take());
        batch.encoder.get_or_insert_with(|| {
            self.device
                .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                    label: Some("syclone batch"),
                })
        })
    }

    /// Submits the batch and waits for the device to finish it.
    pub fn wait(&self, batch: &mut Batch) -> RtResult<()> {
        self.submit(batch);
        self.device
            .poll(wgpu::PollType::wait_indefinitely())
            .map_err(|e| {
                RtError::Device(format!(
                    "{}: waiting for the device failed: {e}",
                    self.info.name
                ))
            })?;
        self.read_loop_audit(batch)?;
        self.take_errors()
    }

    /// Reports errors the device raised asynchronously since the last check.
    pub fn take_errors(&self) -> RtResult<()> {
        let errors = std::mem::take(&mut *lock(&self.errors));
        if errors.is_empty() {
            Ok(())
        } else {
            Err(RtError::Device(format!(
                "{}: {}",
                self.info.name,
                errors.join("; ")
            )))
        }
    }

    /// Copies device buffers, each from a byte offset (a multiple of 4),
    /// into host memory, after everything recorded so far.
    pub fn download(
        &self,
        batch: &mut Batch,
        items: &mut [(&wgpu::Buffer, u64, &mut [u8])],
    ) -> RtResult<()> {
        if items.is_empty() {
            return Ok(());
        }
        self.submit(batch);
        let mut encoder = self
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("syclone download"),
            });
        let staging: Vec<wgpu::Buffer> = items
            .iter()
            .map(|(src, offset, host)| {
                let size = (host.len().max(4) as u64).div_ceil(4) * 4;
                let staging = self.device.create_buffer(&wgpu::BufferDescriptor {
                    label: Some("syclone staging"),
                    size,
                    usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                    mapped_at_creation: false,
                });
                encoder.copy_buffer_to_buffer(src, *offset, &staging, 0, size);
                staging
            })
            .collect();
        self.queue.submit([encoder.finish()]);
        let failures: Arc<Mutex<Vec<String>>> = Arc::default();
        for buffer in &staging {
            let failures = failures.clone();
            buffer.map_async(wgpu::MapMode::Read, .., move |r| {
                if let Err(e) = r {
                    lock(&failures).push(e.to_string());
                }
            });
        }
        self.wait(batch)?;
        if let Some(e) = lock(&failures).first() {
            return Err(RtError::Device(format!(
                "{}: reading device memory back failed: {e}",
                self.info.name
            )));
        }
        for ((_, _, host), buffer) in items.iter_mut().zip(&staging) {
            let len = host.len();
            let view = buffer.slice(..).get_mapped_range().map_err(|e| {
                RtError::Device(format!(
                    "{}: cannot read device memory back: {e}",
                    self.info.name
                ))
            })?;
            host.copy_from_slice(&view[..len]);
            drop(view);
            buffer.unmap();
        }
        Ok(())
    }
}

/// Binding 0: the parameter block (uniform, in an arena at a dynamic
/// offset; see [`bindings`]); bindings 1..: the pointers, read-only unless
/// the kernel writes through them or the launch binds them `writable`;
/// then the loop audit buffer of an audited kernel and the extra windows
/// of oversized allocations.
fn layout_entries(info: &KernelInfo, spec: &Specialization) -> Vec<wgpu::BindGroupLayoutEntry> {
    let storage = |binding: u32, read_only: bool| wgpu::BindGroupLayoutEntry {
        binding,
        visibility: wgpu::ShaderStages::COMPUTE,
        ty: wgpu::BindingType::Buffer {
            ty: wgpu::BufferBindingType::Storage { read_only },
            has_dynamic_offset: false,
            min_binding_size: None,
        },
        count: None,
    };
    let params = wgpu::BindGroupLayoutEntry {
        binding: 0,
        visibility: wgpu::ShaderStages::COMPUTE,
        ty: wgpu::BindingType::Buffer {
            ty: wgpu::BufferBindingType::Uniform,
            has_dynamic_offset: true,
            min_binding_size: None,
        },
        count: None,
    };
    let read_only = |binding: u32| {
        let writes = info
            .buffers
            .iter()
            .any(|b| b.binding == binding && b.access.writes());
        !writes && !spec.writable_bindings.contains(&binding)
    };
    let windows = spec.windows.bindings.iter().flat_map(|w| {
        (w.first_extra..w.first_extra + w.windows - 1)
            .map(move |extra| storage(extra, read_only(w.binding)))
    });
    std::iter::once(params)
        .chain(
            info.buffers
                .iter()
                .map(|b| storage(b.binding, read_only(b.binding))),
        )
        .chain(spec.loop_audit.map(|a| storage(a.binding, false)))
        .chain(windows)
        .collect()
}
