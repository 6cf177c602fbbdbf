//! Kernel printf (`sycl::ext::oneapi::experimental::printf`,
//! `include/sycl/detail/device_printf.hpp`): the format and the strings
//! `%s` prints are string literals the kernel's image lists by id, and a
//! record in the printf buffer holds the id and the values. Here: finding
//! those strings, and checking a format against the call's arguments as
//! clang's -Wformat does.

use super::values::Val;
use super::Lowerer;
use crate::bundle::PrintfString;
use crate::diag::Diagnostic;
use crate::front::sema::thir;
use crate::front::sema::{FloatKind, Ty};
use crate::ir::{Constant, Expr as IExpr, ScalarType};
use crate::printf_format::{self, ArgClass};
use crate::source::Span;

/// What a printf argument is, for checking it against its conversion.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ArgKind {
    /// An integer: its size in bytes (before promotion).
    Integer(u32),
    Float,
    String,
    Pointer,
    Other,
}

impl Lowerer<'_> {
    /// `__builtin_syclone_printf_format(format, args...)`: the id of the
    /// format, a string literal, checked against the arguments.
    pub(super) fn printf_format(&mut self, args: &[thir::Expr], span: Span) -> Val {
        // The user's call of printf, not the library's call of the builtin.
        let call = self.call_from_another_file(span).unwrap_or(span);
        let Some(format) = self.printf_literal(&args[0], call, "the format of printf") else {
            return Val::Scalar(self.printf_id(String::new()));
        };
        match printf_format::parse(&format) {
            Ok(pieces) => {
                let values: Vec<Ty> = args[1..].iter().map(|a| a.ty.non_ref().clone()).collect();
                self.check_printf_arguments(&pieces, &values, call);
            }
            Err(e) => self.error(call, format!("{e} in the format of printf in device code")),
        }
        Val::Scalar(self.printf_id(format))
    }

    /// `__builtin_syclone_printf_string(s)`: the id of the string literal
    /// `s` points into, chosen at run time where `s` may point into one of
    /// several (`c ? "odd" : "even"`).
    pub(super) fn printf_string(&mut self, args: &[thir::Expr], span: Span) -> Val {
        match self.printf_string_parts(&args[0], span) {
            Some((id, _)) => Val::Scalar(id),
            None => Val::Scalar(self.printf_id(String::new())),
        }
    }

    /// `__builtin_syclone_printf_string_offset(s)`: how far into its string
    /// literal `s` points, where that is known only at run time (else 0:
    /// the id names the rest of the literal).
    pub(super) fn printf_string_offset(&mut self, args: &[thir::Expr], span: Span) -> Val {
        match self.printf_string_parts(&args[0], span) {
            Some((_, offset)) => Val::Scalar(offset),
            None => Val::Scalar(IExpr::Const(Constant::Int(ScalarType::U32, 0))),
        }
    }

    /// The id (a `u32` expression) of the string literal a `%s` argument
    /// points into and the offset in it, or an error.
    fn printf_string_parts(&mut self, e: &thir::Expr, span: Span) -> Option<(IExpr, IExpr)> {
        // The user's call of printf, outside the library's header.
        let call = self.call_from_another_file(span).unwrap_or(span);
        let v = self.rvalue(e);
        let zero = IExpr::Const(Constant::Int(ScalarType::U32, 0));
        let parts = match self.deref_val(v) {
            Val::Ptr {
                binding: Some(b),
                index: IExpr::Const(Constant::Int(_, at)),
                choice: None,
                ..
            } => self
                .string_text(b)
                .and_then(|text| Some(text.get(usize::try_from(at).ok()?..)?.to_string()))
                .map(|suffix| (self.printf_id(suffix), zero)),
            Val::Ptr {
                binding: Some(b),
                index,
                choice: None,
                ..
            } => self.string_text(b).map(|text| {
                let offset = self.cast_scalar(index, ScalarType::U32);
                (self.printf_id(text), offset)
            }),
            Val::Ptr {
                index,
                choice: Some(choice),
                ..
            } => {
                let texts: Option<Vec<String>> = choice
                    .bindings
                    .iter()
                    .map(|&b| self.string_text(b))
                    .collect();
                texts.map(|texts| {
                    let ids: Vec<IExpr> = texts.into_iter().map(|t| self.printf_id(t)).collect();
                    let id = self.by_which(&choice.which, ids.into_iter());
                    (id, self.cast_scalar(index, ScalarType::U32))
                })
            }
            _ => None,
        };
        if parts.is_none() {
            self.error(
                call,
                "a string that printf prints with '%s' in device code must point into a string literal (or a constant array initialised by one)",
            );
        }
        parts
    }

    /// The text of the string literal `binding` holds, if it holds one.
    fn string_text(&self, binding: crate::ir::BindingId) -> Option<String> {
        self.strings
            .iter()
            .find(|(_, &s)| s == binding)
            .map(|(text, _)| text.clone())
    }

    /// The string literal `e` points to, or an error naming `what`.
    fn printf_literal(&mut self, e: &thir::Expr, call: Span, what: &str) -> Option<String> {
        let v = self.rvalue(e);
        let text = match self.deref_val(v) {
            Val::Ptr {
                binding: Some(b),
                index: IExpr::Const(Constant::Int(_, at)),
                choice: None,
                ..
            } => self
                .strings
                .iter()
                .find(|(_, &s)| s == b)
                .and_then(|(text, _)| text.get(usize::try_from(at).ok()?..))
                .map(str::to_string),
            _ => None,
        };
        if text.is_none() {
            self.error(
                call,
                format!("{what} in device code must be a string literal (or a constant array initialised by one)"),
            );
        }
        text
    }

    /// The id of printf string `text`, listed for the kernel's image.
    fn printf_id(&mut self, text: String) -> IExpr {
        let id = PrintfString::id_of(&text);
        if !self.printf_strings.iter().any(|s| s.id == id) {
            self.printf_strings.push(PrintfString { id, text });
        }
        IExpr::Const(Constant::Int(ScalarType::U32, u64::from(id)))
    }

    /// Checks the arguments of a printf (their types `values`) against
    /// the conversions of its format, as clang's -Wformat does: too few is
    /// an error (the record would have no value to print), a mismatch or an
    /// extra argument a warning.
    fn check_printf_arguments(
        &mut self,
        pieces: &[printf_format::Piece],
        values: &[Ty],
        call: Span,
    ) {
        let wanted = printf_format::arguments(pieces);
        if wanted.len() > values.len() {
            self.error(call, "more '%' conversions than data arguments");
            return;
        }
        for (i, ((conversion, star), ty)) in wanted.iter().zip(values).enumerate() {
            let kind = self.printf_arg_kind(ty);
            let name = self.sema.ty_name(ty);
            let n = i + 2;
            if kind == ArgKind::Other {
                self.error(
                    call,
                    format!("argument {n} of printf has type '{name}': printf in device code prints numbers and string literals"),
                );
                continue;
            }
            let class = if *star {
                ArgClass::Signed(4)
            } else {
                conversion.arg_class()
            };
            if class == ArgClass::Pointer || kind == ArgKind::Pointer {
                self.error(
                    call,
                    format!("argument {n} of printf: printf in device code cannot print pointers"),
                );
                continue;
            }
            let expected = if *star {
                "int"
            } else {
                conversion.expected_type()
            };
            let fits = match (class, kind) {
                // Smaller integers promote to int; `%hhd` and `%hd` want
                // the type they name (clang warns about an int there).
                (ArgClass::Signed(b) | ArgClass::Unsigned(b), ArgKind::Integer(size)) => match b {
                    4 => size <= 4,
                    b => u32::from(b) == size,
                },
                (ArgClass::Char, ArgKind::Integer(_)) => true,
                (ArgClass::Float, ArgKind::Float) => true,
                (ArgClass::String, ArgKind::String) => true,
                _ => false,
            };
            if class == ArgClass::String && kind != ArgKind::String {
                self.error(
                    call,
                    format!(
                        "format specifies type '{expected}' but argument {n} has type '{name}'"
                    ),
                );
            } else if !fits {
                self.diags.push(Diagnostic::warning(
                    call,
                    format!(
                        "format specifies type '{expected}' but argument {n} has type '{name}'"
                    ),
                ));
            }
        }
        if values.len() > wanted.len() {
            self.diags.push(Diagnostic::warning(
                call,
                "data argument not used by format string",
            ));
        }
    }

    fn printf_arg_kind(&mut self, ty: &Ty) -> ArgKind {
        match ty {
            Ty::Bool => ArgKind::Integer(1),
            Ty::Int(k) => ArgKind::Integer(k.size()),
            Ty::Enum(_) => {
                let size = self.sema.size_align(ty).map_or(4, |(s, _)| s as u32);
                ArgKind::Integer(size)
            }
            Ty::Float(FloatKind::Half | FloatKind::Float | FloatKind::Double) => ArgKind::Float,
            Ty::Class(c) if &*self.sema.class(*c).name == "half" => ArgKind::Float,
            Ty::Ptr { pointee, .. } if pointee.is_char() => ArgKind::String,
            Ty::Ptr { .. } => ArgKind::Pointer,
            _ => ArgKind::Other,
        }
    }
}
