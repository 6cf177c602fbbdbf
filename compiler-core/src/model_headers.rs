//! Model standard headers for the device pass: declarations of the std subset
//! SYCL programs use. The host pass uses the real system headers.

/// (header name, contents)
const HEADERS: &[(&str, &str)] = &[];

/// The model header for `<name>`, if there is one.
pub fn lookup(name: &str) -> Option<&'static str> {
    HEADERS.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}
