//! The steps of each mode, strung together: device pass, host pass,
//! embedding into fat objects (`-c`), device link, wrapper object and link
//! (`syclcc FILE.cpp -o EXE`, `-shared`), `-S`, `-E`, `-M`,
//! `-fsyntax-only` and `-fsycl-device-only`. Every step goes through
//! [`crate::tool`], so `-v` prints it and `-###` prints it without running
//! it.

use crate::cli::{Mode, Options};
use crate::deps::{self, DepScope};
use crate::device_link::{self, Contribution};
use crate::device_pass::{self, DeviceOutput};
use crate::error::{io_at, DriverError, Result};
use crate::host_compiler::{self, HostCompilerInfo, HostCompilerKind};
use crate::host_pass::{self, HostInput, HostOutput};
use crate::link::{self, Runtime};
use crate::temp::TempDir;
use crate::{fat_object, host_pch, paths, tool, wrapper_object};
use compiler_core::bundle::DeviceBundle;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Runs the mode the options ask for.
pub fn execute(opts: &Options) -> Result<()> {
    prologue(opts)?;
    match opts.mode {
        // `run` ends by replacing this process: nothing may wait for a drop.
        Mode::Run => crate::run::run(opts),
        Mode::AstDump => crate::ast_dump::run(&opts.sources[0], opts),
        Mode::DeviceOnly => with_build(opts, Build::device_only),
        Mode::CompileOnly => with_build(opts, Build::compile_only),
        Mode::DeviceLink => with_build(opts, Build::device_link),
        Mode::Assemble => with_build(opts, Build::assemble),
        Mode::Preprocess => with_build(opts, Build::preprocess),
        Mode::Dependencies => with_build(opts, Build::dependencies),
        Mode::SyntaxOnly => with_build(opts, Build::syntax_only),
        Mode::Link => with_build(opts, |build| {
            let out = opts
                .output
                .clone()
                .unwrap_or_else(|| PathBuf::from("a.out"));
            build.link_program(&out).map(|_| ())
        }),
    }
}

/// Runs `steps` with a [`Build`]; prints the phase times with `--time-phases`.
fn with_build<'a>(
    opts: &'a Options,
    steps: impl FnOnce(&mut Build<'a>) -> Result<()>,
) -> Result<()> {
    let mut build = Build::new(opts)?;
    steps(&mut build)?;
    if opts.time_phases {
        build.times.print();
    }
    Ok(())
}

/// A `.c` file, which syclcc (as clang++) compiles as C++.
pub fn is_c_source(path: &std::path::Path) -> bool {
    path.extension().is_some_and(|e| e == "c")
}

/// Checks shared by every mode: the inputs exist; unused flags are
/// reported; `-v`/`-###` print who we are, as clang does.
pub fn prologue(opts: &Options) -> Result<()> {
    for input in opts.sources.iter().chain(&opts.link_inputs) {
        if !input.exists() {
            return Err(DriverError::NoSuchFile(input.clone()));
        }
    }
    for arg in &opts.unused_args {
        eprintln!("syclcc: warning: argument unused during compilation: '{arg}'");
    }
    if opts.sources.iter().any(|s| is_c_source(s)) {
        eprintln!("syclcc: warning: treating 'c' input as 'c++' when in C++ mode, this behavior is deprecated [-Wdeprecated]");
    }
    if opts.echo() {
        eprintln!("syclcc (Syclone) {}", env!("CARGO_PKG_VERSION"));
        eprintln!(
            "Target: {}-unknown-{}-gnu",
            std::env::consts::ARCH,
            std::env::consts::OS
        );
        if let Some(dir) = std::env::current_exe()
            .ok()
            .and_then(|e| e.parent().map(Path::to_path_buf))
        {
            eprintln!("InstalledDir: {}", dir.display());
        }
    }
    Ok(())
}

/// Wall time per phase, for `--time-phases`.
#[derive(Default)]
struct PhaseTimes {
    device: Duration,
    host: Duration,
    device_link: Duration,
    link: Duration,
}

impl PhaseTimes {
    fn print(&self) {
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        eprintln!(
            "syclcc: time: device pass {:.1} ms, host compiler {:.1} ms, device link and wrapper {:.1} ms, link {:.1} ms, total {:.1} ms",
            ms(self.device),
            ms(self.host),
            ms(self.device_link),
            ms(self.link),
            ms(self.device + self.host + self.device_link + self.link)
        );
    }
}

