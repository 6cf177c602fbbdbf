//! `device_global` variables (sycl_ext_oneapi_device_global) in device code.
//! Such a variable lives in device memory that the runtime allocates per
//! device, keyed by the variable's mangled name, and initialises from the
//! host object's value; kernels that use it bind that memory like a USM
//! allocation ([`PointerOrigin::DeviceGlobal`], no host argument). The
//! runtime's assert record is one; the sites of `assert`s are listed here.

use super::values::{PlaceV, Val};
use super::Lowerer;
use crate::bundle::{Access, AssertSite, BufferBinding, PointerOrigin};
use crate::front::sema::{mangle, Ty, VarId};
use crate::ir::Space;
use crate::source::Span;

impl Lowerer<'_> {
    /// Whether global variable `v` is a `device_global`.
    pub(super) fn is_device_global(&self, v: VarId) -> bool {
        matches!(self.sema.var(v).ty, Ty::Class(c) if self.sema.class(c).is_device_global)
    }

    /// The place of `device_global` variable `v`: element 0 of its binding,
    /// declared at the kernel's first use.
    pub(super) fn device_global_place(&mut self, v: VarId, span: Span) -> PlaceV {
        let ty = self.sema.var(v).ty.clone();
        let symbol = mangle::variable_name(self.sema, v);
        if self.external {
            // The device link binds only the caller's pointer arguments.
            let name = self.sema.var(v).name.to_string();
            if symbol == crate::bundle::PRINTF_BUFFER {
                // At the user's call of printf, outside the library header.
                let call = self.call_from_another_file(span).unwrap_or(span);
                self.error(
                    call,
                    "printf cannot be used in a SYCL_EXTERNAL function yet (print in the kernel)",
                );
            } else {
                self.error(
                    span,
                    format!("device_global '{name}' cannot be used in a SYCL_EXTERNAL function yet (read it in the kernel and pass the value)"),
                );
            }
            return self.dummy_place();
        }
        let found = self
            .buffers
            .iter()
            .find(|b| b.device_global.as_deref() == Some(symbol.as_str()))
            .map(|b| (b.binding - 1, b.offset_slot));
        let (binding, slot) = match found {
            Some((b, slot)) => (crate::ir::BindingId(b), slot),
            None => {
                let name = self.sema.var(v).name.to_string();
                let Some(binding) = self.pointer_binding(&ty, &name, Space::Global, span) else {
                    return self.dummy_place();
                };
                let elem_size = self.sema.size_align(&ty).map_or(1, |x| x.0 as u32);
                let it = self.index_type();
                let slot = self.param_slot(it.size());
                self.buffers.push(BufferBinding {
                    binding: binding.0 + 1,
                    arg: 0,
                    offset: 0,
                    origin: PointerOrigin::DeviceGlobal,
                    access: Access::None,
                    elem_size,
                    offset_slot: slot,
                    index_bytes: it.size(),
                    name,
                    device_global: Some(symbol),
                });
                (binding, slot)
            }
        };
        let it = self.index_type();
        let ptr = Val::Ptr {
            binding: Some(binding),
            index: crate::ir::Expr::Param {
                offset: slot,
                ty: it,
            },
            elem: ty,
            choice: None,
        };
        self.ptr_place(ptr, span)
    }
}

impl Lowerer<'_> {
    /// `__builtin_syclone_assert_site(expression, file, function)`: the id
    /// of the `assert` (three string literals), which the kernel's image
    /// lists with the strings; the record of a failure holds the id only.
    pub(super) fn assert_site(&mut self, args: &[crate::front::sema::thir::Expr]) -> Val {
        let text = |i: usize| match args.get(i).map(|a| &a.kind) {
            Some(crate::front::sema::thir::ExprKind::StringLit(s)) => s.clone(),
            _ => String::new(),
        };
        let (expression, file, function) = (text(0), text(1), text(2));
        let id = AssertSite::id_of(&expression, &file, &function);
        if !self.assert_sites.iter().any(|s| s.id == id) {
            self.assert_sites.push(AssertSite {
                id,
                expression,
                file,
                function,
            });
        }
        Val::Scalar(crate::ir::Expr::Const(crate::ir::Constant::Int(
            crate::ir::ScalarType::U32,
            u64::from(id),
        )))
    }
}
