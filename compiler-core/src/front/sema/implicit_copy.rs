//! Implicit copy constructors that run code: a class that declares no copy
//! or move constructor is copied base by base and member by member, and
//! where some base or member has a user copy constructor (or is itself
//! such a class) the copy is spelled out as an aggregate of those copies,
//! so that their copy constructors run. Elsewhere it stays a copy of the
//! bytes. A parameter returned by name is moved into the result.

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

    /// `return p;` of parameter `p` (an lvalue of class `c`): the result
    /// is move-constructed from it (C++17 [class.copy.elision]/3) by the
    /// class's move constructor, else its copy constructor; None where
    /// that copies the bytes.
    pub(super) fn implicit_move(
        &mut self,
        c: ClassId,
        src: &TExpr,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<TExpr> {
        let own = Ty::Class(c);
        let movers = self.constructors_for(c, (own.clone(), false));
        let mover = movers.into_iter().find(|&f| {
            !self.func(f).decl.deleted
                && matches!(self.func(f).params.first(), Some(Ty::RRef(t)) if **t == own)
        });
        if let Some(f) = mover {
            let mut args = vec![src.clone()];
            self.append_default_args(f, &mut args, diags);
            return Some(TExpr {
                kind: TK::Construct(f, args),
                ty: own,
                lvalue: false,
                span: src.span,
            });
        }
        if self.declares_copy_constructor(c) {
            return Some(self.construct(c, vec![src.clone()], src.span, diags));
        }
        self.memberwise_copy(c, src, diags)
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
                Ty::Array(ref elem, _) if matches!(**elem, Ty::Class(e) if self.copy_runs_code(e)) =>
                {
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

    /// Whether copying an object of class `c` runs code the compiler can
    /// see: a user copy or move constructor with a definition, or such an
    /// implicit one. (One the standard library model only declares, as
    /// `std::string`'s, leaves the copy to the bytes: device code cannot
    /// copy such a class anyway, and its host-only uses stay quiet.)
    /// Answered once per class.
    fn copy_runs_code(&mut self, c: ClassId) -> bool {
        if let Some(&known) = self.copy_runs_code.get(&c) {
            return known;
        }
        // (A class cannot contain itself: no cycle to guard.)
        let runs = self.defines_copy_constructor(c) || self.implicit_copy_runs_code(c);
        self.copy_runs_code.insert(c, runs);
        runs
    }

    fn defines_copy_constructor(&mut self, c: ClassId) -> bool {
        let env = self.class(c).env.clone();
        self.constructors(c).iter().any(|m| {
            m.body.is_some() && !m.defaulted && !m.deleted && self.takes_own_class(m, c, &env)
        })
    }
}
