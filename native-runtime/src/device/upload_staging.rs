//! Small host-to-device copies of one batch: their bytes are packed into
//! one staging buffer, written with a single `write_buffer` just before the
//! batch is submitted, and a copy command recorded in the batch at the
//! upload's place moves each to its destination. Each `write_buffer` of its
//! own costs a staging buffer and a copy (about 5 µs on the H200: nine
//! 16-byte uploads before each launch made HeCBench bspline-vgh's launch
//! 208 µs instead of 155), and had to submit the batch before it. A
//! staging buffer is reused once the submission that read it completed.

use super::bindings::SubmissionPool;

/// Uploads up to this many bytes are staged; larger ones are written
/// directly (one more copy of many bytes would cost more than it saves).
pub const MAX_STAGED_UPLOAD: usize = 64 * 1024;

/// Bytes of a staging buffer: a batch stages at most this much, then is
/// submitted.
const STAGING_BYTES: u64 = 1024 * 1024;

/// The uploads of the batch being recorded and the buffer they go to.
pub struct StagedUploads {
    buffer: wgpu::Buffer,
    bytes: Vec<u8>,
}

/// The staging buffers of a device.
pub type UploadBuffers = SubmissionPool<wgpu::Buffer>;

/// A staging buffer whose last reader completed (commands up to
/// `completed` did), else a new one.
fn take_staging(
    buffers: &mut UploadBuffers,
    device: &wgpu::Device,
    completed: u64,
) -> wgpu::Buffer {
    buffers.take(completed, |_| true).unwrap_or_else(|| {
        device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("syclone upload staging"),
            size: STAGING_BYTES,
            usage: wgpu::BufferUsages::COPY_SRC | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        })
    })
}

/// Stages `data` (at most [`MAX_STAGED_UPLOAD`] bytes, padded with zeros
/// to whole words) in the batch's staging buffer: the buffer and the offset
/// to copy from. None when the buffer has no room left: the caller submits
/// the batch (see [`write_staged`]) and stages again.
pub fn stage(
    staged: &mut Option<StagedUploads>,
    buffers: &mut UploadBuffers,
    device: &wgpu::Device,
    completed: u64,
    data: &[u8],
) -> Option<(wgpu::Buffer, u64)> {
    let uploads = staged.get_or_insert_with(|| StagedUploads {
        buffer: take_staging(buffers, device, completed),
        bytes: Vec::new(),
    });
    let offset = uploads.bytes.len();
    let padded = data.len().div_ceil(4) * 4;
    if (offset + padded) as u64 > uploads.buffer.size() {
        return None;
    }
    uploads.bytes.extend_from_slice(data);
    uploads.bytes.resize(offset + padded, 0);
    Some((uploads.buffer.clone(), offset as u64))
}

/// Writes the staged bytes into their buffer (before the submission whose
/// copies read them) and marks it busy until command `seq` completed.
pub fn write_staged(
    staged: Option<StagedUploads>,
    buffers: &mut UploadBuffers,
    queue: &wgpu::Queue,
    seq: u64,
) {
    let Some(StagedUploads { buffer, bytes }) = staged else {
        return;
    };
    if !bytes.is_empty() {
        queue.write_buffer(&buffer, 0, &bytes);
    }
    buffers.retire(seq, buffer);
}
