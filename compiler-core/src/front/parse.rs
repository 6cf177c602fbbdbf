//! parser (stub)
