//! SPIR-V for the unit tests of the module rewrites (`loop_audit`,
//! `windows`): compiled from WGSL by naga, and read back the way wgpu
//! reads a module before it reaches the driver.

/// The SPIR-V 1.3 module of `wgsl`.
pub fn from_wgsl(wgsl: &str) -> Vec<u32> {
    let module = naga::front::wgsl::parse_str(wgsl).expect("test WGSL parses");
    let info = validator().validate(&module).expect("test WGSL validates");
    let options = naga::back::spv::Options {
        lang_version: (1, 3),
        ..Default::default()
    };
    naga::back::spv::write_vec(&module, &info, &options, None).expect("SPIR-V out")
}

/// `words` parsed and validated by naga (panics with the reason otherwise).
pub fn validated(words: &[u32]) -> naga::Module {
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let module = naga::front::spv::parse_u8_slice(&bytes, &Default::default())
        .expect("the rewritten module parses");
    validator()
        .validate(&module)
        .expect("the rewritten module validates");
    module
}

fn validator() -> naga::valid::Validator {
    naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::all(),
    )
}
