//! Implicit copy constructors that run code: a class that declares no copy
//! or move constructor is copied base by base and member by member, and
//! where some base or member has a user copy constructor (or is itself
//! such a class) the copy is spelled out as an aggregate of those copies,
//! so that their copy constructors run. Elsewhere it stays a copy of the
//! bytes.

use super::thir::{Expr as TExpr, ExprKind as TK};
use super::types::Ty;
use super::{ClassId, Sema};
use crate::diag::Diagnostic;

impl Sema {
    /// A copy of lvalue `src` of class `c`, which declares no copy
    /// constructor, made base by base and member by member; None where the
    /// implicit copy is a copy of the bytes.
    pub(super) fn memberwise_copy(
        &mut self,
        c: ClassId,
        src: &TExpr,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<TExpr> {
        if !self.implicit_copy_runs_code(c) {
            return None;
        }
        let span = src.span;
        let bases: Vec<ClassId> = self.class(c).bases.iter().map(|(b, _)| *b).collect();
        let fields: Vec<Ty> = self.class(c).fields.iter().map(|f| f.ty.clone()).collect();
        let mut inits = vec![];
        for (i, b) in bases.into_iter().enumerate() {
            let part = TExpr {
                kind: TK::BaseSub(Box::new(src.clone()), i),
                ty: Ty::Class(b),
                lvalue: true,
                span,
            };
            inits.push(self.copy_of_part(part, diags));
        }
        for (i, ty) in fields.into_iter().enumerate() {
            let part = TExpr {
                kind: TK::Field(Box::new(src.clone()), i),
                ty,
                lvalue: true,
                span,
            };
            inits.push(self.copy_of_part(part, diags));
        }
        Some(TExpr {
            kind: TK::Aggregate(inits),
            ty: Ty::Class(c),
            lvalue: false,
            span,
        })
    }

    /// The copy of base or member `part` (an lvalue) that initializes the
    /// same part of the new object.
    fn copy_of_part(&mut self, part: TExpr, diags: &mut Vec<Diagnostic>) -> TExpr {
        match part.ty.clone() {
            ty @ Ty::Class(_) => self.convert(part, &ty, diags),
            _ => self.rvalue(part),
        }
    }

    /// Whether the implicit copy constructor of `c` runs code that a copy
    /// of its bytes would not: some base or member of class type has a
    /// user copy constructor or such an implicit one. Classes whose copy
    /// cannot be spelled as an aggregate of their parts (unions, anonymous
    /// unions, bit-fields, references, arrays of such classes, closures)
    /// are copied as bytes.
    fn implicit_copy_runs_code(&mut self, c: ClassId) -> bool {
        self.complete_class(c);
        let info = self.class(c);
        let is_union = info
            .decl
            .as_ref()
            .is_some_and(|d| d.key == crate::front::ast::ClassKey::Union);
        let overlapping = info.fields.windows(2).any(|w| w[1].offset <= w[0].offset);
        if is_union || overlapping || info.closure.is_some() || !info.bit_fields.is_empty() {
            return false;
        }
        let fields: Vec<Ty> = info.fields.iter().map(|f| f.ty.clone()).collect();
        let bases: Vec<ClassId> = info.bases.iter().map(|(b, _)| *b).collect();
        let mut runs_code = false;
        for ty in fields {
            match ty {
                Ty::Class(m) => runs_code |= self.copy_runs_code(m),
                Ty::Array(ref elem, _) if matches!(**elem, Ty::Class(e) if self.copy_runs_code(e)) => {
                    return false;
                }
                t if t.is_ref() => return false,
                _ => {}
            }
        }
        for b in bases {
            runs_code |= self.copy_runs_code(b);
        }
        runs_code
    }

    /// Whether copying an object of class `c` runs code.
    fn copy_runs_code(&mut self, c: ClassId) -> bool {
        self.declares_copy_constructor(c) || self.implicit_copy_runs_code(c)
    }
}
