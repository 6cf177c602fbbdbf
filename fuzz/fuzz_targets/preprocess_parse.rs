//! Preprocess and parse arbitrary bytes (lossily decoded as UTF-8).
#![no_main]

use compiler_core::diag::Diagnostics;
use compiler_core::front::{parse, preprocess};
use compiler_core::source::SourceMap;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let src = String::from_utf8_lossy(data).into_owned();
    syclone_fuzz::on_big_stack(move || {
        let opts = syclone_fuzz::options();
        let mut sm = SourceMap::default();
        let main = sm.add("fuzz.cpp", src);
        let mut diags = Diagnostics::default();
        let pp_opts = preprocess::PpOptions {
            include_dirs: opts.include_dirs.clone(),
            device_pass: true,
            date_time: opts.date_time.clone(),
            ..Default::default()
        };
        let out = preprocess::preprocess(
            &mut sm,
            main,
            syclone_fuzz::sycl_headers(),
            &pp_opts,
            &mut diags,
        );
        let _ = parse::parse_translation_unit(out.tokens, &out.symbols, &mut diags, pp_opts.lang);
        let _ = compiler_core::diag::render(&sm, &diags.list);
    });
});
