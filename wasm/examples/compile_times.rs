//! Native side of `cargo xtask bench-wasm`: compiles each program given on
//! the command line with [`syclone_wasm::compile_to_result`] (the code the
//! wasm package runs, natively) and prints `<median ms> <program>` per line.
//!
//! `compile_times <runs> <gcc|clang> <major> <program>...`

use std::time::Instant;
use syclone_wasm::glue::HostCompilerOption;
use syclone_wasm::{compile_to_result, Options};

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [runs, kind, major, programs @ ..] = args.as_slice() else {
        return Err("usage: compile_times <runs> <gcc|clang> <major> <program>...".into());
    };
    let runs: usize = runs.parse().map_err(|e| format!("runs: {e}"))?;
    let major: u32 = major.parse().map_err(|e| format!("major: {e}"))?;
    let host = match kind.as_str() {
        "gcc" => HostCompilerOption::Gcc { major },
        "clang" => HostCompilerOption::Clang { major, tbaa: false },
        other => return Err(format!("unknown host compiler kind '{other}'")),
    };
    for program in programs {
        let source =
            std::fs::read_to_string(program).map_err(|e| format!("cannot read {program}: {e}"))?;
        let opts = Options {
            file_name: Some(program.clone()),
            host_compiler: Some(host),
            ..Options::default()
        };
        let mut times = vec![];
        // One warm-up compile, as in the Node script.
        for run in 0..=runs {
            let start = Instant::now();
            let result = compile_to_result(&source, &opts);
            let ms = start.elapsed().as_secs_f64() * 1e3;
            if !result.success {
                return Err(format!("{program}: {}", result.rendered_diagnostics));
            }
            if run > 0 {
                times.push(ms);
            }
        }
        times.sort_by(f64::total_cmp);
        println!("{:.3} {program}", times[times.len() / 2]);
    }
    Ok(())
}
