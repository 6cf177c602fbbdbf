//! Kernel arguments of classes that opt in to the decomposition protocol
//! (`front/sema/decomposition.rs`). The host calls `sycl_deconstruct()` on
//! each such object in the kernel object and copies what it returns into
//! one extra kernel argument ([`DECOMPOSED_ARG`], laid out here, one
//! element object after another at its alignment); the device reads the
//! elements from there like any argument and rebuilds the object with
//! `sycl_reconstruct()` before the kernel body runs. The kernel object's
//! own bytes of a decomposed object are not read. Elements that opt in
//! themselves are decomposed in turn, from the host's elements object.

use super::{destructors, Frame, Lowerer};
use crate::diag::Diagnostic;
use crate::front::sema::thir::{self, ExprKind as TK};
use crate::front::sema::{ClassId, Decomposition, Ty};
use crate::source::Span;
use std::collections::HashMap;
use std::rc::Rc;

use super::values::Val;

/// The index of the argument holding the decomposed elements: after the
/// launch bounds and the kernel object of a kernel entry point.
pub const DECOMPOSED_ARG: u32 = 2;

/// One object the host decomposes: what the integration footer does for it.
#[derive(Clone, Debug, PartialEq)]
pub struct HostDecomposition {
    pub class: ClassId,
    /// Where the object is: its offset in the kernel object, or, nested, in
    /// the enclosing decomposition's elements object.
    pub offset: u32,
    /// Where the bytes of its elements object go in [`DECOMPOSED_ARG`],
    /// and their size.
    pub elements_offset: u32,
    pub elements_size: u32,
    /// The number of elements (what a structured binding of them names).
    pub count: usize,
    /// Objects inside its elements object that are decomposed in turn.
    pub nested: Vec<HostDecomposition>,
}

impl Lowerer<'_> {
    /// The device value of the kernel argument part `name` of class `c`,
    /// at `arg`/`offset` on the host, rebuilt from its decomposition.
    pub(super) fn decomposed_arg(
        &mut self,
        c: ClassId,
        found: Result<Decomposition, Diagnostic>,
        (arg, offset): (u32, u32),
        name: &str,
        span: Span,
    ) -> Val {
        let dec = match found {
            Ok(dec) => dec,
            Err(d) => {
                if !self.source_errors {
                    self.diags.push(d.with_note(
                        span,
                        format!("kernel argument '{name}' is decomposed because its class declares sycl_deconstruct()"),
                    ));
                }
                return Val::Void;
            }
        };
        if !self.decomposition_allowed {
            self.error(
                span,
                format!("kernel argument '{name}' is of a class that declares sycl_deconstruct(), which free-function kernels do not decompose yet"),
            );
            return Val::Void;
        }
        let Some((size, align)) = self.sema.size_align(&dec.elements) else {
            return Val::Void;
        };
        let (size, align) = (size as u32, align.max(1) as u32);
        let elements_offset = self.decomposed_size.div_ceil(align) * align;
        self.decomposed_size = elements_offset + size;
        let offset = match self.decomposing.last() {
            Some(parent) if arg == DECOMPOSED_ARG => offset - parent.elements_offset,
            _ => offset,
        };
        self.decomposing.push(HostDecomposition {
            class: c,
            offset,
            elements_offset,
            elements_size: size,
            count: dec.count,
            nested: vec![],
        });
        let elements = self.decompose_arg(
            &dec.elements,
            DECOMPOSED_ARG,
            elements_offset,
            false,
            &format!("{name}.sycl_deconstruct()"),
            span,
        );
        let node = self.decomposing.pop().expect("pushed above");
        match self.decomposing.last_mut() {
            Some(parent) => parent.nested.push(node),
            None => self.decompositions.push(node),
        }
        self.rebuild(&dec, elements, span)
    }

    /// `P::__syclone_reconstruct(elements)`, inlined where the kernel starts.
    fn rebuild(&mut self, dec: &Decomposition, elements: Val, span: Span) -> Val {
        let var = self.sema.new_var(
            Rc::from("__syclone_elements"),
            dec.elements.clone(),
            None,
            span,
        );
        let slot = self.value_slot(elements);
        self.frames.push(Frame {
            vars: HashMap::from([(var, slot)]),
            this_place: None,
            ret: None,
            uses: Default::default(),
            scopes: destructors::CleanupScope::of_function(),
            work_group_scope: false,
        });
        let arg = thir::Expr {
            kind: TK::Var(var),
            ty: dec.elements.clone(),
            lvalue: true,
            span,
        };
        let rebuilt = self.inline_call(dec.rebuild, &[arg], None, span);
        self.frames.pop();
        rebuilt
    }

    /// Whether class `c`, not device copyable as a whole, is passed member
    /// by member because some of its parts are decomposed: a lambda
    /// closure, an aggregate, or a part of an elements object.
    pub(super) fn copied_by_decomposed_members(&mut self, c: ClassId, arg: u32) -> bool {
        let ty = Ty::Class(c);
        self.sema.requires_decomposition(&ty)
            && (arg == DECOMPOSED_ARG
                || self.sema.class(c).closure.is_some()
                || self.sema.is_plain_aggregate(c))
    }
}
