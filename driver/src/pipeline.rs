//! The compilation pipeline for each mode: device pass, host pass, wrapper
//! object and link (`syclcc FILE.cpp -o EXE`), `-c`, and
//! `-fsycl-device-only`.

use crate::cli::{Mode, Options};
use crate::device_pass::{self, DeviceOutput};
use crate::error::{io_at, DriverError, Result};
use crate::host_compiler::{self, HostCompilerInfo};
use crate::temp::TempDir;
use crate::{host_pass, link, paths, wrapper_object};
use compiler_core::bundle::DeviceBundle;
use std::path::{Path, PathBuf};

/// Extension appended to an object file's name for its device bundle
/// (`x.o` → `x.o.syclbundle`), written by `-c` and read back at link time.
pub const SIDECAR_SUFFIX: &str = ".syclbundle";

pub fn sidecar_path(object: &Path) -> PathBuf {
    let mut s = object.as_os_str().to_owned();
    s.push(SIDECAR_SUFFIX);
    PathBuf::from(s)
}

/// Runs the mode the options ask for (all but `run`).
pub fn execute(opts: &Options) -> Result<()> {
    match opts.mode {
        Mode::DeviceOnly => device_only(opts),
        Mode::CompileOnly => compile_only(opts),
        Mode::Link => {
            let out = opts
                .output
                .clone()
                .unwrap_or_else(|| PathBuf::from("a.out"));
            build_executable(opts, &out).map(|_| ())
        }
        Mode::Run => crate::run::run(opts),
        Mode::Preprocess => {
            device_pass::preprocess(&opts.sources[0], opts, &paths::runtime_include_dir())
        }
        Mode::SyntaxOnly => syntax_only(opts),
        Mode::AstDump => crate::ast_dump::run(&opts.sources[0], opts),
    }
}

/// `-fsyntax-only`: the device pass (nothing written), then the host
/// compiler with `-fsyntax-only` over the source and its integration header.
fn syntax_only(opts: &Options) -> Result<()> {
    let source = &opts.sources[0];
    let runtime_include = paths::runtime_include_dir();
    let host = host_compiler(opts)?;
    let dev = device_pass::run(source, opts, &runtime_include, host.abi())?;
    let tmp = TempDir::new()?;
    let header = tmp.path().join(format!("{}.int.h", file_stem(source)));
    write(&header, &dev.integration_header)?;
    let mut cmd =
        host_pass::syntax_only_command(&host.program, source, &header, opts, &runtime_include);
    crate::tool::run(&mut cmd, "host compiler", opts.verbose)
}

fn write(path: &Path, bytes: impl AsRef<[u8]>) -> Result<()> {
    std::fs::write(path, bytes).map_err(io_at(path))
}

fn file_stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".into())
}

/// The host compiler, identified (printed with `-v`).
fn host_compiler(opts: &Options) -> Result<HostCompilerInfo> {
    let info = host_compiler::detect_host_cxx(&host_compiler::choose(opts.host_cxx.as_deref()))?;
    if opts.verbose {
        eprintln!(
            "syclcc: host compiler `{}`: {:?} {} (lambda numbering: {})",
            info.program,
            info.kind,
            info.major,
            if info.numbers_lambdas_sequentially() {
                "sequential per scope"
            } else {
                "per signature"
            }
        );
    }
    Ok(info)
}

/// Device pass of one source, plus the `--dump-ir` and
/// `--emit-integration-header` outputs that belong to it.
fn device_pass(
    source: &Path,
    opts: &Options,
    runtime_include: &Path,
    host: &HostCompilerInfo,
) -> Result<DeviceOutput> {
    let dev = device_pass::run(source, opts, runtime_include, host.abi())?;
    if opts.dump_ir {
        print!("{}", dev.ir_text);
    }
    if let Some(path) = &opts.emit_integration_header {
        write(path, &dev.integration_header)?;
    }
    Ok(dev)
}

fn emit_bundle(opts: &Options, bundle: &DeviceBundle) -> Result<()> {
    match &opts.emit_bundle {
        Some(path) => write(path, bundle.to_bytes()),
        None => Ok(()),
    }
}

