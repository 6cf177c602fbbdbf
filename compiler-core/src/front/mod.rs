//! The C++ frontend: preprocessor, lexer, parser, semantic analysis.

pub mod ast;
pub(crate) mod ast_build;
pub mod ast_dump;
pub mod fp_contract;
pub mod lang;
pub mod lexer;
pub mod literal;
pub mod parse;
pub mod pipeline;
pub mod pragma_pack;
pub mod preprocess;
pub mod sema;
pub mod token;
