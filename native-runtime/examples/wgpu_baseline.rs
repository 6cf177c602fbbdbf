//! Plain wgpu, no Syclone runtime: the reference figures that the runtime's
//! dispatch path is measured against (docs/PERFORMANCE.md).
//!
//! Two workloads, each in several ways of feeding wgpu:
//! - bandwidth: a vector add `c = a + b` over 2^n floats, `iters` dispatches
//!   in one compute pass, one submit, one wait;
//! - launch overhead: `launches` dispatches of a 64-item kernel that adds 1
//!   to a counter array, in one pass with one wait, and `waited` dispatches
//!   with a submit and a wait after each.
//!
//! The ways ("modes"):
//! - `reuse`: one parameter buffer and one bind group made once (the floor);
//! - `per-launch`: a new mapped-at-creation uniform buffer and a new bind
//!   group per dispatch (what the runtime did before parameter arenas);
//! - `arena`: parameter blocks appended to a host vector, written with one
//!   `write_buffer` before the submit, bound at a dynamic offset of one
//!   uniform buffer through one bind group (what the runtime does now).
//!
//!   cargo run --release -p native-runtime --example wgpu_baseline -- [log2_n=26] [iters=200] [launches=10000] [waited=1000]

use std::time::Instant;
use wgpu::util::DeviceExt;

const ARENA_SLOT: u64 = 256;

fn shader(wg: u32) -> String {
    format!(
        r#"
struct Params {{ n: u32, a: u32, b: u32, c: u32 }}
@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> a: array<f32>;
@group(0) @binding(2) var<storage, read> b: array<f32>;
@group(0) @binding(3) var<storage, read_write> c: array<f32>;
@compute @workgroup_size({wg})
fn add(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {{
    let i = gid.y * groups.x * {wg}u + gid.x;
    if (i >= p.n) {{ return; }}
    c[p.c + i] = a[p.a + i] + b[p.b + i];
}}
@compute @workgroup_size(64)
fn bump(@builtin(global_invocation_id) gid: vec3<u32>) {{
    let i = gid.x;
    if (i >= p.n) {{ return; }}
    c[p.c + i] = c[p.c + i] + 1.0;
}}
"#
    )
}

fn spirv(src: &str) -> Vec<u32> {
    let module = naga::front::wgsl::parse_str(src).expect("WGSL parses");
    let info = naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::all(),
    )
    .validate(&module)
    .expect("WGSL validates");
    naga::back::spv::write_vec(&module, &info, &Default::default(), None).expect("SPIR-V")
}

struct Gpu {
    device: wgpu::Device,
    queue: wgpu::Queue,
    name: String,
}

fn open() -> Gpu {
    let mut desc = wgpu::InstanceDescriptor::new_without_display_handle();
    desc.backends = wgpu::Backends::VULKAN;
    desc.flags = wgpu::InstanceFlags::empty();
    let instance = wgpu::Instance::new(desc);
    let adapter = pollster::block_on(instance.request_adapter(&Default::default()))
        .expect("a Vulkan adapter");
    let name = adapter.get_info().name;
    let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
        required_limits: adapter.limits(),
        ..Default::default()
    }))
    .expect("device");
    Gpu {
        device,
        queue,
        name,
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Reuse,
    PerLaunch,
    Arena,
}

impl Mode {
    fn name(self) -> &'static str {
        match self {
            Mode::Reuse => "reuse",
            Mode::PerLaunch => "per-launch",
            Mode::Arena => "arena",
        }
    }
}

struct Kernel {
    pipeline: wgpu::ComputePipeline,
    layout: wgpu::BindGroupLayout,
}

