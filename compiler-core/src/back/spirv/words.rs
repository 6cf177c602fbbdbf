//! Reading SPIR-V as words, without parsing the module: the passes that
//! rewrite a few instructions of an image walk it this way.

/// The opcode of an instruction.
pub(super) fn opcode(ins: &[u32]) -> u32 {
    ins[0] & 0xffff
}

/// The instructions after the header, each with its operands; a malformed
/// word count ends the walk.
pub(super) fn instructions(words: &[u32]) -> impl Iterator<Item = &[u32]> {
    let mut at = 5.min(words.len());
    std::iter::from_fn(move || {
        let count = (*words.get(at)? >> 16) as usize;
        if count == 0 || at + count > words.len() {
            return None;
        }
        let ins = &words[at..at + count];
        at += count;
        Some(ins)
    })
}

/// A SPIR-V literal string (nul-terminated UTF-8 packed little-endian).
pub(super) fn literal_string(words: &[u32]) -> String {
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
    String::from_utf8_lossy(&bytes[..end]).into_owned()
}