/// What compiling one source gave.
struct Compiled {
    /// The device bundle (none with `-fsycl-host-only` or `-###`).
    bundle: Option<DeviceBundle>,
    /// Files the device pass read.
    device_deps: Vec<String>,
}

/// One invocation's state: the host compiler (identified when first
/// needed), the runtime headers, the temporary directory and the phase
/// times.
struct Build<'a> {
    opts: &'a Options,
    host: Option<HostCompilerInfo>,
    /// The host compiler's system directories (asked for when first needed).
    fallback_include_dirs: Option<Vec<String>>,
    runtime_include: PathBuf,
    tmp: TempDir,
    times: PhaseTimes,
}

impl<'a> Build<'a> {
    fn new(opts: &'a Options) -> Result<Build<'a>> {
        Ok(Build {
            opts,
            host: None,
            fallback_include_dirs: None,
            runtime_include: paths::runtime_include_dir(),
            tmp: TempDir::new(opts.save_temps)?,
            times: PhaseTimes::default(),
        })
    }

    /// The host compiler, identified on first use.
    fn host(&mut self) -> Result<HostCompilerInfo> {
        match &self.host {
            Some(host) => Ok(host.clone()),
            None => {
                let host = host_compiler(self.opts)?;
                self.host = Some(host.clone());
                Ok(host)
            }
        }
    }

    /// What the device pass takes from the host compiler.
    fn host_side(&mut self) -> Result<device_pass::HostSide> {
        let host = self.host()?;
        let dirs = match &self.fallback_include_dirs {
            Some(dirs) => dirs.clone(),
            None if self.opts.dry_run => vec![],
            None => {
                let dirs = host_compiler::fallback_include_dirs(&host.program);
                self.fallback_include_dirs = Some(dirs.clone());
                dirs
            }
        };
        Ok(device_pass::HostSide {
            abi: host.abi(&self.opts.host_flags),
            fallback_include_dirs: dirs,
        })
    }

    fn temp(&self, index: usize, source: &Path, ext: &str) -> PathBuf {
        self.tmp
            .path()
            .join(format!("{index}-{}.{ext}", file_stem(source)))
    }

    /// The integration header of source `index` from its device pass (None
    /// with `-fsycl-host-only`).
    fn integration_header(&mut self, index: usize, source: &Path) -> Result<Option<PathBuf>> {
        if self.opts.host_only {
            return Ok(None);
        }
        let header = self.temp(index, source, "int.h");
        self.device_pass(source, &header)?;
        Ok(Some(header))
    }

    /// The device pass of `source` (not with `-###`), with the
    /// `--dump-ir` and `--emit-integration-header` outputs; the integration
    /// header is written to `header`.
    fn device_pass(&mut self, source: &Path, header: &Path) -> Result<Option<DeviceOutput>> {
        let opts = self.opts;
        let run = tool::step(opts, || {
            format!(
                "device pass (in process{}): {} -> {} and device images for {}",
                if opts.sandbox {
                    ", in the wasmtime sandbox"
                } else {
                    ""
                },
                source.display(),
                header.display(),
                target_names(opts)
            )
        });
        if !run {
            return Ok(None);
        }
        let host = self.host_side()?;
        let start = Instant::now();
        let dev = device_pass::run(source, opts, &self.runtime_include, &host);
        self.times.device += start.elapsed();
        let dev = dev?;
        if opts.dump_ir {
            print!("{}", dev.ir_text);
        }
        if let Some(path) = &opts.emit_integration_header {
            write(path, &dev.integration_header)?;
        }
        write(header, &dev.integration_header)?;
        Ok(Some(dev))
    }

    /// Runs the host compiler, timed.
    /// The host compiler on `source`, with the integration header when the
    /// device pass wrote one, to `output`.
    fn host_compile(
        &mut self,
        source: &Path,
        quote_dir: Option<&Path>,
        integration_header: Option<&Path>,
        deps_file: Option<(&Path, DepScope)>,
        output: HostOutput,
    ) -> Result<()> {
        let host = self.host()?;
        let mut input = HostInput {
            host: &host,
            source,
            integration_header,
            precompiled_header: None,
            quote_dir,
            runtime_include: &self.runtime_include,
            deps_file,
        };
        let pch_applies = !self.opts.dry_run
            && host_pch::applies(source, &output, deps_file.is_some(), self.opts);
        let stub = pch_applies
            .then(|| host_pch::prepare(&input, self.opts))
            .flatten();
        input.precompiled_header = stub.as_deref();
        let mut cmd = host_pass::command(&input, output, self.opts);
        let start = Instant::now();
        let result = tool::run(&mut cmd, "host compiler", self.opts);
        self.times.host += start.elapsed();
        result
    }

    /// Both passes of one source; the host object goes to `object`, as a
    /// fat object when `fat` and the source has device images. Writes the
    /// dependency file with `-MD`/`-MMD`, for `dep_object` (the object the
    /// user sees: `object` with `-c`, `stem.o` when linking).
    fn compile(
        &mut self,
        index: usize,
        source: &Path,
        object: &Path,
        dep_object: &Path,
        fat: bool,
    ) -> Result<Compiled> {
        let opts = self.opts;
        let header = self.temp(index, source, "int.h");
        let dev = if opts.host_only {
            None
        } else {
            self.device_pass(source, &header)?
        };
        let fat = fat
            && !opts.host_only
            && dev
                .as_ref()
                .is_none_or(|d| !d.bundle.images.is_empty() || !d.bundle.relocatable.is_empty());
        let host_object = if fat {
            self.temp(index, source, "host.o")
        } else {
            object.to_path_buf()
        };
        let host_deps = self.temp(index, source, "host.d");
        let footed = match dev.as_ref() {
            Some(d) if !d.integration_footer.is_empty() => {
                Some(self.with_footer(index, source, &d.integration_footer)?)
            }
            _ => None,
        };
        self.host_compile(
            footed.as_deref().unwrap_or(source),
            footed.as_ref().map(|_| match source.parent() {
                Some(dir) if !dir.as_os_str().is_empty() => dir,
                _ => Path::new("."),
            }),
            (!opts.host_only).then_some(header.as_path()),
            opts.deps.write.map(|scope| (host_deps.as_path(), scope)),
            HostOutput::Object(&host_object),
        )?;
        if fat {
            self.embed(&host_object, object, dev.as_ref().map(|d| &d.bundle))?;
        }
        let device_deps = dev
            .as_ref()
            .map(|d| d.dependencies.clone())
            .unwrap_or_default();
        if let Some(scope) = opts.deps.write {
            self.write_deps(index, source, dep_object, &device_deps, scope, None)?;
        }
        Ok(Compiled {
            bundle: dev.map(|d| d.bundle),
            device_deps,
        })
    }

    /// A copy of `source` followed by the integration `footer`, for the
    /// host compiler (`#line` keeps the source's name in diagnostics and
    /// `__FILE__`).
    fn with_footer(&self, index: usize, source: &Path, footer: &str) -> Result<PathBuf> {
        let footer_file = self.temp(index, source, "footer.h");
        write(&footer_file, footer)?;
        let text = std::fs::read(source).map_err(io_at(source))?;
        let quoted = |p: &Path| {
            p.display()
                .to_string()
                .replace('\\', "\\\\")
                .replace('"', "\\\"")
        };
        let mut copy = format!("#line 1 \"{}\"\n", quoted(source)).into_bytes();
        copy.extend_from_slice(&text);
        copy.extend_from_slice(format!("\n#include \"{}\"\n", quoted(&footer_file)).as_bytes());
        let path = self.temp(index, source, "footed.cpp");
        write(&path, copy)?;
        Ok(path)
    }

    /// `host_object` with `bundle` in its device section, written to `object`.
    fn embed(
        &mut self,
        host_object: &Path,
        object: &Path,
        bundle: Option<&DeviceBundle>,
    ) -> Result<()> {
        let run = tool::step(self.opts, || {
            format!(
                "embed device images (in process): {} -> {} (section {})",
                host_object.display(),
                object.display(),
                fat_object::SECTION
            )
        });
        let Some(bundle) = bundle.filter(|_| run) else {
            return Ok(());
        };
        let start = Instant::now();
        let host = std::fs::read(host_object).map_err(io_at(host_object))?;
        let fat = fat_object::embed(&host, &bundle.to_bytes(), &object.display().to_string())?;
        write(object, fat)?;
        self.times.device_link += start.elapsed();
        Ok(())
    }

    /// Merges the host compiler's dependencies (a make rule in the temporary
    /// `N-stem.host.d`)
    /// with the device pass's and writes the rule for `object` to the
    /// dependency file (`out`, else `-MF`, else `object` with `.d`; `-`
    /// is stdout).
    fn write_deps(
        &self,
        index: usize,
        source: &Path,
        object: &Path,
        device_deps: &[String],
        scope: DepScope,
        out: Option<&Path>,
    ) -> Result<()> {
        let opts = self.opts;
        let host_deps = &self.temp(index, source, "host.d");
        let file = out
            .map(Path::to_path_buf)
            .unwrap_or_else(|| deps::file_for(&opts.deps, object));
        let run = tool::step(opts, || {
            format!(
                "dependencies (in process): {} and the device pass's -> {}",
                host_deps.display(),
                file.display()
            )
        });
        if !run {
            return Ok(());
        }
        let host_text = std::fs::read_to_string(host_deps).map_err(io_at(host_deps))?;
        // The integration header is a temporary file of this run.
        let header = self.temp(index, source, "int.h");
        let mut host = deps::parse_make_rule(&host_text);
        // So are the source's copy with the integration footer, and the footer.
        let (footed, footer) = (
            self.temp(index, source, "footed.cpp"),
            self.temp(index, source, "footer.h"),
        );
        for d in host.iter_mut() {
            if Path::new(d) == footed {
                *d = source.display().to_string();
            }
        }
        host.retain(|d| Path::new(d) != header && Path::new(d) != footer);
        if host.is_empty() {
            host.push(source.display().to_string());
        }
        // The host compiler's own directories are system directories too.
        let mut system_dirs = vec![canonical(&self.runtime_include)];
        system_dirs.extend(
            opts.system_include_dirs
                .iter()
                .chain(self.fallback_include_dirs.iter().flatten())
                .map(|d| canonical(Path::new(d))),
        );
        let list = deps::merge(&host, device_deps, scope, &system_dirs);
        let rule = deps::render(
            &deps::target_names(&opts.deps, object),
            &list,
            opts.deps.phony,
        );
        if file.as_os_str() == "-" {
            print!("{rule}");
            Ok(())
        } else {
            write(&file, rule)
        }
    }

    /// `-c`: one fat object per source (a plain host object with
    /// `-fsycl-host-only` or when the source has no kernels).
    fn compile_only(&mut self) -> Result<()> {
        let opts = self.opts;
        let mut bundles = vec![];
        for (i, source) in opts.sources.iter().enumerate() {
            let object = opts
                .output
                .clone()
                .unwrap_or_else(|| PathBuf::from(format!("{}.o", file_stem(source))));
            bundles.extend(self.compile(i, source, &object, &object, true)?.bundle);
        }
        emit_bundle(opts, &device_pass::combine(&bundles))
    }

    /// `-fsycl-link` (seed 003's device link): the sources (compiled) and
    /// objects given, their device code linked and finished, in one fat
    /// object (`-o`, default `a.out`): the host parts, relocatably linked
    /// by the host compiler (`-r`), with the linked bundle. A later link of
    /// it with host-only objects needs no device work.
    fn device_link(&mut self) -> Result<()> {
        let opts = self.opts;
        let mut objects = vec![];
        let mut contributions = vec![];
        for (i, source) in opts.sources.iter().enumerate() {
            let object = self.temp(i, source, "o");
            let dep_object = PathBuf::from(format!("{}.o", file_stem(source)));
            let compiled = self.compile(i, source, &object, &dep_object, false)?;
            objects.push(object);
            if let Some(bundle) = compiled.bundle {
                contributions.push(Contribution {
                    origin: source.display().to_string(),
                    bundle,
                });
            }
        }
        for input in &opts.link_inputs {
            if input.extension().is_none_or(|e| e != "o") {
                return Err(DriverError::Other(format!(
                    "-fsycl-link takes C++ sources and objects, not '{}'",
                    input.display()
                )));
            }
            objects.push(input.clone());
        }
        let output = opts
            .output
            .clone()
            .unwrap_or_else(|| PathBuf::from("a.out"));
        let host = self.tmp.path().join("syclone_device_link.host.o");
        let run = tool::step(opts, || {
            let inputs: Vec<String> = objects.iter().map(|o| o.display().to_string()).collect();
            format!(
                "device link (in process): device code of [{}] -> {} (section {})",
                inputs.join(", "),
                output.display(),
                fat_object::SECTION
            )
        });
        let mut host_parts = vec![];
        if run {
            let start = Instant::now();
            contributions.extend(device_link::collect(&opts.link_inputs)?);
            let bundle = device_link::merge(&contributions)?;
            emit_bundle(opts, &bundle)?;
            for (n, object) in objects.iter().enumerate() {
                let data = std::fs::read(object).map_err(io_at(object))?;
                let part = fat_object::host_part(&data, &object.display().to_string())?;
                let path = self.tmp.path().join(format!("{n}-host-part.o"));
                write(&path, part)?;
                host_parts.push(path);
            }
            self.times.device_link += start.elapsed();
            let program = self.host()?.program;
            let mut cmd = std::process::Command::new(&program);
            cmd.args(["-r", "-nostdlib", "-o"])
                .arg(&host)
                .args(&host_parts);
            let start = Instant::now();
            let result = tool::run(&mut cmd, "linker", opts);
            self.times.link += start.elapsed();
            result?;
            self.embed(&host, &output, Some(&bundle))?;
        }
        Ok(())
    }

    /// `-S`: host assembly (the device pass runs for the integration header).
    fn assemble(&mut self) -> Result<()> {
        let opts = self.opts;
        for (i, source) in opts.sources.iter().enumerate() {
            let out = opts
                .output
                .clone()
                .unwrap_or_else(|| PathBuf::from(format!("{}.s", file_stem(source))));
            let header = self.integration_header(i, source)?;
            self.host_compile(
                source,
                None,
                header.as_deref(),
                None,
                HostOutput::Assembly(&out),
            )?;
        }
        Ok(())
    }

    /// `-fsyntax-only`: for each source, the device pass (nothing written),
    /// then the host compiler with `-fsyntax-only`; every source is checked
    /// even after one fails, as clang does.
    fn syntax_only(&mut self) -> Result<()> {
        let opts = self.opts;
        let mut first_failure = None;
        for (i, source) in opts.sources.iter().enumerate() {
            let checked = match self.integration_header(i, source) {
                Ok(header) => self.host_compile(
                    source,
                    None,
                    header.as_deref(),
                    None,
                    HostOutput::SyntaxOnly,
                ),
                Err(e) => Err(e),
            };
            if let Err(e) = checked {
                first_failure.get_or_insert(e);
            }
        }
        first_failure.map_or(Ok(()), Err)
    }

    /// `-E`: the device pass's preprocessed source, or with
    /// `-fsycl-host-only` the host compiler's.
    fn preprocess(&mut self) -> Result<()> {
        let opts = self.opts;
        let source = &opts.sources[0];
        if opts.host_only {
            let out = opts.output.as_deref().filter(|o| o.as_os_str() != "-");
            return self.host_compile(source, None, None, None, HostOutput::Preprocessed(out));
        }
        if tool::step(opts, || {
            format!("device preprocessor (in process): {}", source.display())
        }) {
            let host = self.host_side()?;
            device_pass::preprocess(source, opts, &self.runtime_include, &host)?;
        }
        Ok(())
    }

    /// `-M`/`-MM`: the make rule of the source, host and device headers.
    fn dependencies(&mut self) -> Result<()> {
        let opts = self.opts;
        let source = &opts.sources[0];
        let scope = opts.deps.print.unwrap_or(DepScope::All);
        let device_deps = if opts.host_only
            || !tool::step(opts, || {
                format!(
                    "device preprocessor (in process): dependencies of {}",
                    source.display()
                )
            }) {
            vec![]
        } else {
            let host = self.host_side()?;
            device_pass::dependencies(source, opts, &self.runtime_include, &host)?
        };
        let host_deps = self.temp(0, source, "host.d");
        self.host_compile(
            source,
            None,
            None,
            None,
            HostOutput::Dependencies(&host_deps, scope),
        )?;
        let object = PathBuf::from(format!("{}.o", file_stem(source)));
        let out = opts
            .deps
            .file
            .clone()
            .or_else(|| opts.output.clone())
            .unwrap_or_else(|| PathBuf::from("-"));
        self.write_deps(0, source, &object, &device_deps, scope, Some(&out))
    }

    /// `-fsycl-device-only`: the SPIR-V of each image of the first target
    /// (`-S`: its disassembly): the first in OUT (`k.spv`), image N > 0,
    /// when post-link split them, beside it with the extension `N.spv` (`k.1.spv`).
    fn device_only(&mut self) -> Result<()> {
        let opts = self.opts;
        let source = &opts.sources[0];
        let header = self.temp(0, source, "int.h");
        let Some(dev) = self.device_pass(source, &header)? else {
            return Ok(());
        };
        // The unit's device code finished alone: a SYCL_EXTERNAL function
        // of another unit is an undefined symbol here.
        let bundle = device_link::merge(&[Contribution {
            origin: source.display().to_string(),
            bundle: dev.bundle,
        }])?;
        emit_bundle(opts, &bundle)?;
        let Some(first) = bundle.images.first() else {
            return Err(DriverError::Other(format!(
                "{} defines no kernels: there is no SPIR-V image to write",
                source.display()
            )));
        };
        if opts.device_wgsl {
            return write_kernel_wgsl(opts, source, &bundle, first.target);
        }
        let ext = if opts.device_asm { "spvasm" } else { "spv" };
        let out = opts
            .output
            .clone()
            .unwrap_or_else(|| PathBuf::from(format!("{}.{ext}", file_stem(source))));
        let images = bundle.images.iter().filter(|i| i.target == first.target);
        for (n, image) in images.enumerate() {
            let path = if n == 0 {
                out.clone()
            } else {
                out.with_extension(format!("{n}.{ext}"))
            };
            if opts.device_asm {
                write(&path, device_pass::disassemble(&image.spirv)?)?;
            } else {
                write(&path, device_pass::spirv_bytes(&image.spirv))?;
            }
        }
        Ok(())
    }

    /// Compiles the sources and links them with the other inputs into
    /// `output` (an executable, or a shared library with `-shared`).
    /// Returns the files the device passes read.
    fn link_program(&mut self, output: &Path) -> Result<Vec<String>> {
        let opts = self.opts;
        let mut objects = vec![];
        let mut contributions = vec![];
        let mut dependencies = vec![];
        for (i, source) in opts.sources.iter().enumerate() {
            let object = self.temp(i, source, "o");
            let dep_object = PathBuf::from(format!("{}.o", file_stem(source)));
            let compiled = self.compile(i, source, &object, &dep_object, false)?;
            objects.push(object);
            dependencies.extend(compiled.device_deps);
            if let Some(bundle) = compiled.bundle {
                contributions.push(Contribution {
                    origin: source.display().to_string(),
                    bundle,
                });
            }
        }
        objects.extend(opts.link_inputs.iter().cloned());

        let start = Instant::now();
        let scanned = device_link::scanned_inputs(&opts.link_inputs, &opts.link_flags);
        let wrapper = self.tmp.path().join("syclone_wrapper.o");
        let run = tool::step(opts, || {
            let mut from: Vec<String> = opts
                .sources
                .iter()
                .map(|s| s.display().to_string())
                .collect();
            from.extend(scanned.iter().map(|s| s.display().to_string()));
            format!(
                "device link (in process): device images of [{}] -> wrapper object {}",
                from.join(", "),
                wrapper.display()
            )
        });
        let wrapper = if run {
            contributions.extend(device_link::collect(&scanned)?);
            let bundle = device_link::merge(&contributions)?;
            emit_bundle(opts, &bundle)?;
            if opts.verbose {
                eprintln!(
                    " # {} device images, {} kernels",
                    bundle.images.len(),
                    bundle.images.iter().map(|i| i.kernels.len()).sum::<usize>()
                );
            }
            if bundle.images.is_empty() {
                None
            } else {
                let target = wrapper_object::host_target();
                write(&wrapper, wrapper_object::build(&bundle.to_bytes(), target)?)?;
                Some(wrapper)
            }
        } else {
            Some(wrapper)
        };
        self.times.device_link += start.elapsed();

        let runtime;
        let kind = if opts.shared {
            link::Output::SharedLibrary
        } else {
            runtime = Runtime::load(paths::runtime_static_lib().map_err(DriverError::Other)?)?;
            link::Output::Executable(&runtime)
        };
        let host = self.host()?;
        let linker = link::preferred_linker(&host, opts);
        let mut cmd = link::command(
            &host,
            linker,
            &objects,
            wrapper.as_deref(),
            opts,
            &kind,
            output,
        );
        let start = Instant::now();
        let result = tool::run(&mut cmd, "linker", opts);
        self.times.link += start.elapsed();
        result?;
        Ok(dependencies)
    }
}

/// Compiles and links `opts.sources` (and `opts.link_inputs`) into
/// `output`, for `syclcc run`. Returns the files the device pass read.
pub fn build_executable(opts: &Options, output: &Path) -> Result<Vec<String>> {
    Build::new(opts)?.link_program(output)
}

fn write(path: &Path, bytes: impl AsRef<[u8]>) -> Result<()> {
    std::fs::write(path, bytes).map_err(io_at(path))
}

fn canonical(path: &Path) -> PathBuf {
    path.canonicalize().unwrap_or_else(|_| path.to_path_buf())
}

fn file_stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".into())
}

