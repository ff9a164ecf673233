//! Who may hold a connection, and for how long: the node's places, a bound per account, one
//! socket per player token (a new one replaces the old), and the end of an account's sessions
//! (a password reset or "sign out everywhere", seen in the log by every node, closes the sockets
//! opened with the sessions it ended).

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio_util::sync::CancellationToken;

use crate::Identity;

/// Sockets one account may hold on one node (its tabs and devices, and its live games' seats).
pub const PER_ACCOUNT: usize = 32;

/// The account a connection's token speaks for, and when that token was issued (milliseconds):
/// sessions issued before the account's sessions ended are over.
#[derive(Debug, Clone)]
pub struct Account {
    pub user_id: String,
    pub issued_ms: i64,
}

/// Why a connection was not admitted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The node holds as many connections as it may.
    Full,
    /// The account holds [`PER_ACCOUNT`] sockets on this node.
    TooManyForAccount,
}

/// What an open connection holds; dropping it gives its places back.
pub struct Admission {
    _permit: OwnedSemaphorePermit,
    places: Arc<Places>,
    id: u64,
    account: Option<String>,
    player: Option<(String, String)>,
    /// Cancelled when the account's sessions end (at once if they ended before it was admitted).
    pub ended: CancellationToken,
    /// Cancelled when another socket opens with the same player token.
    pub replaced: CancellationToken,
}

struct Held {
    id: u64,
    issued_ms: i64,
    ended: CancellationToken,
}

#[derive(Default)]
struct State {
    accounts: HashMap<String, Vec<Held>>,
    /// (game, player) → the socket holding that player token.
    players: HashMap<(String, String), (u64, CancellationToken)>,
    /// The latest end of each account's sessions seen in the log (milliseconds), so that a
    /// socket admitted just after the event was applied is closed too.
    ended: HashMap<String, i64>,
}

/// The hub's bookkeeping of open connections.
pub(crate) struct Places {
    node: Arc<Semaphore>,
    next_id: AtomicU64,
    state: Mutex<State>,
}

impl Places {
    pub(crate) fn new(max_connections: usize) -> Places {
        Places { node: Arc::new(Semaphore::new(max_connections)), next_id: AtomicU64::new(0), state: Mutex::default() }
    }

    /// A place for `identity`, speaking for `account`, or why not. A player token already
    /// connected here loses its socket to this one.
    pub(crate) fn admit(self: &Arc<Self>, identity: &Identity, account: Option<Account>) -> Result<Admission, Refusal> {
        let mut state = self.state.lock().expect("places lock");
        if let Some(account) = &account
            && state.accounts.get(&account.user_id).is_some_and(|held| held.len() >= PER_ACCOUNT)
        {
            return Err(Refusal::TooManyForAccount);
        }
        let permit = self.node.clone().try_acquire_owned().map_err(|_| Refusal::Full)?;
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let ended = CancellationToken::new();
        if let Some(account) = &account {
            if state.ended.get(&account.user_id).is_some_and(|from| account.issued_ms < *from) {
                ended.cancel();
            }
            state.accounts.entry(account.user_id.clone()).or_default().push(Held { id, issued_ms: account.issued_ms, ended: ended.clone() });
        }
        let replaced = CancellationToken::new();
        let player = match identity {
            Identity::Player { game_id, player_id } => {
                let key = (game_id.clone(), player_id.clone());
                if let Some((_, earlier)) = state.players.insert(key.clone(), (id, replaced.clone())) {
                    earlier.cancel();
                }
                Some(key)
            }
            Identity::User(_) => None,
        };
        Ok(Admission { _permit: permit, places: self.clone(), id, account: account.map(|a| a.user_id), player, ended, replaced })
    }

    /// The sessions of `user_id` issued before `from` (milliseconds) ended: their sockets close.
    pub(crate) fn end_sessions(&self, user_id: &str, from: i64) {
        let mut state = self.state.lock().expect("places lock");
        let latest = state.ended.entry(user_id.to_owned()).or_insert(from);
        *latest = (*latest).max(from);
        for held in state.accounts.get(user_id).into_iter().flatten() {
            if held.issued_ms < from {
                held.ended.cancel();
            }
        }
    }
}

impl Drop for Admission {
    fn drop(&mut self) {
        let mut state = self.places.state.lock().expect("places lock");
        if let Some(user_id) = &self.account
            && let Some(held) = state.accounts.get_mut(user_id)
        {
            held.retain(|h| h.id != self.id);
            if held.is_empty() {
                state.accounts.remove(user_id);
            }
        }
        if let Some(key) = &self.player
            && state.players.get(key).is_some_and(|(id, _)| *id == self.id)
        {
            state.players.remove(key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(id: &str) -> Identity {
        Identity::User(id.into())
    }

    fn account(id: &str, issued_ms: i64) -> Option<Account> {
        Some(Account { user_id: id.into(), issued_ms })
    }

    #[test]
    fn ending_sessions_closes_the_earlier_ones_of_that_account_only() {
        let places = Arc::new(Places::new(10));
        let old = places.admit(&user("u"), account("u", 100)).unwrap();
        let other = places.admit(&user("v"), account("v", 100)).unwrap();
        places.end_sessions("u", 200);
        assert!(old.ended.is_cancelled());
        assert!(!other.ended.is_cancelled());
        // Admitted after the event with a token from before it: closed at once; a newer one stays.
        assert!(places.admit(&user("u"), account("u", 150)).unwrap().ended.is_cancelled());
        assert!(!places.admit(&user("u"), account("u", 250)).unwrap().ended.is_cancelled());
    }

    #[test]
    fn a_second_socket_with_a_player_token_replaces_the_first() {
        let places = Arc::new(Places::new(10));
        let player = Identity::Player { game_id: "g".into(), player_id: "p".into() };
        let first = places.admit(&player, None).unwrap();
        let second = places.admit(&player, None).unwrap();
        assert!(first.replaced.is_cancelled());
        assert!(!second.replaced.is_cancelled());
        // The first one leaving does not free the second's token.
        drop(first);
        let third = places.admit(&player, None).unwrap();
        assert!(second.replaced.is_cancelled());
        assert!(!third.replaced.is_cancelled());
    }

    #[test]
    fn places_are_bounded_per_node_and_per_account_and_given_back() {
        let places = Arc::new(Places::new(PER_ACCOUNT + 1));
        let held: Vec<_> = (0..PER_ACCOUNT).map(|_| places.admit(&user("u"), account("u", 1)).unwrap()).collect();
        assert_eq!(places.admit(&user("u"), account("u", 1)).err(), Some(Refusal::TooManyForAccount));
        let last = places.admit(&user("v"), account("v", 1)).unwrap();
        assert_eq!(places.admit(&user("w"), account("w", 1)).err(), Some(Refusal::Full));
        drop(last);
        drop(held);
        assert!(places.admit(&user("u"), account("u", 1)).is_ok());
    }
}
