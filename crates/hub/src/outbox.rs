//! Where a connection's tasks put messages; a full queue marks the client too slow.

use axum::extract::ws::Message;
use tokio::sync::mpsc;
use tokio::sync::mpsc::error::TrySendError;
use tokio_util::sync::CancellationToken;

use crate::message::{ErrorCode, ServerMessage};

#[derive(Clone)]
pub(crate) struct Outbox {
    pub(crate) queue: mpsc::Sender<Message>,
    /// Cancelled when the queue is full: the connection is then closed as too slow.
    pub(crate) too_slow: CancellationToken,
}

impl Outbox {
    /// Queues `text`; false when the client is gone or too slow.
    pub(crate) fn send_text(&self, text: String) -> bool {
        match self.queue.try_send(Message::Text(text.into())) {
            Ok(()) => true,
            Err(TrySendError::Full(_)) => {
                self.too_slow.cancel();
                false
            }
            Err(TrySendError::Closed(_)) => false,
        }
    }

    pub(crate) fn send(&self, message: &ServerMessage<'_>) -> bool {
        self.send_text(message.to_text())
    }

    pub(crate) fn error(&self, channel: Option<&str>, code: ErrorCode, error: &str) {
        self.send(&ServerMessage::Error { channel, code, error });
    }
}