fn target_names(opts: &Options) -> String {
    if opts.targets.is_empty() {
        compiler_core::target::TargetKind::SpirvVulkan
            .triple()
            .to_string()
    } else {
        opts.targets
            .iter()
            .map(|t| t.triple())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// `-fsycl-device-only --emit=wgsl`: the WGSL of every kernel of the
/// images of `target`, the first in OUT (`k.wgsl`), kernel N > 0 beside it
/// as `k.N.wgsl`. Images that need an aspect the target never has (fp64
/// on WebGPU) have none: the device pass noted their kernels.
fn write_kernel_wgsl(
    opts: &Options,
    source: &Path,
    bundle: &DeviceBundle,
    target: compiler_core::target::TargetKind,
) -> Result<()> {
    use compiler_core::back::wgsl;
    let out = opts
        .output
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("{}.wgsl", file_stem(source))));
    let mut n = 0;
    let runs_on_target = |image: &&compiler_core::bundle::DeviceImage| {
        image.target == target && image.properties.aspects_lacking_on(target).is_empty()
    };
    for image in bundle.images.iter().filter(runs_on_target) {
        let module = wgsl::parse_spirv(&device_pass::spirv_bytes(&image.spirv))
            .map_err(DriverError::Other)?;
        for kernel in &image.kernels {
            let text = wgsl::kernel_wgsl(&module, &kernel.entry_point, kernel.uses_subgroups)
                .map_err(|e| {
                    DriverError::Other(format!(
                        "kernel {} has no WGSL for {}: {e}",
                        kernel.display_name,
                        target.triple()
                    ))
                })?;
            let path = if n == 0 {
                out.clone()
            } else {
                out.with_extension(format!("{n}.wgsl"))
            };
            write(&path, text)?;
            n += 1;
        }
    }
    Ok(())
}

fn emit_bundle(opts: &Options, bundle: &DeviceBundle) -> Result<()> {
    match &opts.emit_bundle {
        Some(path) => write(path, bundle.to_bytes()),
        None => Ok(()),
    }
}

/// The host compiler, identified (printed with `-v`; with `-###` it is not
/// run, and the device pass does not run either).
fn host_compiler(opts: &Options) -> Result<HostCompilerInfo> {
    let program = host_compiler::choose(opts.host_cxx.as_deref());
    if opts.dry_run {
        return Ok(HostCompilerInfo {
            program,
            kind: HostCompilerKind::Unknown,
            major: 0,
        });
    }
    let info = host_compiler::detect_host_cxx(&program)?;
    for flag in info.ignored_flags(&opts.host_flags) {
        eprintln!(
            "syclcc: warning: argument unused during compilation: '{flag}' (only clang takes it; the host compiler is {})",
            info.program
        );
    }
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
