//! Test support: SPIR-V kernels made from WGSL with naga (the Syclone compiler
//! is not needed), a hand-built DeviceBundle registered through the C ABI, and
//! queue helpers.

#![allow(dead_code)]

use compiler_core::bundle::{
    Access, BufferBinding, DeviceBundle, DeviceImage, KernelInfo, PointerOrigin, ScalarCopy,
};
use compiler_core::target::TargetKind;
use std::ffi::{c_void, CStr};
use std::sync::Once;
use syclone_rt::*;

/// `detail::launch_bounds<1>`: argument 0 of every kernel.
#[repr(C)]
pub struct Bounds {
    pub extent: [usize; 3],
}

/// Vector add over three buffers: accessors are (pointer, size) pairs.
#[repr(C)]
pub struct VaddClosure {
    pub a: *const f32,
    pub a_n: usize,
    pub b: *const f32,
    pub b_n: usize,
    pub c: *mut f32,
    pub c_n: usize,
}

/// y[i] = alpha * x[i] + y[i] over USM pointers.
#[repr(C)]
pub struct SaxpyClosure {
    pub alpha: f32,
    pub x: *const f32,
    pub y: *mut f32,
}

/// out[i] = in[i] * 2 + 1 (unsigned), used to chain device and shared USM.
#[repr(C)]
pub struct ScaleClosure {
    pub input: *const u32,
    pub output: *mut u32,
}

pub const VADD_KEY: &str = "P9VectorAdd";
pub const SAXPY_KEY: &str = "P5Saxpy";
pub const SCALE_KEY: &str = "P5Scale";

const VADD_WGSL: &str = r#"
@group(0) @binding(0) var<uniform> params: array<vec4<u32>, 2>;
fn p(w: u32) -> u32 { return params[w / 4u][w % 4u]; }
@group(0) @binding(1) var<storage, read> a: array<f32>;
@group(0) @binding(2) var<storage, read> b: array<f32>;
@group(0) @binding(3) var<storage, read_write> c: array<f32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
    let i = gid.y * groups.x * 64u + gid.x;
    if (i >= p(0u)) { return; }
    c[p(6u) + i] = a[p(2u) + i] + b[p(4u) + i];
}
"#;

const SAXPY_WGSL: &str = r#"
@group(0) @binding(0) var<uniform> params: array<vec4<u32>, 2>;
fn p(w: u32) -> u32 { return params[w / 4u][w % 4u]; }
@group(0) @binding(1) var<storage, read> x: array<f32>;
@group(0) @binding(2) var<storage, read_write> y: array<f32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
    let i = gid.y * groups.x * 64u + gid.x;
    if (i >= p(0u)) { return; }
    let alpha = bitcast<f32>(p(2u));
    y[p(6u) + i] = alpha * x[p(4u) + i] + y[p(6u) + i];
}
"#;

const SCALE_WGSL: &str = r#"
@group(0) @binding(0) var<uniform> params: array<vec4<u32>, 2>;
fn p(w: u32) -> u32 { return params[w / 4u][w % 4u]; }
@group(0) @binding(1) var<storage, read> input: array<u32>;
@group(0) @binding(2) var<storage, read_write> output: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
    let i = gid.y * groups.x * 64u + gid.x;
    if (i >= p(0u)) { return; }
    output[p(4u) + i] = input[p(2u) + i] * 2u + 1u;
}
"#;

fn spirv(wgsl: &str) -> Vec<u32> {
    let module = naga::front::wgsl::parse_str(wgsl).expect("test WGSL parses");
    let info = naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::all(),
    )
    .validate(&module)
    .expect("test WGSL validates");
    let pipeline = naga::back::spv::PipelineOptions {
        shader_stage: naga::ShaderStage::Compute,
        entry_point: "main".into(),
    };
    naga::back::spv::write_vec(&module, &info, &Default::default(), Some(&pipeline))
        .expect("SPIR-V out")
}

fn binding(binding: u32, offset: u32, access: Access, slot: u32, name: &str) -> BufferBinding {
    BufferBinding {
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
    }
}

fn kernel(
    key: &str,
    arg1: usize,
    param_block_size: u32,
    buffers: Vec<BufferBinding>,
    mut scalars: Vec<ScalarCopy>,
) -> KernelInfo {
    // extent[0] of the bounds goes to words 0..2 of every parameter block.
    scalars.insert(
        0,
        ScalarCopy {
            arg: 0,
            offset: 0,
            size: 8,
            dest: 0,
            sign_extend: false,
        },
    );
    KernelInfo {
        key: key.into(),
        display_name: key
            .trim_start_matches('P')
            .trim_start_matches(char::is_numeric)
            .into(),
        entry_point: "main".into(),
        dimensions: 1,
        work_group_size: [64, 1, 1],
        uses_barrier: false,
        local_arrays: vec![],
        exchange_arrays: vec![],
        uses_subgroups: false,
        private_bytes: 0,
        fixed_local_bytes: 0,
        attributes: Default::default(),
        compiled_work_groups: true,
        arg_sizes: vec![size_of::<Bounds>() as u32, arg1 as u32],
        param_block_size,
        buffers,
        scalars,
    }
}

