//! The end-to-end SYCL tests: every `tests/e2e/*.cpp` and `examples/*.cpp` is compiled with
//! syclcc, run on Vulkan (when there is a Vulkan ICD) and on the host CPU
//! device, and built again with clang++ as the host compiler and run on
//! Vulkan. (Their images are checked by compiler-core's `images` test:
//! spirv-val, naga, and no device-pass warning.) A run passes when the
//! program exits 0 and prints `PASSED`. The programs in [`MEMCHECKED`] run
//! once more on each device under valgrind's memcheck, which must find no
//! error and no definite or indirect leak (Mesa's own leaks are suppressed
//! by `tests/valgrind/lavapipe.supp`). A test that needs more than the
//! default language mode says so in a `// syclcc-flags: -std=c++20` line
//! among its first lines. Tests run in parallel, one per CPU
//! (`SYCLONE_TEST_JOBS` overrides), each printing its lines when it ends.

use crate::env_check::Environment;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

const RUN_TIMEOUT: Duration = Duration::from_secs(300);

/// Programs also run under valgrind: the host-thread stress test and the
/// host tasks on threads of their own.
const MEMCHECKED: &[&str] = &["threads_stress", "host_task_scheduling"];

/// valgrind's exit code when memcheck found an error or a leak.
const MEMCHECK_ERROR_EXIT: i32 = 99;

/// A finished process: exit code (None when killed or timed out) and output.
struct Outcome {
    code: Option<i32>,
    timed_out: bool,
    stdout: String,
    stderr: String,
}

