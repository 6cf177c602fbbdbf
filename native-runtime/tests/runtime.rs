//! The runtime driven through its C ABI: buffers, USM, coherence between
//! host and device, launch errors; every test runs on the host device and,
//! when an adapter exists, on Vulkan (lavapipe in CI).

mod common;

use common::*;
use std::ffi::c_void;
use syclone_rt::*;

fn on_both(test: impl Fn(On)) {
    test(On::Host);
    test(On::Vulkan);
}

/// c = a + b through three buffers; c's host_ptr receives the result on release.
fn vector_add(on: On) {
    let Some(q) = queue(on) else { return };
    let n = 1000usize;
    let mut a: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let mut b: Vec<f32> = (0..n).map(|i| 2.0 * i as f32 + 0.5).collect();
    let mut c = vec![-1.0f32; n];
    let bytes = n * 4;
    let sa = syclone_buffer_create(a.as_mut_ptr().cast(), bytes);
    let sb = syclone_buffer_create(b.as_mut_ptr().cast(), bytes);
    let sc = syclone_buffer_create(c.as_mut_ptr().cast(), bytes);
    assert_eq!(
        sc,
        c.as_mut_ptr().cast::<c_void>(),
        "a host_ptr is the buffer's storage"
    );
    let k = VaddClosure {
        a: sa.cast(),
        a_n: n,
        b: sb.cast(),
        b_n: n,
        c: sc.cast(),
        c_n: n,
    };
    launch(q, VADD_KEY, n, &k, vadd_host).unwrap();
    for s in [sa, sb, sc] {
        assert_eq!(
            syclone_buffer_release(s, s, bytes),
            0,
            "{}",
            last_error_message()
        );
    }
    for (i, &v) in c.iter().enumerate() {
        assert_eq!(v, 3.0 * i as f32 + 0.5, "c[{i}] on {on:?}");
    }
    syclone_queue_release(q);
}

#[test]
fn vector_add_buffer_write_back() {
    on_both(vector_add);
}

/// A buffer without host_ptr: the runtime's zeroed storage, written by one
/// kernel and read by the next.
fn buffer_without_host_ptr(on: On) {
    let Some(q) = queue(on) else { return };
    let n = 300usize;
    let mut a = vec![1.5f32; n];
    let sa = syclone_buffer_create(a.as_mut_ptr().cast(), n * 4);
    let tmp = syclone_buffer_create(std::ptr::null_mut(), n * 4);
    assert!(!tmp.is_null());
    // SAFETY: tmp is the buffer's n-float host storage, zeroed by the runtime.
    assert!(unsafe { std::slice::from_raw_parts(tmp.cast::<f32>(), n) }
        .iter()
        .all(|&v| v == 0.0));
    // tmp = a + a, then a = tmp + tmp.
    let k1 = VaddClosure {
        a: sa.cast(),
        a_n: n,
        b: sa.cast(),
        b_n: n,
        c: tmp.cast(),
        c_n: n,
    };
    launch(q, VADD_KEY, n, &k1, vadd_host).unwrap();
    let k2 = VaddClosure {
        a: tmp.cast(),
        a_n: n,
        b: tmp.cast(),
        b_n: n,
        c: sa.cast(),
        c_n: n,
    };
    launch(q, VADD_KEY, n, &k2, vadd_host).unwrap();
    assert_eq!(syclone_buffer_release(tmp, std::ptr::null_mut(), 0), 0);
    assert_eq!(syclone_buffer_release(sa, sa, n * 4), 0);
    assert!(a.iter().all(|&v| v == 6.0), "{:?}", &a[..4]);
    syclone_queue_release(q);
}

#[test]
fn buffer_without_host_ptr_chains_kernels() {
    on_both(buffer_without_host_ptr);
}

