//! Panics in `wasm32-unknown-unknown` abort: the instance traps with
//! `RuntimeError: unreachable` and the default hook prints nothing. This hook
//! logs the message with `console.error` and keeps it for
//! `lastPanicMessage()`, so a compiler bug is reported, not silent. Natively
//! the default hook is left alone ([`crate::glue`] catches the unwind).

use std::sync::Mutex;

static LAST_MESSAGE: Mutex<Option<String>> = Mutex::new(None);

#[cfg(target_arch = "wasm32")]
mod console {
    use wasm_bindgen::prelude::*;
    #[wasm_bindgen]
    extern "C" {
        #[wasm_bindgen(js_namespace = console)]
        pub fn error(message: &str);
    }
}

/// Records `message` as the last panic (called by the hook, which only wasm installs).
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
fn record(message: String) {
    if let Ok(mut last) = LAST_MESSAGE.lock() {
        *last = Some(message);
    }
}

/// Installs the hook once (a no-op outside wasm).
pub fn install() {
    #[cfg(target_arch = "wasm32")]
    {
        static ONCE: std::sync::Once = std::sync::Once::new();
        ONCE.call_once(|| {
            std::panic::set_hook(Box::new(|info| {
                let message = format!("syclone: internal compiler error: {info}");
                console::error(&message);
                record(message);
            }));
        });
    }
}

/// The last recorded panic message.
pub fn last_message() -> Option<String> {
    LAST_MESSAGE.lock().ok().and_then(|last| last.clone())
}

#[cfg(test)]
mod tests {
    #[test]
    fn recorded_message_is_returned() {
        super::record("boom".into());
        assert_eq!(super::last_message().as_deref(), Some("boom"));
    }
}