/// Runs `cmd` to completion (or `timeout`), capturing its output.
fn run_captured(cmd: &mut Command, timeout: Duration) -> Result<Outcome, String> {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {:?}: {e}", cmd.get_program()))?;
    let reader = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            let _ = pipe.read_to_end(&mut buf);
            String::from_utf8_lossy(&buf).into_owned()
        })
    };
    let out = reader(Box::new(child.stdout.take().expect("piped")));
    let err = reader(Box::new(child.stderr.take().expect("piped")));
    let start = Instant::now();
    let mut timed_out = false;
    let status = loop {
        if let Some(s) = child.try_wait().map_err(|e| e.to_string())? {
            break s;
        }
        if start.elapsed() > timeout {
            timed_out = true;
            let _ = child.kill();
            break child.wait().map_err(|e| e.to_string())?;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Ok(Outcome {
        code: status.code(),
        timed_out,
        stdout: out.join().unwrap_or_default(),
        stderr: err.join().unwrap_or_default(),
    })
}

/// The last `n` lines of `text`, indented.
fn tail(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let skip = lines.len().saturating_sub(n);
    let mut s = String::new();
    if skip > 0 {
        s.push_str(&format!("    ... ({skip} lines omitted)\n"));
    }
    for l in &lines[skip..] {
        s.push_str("    ");
        s.push_str(l);
        s.push('\n');
    }
    s
}

/// Counts of results, and the lines that report them (one test's lines
/// are printed together when it ends).
#[derive(Default)]
pub struct Tally {
    pub passed: usize,
    pub failed: usize,
    pub skipped: usize,
    log: String,
}

impl Tally {
    fn pass(&mut self, what: &str) {
        self.passed += 1;
        self.say(&format!("PASS  {what}\n"));
    }
    fn fail(&mut self, what: &str, why: &str, details: &str) {
        self.failed += 1;
        self.say(&format!("FAIL  {what}: {why}\n"));
        if !details.trim().is_empty() {
            self.say(&tail(details, 30));
        }
    }
    fn skip(&mut self, what: &str, why: &str) {
        self.skipped += 1;
        self.say(&format!("SKIP  {what}: {why}\n"));
    }
    fn say(&mut self, text: &str) {
        self.log.push_str(text);
    }
    /// Adds `other`'s counts; returns its lines.
    fn absorb(&mut self, other: Tally) -> String {
        self.passed += other.passed;
        self.failed += other.failed;
        self.skipped += other.skipped;
        other.log
    }
}

fn describe(o: &Outcome) -> String {
    if o.timed_out {
        format!("timed out after {}s", RUN_TIMEOUT.as_secs())
    } else {
        match o.code {
            Some(c) => format!("exit code {c}"),
            None => "killed by a signal".into(),
        }
    }
}

/// syclcc, with short panic messages whatever the caller's RUST_BACKTRACE.
/// syclcc to compile `test`, with the flags its `// syclcc-flags:` line asks for.
fn syclcc_cmd(syclcc: &Path, test: &Path) -> Command {
    let mut cmd = Command::new(syclcc);
    cmd.env("RUST_BACKTRACE", "0");
    cmd.args(test_flags(test));
    cmd
}

/// The flags a test's `// syclcc-flags: ...` line (in its first ten lines) names.
pub fn test_flags(test: &Path) -> Vec<String> {
    let source = std::fs::read_to_string(test).unwrap_or_default();
    source
        .lines()
        .take(10)
        .find_map(|l| l.strip_prefix("// syclcc-flags:"))
        .map(|flags| flags.split_whitespace().map(String::from).collect())
        .unwrap_or_default()
}

/// `exe` under valgrind's memcheck: errors and definite or indirect leaks
/// fail the run; memory still reachable at exit (the runtime's device list,
/// image registry and Vulkan instance live as long as the process) does not.
fn memcheck_cmd(root: &Path, valgrind: &Path, exe: &Path) -> Command {
    let mut cmd = Command::new(valgrind);
    cmd.arg("--quiet")
        .arg(format!("--error-exitcode={MEMCHECK_ERROR_EXIT}"))
        .arg("--leak-check=full")
        .arg("--show-leak-kinds=definite,indirect")
        .arg("--errors-for-leak-kinds=definite,indirect")
        .arg(format!(
            "--suppressions={}",
            root.join("tests/valgrind/lavapipe.supp").display()
        ))
        .arg(exe);
    cmd
}

/// Runs `exe` on the devices `selector` picks; passes when it exits 0 and
/// prints `PASSED`. Returns whether it passed.
fn run_program(exe: &Path, selector: &str, what: &str, tally: &mut Tally) -> Result<bool, String> {
    let o = run_captured(
        Command::new(exe).env("ONEAPI_DEVICE_SELECTOR", selector),
        RUN_TIMEOUT,
    )?;
    if o.code == Some(0) && o.stdout.contains("PASSED") {
        let line = o
            .stdout
            .lines()
            .find(|l| l.contains("PASSED"))
            .unwrap_or("");
        tally.pass(&format!("{what}: {line}"));
        return Ok(true);
    }
    let why = if o.code == Some(0) {
        "exit code 0 but no PASSED in its output".into()
    } else {
        describe(&o)
    };
    tally.fail(what, &why, &format!("{}{}", o.stdout, o.stderr));
    Ok(false)
}

/// The test built with clang++ as the host compiler, optimizing (`-O2`:
/// clang then names lambdas as its alias metadata needs), run on Vulkan,
/// where the device pass must agree with clang on kernel names and closure
/// layouts (the host device runs the host compiler's own kernels).
fn clang_host_leg(
    syclcc: &Path,
    test: &Path,
    out_dir: &Path,
    name: &str,
    env: &Environment,
    tally: &mut Tally,
) -> Result<(), String> {
    let what = format!("{name} [clang++ -O2, vulkan:*]");
    if env.missing_build_tools.contains(&"clang++") {
        tally.skip(&what, "clang++ is not installed");
        return Ok(());
    }
    if !env.vulkan() {
        tally.skip(&what, "no Vulkan loader or ICD");
        return Ok(());
    }
    let exe = out_dir.join(format!("{name}-clang"));
    let o = run_captured(
        syclcc_cmd(syclcc, test)
            .args(["--host-cxx=clang++", "-O2"])
            .arg(test)
            .arg("-o")
            .arg(&exe),
        RUN_TIMEOUT,
    )?;
    if o.code != Some(0) {
        tally.fail(
            &what,
            &format!("syclcc failed ({})", describe(&o)),
            &o.stderr,
        );
        return Ok(());
    }
    if run_program(&exe, "vulkan:*", &what, tally)? {
        let _ = std::fs::remove_file(&exe);
    }
    Ok(())
}

/// How many tests run at once: `SYCLONE_TEST_JOBS`, else one per CPU.
fn jobs() -> usize {
    std::env::var("SYCLONE_TEST_JOBS")
        .ok()
        .and_then(|j| j.parse().ok())
        .filter(|&j| j > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
}

/// Runs every test; returns the tally (the caller prints the summary).
pub fn run(root: &Path, syclcc: &Path, env: &Environment) -> Result<Tally, String> {
    // The e2e programs, and the examples (the README's and the playground's).
    let mut tests: Vec<PathBuf> = vec![];
    for dir in [root.join("tests/e2e"), root.join("examples")] {
        let mut programs: Vec<PathBuf> = std::fs::read_dir(&dir)
            .map_err(|e| format!("{}: {e}", dir.display()))?
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "cpp"))
            .collect();
        programs.sort();
        tests.extend(programs);
    }
    let out_dir = root.join("target/e2e");
    std::fs::create_dir_all(&out_dir).map_err(|e| format!("{}: {e}", out_dir.display()))?;

    let jobs = jobs().min(tests.len().max(1));
    println!("{} programs, {jobs} at a time", tests.len());
    let next = AtomicUsize::new(0);
    let total = Mutex::new(Tally::default());
    let error = Mutex::new(None::<String>);
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= tests.len() || error.lock().is_ok_and(|e| e.is_some()) {
                    break;
                }
                let start = Instant::now();
                match run_one(root, syclcc, env, &tests[i], &out_dir) {
                    Ok(tally) => {
                        let mut total = total.lock().unwrap_or_else(|e| e.into_inner());
                        print!("{}", total.absorb(tally));
                        println!(
                            "----  {} ({:.1} s)",
                            tests[i].display(),
                            start.elapsed().as_secs_f64()
                        );
                    }
                    Err(e) => {
                        *error.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
                    }
                }
            });
        }
    });
    if let Some(e) = error.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    Ok(total.into_inner().unwrap_or_else(|e| e.into_inner()))
}

