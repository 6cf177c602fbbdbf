//! runtime (stub)