fn kernel(gpu: &Gpu, module: &wgpu::ShaderModule, entry: &str, dynamic: bool) -> Kernel {
    let storage = |binding, read_only| wgpu::BindGroupLayoutEntry {
        binding,
        visibility: wgpu::ShaderStages::COMPUTE,
        ty: wgpu::BindingType::Buffer {
            ty: wgpu::BufferBindingType::Storage { read_only },
            has_dynamic_offset: false,
            min_binding_size: None,
        },
        count: None,
    };
    let layout = gpu
        .device
        .create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: None,
            entries: &[
                wgpu::BindGroupLayoutEntry {
                    binding: 0,
                    visibility: wgpu::ShaderStages::COMPUTE,
                    ty: wgpu::BindingType::Buffer {
                        ty: wgpu::BufferBindingType::Uniform,
                        has_dynamic_offset: dynamic,
                        min_binding_size: None,
                    },
                    count: None,
                },
                storage(1, true),
                storage(2, true),
                storage(3, false),
            ],
        });
    let pipeline_layout = gpu
        .device
        .create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: None,
            bind_group_layouts: &[Some(&layout)],
            immediate_size: 0,
        });
    let pipeline = gpu
        .device
        .create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: None,
            layout: Some(&pipeline_layout),
            module,
            entry_point: Some(entry),
            compilation_options: Default::default(),
            cache: None,
        });
    Kernel { pipeline, layout }
}

struct Buffers {
    a: wgpu::Buffer,
    b: wgpu::Buffer,
    c: wgpu::Buffer,
}

/// A workload: `n` items as a grid of work-groups.
struct Work<'a> {
    kernel: &'a Kernel,
    bufs: &'a Buffers,
    n: u32,
    grid: [u32; 2],
}

/// Records `count` dispatches of the work in one pass, fed in `mode`, and
/// submits them; with `wait_each`, one submit and wait per dispatch.
fn run(gpu: &Gpu, work: &Work, count: usize, mode: Mode, wait_each: bool) {
    let Work {
        kernel: k,
        bufs,
        n,
        grid,
    } = *work;
    let params = [n, 0, 0, 0];
    let bytes: &[u8] = bytemuck_words(&params);
    let bind = |uniform: &wgpu::Buffer, size: Option<u64>| {
        gpu.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: None,
            layout: &k.layout,
            entries: &[
                wgpu::BindGroupEntry {
                    binding: 0,
                    resource: wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                        buffer: uniform,
                        offset: 0,
                        size: size.and_then(wgpu::BufferSize::new),
                    }),
                },
                wgpu::BindGroupEntry {
                    binding: 1,
                    resource: bufs.a.as_entire_binding(),
                },
                wgpu::BindGroupEntry {
                    binding: 2,
                    resource: bufs.b.as_entire_binding(),
                },
                wgpu::BindGroupEntry {
                    binding: 3,
                    resource: bufs.c.as_entire_binding(),
                },
            ],
        })
    };
    let per_submit = if wait_each { 1 } else { count };
    let shared = gpu
        .device
        .create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: None,
            contents: bytes,
            usage: wgpu::BufferUsages::UNIFORM,
        });
    let reused = bind(&shared, None);
    let arena = gpu.device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: ARENA_SLOT * per_submit as u64,
        usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let arena_group = bind(&arena, Some(16));
    let mut done = 0;
    while done < count {
        let todo = per_submit.min(count - done);
        let mut encoder = gpu.device.create_command_encoder(&Default::default());
        let mut staged = Vec::new();
        let mut groups = Vec::new();
        if mode == Mode::PerLaunch {
            for _ in 0..todo {
                let uniform = gpu
                    .device
                    .create_buffer_init(&wgpu::util::BufferInitDescriptor {
                        label: None,
                        contents: bytes,
                        usage: wgpu::BufferUsages::UNIFORM,
                    });
                groups.push(bind(&uniform, None));
            }
        }
        {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            pass.set_pipeline(&k.pipeline);
            let mut per_launch = groups.iter();
            for _ in 0..todo {
                match mode {
                    Mode::Reuse => pass.set_bind_group(0, &reused, &[]),
                    Mode::PerLaunch => pass.set_bind_group(0, per_launch.next(), &[]),
                    Mode::Arena => {
                        let offset = staged.len() as u32;
                        staged.extend_from_slice(bytes);
                        staged.resize(staged.len() + ARENA_SLOT as usize - bytes.len(), 0);
                        pass.set_bind_group(0, &arena_group, &[offset]);
                    }
                }
                pass.dispatch_workgroups(grid[0], grid[1], 1);
            }
        }
        if mode == Mode::Arena {
            gpu.queue.write_buffer(&arena, 0, &staged);
        }
        gpu.queue.submit([encoder.finish()]);
        if wait_each {
            gpu.device
                .poll(wgpu::PollType::wait_indefinitely())
                .expect("poll");
        }
        done += todo;
    }
    gpu.device
        .poll(wgpu::PollType::wait_indefinitely())
        .expect("poll");
}

