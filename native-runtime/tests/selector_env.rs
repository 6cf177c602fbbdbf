//! `syclone_queue_create` reads ONEAPI_DEVICE_SELECTOR. This file is its own
//! test process and has one test, so setting the variable races with nothing.

use std::ffi::CStr;
use syclone_rt::*;

fn device_name(q: SycloneQueue) -> String {
    // SAFETY: valid while q lives.
    unsafe { CStr::from_ptr(syclone_queue_device_name(q)) }
        .to_string_lossy()
        .into_owned()
}

#[test]
fn oneapi_device_selector_picks_the_device() {
    let mut q: SycloneQueue = std::ptr::null_mut();
    std::env::set_var("ONEAPI_DEVICE_SELECTOR", "host:cpu");
    assert_eq!(syclone_queue_create(&mut q), 0, "{}", last_error_message());
    assert!(
        device_name(q).starts_with("Syclone host CPU"),
        "{}",
        device_name(q)
    );
    syclone_queue_release(q);

    std::env::set_var("ONEAPI_DEVICE_SELECTOR", "opencl:gpu");
    assert_ne!(syclone_queue_create(&mut q), 0);
    assert_eq!(last_errc(), Errc::Runtime);

    let adapters = vulkan_adapter_names();
    std::env::set_var("ONEAPI_DEVICE_SELECTOR", "vulkan:*");
    if adapters.is_empty() {
        assert_ne!(syclone_queue_create(&mut q), 0);
        let message = last_error_message();
        assert!(
            message.contains("no device matches ONEAPI_DEVICE_SELECTOR=vulkan:*"),
            "{message}"
        );
    } else {
        assert_eq!(syclone_queue_create(&mut q), 0, "{}", last_error_message());
        assert_eq!(device_name(q), adapters[0]);
        syclone_queue_release(q);
    }

    // No selector: the best device (a Vulkan adapter when there is one).
    std::env::remove_var("ONEAPI_DEVICE_SELECTOR");
    assert_eq!(syclone_queue_create(&mut q), 0, "{}", last_error_message());
    let expected = adapters.first().cloned().unwrap_or_else(|| device_name(q));
    assert_eq!(device_name(q), expected);
    syclone_queue_release(q);
}
