//! Failed `assert`s of device code on Vulkan devices: the assert record (a
//! `device_global` the device headers declare, see
//! `include/sycl/detail/device_assert.hpp`) is downloaded with what the
//! host downloads when it waits for a device (in the same round trip); a
//! failure is printed as DPC++ prints it, and the program aborts, as a
//! failed assert does.

use crate::memory::MemoryTable;
use crate::registry;
use compiler_core::bundle::AssertSite;

/// Bytes of `sycl::detail::assert_record`: failures, site, line,
/// group[3], local[3].
pub const RECORD_BYTES: usize = 4 * 9;

/// Ends the program with the failed assertion the downloaded record at
/// `start` holds, if any.
pub fn report(table: &MemoryTable, start: usize) {
    let Some(record) = table.find(start).map(|a| a.host_bytes()) else {
        return;
    };
    let Some(failure) = Failure::read(record) else {
        return;
    };
    eprintln!("{}", failure.message(registry::assert_site(failure.site)));
    std::process::abort();
}

/// What the assert record says.
struct Failure {
    count: u32,
    site: u32,
    line: u32,
    group: [u32; 3],
    local: [u32; 3],
}

impl Failure {
    /// The failure `record` holds, if it holds one.
    fn read(record: &[u8]) -> Option<Failure> {
        let word = |i: usize| {
            record
                .get(4 * i..4 * i + 4)
                .map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        };
        (word(0) != 0).then(|| Failure {
            count: word(0),
            site: word(1),
            line: word(2),
            group: [word(3), word(4), word(5)],
            local: [word(6), word(7), word(8)],
        })
    }

    /// The message, as DPC++ words it, with the assert's strings.
    fn message(&self, site: Option<AssertSite>) -> String {
        let site = site.unwrap_or_else(|| AssertSite {
            id: self.site,
            expression: format!("<assert {:#x}: no registered image lists it>", self.site),
            file: "<unknown file>".into(),
            function: "<unknown function>".into(),
        });
        let others = match self.count - 1 {
            0 => String::new(),
            n => format!(
                " ({n} more work-item{} failed assertions)",
                if n == 1 { "" } else { "s" }
            ),
        };
        let [g0, g1, g2] = self.group;
        let [l0, l1, l2] = self.local;
        format!(
            "{}:{}: {}: work-group id: [{g0},{g1},{g2}], local id: [{l0},{l1},{l2}] Assertion `{}` failed.{others}",
            site.file, self.line, site.function, site.expression
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failure_messages_name_the_first_assertion() {
        let mut record = vec![0u8; RECORD_BYTES];
        assert!(Failure::read(&record).is_none());
        let words = [3u32, 77, 17, 1, 0, 0, 5, 0, 0];
        for (i, w) in words.iter().enumerate() {
            record[4 * i..4 * i + 4].copy_from_slice(&w.to_le_bytes());
        }
        let failure = Failure::read(&record).expect("a failure");
        let site = AssertSite {
            id: 77,
            expression: "i < n".into(),
            file: "k.cpp".into(),
            function: "operator()".into(),
        };
        assert_eq!(
            failure.message(Some(site)),
            "k.cpp:17: operator(): work-group id: [1,0,0], local id: [5,0,0] Assertion `i < n` \
             failed. (2 more work-items failed assertions)"
        );
        assert!(failure
            .message(None)
            .contains("no registered image lists it"));
    }
}
