//! Kernel printf on Vulkan devices: the printf buffer (a `device_global`
//! the device headers declare, see `include/sycl/detail/device_printf.hpp`)
//! is downloaded with what the host downloads when it waits for a device;
//! its records are printed, in the order the work-items reserved them, with
//! the formats and strings the images list, and the buffer is emptied.
//! Each conversion is formatted by the C library's `snprintf`, so that
//! output reads exactly as the host's printf would print it.

use crate::memory::{Fresh, MemoryTable};
use crate::registry;
use compiler_core::bundle::PRINTF_BUFFER_BYTES;
use compiler_core::printf_format::{self, ArgClass, Conversion, Count, Piece};
use std::ffi::{c_char, c_int, CString};
use std::io::Write;

/// Words before the records: the words used, the dropped flag.
const HEADER_WORDS: usize = 2;

/// Prints the records of the downloaded printf buffer at `start` and
/// empties it (the next kernel that prints uploads the empty buffer).
pub fn print(table: &mut MemoryTable, start: usize) {
    let Some(alloc) = table.get_mut(start) else {
        return;
    };
    let bytes = alloc.host_bytes_mut();
    let words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect();
    if words.get(..HEADER_WORDS).is_none_or(|h| h == [0, 0]) {
        return;
    }
    let output = format_records(&words, &|id| registry::printf_string(id));
    bytes[..4 * HEADER_WORDS].fill(0);
    alloc.fresh = Fresh::Host;
    // After what the program's C and C++ streams hold, in order.
    // SAFETY: fflush(NULL) flushes every output stream of the C library.
    unsafe { libc::fflush(std::ptr::null_mut()) };
    let mut out = std::io::stdout().lock();
    // Nothing to do when stdout is closed.
    let _ = out.write_all(output.as_bytes()).and_then(|()| out.flush());
    if words[1] != 0 {
        eprintln!(
            "syclone: kernel printf output did not fit the device's {} KiB printf buffer and was \
             dropped; the host empties the buffer when it waits for the device (wait more often, \
             or print less)",
            PRINTF_BUFFER_BYTES / 1024
        );
    }
}

/// The text of the records in `words` (the whole buffer), with the strings
/// `string` finds by id.
fn format_records(words: &[u32], string: &dyn Fn(u32) -> Option<String>) -> String {
    let records = &words[HEADER_WORDS.min(words.len())..];
    let end = (words[0] as usize).min(records.len());
    let mut out = String::new();
    let mut at = 0;
    while at + 3 <= end {
        let (length, format, count) = (records[at] as usize, records[at + 1], records[at + 2]);
        if length < 3 || at + length > end || length != 3 + 3 * count as usize {
            break;
        }
        let values: Vec<Value> = records[at + 3..at + length]
            .chunks_exact(3)
            .map(|w| Value::read(w[0], w[1], w[2], string))
            .collect();
        match string(format) {
            Some(f) => out += &format_record(&f, &values),
            None => out += &format!("<printf format {format:#x}: no registered image lists it>\n"),
        }
        at += length;
    }
    out
}

/// An argument as the device wrote it.
#[derive(Clone, Debug, PartialEq)]
enum Value {
    Signed(i64),
    Unsigned(u64),
    Float(f64),
    String(String),
}

impl Value {
    fn read(tag: u32, low: u32, high: u32, string: &dyn Fn(u32) -> Option<String>) -> Value {
        let wide = u64::from(low) | (u64::from(high) << 32);
        match tag {
            1 => Value::Signed(wide as i64),
            3 => Value::Float(f64::from(f32::from_bits(low))),
            4 => Value::Float(f64::from_bits(wide)),
            5 => Value::String(match string(low) {
                // From `high` bytes in: where the argument pointed.
                Some(text) => {
                    let bytes = text.as_bytes();
                    let from = (high as usize).min(bytes.len());
                    String::from_utf8_lossy(&bytes[from..]).into_owned()
                }
                None => format!("<string {low:#x}>"),
            }),
            _ => Value::Unsigned(wide),
        }
    }

    fn as_i64(&self) -> i64 {
        match self {
            Value::Signed(v) => *v,
            Value::Unsigned(v) => *v as i64,
            Value::Float(v) => *v as i64,
            Value::String(_) => 0,
        }
    }

    fn as_f64(&self) -> f64 {
        match self {
            Value::Signed(v) => *v as f64,
            Value::Unsigned(v) => *v as f64,
            Value::Float(v) => *v,
            Value::String(_) => 0.0,
        }
    }
}

/// `format` with `values`, as C's printf prints it.
fn format_record(format: &str, values: &[Value]) -> String {
    let Ok(pieces) = printf_format::parse(format) else {
        // The compiler rejects such formats.
        return format.to_string();
    };
    let mut values = values.iter();
    let mut out = String::new();
    for piece in pieces {
        match piece {
            Piece::Text(t) => out += &t,
            Piece::Conversion(c) => {
                let mut star = || values.next().map_or(0, |v| v.as_i64() as i32);
                let width = (c.width == Count::Argument).then(&mut star);
                let precision = (c.precision == Count::Argument).then(&mut star);
                let Some(value) = values.next() else {
                    break;
                };
                out += &format_conversion(&c, width, precision, value);
            }
        }
    }
    out
}

