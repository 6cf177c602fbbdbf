//! Queue and event objects behind the opaque `syclone_queue` and
//! `syclone_event` handles.

use crate::device::vulkan::VulkanDevice;
use crate::device::{self, Device};
use crate::error::RtResult;
use crate::selector::Selector;
use crate::sync;
use std::ffi::CString;
use std::sync::Arc;

/// `struct syclone_queue_impl`.
pub struct QueueImpl {
    pub device: Device,
    pub name: CString,
    pub vendor: CString,
}

/// `struct syclone_event_impl`: the device whose work the event waits for
/// (None: the work already completed, as on the host device).
pub struct EventImpl {
    pub device: Option<Arc<VulkanDevice>>,
}

fn c_string(s: String) -> CString {
    CString::new(s.replace('\0', " ")).unwrap_or_default()
}

impl QueueImpl {
    /// A queue on the best device `selector` allows (None: any device).
    pub fn new(selector: Option<&str>) -> RtResult<Self> {
        let parsed = match selector {
            Some(text) => Selector::parse(text)?,
            None => Selector::any(),
        };
        let device = device::select(&parsed, selector)?;
        Ok(QueueImpl {
            name: c_string(device.name()),
            vendor: c_string(device.vendor()),
            device,
        })
    }

    pub fn wait(&self) -> RtResult<()> {
        sync::wait(&self.device)
    }
}

impl EventImpl {
    pub fn wait(&self) -> RtResult<()> {
        match &self.device {
            Some(d) => sync::wait(&Device::Vulkan(d.clone())),
            None => Ok(()),
        }
    }
}
