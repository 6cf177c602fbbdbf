//! sema (stub)