/// saxpy over shared USM, n not a multiple of the work-group size, y passed
/// as a pointer into the middle of its allocation; the host rewrites y
/// between kernels; the elements around y's range keep their host values.
fn saxpy_shared(on: On) {
    let Some(q) = queue(on) else { return };
    let n = 100_003usize;
    let skip = 5usize;
    let x = syclone_malloc(q, n * 4, 4, 2).cast::<f32>();
    let y_base = syclone_malloc(q, (n + 2 * skip) * 4, 4, 2).cast::<f32>();
    assert!(
        !x.is_null() && !y_base.is_null(),
        "{}",
        last_error_message()
    );
    assert_eq!(x as usize % 64, 0, "USM is 64-byte aligned");
    // SAFETY: both allocations hold the counts used here.
    let (xs, ys) = unsafe {
        (
            std::slice::from_raw_parts_mut(x, n),
            std::slice::from_raw_parts_mut(y_base, n + 2 * skip),
        )
    };
    for (i, v) in xs.iter_mut().enumerate() {
        *v = (i % 1000) as f32;
    }
    ys.fill(-7.0);
    for v in &mut ys[skip..skip + n] {
        *v = 1.0;
    }
    // SAFETY: skip < the allocation's length.
    let y = unsafe { y_base.add(skip) };
    let k = SaxpyClosure { alpha: 2.0, x, y };
    launch(q, SAXPY_KEY, n, &k, saxpy_host).unwrap();
    assert_eq!(syclone_queue_wait(q), 0);
    for i in 0..n {
        assert_eq!(
            ys[skip + i],
            2.0 * (i % 1000) as f32 + 1.0,
            "y[{i}] on {on:?}"
        );
    }
    assert!(
        ys[..skip].iter().chain(&ys[skip + n..]).all(|&v| v == -7.0),
        "outside y's range"
    );
    // The host writes between kernels: the next kernel must see it.
    for v in &mut ys[skip..skip + n] {
        *v = 10.0;
    }
    xs[n - 1] = 0.5;
    launch(q, SAXPY_KEY, n, &k, saxpy_host).unwrap();
    assert_eq!(syclone_queue_wait(q), 0);
    assert_eq!(ys[skip], 10.0);
    assert_eq!(ys[skip + 999], 2.0 * 999.0 + 10.0);
    assert_eq!(ys[skip + n - 1], 11.0);
    assert_eq!(syclone_free(q, x.cast()), 0);
    assert_eq!(syclone_free(q, y_base.cast()), 0);
    syclone_queue_release(q);
}

#[test]
fn saxpy_shared_usm_with_offset_pointer() {
    on_both(saxpy_shared);
}

/// Device USM written by one kernel, read by another into shared USM; two
/// kernels back to back without a host wait in between.
fn device_usm_chain(on: On) {
    let Some(q) = queue(on) else { return };
    let n = 4099usize;
    let input = syclone_malloc(q, n * 4, 4, 2).cast::<u32>();
    let middle = syclone_malloc(q, n * 4, 4, 0).cast::<u32>();
    let output = syclone_malloc(q, n * 4, 4, 1).cast::<u32>();
    // SAFETY: n u32 of shared USM.
    let ins = unsafe { std::slice::from_raw_parts_mut(input, n) };
    for (i, v) in ins.iter_mut().enumerate() {
        *v = i as u32;
    }
    launch(
        q,
        SCALE_KEY,
        n,
        &ScaleClosure {
            input,
            output: middle,
        },
        scale_host,
    )
    .unwrap();
    launch(
        q,
        SCALE_KEY,
        n,
        &ScaleClosure {
            input: middle,
            output,
        },
        scale_host,
    )
    .unwrap();
    assert_eq!(syclone_queue_wait(q), 0);
    // SAFETY: n u32 of host USM, current after the wait.
    let outs = unsafe { std::slice::from_raw_parts(output, n) };
    for (i, &v) in outs.iter().enumerate() {
        assert_eq!(v, (2 * i as u32 + 1) * 2 + 1, "output[{i}] on {on:?}");
    }
    for p in [input, middle, output] {
        assert_eq!(syclone_free(q, p.cast()), 0);
    }
    syclone_queue_release(q);
}

#[test]
fn device_usm_between_kernels() {
    on_both(device_usm_chain);
}

#[test]
fn unknown_kernel_is_kernel_not_supported() {
    let Some(q) = queue(On::Vulkan) else { return };
    let k = ScaleClosure {
        input: std::ptr::null(),
        output: std::ptr::null_mut(),
    };
    let (errc, message) = launch(q, "P11NotCompiled", 10, &k, scale_host).unwrap_err();
    assert_eq!(errc, Errc::KernelNotSupported);
    assert!(
        message.contains("P11NotCompiled") && message.contains("no device image"),
        "{message}"
    );
    syclone_queue_release(q);
}

#[test]
fn wrong_closure_size_is_kernel_argument() {
    let Some(q) = queue(On::Vulkan) else { return };
    let k = [0u8; 40];
    let (errc, message) =
        launch_sized(q, SCALE_KEY, 10, k.as_ptr().cast(), k.len(), scale_host).unwrap_err();
    assert_eq!(errc, Errc::KernelArgument);
    assert!(message.contains("disagree"), "{message}");
    syclone_queue_release(q);
}

