//! The hook payload's input (stdin or `--from FILE`), read with bounded waits.
//!
//! Two waits are bounded here, because a hook must answer before its runtime gives up:
//!
//! - **after the payload**: once the payload's closing brace is read, hal waits at most
//!   [`GRACE`] for the end of the input (reading whitespace only), then answers. A
//!   runtime or a wrapper that writes the payload and keeps stdin open does not block
//!   the hook until the runtime's own timeout;
//! - **a FIFO's writer**: `--from` a FIFO waits at most [`FIFO_WAIT`] for a writer to
//!   open it, then reports that none came.
//!
//! A pipe is read by a thread that hands chunks over a channel of one slot, so the wait
//! can end without unsafe code; memory stays at three chunks. A regular file is read
//! directly.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::time::{Duration, Instant};

/// How long hal waits for the end of its input after the payload's closing brace.
pub(crate) const GRACE: Duration = Duration::from_millis(50);

/// How long `--from FIFO` waits for a writer to open the FIFO.
pub(crate) const FIFO_WAIT: Duration = Duration::from_secs(2);

/// How much the reading thread reads at a time: its one buffer, zeroed once (each page
/// of it costs a page fault; a hook's payload is a few KiB).
const CHUNK: usize = 16 * 1024;

/// What the reading thread says.
enum Msg {
    /// The file is open (a FIFO: a writer opened it).
    Opened,
    Data(Vec<u8>),
    Failed(io::Error),
}

/// The payload's input.
#[derive(Debug)]
pub(crate) enum Input {
    /// A regular file, read directly.
    File(File),
    /// A pipe, a FIFO, a socket or a device, read by a thread.
    Piped(Piped),
}

/// Input read by a thread; [`Piped::complete`] starts the grace period.
#[derive(Debug)]
pub(crate) struct Piped {
    rx: Receiver<Msg>,
    pending: Vec<u8>,
    at: usize,
    deadline: Option<Instant>,
}

impl std::fmt::Debug for Msg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Opened => "Opened",
            Self::Data(_) => "Data",
            Self::Failed(_) => "Failed",
        })
    }
}

fn pump<R: Read>(mut r: R, tx: &SyncSender<Msg>) {
    let mut buf = vec![0; CHUNK];
    loop {
        match r.read(&mut buf) {
            Ok(0) => return,
            Ok(n) => {
                if tx.send(Msg::Data(buf[..n].to_vec())).is_err() {
                    return;
                }
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => {
                let _ = tx.send(Msg::Failed(e));
                return;
            }
        }
    }
}

impl Input {
    /// stdin, read by a thread.
    pub(crate) fn stdin() -> io::Result<Self> {
        let (tx, rx) = sync_channel(1);
        std::thread::Builder::new().name("stdin".into()).spawn(move || pump(io::stdin().lock(), &tx))?;
        Ok(Self::Piped(Piped { rx, pending: Vec::new(), at: 0, deadline: None }))
    }

    /// `path`: a regular file opened directly; anything else (a FIFO) opened and read
    /// by a thread, waiting at most [`FIFO_WAIT`] for the open.
    pub(crate) fn open(path: &Path) -> io::Result<Self> {
        let meta = std::fs::metadata(path)?;
        if meta.is_file() {
            return File::open(path).map(Self::File);
        }
        let (tx, rx) = sync_channel(1);
        let owned = path.to_owned();
        std::thread::Builder::new().name("input".into()).spawn(move || match File::open(&owned) {
            Ok(f) => {
                if tx.send(Msg::Opened).is_ok() {
                    pump(f, &tx);
                }
            }
            Err(e) => {
                let _ = tx.send(Msg::Failed(e));
            }
        })?;
        match rx.recv_timeout(FIFO_WAIT) {
            Ok(Msg::Opened) => Ok(Self::Piped(Piped { rx, pending: Vec::new(), at: 0, deadline: None })),
            Ok(Msg::Failed(e)) => Err(e),
            Ok(Msg::Data(_)) | Err(RecvTimeoutError::Disconnected) => Err(io::Error::other("opened nothing")),
            Err(RecvTimeoutError::Timeout) => Err(io::Error::new(
                io::ErrorKind::TimedOut,
                format!("no writer opened it within {} s", FIFO_WAIT.as_secs()),
            )),
        }
    }

    /// The payload's object is complete: from now on the end of the input is waited
    /// for at most [`GRACE`].
    pub(crate) fn complete(&mut self) {
        if let Self::Piped(p) = self {
            p.deadline = Some(Instant::now() + GRACE);
        }
    }
}

impl Read for Input {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        match self {
            Self::File(f) => f.read(out),
            Self::Piped(p) => p.read(out),
        }
    }
}

impl Read for Piped {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        while self.at == self.pending.len() {
            let msg = match self.deadline {
                None => self.rx.recv().ok(),
                Some(d) => self.rx.recv_timeout(d.saturating_duration_since(Instant::now())).ok(),
            };
            match msg {
                // The end of the input, or the grace period is over.
                None => return Ok(0),
                Some(Msg::Failed(e)) => return Err(e),
                Some(Msg::Opened) => {}
                Some(Msg::Data(v)) => {
                    self.pending = v;
                    self.at = 0;
                }
            }
        }
        let n = out.len().min(self.pending.len() - self.at);
        out[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}