/// One conversion of `value`, by the C library. Integers are converted to
/// the conversion's width first (`%hhd` of 300 prints 44, as on the host).
fn format_conversion(
    c: &Conversion,
    width: Option<i32>,
    precision: Option<i32>,
    value: &Value,
) -> String {
    let mut buf = vec![0u8; 512];
    loop {
        let cap = buf.len();
        let out = buf.as_mut_ptr().cast::<c_char>();
        let n = match c.arg_class() {
            ArgClass::Signed(bytes) | ArgClass::Unsigned(bytes) => {
                // Kept to the conversion's width, sign- or zero-extended
                // back: `%lld` and `%llu` then read the same 64 bits.
                let shift = 64 - 8 * u32::from(bytes.min(8));
                let v = value.as_i64() << shift;
                let v = if matches!(c.arg_class(), ArgClass::Signed(_)) {
                    v >> shift
                } else {
                    ((v as u64) >> shift) as i64
                };
                let spec = cstring(c.c_spec(width, precision, "ll"));
                // SAFETY: `out` has `cap` bytes; the spec takes one 64-bit integer.
                unsafe { libc::snprintf(out, cap, spec.as_ptr(), v as libc::c_longlong) }
            }
            ArgClass::Char => {
                let spec = cstring(c.c_spec(width, precision, ""));
                // SAFETY: `out` has `cap` bytes; the spec takes one int.
                unsafe { libc::snprintf(out, cap, spec.as_ptr(), value.as_i64() as c_int) }
            }
            ArgClass::Float => {
                let spec = cstring(c.c_spec(width, precision, ""));
                // SAFETY: as above; the spec takes one double.
                unsafe { libc::snprintf(out, cap, spec.as_ptr(), value.as_f64()) }
            }
            ArgClass::String | ArgClass::Pointer => {
                let text = match value {
                    Value::String(s) => cstring(s.clone()),
                    _ => cstring(String::new()),
                };
                let spec = cstring(c.c_spec(width, precision, "").replace('p', "s"));
                // SAFETY: as above; the spec takes one nul-terminated string.
                unsafe { libc::snprintf(out, cap, spec.as_ptr(), text.as_ptr()) }
            }
        };
        let Ok(n) = usize::try_from(n) else {
            return String::new();
        };
        if n < cap {
            buf.truncate(n);
            return String::from_utf8_lossy(&buf).into_owned();
        }
        buf.resize(n + 1, 0);
    }
}

/// `s` as a C string (up to an interior nul).
fn cstring(mut s: String) -> CString {
    if let Some(nul) = s.find('\0') {
        s.truncate(nul);
    }
    CString::new(s).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(id: u32) -> Option<String> {
        match id {
            7 => Some("i=%d x=%.2f %s|%5s|%-4c|%hhd %lu %x %e %g %%\n".into()),
            8 => Some("abc".into()),
            9 => Some("[%*.*f]\n".into()),
            _ => None,
        }
    }

    /// A buffer holding `records` (each: format id, then (tag, low, high)s).
    fn buffer(records: &[(u32, Vec<[u32; 3]>)]) -> Vec<u32> {
        let mut words = vec![0, 0];
        for (format, args) in records {
            words.extend([3 + 3 * args.len() as u32, *format, args.len() as u32]);
            words.extend(args.iter().flatten());
        }
        words[0] = (words.len() - HEADER_WORDS) as u32;
        words.extend([0; 8]);
        words
    }

    #[test]
    fn records_print_as_the_host_printf_would() {
        let x = 2.5f32.to_bits();
        let e = 12345.678f64.to_bits();
        let words = buffer(&[
            (
                7,
                vec![
                    [1, (-3i32) as u32, u32::MAX],
                    [3, x, 0],
                    [5, 8, 0],
                    // From one byte into the literal; past its end, nothing.
                    [5, 8, 1],
                    [2, 'z' as u32, 0],
                    [1, 300, 0],
                    [2, 0, 1],
                    [2, 255, 0],
                    [4, e as u32, (e >> 32) as u32],
                    [3, 0.5f32.to_bits(), 0],
                ],
            ),
            (
                9,
                vec![
                    [1, 8, 0],
                    [1, 3, 0],
                    [4, 1.0f64.to_bits() as u32, (1.0f64.to_bits() >> 32) as u32],
                ],
            ),
        ]);
        assert_eq!(
            format_records(&words, &strings),
            "i=-3 x=2.50 abc|   bc|z   |44 4294967296 ff 1.234568e+04 0.5 %\n[   1.000]\n"
        );
    }

    #[test]
    fn the_buffer_is_as_large_as_the_header_declares() {
        let header = include_str!("../include/sycl/detail/device_printf.hpp");
        assert!(header.contains("printf_buffer_words = (1u << 18) - 2;"));
        assert_eq!(PRINTF_BUFFER_BYTES, 4 << 18);
    }

    #[test]
    fn damaged_or_unknown_records_do_not_crash() {
        let mut words = buffer(&[(42, vec![]), (7, vec![[1, 1, 0]])]);
        assert!(format_records(&words, &strings).starts_with("<printf format 0x2a"));
        // A record longer than the words used ends the output.
        words[0] = 4;
        assert!(format_records(&words, &strings).starts_with("<printf format"));
        words[HEADER_WORDS] = 1000;
        assert_eq!(format_records(&words, &strings), "");
    }
}