#[test]
fn foreign_pointer_is_invalid() {
    let Some(q) = queue(On::Vulkan) else { return };
    let not_usm = [0u32; 16];
    let out = syclone_malloc(q, 64, 4, 2).cast::<u32>();
    let k = ScaleClosure {
        input: not_usm.as_ptr(),
        output: out,
    };
    let (errc, message) = launch(q, SCALE_KEY, 16, &k, scale_host).unwrap_err();
    assert_eq!(errc, Errc::Invalid);
    assert!(
        message.contains("captured as input") && message.contains("does not point into"),
        "{message}"
    );
    assert_eq!(syclone_free(q, out.cast()), 0);
    syclone_queue_release(q);
}

#[test]
fn host_device_is_named_and_selectable() {
    let q = queue(On::Host).unwrap();
    // SAFETY: valid while q lives.
    let name = unsafe { std::ffi::CStr::from_ptr(syclone_queue_device_name(q)) }
        .to_string_lossy()
        .into_owned();
    assert!(name.starts_with("Syclone host CPU ("), "{name}");
    assert_eq!(syclone_queue_device_is_gpu(q), 0);
    syclone_queue_release(q);
}

#[test]
fn selector_errors_at_queue_creation() {
    let mut q: SycloneQueue = std::ptr::null_mut();
    assert_ne!(queue_create_with_selector(Some("cuda:gpu"), &mut q), 0);
    assert_eq!(last_errc(), Errc::Runtime);
    // Without a GPU adapter, vulkan:gpu matches nothing (lavapipe is a CPU adapter).
    let has_gpu = {
        let mut probe: SycloneQueue = std::ptr::null_mut();
        let ok = queue_create_with_selector(Some("vulkan:gpu"), &mut probe) == 0;
        if ok {
            syclone_queue_release(probe);
        } else {
            assert_eq!(last_errc(), Errc::Runtime);
            assert!(last_error_message()
                .contains("no device matches ONEAPI_DEVICE_SELECTOR=vulkan:gpu"));
        }
        ok
    };
    println!("GPU adapter present: {has_gpu}");
    // Excluding everything leaves nothing.
    assert_ne!(queue_create_with_selector(Some("!*:*"), &mut q), 0);
}

#[test]
fn malformed_bundle_is_ignored() {
    let junk = b"{not json";
    syclone_register_images(junk.as_ptr(), junk.len());
    // Registration still works afterwards.
    register();
}

/// More work-groups than one grid dimension allows (65535 * 64 items):
/// the runtime launches rows of groups and the kernel bounds-checks.
fn large_range(on: On) {
    let Some(q) = queue(on) else { return };
    let n = 65_535 * 64 + 1000;
    let input = syclone_malloc(q, n * 4, 4, 2).cast::<u32>();
    let output = syclone_malloc(q, (n + 1) * 4, 4, 2).cast::<u32>();
    // SAFETY: n (and n + 1) u32 of shared USM.
    let (ins, outs) = unsafe {
        (
            std::slice::from_raw_parts_mut(input, n),
            std::slice::from_raw_parts_mut(output, n + 1),
        )
    };
    for (i, v) in ins.iter_mut().enumerate() {
        *v = i as u32;
    }
    outs[n] = 12345;
    launch(q, SCALE_KEY, n, &ScaleClosure { input, output }, scale_host).unwrap();
    assert_eq!(syclone_queue_wait(q), 0);
    for i in [0, 1, 64 * 65_535 - 1, 64 * 65_535, n - 1] {
        assert_eq!(outs[i], 2 * i as u32 + 1, "output[{i}] on {on:?}");
    }
    assert!(outs[..n]
        .iter()
        .enumerate()
        .all(|(i, &v)| v == 2 * i as u32 + 1));
    assert_eq!(outs[n], 12345, "the item past the range is untouched");
    assert_eq!(syclone_free(q, input.cast()), 0);
    assert_eq!(syclone_free(q, output.cast()), 0);
    syclone_queue_release(q);
}

#[test]
fn large_range_splits_into_rows() {
    on_both(large_range);
}

