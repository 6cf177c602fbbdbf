//! Failed `assert`s of device code on Vulkan devices: the assert record (a
//! `device_global` the device headers declare, see
//! `include/sycl/detail/device_assert.hpp`) is read when the host waits for
//! a device; a failure is printed as DPC++ prints it, and the program
//! aborts, as a failed assert does.

use crate::device::vulkan::VulkanDevice;
use crate::device_global;
use crate::error::RtResult;
use crate::memory::{Fresh, MemoryTable};
use crate::sync;
use std::sync::Arc;

/// The mangled name of `sycl::detail::syclone_assert_record`.
pub const SYMBOL: &str = "_ZN4sycl6detail21syclone_assert_recordE";

/// Bytes of `sycl::detail::assert_record`: failures, line, group[3],
/// local[3], then the text.
pub const RECORD_BYTES: usize = 4 * (2 + 3 + 3 + 120);
const TEXT_OFFSET: usize = 4 * 8;

/// Reads `dev`'s assert record if a kernel wrote it since the last read;
/// a failed assertion ends the program.
pub fn check(table: &mut MemoryTable, dev: &Arc<VulkanDevice>) -> RtResult<()> {
    let Some(start) = device_global::existing_copy(dev, SYMBOL) else {
        return Ok(());
    };
    if table.find(start).is_none_or(|a| a.fresh != Fresh::Device) {
        return Ok(());
    }
    sync::download_allocation(table, dev, start)?;
    let Some(record) = table.find(start).map(|a| a.host_bytes().to_vec()) else {
        return Ok(());
    };
    if let Some(message) = failure_message(&record) {
        eprintln!("{message}");
        std::process::abort();
    }
    Ok(())
}

/// The message for a record with a failure, as DPC++ words it.
fn failure_message(record: &[u8]) -> Option<String> {
    let word = |i: usize| {
        record
            .get(4 * i..4 * i + 4)
            .map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    };
    if record.len() < RECORD_BYTES || word(0) == 0 {
        return None;
    }
    let mut texts = record[TEXT_OFFSET..RECORD_BYTES]
        .split(|&b| b == 0)
        .map(|t| String::from_utf8_lossy(t).into_owned());
    let (expr, file, func) = (
        texts.next().unwrap_or_default(),
        texts.next().unwrap_or_default(),
        texts.next().unwrap_or_default(),
    );
    let others = match word(0) - 1 {
        0 => String::new(),
        n => format!(
            " ({n} more work-item{} failed assertions)",
            if n == 1 { "" } else { "s" }
        ),
    };
    Some(format!(
        "{file}:{}: {func}: work-group id: [{},{},{}], local id: [{},{},{}] Assertion `{expr}` failed.{others}",
        word(1),
        word(2),
        word(3),
        word(4),
        word(5),
        word(6),
        word(7)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failure_messages_name_the_first_assertion() {
        let mut record = vec![0u8; RECORD_BYTES];
        assert_eq!(failure_message(&record), None);
        let words = [3u32, 17, 1, 0, 0, 5, 0, 0];
        for (i, w) in words.iter().enumerate() {
            record[4 * i..4 * i + 4].copy_from_slice(&w.to_le_bytes());
        }
        let text = b"i < n\0k.cpp\0operator()\0";
        record[TEXT_OFFSET..TEXT_OFFSET + text.len()].copy_from_slice(text);
        assert_eq!(
            failure_message(&record).as_deref(),
            Some(
                "k.cpp:17: operator(): work-group id: [1,0,0], local id: [5,0,0] Assertion `i < n` \
                 failed. (2 more work-items failed assertions)"
            )
        );
    }
}
