//! `hal-payload`: hal's bounded readers of what comes from outside.
//!
//! - [`hook`]: a hook payload (the JSON a runtime writes on a hook command's stdin)
//!   read back as a canonical lifecycle event, by one streaming tokenizer whose memory
//!   does not grow with the payload;
//! - [`manifest`]: a package manifest's `name` and `version`, read within a byte cap;
//! - [`text`]: the escaping every output applies to what came from outside.
//!
//! Pure: the readers read what the caller hands over; nothing here opens a file or
//! reads the environment. The payload shapes they match are the registry's
//! (`hal_registry::payloads`).

// The modules moved here from hal-caps name the registry by its old path.
use hal_registry as registry;

pub mod hook;
pub mod manifest;
pub mod text;