/// Many launches without a host wait: more than one batch of dispatches,
/// uploads of shared USM between them, all in order.
fn many_launches(on: On) {
    let Some(q) = queue(on) else { return };
    let n = 1000usize;
    let x = syclone_malloc(q, n * 4, 4, 2).cast::<f32>();
    let y = syclone_malloc(q, n * 4, 4, 2).cast::<f32>();
    // SAFETY: n floats of shared USM each.
    let (xs, ys) = unsafe {
        (
            std::slice::from_raw_parts_mut(x, n),
            std::slice::from_raw_parts_mut(y, n),
        )
    };
    xs.fill(1.0);
    for (i, v) in ys.iter_mut().enumerate() {
        *v = i as f32;
    }
    let k = SaxpyClosure { alpha: 0.5, x, y };
    let bounds = Bounds { extent: [n, 1, 1] };
    let key = std::ffi::CString::new(SAXPY_KEY).unwrap();
    let args: [*const c_void; 2] = [
        (&bounds as *const Bounds).cast(),
        (&k as *const SaxpyClosure).cast(),
    ];
    let sizes = [size_of::<Bounds>(), size_of::<SaxpyClosure>()];
    let desc = SycloneLaunchDesc {
        kernel_key: key.as_ptr(),
        dims: 1,
        range: [n, 1, 1],
        local: [0; 3],
        num_args: 2,
        args: args.as_ptr(),
        arg_sizes: sizes.as_ptr(),
        host_kernel: Some(saxpy_host),
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
    let launches = 600;
    for _ in 0..launches {
        assert_eq!(
            syclone_launch(q, &desc, std::ptr::null(), 0, std::ptr::null_mut()),
            0,
            "{}",
            last_error_message()
        );
    }
    assert_eq!(syclone_queue_wait(q), 0);
    for (i, &v) in ys.iter().enumerate() {
        assert_eq!(v, i as f32 + 0.5 * launches as f32, "y[{i}] on {on:?}");
    }
    assert_eq!(syclone_free(q, x.cast()), 0);
    assert_eq!(syclone_free(q, y.cast()), 0);
    syclone_queue_release(q);
}

#[test]
fn many_launches_stay_in_order() {
    on_both(many_launches);
}

/// The memory model under USM commands: a fill of device USM, a kernel
/// reading it, a copy of the kernel's device-newer output into host memory
/// (download), a partial overwrite of that output (the rest must survive),
/// then events: status complete after a wait, a barrier after everything.
fn usm_commands_and_events(on: On) {
    let Some(q) = queue(on) else { return };
    let n = 1000usize;
    let input = syclone_malloc(q, n * 4, 4, 0).cast::<u32>();
    let output = syclone_malloc(q, n * 4, 4, 0).cast::<u32>();
    let seven = 7u32;
    let none: *const SycloneEvent = std::ptr::null();
    let mut e: SycloneEvent = std::ptr::null();
    assert_eq!(
        syclone_fill(
            q,
            input.cast(),
            (&seven as *const u32).cast(),
            4,
            n,
            none,
            0,
            &mut e
        ),
        0,
        "{}",
        last_error_message()
    );
    assert_eq!(
        syclone_event_status(e),
        2,
        "a fill completes before it returns"
    );
    syclone_event_release(e);
    launch(q, SCALE_KEY, n, &ScaleClosure { input, output }, scale_host).unwrap();
    // Overwrite elements 10..20 of the device-newer output from the host.
    let patch = [1u32; 10];
    assert_eq!(
        syclone_memcpy(
            q,
            output.wrapping_add(10).cast(),
            patch.as_ptr().cast(),
            40,
            none,
            0,
            std::ptr::null_mut()
        ),
        0,
        "{}",
        last_error_message()
    );
    let mut host = vec![0u32; n];
    assert_eq!(
        syclone_memcpy(
            q,
            host.as_mut_ptr().cast(),
            output.cast(),
            n * 4,
            none,
            0,
            std::ptr::null_mut()
        ),
        0
    );
    for (i, &v) in host.iter().enumerate() {
        let expect = if (10..20).contains(&i) { 1 } else { 15 };
        assert_eq!(v, expect, "output[{i}] on {on:?}");
    }
    let mut barrier: SycloneEvent = std::ptr::null();
    assert_eq!(syclone_barrier(q, none, 0, &mut barrier), 0);
    assert_eq!(syclone_event_wait(barrier), 0);
    assert_eq!(syclone_event_status(barrier), 2);
    let mut ns = 0u64;
    assert_ne!(
        syclone_event_profiling(barrier, 1, &mut ns),
        0,
        "no profiling without the queue flag"
    );
    assert_eq!(last_errc(), Errc::Invalid);
    syclone_event_release(barrier);
    assert_eq!(syclone_pointer_type(input.wrapping_add(3).cast()), 0);
    assert_eq!(syclone_pointer_type(host.as_ptr().cast()), 3);
    for p in [input, output] {
        assert_eq!(syclone_free(q, p.cast()), 0);
    }
    syclone_queue_release(q);
}

#[test]
fn usm_commands_keep_the_memory_model_and_events_complete() {
    on_both(usm_commands_and_events);
}
