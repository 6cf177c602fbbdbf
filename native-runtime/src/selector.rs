//! `ONEAPI_DEVICE_SELECTOR`: which devices a program may use.
//!
//! Syntax: terms separated by `;` (or `,` before a new `backend:`), each
//! `backend:devices` with backend `vulkan`, `host` or `*` and devices a
//! `,`-separated list of `gpu`, `cpu`, `*` or a device index (counted per
//! back end, in the runtime's preference order). A term starting with `!`
//! excludes the devices it matches; with only exclusions, everything else is
//! allowed.

use crate::error::{RtError, RtResult};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Vulkan,
    Host,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeviceType {
    Gpu,
    Cpu,
}

/// What a selector sees of a device.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeviceKey {
    pub backend: Backend,
    pub device_type: DeviceType,
    /// Position among the devices of the same back end.
    pub index: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum DevicePattern {
    Any,
    Type(DeviceType),
    Index(usize),
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Term {
    negated: bool,
    backend: Option<Backend>,
    devices: Vec<DevicePattern>,
}

impl Term {
    fn matches(&self, key: &DeviceKey) -> bool {
        if self.backend.is_some_and(|b| b != key.backend) {
            return false;
        }
        self.devices.iter().any(|p| match p {
            DevicePattern::Any => true,
            DevicePattern::Type(t) => *t == key.device_type,
            DevicePattern::Index(i) => *i == key.index,
        })
    }
}

/// A parsed selector.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selector {
    terms: Vec<Term>,
}

impl Selector {
    /// The selector that accepts every device.
    pub fn any() -> Self {
        Selector { terms: Vec::new() }
    }

    pub fn parse(text: &str) -> RtResult<Self> {
        let bad = |reason: String| RtError::BadSelector {
            selector: text.to_string(),
            reason,
        };
        let mut terms: Vec<Term> = Vec::new();
        for part in text
            .split([';', ','])
            .map(str::trim)
            .filter(|p| !p.is_empty())
        {
            let (negated, body) = match part.strip_prefix('!') {
                Some(rest) => (true, rest.trim()),
                None => (false, part),
            };
            let device_text = if let Some((backend, devices)) = body.split_once(':') {
                let backend = match backend.trim().to_ascii_lowercase().as_str() {
                    "vulkan" => Some(Backend::Vulkan),
                    "host" => Some(Backend::Host),
                    "*" => None,
                    other => {
                        return Err(bad(format!(
                            "unknown backend `{other}` (expected vulkan, host or *)"
                        )))
                    }
                };
                terms.push(Term {
                    negated,
                    backend,
                    devices: Vec::new(),
                });
                devices.trim()
            } else {
                // A further device of the previous term: `vulkan:0,1`.
                if negated || terms.is_empty() {
                    return Err(bad(format!(
                        "`{part}` has no backend (expected backend:device)"
                    )));
                }
                body
            };
            let pattern = match device_text.to_ascii_lowercase().as_str() {
                "*" => DevicePattern::Any,
                "gpu" => DevicePattern::Type(DeviceType::Gpu),
                "cpu" => DevicePattern::Type(DeviceType::Cpu),
                other => match other.parse::<usize>() {
                    Ok(i) => DevicePattern::Index(i),
                    Err(_) => {
                        return Err(bad(format!(
                            "unknown device `{other}` (expected gpu, cpu, * or an index)"
                        )))
                    }
                },
            };
            if let Some(term) = terms.last_mut() {
                term.devices.push(pattern);
            }
        }
        Ok(Selector { terms })
    }

    /// Whether the device is allowed.
    pub fn matches(&self, key: &DeviceKey) -> bool {
        let positives: Vec<&Term> = self.terms.iter().filter(|t| !t.negated).collect();
        let included = positives.is_empty() || positives.iter().any(|t| t.matches(key));
        included && !self.terms.iter().any(|t| t.negated && t.matches(key))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LAVAPIPE: DeviceKey = DeviceKey {
        backend: Backend::Vulkan,
        device_type: DeviceType::Cpu,
        index: 0,
    };
    const GPU: DeviceKey = DeviceKey {
        backend: Backend::Vulkan,
        device_type: DeviceType::Gpu,
        index: 1,
    };
    const HOST: DeviceKey = DeviceKey {
        backend: Backend::Host,
        device_type: DeviceType::Cpu,
        index: 0,
    };

    fn sel(s: &str) -> Selector {
        Selector::parse(s).unwrap()
    }

    #[test]
    fn backend_and_type() {
        assert!(sel("vulkan:*").matches(&LAVAPIPE));
        assert!(sel("vulkan:cpu").matches(&LAVAPIPE));
        assert!(!sel("vulkan:gpu").matches(&LAVAPIPE));
        assert!(sel("vulkan:gpu").matches(&GPU));
        assert!(!sel("vulkan:*").matches(&HOST));
        assert!(sel("host:cpu").matches(&HOST));
        assert!(sel("*:gpu").matches(&GPU));
        assert!(!sel("*:gpu").matches(&HOST));
        assert!(sel("*:*").matches(&HOST));
    }

    #[test]
    fn lists_indices_and_negation() {
        let s = sel("vulkan:gpu,host:cpu");
        assert!(s.matches(&GPU) && s.matches(&HOST) && !s.matches(&LAVAPIPE));
        let s = sel("vulkan:0,1");
        assert!(s.matches(&GPU) && s.matches(&LAVAPIPE) && !s.matches(&HOST));
        let s = sel("!vulkan:*");
        assert!(s.matches(&HOST) && !s.matches(&GPU));
        let s = sel("*:*;!vulkan:cpu");
        assert!(s.matches(&GPU) && !s.matches(&LAVAPIPE));
    }

    #[test]
    fn errors() {
        assert!(Selector::parse("cuda:gpu").is_err());
        assert!(Selector::parse("vulkan:fpga").is_err());
        assert!(Selector::parse("gpu").is_err());
    }
}
