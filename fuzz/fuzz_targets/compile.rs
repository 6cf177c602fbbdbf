//! The whole device pass (`compiler_core::compile`) over arbitrary bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let src = String::from_utf8_lossy(data).into_owned();
    syclone_fuzz::on_big_stack(move || {
        let _ = compiler_core::compile(
            &src,
            &syclone_fuzz::options(),
            syclone_fuzz::sycl_headers(),
        );
    });
});
