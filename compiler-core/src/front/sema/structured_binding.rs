//! Structured bindings (`auto [a, b] = e;`, C++17 [dcl.struct.bind]): a
//! hidden variable holds `e` as the written `auto` type says (a copy, or a
//! reference), and each name is a reference to one part of it: an element
//! of an array, `get<i>` of a tuple-like type (one with a `std::tuple_size`
//! specialization), or otherwise a non-static data member, in declaration
//! order, of the class or of the one base that has them.

use super::thir::Stmt as TStmt;
use super::*;
use crate::front::ast::{self as a, ExprKind, NamePart, QualName, TemplateArg, TypeExprKind};
use crate::front::ast_build::{int_lit, member, name, var_decl};

/// The name of the hidden variable (reserved, so no user name clashes; an
/// inner binding's shadows an outer one's, whose names are already bound).
const HIDDEN: &str = "__structured_binding";
/// The reference a by-copy binding copies from.
const SOURCE: &str = "__structured_binding_source";

/// `auto&&`.
fn forwarding(span: Span) -> a::TypeExpr {
    a::TypeExpr::plain(
        TypeExprKind::RRef(Box::new(a::TypeExpr::plain(TypeExprKind::Auto, span))),
        span,
    )
}

impl Sema {
    pub(super) fn check_structured_binding(&mut self, sb: &a::StructuredBinding) -> Vec<TStmt> {
        let mut hidden = var_decl(HIDDEN, sb.ty.clone(), None, sb.span);
        hidden.init = Some(sb.init.clone());
        let mut out = vec![];
        let by_copy = matches!(sb.ty.kind, TypeExprKind::Auto);
        let hidden = if by_copy {
            // `auto [a, b] = e;` copies `e`, an array element by element:
            // `e` is bound to a reference first and copied from there.
            let source = a::VarDecl {
                name: Rc::from(SOURCE),
                ty: forwarding(sb.span),
                ..hidden
            };
            out.push(self.check_local_var(&source));
            let source_ty = self.local_type(SOURCE);
            self.copy_of_source(Rc::from(HIDDEN), &source_ty, source)
        } else {
            hidden
        };
        out.push(self.check_local_var(&hidden));
        let object = self.local_type(HIDDEN);
        let parts = match self.binding_parts(&object, sb.span) {
            Ok(parts) if parts.len() == sb.names.len() => Some(parts),
            Ok(parts) => {
                let msg = format!(
                    "type '{}' decomposes into {} element{}, but {} name{} provided",
                    self.ty_name(&object),
                    parts.len(),
                    if parts.len() == 1 { "" } else { "s" },
                    sb.names.len(),
                    if sb.names.len() == 1 {
                        " was"
                    } else {
                        "s were"
                    },
                );
                self.report(sb.span, msg);
                None
            }
            Err(Some(msg)) => {
                self.report(sb.span, msg);
                None
            }
            Err(None) => None,
        };
        let Some(parts) = parts else {
            // The names are declared with an error type so their uses add
            // nothing more.
            let f = self.cur().func;
            for (name, sp) in &sb.names {
                let v = self.new_var(name.clone(), Ty::Error, Some(f), *sp);
                self.cur()
                    .frames
                    .last_mut()
                    .expect("frame")
                    .push((name.clone(), v));
            }
            return out;
        };
        for ((name, sp), part) in sb.names.iter().zip(parts) {
            let v = a::VarDecl {
                name: name.clone(),
                ty: forwarding(sb.span),
                init: Some(a::Initializer::Assign(part)),
                span: *sp,
                name_span: *sp,
                ..hidden.clone()
            };
            out.push(self.check_local_var(&v));
        }
        out
    }

    /// The type of local `name`, references removed.
    fn local_type(&self, name: &str) -> Ty {
        self.lookup_local(name)
            .map(|(id, _)| self.var(id).ty.non_ref().clone())
            .unwrap_or(Ty::Error)
    }

    /// The hidden variable of a by-copy binding, initialized from the
    /// reference `source` (of type `source_ty`): an array of the same
    /// elements, or `auto` copied from it.
    fn copy_of_source(
        &mut self,
        hidden: Rc<str>,
        source_ty: &Ty,
        source: a::VarDecl,
    ) -> a::VarDecl {
        let span = source.span;
        let source_name = || name(SOURCE, span);
        if let Ty::Array(elem, n) = source_ty {
            // The element type is named through a binding in the block's
            // environment, as a block-scope alias would be.
            let param: Rc<str> = Rc::from("__binding_element");
            let env = self.cur().env.clone();
            self.cur().env = Rc::new(Env {
                using_dirs: Vec::new(),
                entities: Vec::new(),
                bindings: vec![(param.clone(), TArg::Type((**elem).clone()))],
                parent: Some(env),
            });
            let elements = (0..*n)
                .map(|i| a::Expr {
                    kind: ExprKind::Index(
                        Box::new(source_name()),
                        Box::new(int_lit(i as u128, span)),
                    ),
                    span,
                })
                .collect();
            let ty = a::TypeExpr::plain(
                TypeExprKind::Array(
                    Box::new(a::TypeExpr::plain(
                        TypeExprKind::Named(QualName::simple(param, span)),
                        span,
                    )),
                    None,
                ),
                span,
            );
            return a::VarDecl {
                name: hidden,
                ty,
                init: Some(a::Initializer::Brace(elements, span, a::ListForm::Direct)),
                ..source
            };
        }
        a::VarDecl {
            name: hidden,
            ty: a::TypeExpr::plain(TypeExprKind::Auto, span),
            init: Some(a::Initializer::Assign(source_name())),
            ..source
        }
    }