pub fn bundle() -> DeviceBundle {
    let image = |wgsl: &str, info: KernelInfo| DeviceImage {
        target: TargetKind::SpirvVulkan,
        spirv: spirv(wgsl),
        properties: Default::default(),
        kernels: vec![info],
    };
    let vadd = kernel(
        VADD_KEY,
        size_of::<VaddClosure>(),
        32,
        vec![
            binding(1, 0, Access::Read, 8, "a"),
            binding(2, 16, Access::Read, 16, "b"),
            binding(3, 32, Access::Write, 24, "c"),
        ],
        vec![],
    );
    let saxpy = kernel(
        SAXPY_KEY,
        size_of::<SaxpyClosure>(),
        32,
        vec![
            binding(1, 8, Access::Read, 16, "x"),
            binding(2, 16, Access::ReadWrite, 24, "y"),
        ],
        vec![ScalarCopy {
            arg: 1,
            offset: 0,
            size: 4,
            dest: 8,
            sign_extend: false,
        }],
    );
    let scale = kernel(
        SCALE_KEY,
        size_of::<ScaleClosure>(),
        24,
        vec![
            binding(1, 0, Access::Read, 8, "input"),
            binding(2, 8, Access::Write, 16, "output"),
        ],
        vec![],
    );
    DeviceBundle::linked(vec![
        image(VADD_WGSL, vadd),
        image(SAXPY_WGSL, saxpy),
        image(SCALE_WGSL, scale),
    ])
}

/// Registers the test bundle once per test process, as a load-time constructor would.
pub fn register() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let bytes = bundle().to_bytes();
        syclone_register_images(bytes.as_ptr(), bytes.len());
    });
}

// ---------------------------------------------------------------- host kernels

/// # Safety
/// Called by the runtime with this kernel's arguments.
pub unsafe extern "C" fn vadd_host(args: *const *const c_void, begin: usize, end: usize) {
    // SAFETY: args[1] is the VaddClosure the test passed.
    let k = unsafe { &*(*args.add(1)).cast::<VaddClosure>() };
    for i in begin..end {
        // SAFETY: i < n, inside all three arrays.
        unsafe { *k.c.add(i) = *k.a.add(i) + *k.b.add(i) };
    }
}

/// # Safety
/// Called by the runtime with this kernel's arguments.
pub unsafe extern "C" fn saxpy_host(args: *const *const c_void, begin: usize, end: usize) {
    // SAFETY: args[1] is the SaxpyClosure the test passed.
    let k = unsafe { &*(*args.add(1)).cast::<SaxpyClosure>() };
    for i in begin..end {
        // SAFETY: i < n, inside both arrays.
        unsafe { *k.y.add(i) = k.alpha * *k.x.add(i) + *k.y.add(i) };
    }
}

/// # Safety
/// Called by the runtime with this kernel's arguments.
pub unsafe extern "C" fn scale_host(args: *const *const c_void, begin: usize, end: usize) {
    // SAFETY: args[1] is the ScaleClosure the test passed.
    let k = unsafe { &*(*args.add(1)).cast::<ScaleClosure>() };
    for i in begin..end {
        // SAFETY: i < n, inside both arrays.
        unsafe { *k.output.add(i) = *k.input.add(i) * 2 + 1 };
    }
}

// ---------------------------------------------------------------- launching

pub type HostFn = unsafe extern "C" fn(*const *const c_void, usize, usize);

/// Launches `key` over n items with `closure` as argument 1, as sycl.hpp does.
pub fn launch<C>(
    q: SycloneQueue,
    key: &str,
    n: usize,
    closure: &C,
    host: HostFn,
) -> Result<(), (Errc, String)> {
    launch_sized(
        q,
        key,
        n,
        closure as *const C as *const c_void,
        size_of::<C>(),
        host,
    )
}

pub fn launch_sized(
    q: SycloneQueue,
    key: &str,
    n: usize,
    closure: *const c_void,
    closure_size: usize,
    host: HostFn,
) -> Result<(), (Errc, String)> {
    let bounds = Bounds { extent: [n, 1, 1] };
    let key = std::ffi::CString::new(key).unwrap();
    let args: [*const c_void; 2] = [&bounds as *const Bounds as *const c_void, closure];
    let sizes = [size_of::<Bounds>(), closure_size];
    let desc = SycloneLaunchDesc {
        kernel_key: key.as_ptr(),
        dims: 1,
        range: [n, 1, 1],
        local: [0; 3],
        num_args: 2,
        args: args.as_ptr(),
        arg_sizes: sizes.as_ptr(),
        host_kernel: Some(host),
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
    let mut event: SycloneEvent = std::ptr::null();
    if syclone_launch(q, &desc, std::ptr::null(), 0, &mut event) != 0 {
        return Err((last_errc(), last_error_message()));
    }
    assert_eq!(syclone_event_wait(event), 0, "{}", last_error_message());
    syclone_event_release(event);
    Ok(())
}

/// The device a test runs on.
#[derive(Clone, Copy, Debug)]
pub enum On {
    Host,
    Vulkan,
}

/// A queue on that device; None (with a note) when no Vulkan adapter exists.
pub fn queue(on: On) -> Option<SycloneQueue> {
    register();
    let selector = match on {
        On::Host => "host:cpu",
        On::Vulkan => {
            if vulkan_adapter_names().is_empty() {
                println!("note: no Vulkan adapter found; skipping the Vulkan variant");
                return None;
            }
            "vulkan:*"
        }
    };
    let mut q: SycloneQueue = std::ptr::null_mut();
    assert_eq!(
        queue_create_with_selector(Some(selector), &mut q),
        0,
        "{}",
        last_error_message()
    );
    // SAFETY: the name is a NUL-terminated string valid while q lives.
    let name = unsafe { CStr::from_ptr(syclone_queue_device_name(q)) };
    println!("running on {}", name.to_string_lossy());
    Some(q)
}
