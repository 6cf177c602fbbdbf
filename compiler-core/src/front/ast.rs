//! AST (stub)