/// Runs one test: validation, the build, the runs on each device, the
/// clang++ leg and, where listed, memcheck.
fn run_one(
    root: &Path,
    syclcc: &Path,
    env: &Environment,
    test: &Path,
    out_dir: &Path,
) -> Result<Tally, String> {
    let mut tally = Tally::default();
    let stem = test.file_stem().unwrap_or_default().to_string_lossy();
    // An example may share its name with an e2e program.
    let name = if test.starts_with(root.join("examples")) {
        format!("example-{stem}")
    } else {
        stem.into_owned()
    };
    let exe = out_dir.join(&name);
    let _ = std::fs::remove_file(&exe);

    // Compile and link.
    let o = run_captured(
        syclcc_cmd(syclcc, test).arg(test).arg("-o").arg(&exe),
        RUN_TIMEOUT,
    )?;
    let compiled = o.code == Some(0);
    if !compiled {
        tally.say(&format!(
            "      {name}: syclcc failed ({}):\n",
            describe(&o)
        ));
        tally.say(&tail(&format!("{}{}", o.stdout, o.stderr), 30));
    }

    let mut keep_exe = false;
    for selector in ["vulkan:*", "host:cpu"] {
        let what = format!("{name} [{selector}]");
        if selector.starts_with("vulkan") && !env.vulkan() {
            tally.skip(&what, "no Vulkan loader or ICD");
            continue;
        }
        if !compiled {
            tally.fail(&what, "not compiled", "");
            continue;
        }
        keep_exe |= !run_program(&exe, selector, &what, &mut tally)?;
    }
    clang_host_leg(syclcc, test, out_dir, &name, env, &mut tally)?;
    if compiled && MEMCHECKED.contains(&name.as_str()) {
        for selector in ["vulkan:*", "host:cpu"] {
            let what = format!("{name} [{selector}, valgrind memcheck]");
            match &env.valgrind {
                None => tally.skip(&what, "valgrind is not installed"),
                Some(_) if selector.starts_with("vulkan") && !env.vulkan() => {
                    tally.skip(&what, "no Vulkan loader or ICD")
                }
                Some(valgrind) => {
                    let o = run_captured(
                        memcheck_cmd(root, valgrind, &exe).env("ONEAPI_DEVICE_SELECTOR", selector),
                        RUN_TIMEOUT,
                    )?;
                    if o.code == Some(0) && o.stdout.contains("PASSED") {
                        tally.pass(&what);
                    } else {
                        let why = match o.code {
                            Some(MEMCHECK_ERROR_EXIT) => "memcheck found errors or leaks".into(),
                            _ => describe(&o),
                        };
                        tally.fail(&what, &why, &o.stderr);
                        keep_exe = true;
                    }
                }
            }
        }
    }
    // A passing program's executable is not needed again; only the
    // failures stay behind to be rerun by hand.
    if compiled && !keep_exe {
        let _ = std::fs::remove_file(&exe);
    }
    Ok(tally)
}
