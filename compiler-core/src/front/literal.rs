//! Numeric, character and string literal decoding (stub).
