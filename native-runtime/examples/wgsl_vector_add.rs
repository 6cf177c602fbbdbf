//! Reference for `benches/vector_add_bandwidth.cpp`: the same vector add,
//! hand-written in WGSL (naga turns it into SPIR-V), registered as a device
//! image and launched through the same C ABI and runtime path as a
//! syclcc-compiled kernel. Comparing the two isolates the quality of the
//! code Syclone's compiler generates.
//!
//!   cargo run --release -p native-runtime --example wgsl_vector_add -- [log2_n=20] [iters=20]

use compiler_core::bundle::{
    Access, BufferBinding, DeviceBundle, DeviceImage, KernelInfo, PointerOrigin, ScalarCopy,
};
use compiler_core::target::TargetKind;
use std::ffi::{c_void, CStr};
use syclone_rt::*;

const KEY: &str = "P13WgslReference";

/// Parameter block: n (word 0), element offsets of a, b, c (words 4, 6, 8).
const WGSL: &str = r#"
@group(0) @binding(0) var<uniform> params: array<vec4<u32>, 3>;
@group(0) @binding(1) var<storage, read> a: array<f32>;
@group(0) @binding(2) var<storage, read> b: array<f32>;
@group(0) @binding(3) var<storage, read_write> c: array<f32>;
@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
    let i = gid.y * groups.x * 256u + gid.x;
    if (i >= params[0].x) { return; }
    c[params[2].x + i] = a[params[1].x + i] + b[params[1].z + i];
}
"#;

#[repr(C)]
struct Bounds {
    extent: [usize; 3],
}

#[repr(C)]
struct Closure {
    a: *const f32,
    b: *const f32,
    c: *mut f32,
}

unsafe extern "C" fn host_kernel(args: *const *const c_void, begin: usize, end: usize) {
    // SAFETY: the runtime passes this kernel's two arguments; args[1] is the Closure.
    let k = unsafe { &*(*args.add(1)).cast::<Closure>() };
    for i in begin..end {
        // SAFETY: i < n, inside all three allocations.
        unsafe { *k.c.add(i) = *k.a.add(i) + *k.b.add(i) };
    }
}

fn spirv() -> Vec<u32> {
    let module = naga::front::wgsl::parse_str(WGSL).expect("reference WGSL parses");
    let info = naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::all(),
    )
    .validate(&module)
    .expect("reference WGSL validates");
    let pipeline = naga::back::spv::PipelineOptions {
        shader_stage: naga::ShaderStage::Compute,
        entry_point: "main".into(),
    };
    naga::back::spv::write_vec(&module, &info, &Default::default(), Some(&pipeline))
        .expect("SPIR-V")
}

fn bundle() -> DeviceBundle {
    let buf = |binding: u32, offset: u32, access: Access, slot: u32, name: &str| BufferBinding {
        binding,
        arg: 1,
        offset,
        origin: PointerOrigin::Usm,
        access,
        elem_size: 4,
        offset_slot: slot,
        index_bytes: 8,
        name: name.into(),
        device_global: None,
    };
    let info = KernelInfo {
        key: KEY.into(),
        display_name: "WGSL reference vector add".into(),
        entry_point: "main".into(),
        dimensions: 1,
        work_group_size: [256, 1, 1],
        uses_barrier: false,
        local_arrays: vec![],
        exchange_arrays: vec![],
        uses_subgroups: false,
        private_bytes: 0,
        fixed_local_bytes: 0,
        attributes: Default::default(),
        compiled_work_groups: false,
        arg_sizes: vec![size_of::<Bounds>() as u32, size_of::<Closure>() as u32],
        param_block_size: 48,
        buffers: vec![
            buf(1, 0, Access::Read, 16, "a"),
            buf(2, 8, Access::Read, 24, "b"),
            buf(3, 16, Access::Write, 32, "c"),
        ],
        scalars: vec![ScalarCopy {
            arg: 0,
            offset: 0,
            size: 8,
            dest: 0,
            sign_extend: false,
        }],
    };
    DeviceBundle::linked(vec![DeviceImage {
        target: TargetKind::SpirvVulkan,
        spirv: spirv(),
        properties: Default::default(),
        kernels: vec![info],
    }])
}

fn check(status: i32, what: &str) {
    if status != 0 {
        // SAFETY: the runtime returns a valid NUL-terminated message for this thread.
        let msg = unsafe { CStr::from_ptr(syclone_last_error()) };
        panic!("{what}: {}", msg.to_string_lossy());
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let log2n: u32 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(20);
    let iters: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(20);
    let n = 1usize << log2n;
    let bytes = bundle().to_bytes();
    syclone_register_images(bytes.as_ptr(), bytes.len());
    let mut q: SycloneQueue = std::ptr::null_mut();
    check(syclone_queue_create(&mut q), "queue");
    let alloc = |kind| syclone_malloc(q, n * 4, 4, kind) as *mut f32;
    let (a, b, c) = (alloc(0), alloc(0), alloc(0));
    let closure = Closure { a, b, c };
    let bounds = Bounds { extent: [n, 1, 1] };
    let key = std::ffi::CString::new(KEY).expect("key");
    let argv: [*const c_void; 2] = [
        &bounds as *const Bounds as *const c_void,
        &closure as *const Closure as *const c_void,
    ];
    let sizes = [size_of::<Bounds>(), size_of::<Closure>()];
    let desc = SycloneLaunchDesc {
        kernel_key: key.as_ptr(),
        dims: 1,
        range: [n, 1, 1],
        local: [0; 3],
        num_args: 2,
        args: argv.as_ptr(),
        arg_sizes: sizes.as_ptr(),
        host_kernel: Some(host_kernel),
        num_accessed: 0,
        accessed: std::ptr::null(),
        access_modes: std::ptr::null(),
        num_local: 0,
        local_offsets: std::ptr::null(),
        local_sizes: std::ptr::null(),
        num_spec_constants: 0,
        spec_constant_keys: std::ptr::null(),
        spec_constant_values: std::ptr::null(),
        spec_constant_sizes: std::ptr::null(),
    };
    check(
        syclone_launch(q, &desc, std::ptr::null(), 0, std::ptr::null_mut()),
        "warm-up launch",
    );
    check(syclone_queue_wait(q), "wait");
    let t0 = std::time::Instant::now();
    for _ in 0..iters {
        check(
            syclone_launch(q, &desc, std::ptr::null(), 0, std::ptr::null_mut()),
            "launch",
        );
    }
    check(syclone_queue_wait(q), "wait");
    let secs = t0.elapsed().as_secs_f64();
    // SAFETY: the queue is alive; the name is a valid C string owned by it.
    let device = unsafe { CStr::from_ptr(syclone_queue_device_name(q)) }
        .to_string_lossy()
        .into_owned();
    println!("device: {device}");
    println!(
        "wgsl reference vector_add n=2^{log2n} iters={iters}: {:.1} GB/s",
        12.0 * n as f64 * iters as f64 / secs / 1e9
    );
    for p in [a, b, c] {
        syclone_free(q, p as *mut c_void);
    }
    syclone_queue_release(q);
}