fn bytemuck_words(words: &[u32; 4]) -> &[u8] {
    // SAFETY: four u32s are 16 initialized bytes with no padding.
    unsafe { std::slice::from_raw_parts(words.as_ptr().cast::<u8>(), 16) }
}

fn storage(gpu: &Gpu, bytes: u64) -> wgpu::Buffer {
    gpu.device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: bytes,
        usage: wgpu::BufferUsages::STORAGE,
        mapped_at_creation: false,
    })
}

fn main() {
    let arg = |i: usize, default: u64| {
        std::env::args()
            .nth(i)
            .and_then(|s| s.parse().ok())
            .unwrap_or(default)
    };
    let (log2n, iters, launches, waited) = (
        arg(1, 26),
        arg(2, 200) as usize,
        arg(3, 10_000) as usize,
        arg(4, 1_000) as usize,
    );
    let gpu = open();
    println!("device: {}", gpu.name);
    let n = 1u32 << log2n;
    let bufs = Buffers {
        a: storage(&gpu, 4 * u64::from(n)),
        b: storage(&gpu, 4 * u64::from(n)),
        c: storage(&gpu, 4 * u64::from(n)),
    };
    for wg in [64u32, 256] {
        let source = shader(wg);
        let desc = wgpu::ShaderModuleDescriptor {
            label: None,
            source: wgpu::ShaderSource::SpirV(spirv(&source).into()),
        };
        // SAFETY: the shader indexes within its bindings for every n passed
        // here; like the runtime, no inserted bounds checks.
        let module = unsafe {
            gpu.device
                .create_shader_module_trusted(desc, wgpu::ShaderRuntimeChecks::unchecked())
        };
        // 2^n items in groups of wg: a grid of rows of at most 32768 groups.
        let groups = n / wg;
        let x = groups.min(32_768);
        let grid = [x, groups / x];
        for mode in [Mode::Reuse, Mode::PerLaunch, Mode::Arena] {
            let k = kernel(&gpu, &module, "add", mode == Mode::Arena);
            let work = Work {
                kernel: &k,
                bufs: &bufs,
                n,
                grid,
            };
            run(&gpu, &work, 2, mode, false);
            let t = Instant::now();
            run(&gpu, &work, iters, mode, false);
            let secs = t.elapsed().as_secs_f64();
            println!(
                "vector add n=2^{log2n} wg={wg} {:>10}: {:8.1} GB/s",
                mode.name(),
                12.0 * f64::from(n) * iters as f64 / secs / 1e9
            );
        }
        if wg != 64 {
            continue;
        }
        for mode in [Mode::Reuse, Mode::PerLaunch, Mode::Arena] {
            let k = kernel(&gpu, &module, "bump", mode == Mode::Arena);
            let work = Work {
                kernel: &k,
                bufs: &bufs,
                n: 64,
                grid: [1, 1],
            };
            run(&gpu, &work, 10, mode, false);
            let t = Instant::now();
            run(&gpu, &work, launches, mode, false);
            let batched = t.elapsed().as_secs_f64() * 1e6 / launches as f64;
            let t = Instant::now();
            run(&gpu, &work, waited, mode, true);
            let each = t.elapsed().as_secs_f64() * 1e6 / waited as f64;
            println!(
                "launch overhead {:>10}: {batched:7.2} us/kernel in one pass, {each:7.2} us/kernel with a wait each",
                mode.name()
            );
        }
    }
}
