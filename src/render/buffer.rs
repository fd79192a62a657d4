//! [`Buffer`]: a writer into memory that its sink and its owner share, for
//! a format whose text is taken afterwards (the CLI's probe report, the
//! Python package's `render`, the WebAssembly command line).

use std::{
    io::{self, Write},
    sync::{Arc, Mutex},
};

/// Bytes written through any clone, kept until taken.
#[derive(Clone, Debug, Default)]
pub struct Buffer(Arc<Mutex<Vec<u8>>>);

impl Write for Buffer {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0
            .lock()
            .map_err(|_| io::Error::other("buffer poisoned"))?
            .extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Buffer {
    /// A copy of what was written (empty if a writer panicked holding it).
    pub fn bytes(&self) -> Vec<u8> {
        self.0.lock().map(|b| b.clone()).unwrap_or_default()
    }

    /// What was written, as text (invalid UTF-8 replaced).
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.bytes()).into_owned()
    }

    /// What was written, as text, leaving the buffer empty.
    pub fn take(&self) -> String {
        let bytes = self.0.lock().map(|mut b| std::mem::take(&mut *b));
        String::from_utf8_lossy(&bytes.unwrap_or_default()).into_owned()
    }
}
