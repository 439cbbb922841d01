//! The failure of one GTP command: the text that follows `?` in the answer.
//!
//! Handlers return `Result<String, CommandError>`; the protocol layer turns
//! the error into `? message` and keeps running. The messages of the
//! standard commands follow GNU Go 3.8 (`illegal move`, `invalid color`,
//! `cannot undo`, ...) so that scripts written for GNU Go read them.

use thiserror::Error;

/// A failed command. The message is one line; the protocol layer removes
/// anything that would break the answer format.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{message}")]
pub struct CommandError {
    message: String,
}

impl CommandError {
    /// A failure answered as `? message`.
    pub fn new(message: impl Into<String>) -> CommandError {
        CommandError {
            message: message.into(),
        }
    }

    /// The message without the leading `?`.
    pub fn message(&self) -> &str {
        &self.message
    }
}

/// What every command handler returns: the answer text, or a failure.
pub type Reply = Result<String, CommandError>;

/// Shorthand for a failed reply: `return fail("illegal move");`.
pub fn fail<T>(message: impl Into<String>) -> Result<T, CommandError> {
    Err(CommandError::new(message))
}
