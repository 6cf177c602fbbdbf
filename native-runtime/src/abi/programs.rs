//! Programs compiled from SYCL source at run time (the kernel compiler):
//! build, log, kernel lookup, release.

use super::{c_array, c_str, guard, status};
use crate::error::{RtError, RtResult};
use crate::kernel_compiler::{Program, SourceBuild};
use std::ffi::{c_char, c_int, CString};

/// A built program with the C strings handed out for it.
pub struct ProgramHandle {
    program: Program,
    log: CString,
    /// Launch keys handed out by `syclone_program_kernel_key`, by name.
    keys: Vec<(String, CString)>,
}

pub type SycloneProgram = *mut ProgramHandle;

/// `n` strings from a C array of them.
fn c_strs<'a>(ptr: *const *const c_char, n: usize, what: &str) -> RtResult<Vec<&'a str>> {
    // SAFETY: the caller passes `n` string pointers.
    let ptrs = unsafe { c_array(ptr, n)? };
    ptrs.iter().map(|&p| c_str(p, what)).collect()
}

fn program_mut<'a>(p: SycloneProgram) -> RtResult<&'a mut ProgramHandle> {
    // SAFETY: a non-null handle comes from syclone_program_build and is
    // alive until syclone_program_release; the C++ side does not share it
    // between threads without synchronisation.
    unsafe { p.as_mut() }.ok_or_else(|| RtError::Invalid("null syclone_program".into()))
}

#[no_mangle]
pub extern "C" fn syclone_program_build(
    source: *const c_char,
    include_names: *const *const c_char,
    include_contents: *const *const c_char,
    num_includes: usize,
    options: *const *const c_char,
    num_options: usize,
    out: *mut SycloneProgram,
) -> c_int {
    status(|| {
        if out.is_null() {
            return Err(RtError::Invalid(
                "syclone_program_build: null output".into(),
            ));
        }
        let source = c_str(source, "kernel source")?;
        let names = c_strs(include_names, num_includes, "include file name")?;
        let contents = c_strs(include_contents, num_includes, "include file contents")?;
        let build = SourceBuild {
            include_files: names.into_iter().zip(contents).collect(),
            options: c_strs(options, num_options, "build option")?,
        };
        let program = Program::build(source, &build)?;
        let log = CString::new(program.log.replace('\0', " ")).unwrap_or_default();
        let handle = Box::new(ProgramHandle {
            program,
            log,
            keys: vec![],
        });
        // SAFETY: checked non-null above; the caller owns the handle now.
        unsafe { *out = Box::into_raw(handle) };
        Ok(())
    })
}

/// The compiler's messages (warnings) for a program that built; valid
/// until the program is released.
#[no_mangle]
pub extern "C" fn syclone_program_log(p: SycloneProgram) -> *const c_char {
    guard(std::ptr::null(), || Ok(program_mut(p)?.log.as_ptr()))
}

/// 1 if the program has a kernel called `name`, 0 if not, -1 on error.
#[no_mangle]
pub extern "C" fn syclone_program_has_kernel(p: SycloneProgram, name: *const c_char) -> c_int {
    guard(-1, || {
        let name = c_str(name, "kernel name")?;
        Ok(c_int::from(program_mut(p)?.program.has_kernel(name)))
    })
}

/// The launch key (`syclone_launch_desc::kernel_key`) of kernel `name`;
/// null with the last error set when there is no such kernel. Valid until
/// the program is released.
#[no_mangle]
pub extern "C" fn syclone_program_kernel_key(
    p: SycloneProgram,
    name: *const c_char,
) -> *const c_char {
    guard(std::ptr::null(), || {
        let name = c_str(name, "kernel name")?;
        let handle = program_mut(p)?;
        if let Some((_, key)) = handle.keys.iter().find(|(n, _)| n == name) {
            return Ok(key.as_ptr());
        }
        let key = CString::new(handle.program.kernel_key(name)?)
            .map_err(|_| RtError::Invalid("kernel name contains NUL".into()))?;
        let ptr = key.as_ptr();
        handle.keys.push((name.to_string(), key));
        Ok(ptr)
    })
}

/// Unregisters the program's kernels and frees it. Commands already
/// submitted keep what they need.
#[no_mangle]
pub extern "C" fn syclone_program_release(p: SycloneProgram) {
    if !p.is_null() {
        // SAFETY: the handle came from Box::into_raw in syclone_program_build
        // and is released once.
        drop(unsafe { Box::from_raw(p) });
    }
}