    /// The expressions, over the hidden variable, that the names bind to;
    /// `Err(Some(message))` for a type that cannot be decomposed,
    /// `Err(None)` where the error was already reported.
    pub(super) fn binding_parts(
        &mut self,
        object: &Ty,
        span: Span,
    ) -> Result<Vec<a::Expr>, Option<String>> {
        let int = |i: u64| int_lit(i as u128, span);
        match object {
            Ty::Error => Err(None),
            Ty::Array(_, n) => Ok((0..*n)
                .map(|i| a::Expr {
                    kind: ExprKind::Index(Box::new(name(HIDDEN, span)), Box::new(int(i))),
                    span,
                })
                .collect()),
            Ty::Class(c) => {
                if let Some(n) = self.tuple_size(object, span) {
                    let by_member = self
                        .class(*c)
                        .methods
                        .iter()
                        .any(|m| m.name.last().ident.as_ref() == "get");
                    return Ok((0..n as u64)
                        .map(|i| {
                            let get = |global: bool, parts: Vec<&str>| QualName {
                                global,
                                parts: parts
                                    .iter()
                                    .enumerate()
                                    .map(|(k, p)| NamePart {
                                        ident: Rc::from(*p),
                                        template_args: (k + 1 == parts.len())
                                            .then(|| vec![TemplateArg::Expr(int(i))]),
                                        span,
                                    })
                                    .collect(),
                                span,
                            };
                            let kind = if by_member {
                                let member = a::Expr {
                                    kind: ExprKind::Member {
                                        base: Box::new(name(HIDDEN, span)),
                                        arrow: false,
                                        name: get(false, vec!["get"]),
                                    },
                                    span,
                                };
                                ExprKind::Call(Box::new(member), vec![])
                            } else {
                                let callee = a::Expr {
                                    kind: ExprKind::Name(get(true, vec!["std", "get"])),
                                    span,
                                };
                                ExprKind::Call(Box::new(callee), vec![name(HIDDEN, span)])
                            };
                            a::Expr { kind, span }
                        })
                        .collect());
                }
                let fields = self.binding_fields(*c)?;
                Ok(fields
                    .into_iter()
                    .map(|f| member(name(HIDDEN, span), &f, span))
                    .collect())
            }
            other => Err(Some(format!(
                "cannot decompose non-class, non-array type '{}'",
                self.ty_name(other)
            ))),
        }
    }

    /// `std::tuple_size<T>::value` where it is specialized for `T`.
    fn tuple_size(&mut self, ty: &Ty, span: Span) -> Option<i128> {
        let param: Rc<str> = Rc::from("__binding_type");
        let value = a::Expr {
            kind: ExprKind::Name(QualName {
                global: true,
                parts: vec![
                    NamePart {
                        ident: Rc::from("std"),
                        template_args: None,
                        span,
                    },
                    NamePart {
                        ident: Rc::from("tuple_size"),
                        template_args: Some(vec![TemplateArg::Type(a::TypeExpr::plain(
                            TypeExprKind::Named(QualName::simple(param.clone(), span)),
                            span,
                        ))]),
                        span,
                    },
                    NamePart {
                        ident: Rc::from("value"),
                        template_args: None,
                        span,
                    },
                ],
                span,
            }),
            span,
        };
        let (ctx, env) = self.ctx_env_naming(param, ty);
        self.const_eval_ast(&value, ctx, &env)
    }

    /// The non-static data members a class decomposes into: its own, or
    /// those of the one base class that has them.
    fn binding_fields(&mut self, c: ClassId) -> Result<Vec<Rc<str>>, Option<String>> {
        self.complete_class(c);
        let info = self.class(c);
        if !info.fields.is_empty() {
            return Ok(info.fields.iter().map(|f| f.name.clone()).collect());
        }
        let bases: Vec<ClassId> = info.bases.iter().map(|(b, _)| *b).collect();
        let mut found = None;
        for b in bases {
            let fields = self.binding_fields(b)?;
            if fields.is_empty() {
                continue;
            }
            if found.is_some() {
                return Err(Some(format!(
                    "cannot decompose class type '{}': its members are in more than one class",
                    self.ty_name(&Ty::Class(c))
                )));
            }
            found = Some(fields);
        }
        Ok(found.unwrap_or_default())
    }
}
