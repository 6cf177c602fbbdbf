//! The C++ lexer (stub).
