//! The compiler never panics: damaged versions of real SYCL programs (bytes
//! and lines deleted, duplicated, swapped; deterministic PRNG) go through
//! the whole pipeline and come back as diagnostics or images.

mod common;

const PROGRAMS: &[&str] = &[
    include_str!("../../examples/vector_add.cpp"),
    include_str!("../../examples/saxpy_usm.cpp"),
    include_str!("../../tests/e2e/int_scale_namespace.cpp"),
];

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn mutate(src: &str, rng: &mut Rng) -> String {
    let mut bytes: Vec<u8> = src.bytes().collect();
    for _ in 0..1 + rng.below(4) {
        let len = bytes.len().max(1);
        let at = rng.below(len);
        let span = 1 + rng.below(12);
        match rng.below(4) {
            0 => {
                let end = (at + span).min(bytes.len());
                bytes.drain(at..end);
            }
            1 => {
                let end = (at + span).min(bytes.len());
                let chunk: Vec<u8> = bytes[at..end].to_vec();
                let to = rng.below(bytes.len().max(1));
                bytes.splice(to..to, chunk);
            }
            2 => {
                let tokens = [
                    b"{" as &[u8],
                    b"}",
                    b"(",
                    b")",
                    b"<",
                    b">",
                    b";",
                    b",",
                    b"[=]",
                    b"template",
                    b"auto",
                    b"::",
                    b"&",
                    b"*",
                    b"0",
                ];
                let t = tokens[rng.below(tokens.len())];
                bytes.splice(at..at, t.iter().copied());
            }
            _ => {
                if at < bytes.len() {
                    bytes[at] = b" {}()<>;,=*&[]:#xa0"[rng.below(19)];
                }
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

#[test]
fn damaged_programs_give_diagnostics_not_panics() {
    let mut rng = Rng(0x5eed_1234_abcd_9876);
    for round in 0..150 {
        for (i, p) in PROGRAMS.iter().enumerate() {
            let src = mutate(p, &mut rng);
            let r = std::panic::catch_unwind(|| common::compile_sycl("fuzz.cpp", &src));
            assert!(
                r.is_ok(),
                "panic on round {round}, program {i}; input:\n{src}"
            );
        }
    }
}
