//! Work-group sizes chosen at launch (nd_range): a copy of a SPIR-V module
//! whose entry point's `LocalSize` execution mode says the launch's size.
//! The compiler emits every kernel with a default size; specialising the
//! copy is what a specialization constant would do, without relying on
//! spec-constant workgroup sizes surviving naga's SPIR-V front end.

const OP_ENTRY_POINT: u32 = 15;
const OP_EXECUTION_MODE: u32 = 16;
const MODE_LOCAL_SIZE: u32 = 17;
const HEADER_WORDS: usize = 5;

/// `words` with the `LocalSize` of entry point `entry` set to `size`; None
/// if the module has no such entry point or mode (or is malformed).
pub fn with_local_size(words: &[u32], entry: &str, size: [u32; 3]) -> Option<Vec<u32>> {
    let mut out = words.to_vec();
    let mut function = None;
    let mut patched = false;
    let mut at = HEADER_WORDS;
    while at < out.len() {
        let count = (out[at] >> 16) as usize;
        let opcode = out[at] & 0xffff;
        if count == 0 || at + count > out.len() {
            return None;
        }
        let operands = &out[at + 1..at + count];
        match opcode {
            OP_ENTRY_POINT if operands.len() >= 3 && literal_is(&operands[2..], entry) => {
                function = Some(operands[1]);
            }
            OP_EXECUTION_MODE
                if operands.len() == 5
                    && Some(operands[0]) == function
                    && operands[1] == MODE_LOCAL_SIZE =>
            {
                out[at + 3..at + 6].copy_from_slice(&size);
                patched = true;
            }
            _ => {}
        }
        at += count;
    }
    patched.then_some(out)
}

/// Whether `words` begin with the SPIR-V literal string `name` (UTF-8,
/// nul-terminated, packed little-endian).
fn literal_is(words: &[u32], name: &str) -> bool {
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    bytes.iter().position(|&b| b == 0).map(|end| &bytes[..end]) == Some(name.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A module with entry point "k" (function %7) of local size 64x1x1.
    fn module() -> Vec<u32> {
        let name = u32::from_le_bytes(*b"k\0\0\0");
        vec![
            0x0723_0203,
            0x0001_0000,
            0,
            10,
            0,
            (4 << 16) | OP_ENTRY_POINT,
            5,
            7,
            name,
            (6 << 16) | OP_EXECUTION_MODE,
            7,
            MODE_LOCAL_SIZE,
            64,
            1,
            1,
        ]
    }

    #[test]
    fn patches_the_entry_points_local_size() {
        let out = with_local_size(&module(), "k", [16, 8, 2]).unwrap();
        assert_eq!(&out[12..15], &[16, 8, 2]);
        assert_eq!(out.len(), module().len());
    }

    #[test]
    fn other_entry_points_and_malformed_modules_are_refused() {
        assert!(with_local_size(&module(), "other", [1, 1, 1]).is_none());
        let mut bad = module();
        bad[5] = (40 << 16) | OP_ENTRY_POINT;
        assert!(with_local_size(&bad, "k", [1, 1, 1]).is_none());
    }
}