/// `-fsycl-device-only`: the SPIR-V of the first image.
fn device_only(opts: &Options) -> Result<()> {
    let source = &opts.sources[0];
    let host = host_compiler(opts)?;
    let dev = device_pass(source, opts, &paths::runtime_include_dir(), &host)?;
    emit_bundle(opts, &dev.bundle)?;
    let image = dev.bundle.images.first().ok_or_else(|| {
        DriverError::Other(format!(
            "{} defines no kernels: there is no SPIR-V image to write",
            source.display()
        ))
    })?;
    let out = opts
        .output
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("{}.spv", file_stem(source))));
    write(&out, device_pass::spirv_bytes(&image.spirv))
}

/// One source through both passes: the host object goes to `object`.
fn compile_source(
    source: &Path,
    object: &Path,
    header_dir: &Path,
    host: &HostCompilerInfo,
    opts: &Options,
    runtime_include: &Path,
) -> Result<DeviceOutput> {
    let dev = device_pass(source, opts, runtime_include, host)?;
    let header = header_dir.join(format!("{}.int.h", file_stem(object)));
    write(&header, &dev.integration_header)?;
    host_pass::run(
        &host.program,
        source,
        &header,
        object,
        opts,
        runtime_include,
    )?;
    Ok(dev)
}

/// `-c`: `x.o` plus its device bundle in `x.o.syclbundle`.
fn compile_only(opts: &Options) -> Result<()> {
    let runtime_include = paths::runtime_include_dir();
    let host = host_compiler(opts)?;
    let tmp = TempDir::new()?;
    let mut bundles = vec![];
    for source in &opts.sources {
        let object = opts
            .output
            .clone()
            .unwrap_or_else(|| PathBuf::from(format!("{}.o", file_stem(source))));
        let dev = compile_source(source, &object, tmp.path(), &host, opts, &runtime_include)?;
        write(&sidecar_path(&object), dev.bundle.to_bytes())?;
        bundles.push(dev.bundle);
    }
    emit_bundle(opts, &device_pass::combine(&bundles))
}

/// Compiles and links `opts.sources` (and links `opts.link_inputs`) into
/// `output`. Returns the files the device pass read (for `run`'s cache).
pub fn build_executable(opts: &Options, output: &Path) -> Result<Vec<String>> {
    let target = wrapper_object::host_target();
    let runtime_include = paths::runtime_include_dir();
    let runtime_lib = paths::runtime_static_lib().map_err(DriverError::Other)?;
    let host = host_compiler(opts)?;
    let tmp = TempDir::new()?;

    let mut objects = vec![];
    let mut bundles = vec![];
    let mut dependencies = vec![];
    for (i, source) in opts.sources.iter().enumerate() {
        let object = tmp.path().join(format!("{i}-{}.o", file_stem(source)));
        let dev = compile_source(source, &object, tmp.path(), &host, opts, &runtime_include)?;
        objects.push(object);
        bundles.push(dev.bundle);
        dependencies.extend(dev.dependencies);
    }
    for input in &opts.link_inputs {
        let sidecar = sidecar_path(input);
        if sidecar.is_file() {
            let bytes = std::fs::read(&sidecar).map_err(io_at(&sidecar))?;
            let bundle = DeviceBundle::from_bytes(&bytes).map_err(|e| {
                DriverError::Other(format!(
                    "{}: not a valid device bundle: {e}",
                    sidecar.display()
                ))
            })?;
            bundles.push(bundle);
        }
        objects.push(input.clone());
    }

    let bundle = device_pass::combine(&bundles);
    emit_bundle(opts, &bundle)?;
    let wrapper = tmp.path().join("syclone_wrapper.o");
    write(&wrapper, wrapper_object::build(&bundle.to_bytes(), target)?)?;
    if opts.verbose {
        eprintln!(
            "syclcc: wrapper object {} ({} device images)",
            wrapper.display(),
            bundle.images.len()
        );
    }
    link::run(
        &host.program,
        &objects,
        &wrapper,
        &opts.link_flags,
        &runtime_lib,
        output,
        opts.verbose,
    )?;
    Ok(dependencies)
}

#[cfg(test)]
mod tests {
    #[test]
    fn sidecar_name() {
        assert_eq!(
            super::sidecar_path(std::path::Path::new("a/x.o")),
            std::path::Path::new("a/x.o.syclbundle")
        );
    }
}
