//! Limits on tries that can guess something (a password, an e-mailed code, a join code), kept in
//! the database so that every node of a cluster counts the same tries (decision 0021).
//!
//! A key is an account, a client (see [`crate::client`]: its network, IPv6 per /64, and its
//! per-browser key), a client's network, or a pair of them. Each key has a few free tries
//! within a quiet window; once they are spent it is held back for a wait that doubles with every
//! hold (up to a longest wait), after which one more try is allowed. A try is counted *before* it
//! is made, in one atomic statement, so that a flood of parallel tries gets no more than the free
//! ones through. A try that turns out right gives its count back (an owner key starts over), so
//! the people behind a shared address are not held back by their own successes; a try of a
//! shared key beyond the free ones waits (up to [`SHARED_WAIT`]) for the tries in flight, so 30
//! pupils verifying at once from one school address are not refused for each other's right codes.
//!
//! Live games' PINs are the exception: a whole class joins at once from one school address, so
//! only wrong PINs are counted, after the fact, per client and per network, and a flood is
//! bounded by [`InFlight`] instead.
//! Operational state, not a record: limits are not events, and `replay` leaves them alone.

use std::sync::Arc;
use std::time::Duration;

use quizroom_eventstore::EventStore;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::error::{ApiError, db};

/// How many tries a key has and how it is held back.
#[derive(Debug)]
pub struct Rule {
    /// Tries allowed before the first hold.
    pub free: i64,
    /// A key left alone this long starts over.
    pub window_ms: i64,
    pub first_wait_ms: i64,
    pub longest_wait_ms: i64,
}

const MINUTE: i64 = 60_000;

/// Sign-in, per account and client address: the owner elsewhere is never held back by a guesser.
pub const SIGN_IN_PAIR: Rule = Rule { free: 5, window_ms: 15 * MINUTE, first_wait_ms: 30_000, longest_wait_ms: 15 * MINUTE };
/// Sign-in, per client address: generous, as a whole school may sit behind one address.
pub const SIGN_IN_ADDRESS: Rule = Rule { free: 50, window_ms: 15 * MINUTE, first_wait_ms: 30_000, longest_wait_ms: 15 * MINUTE };
/// Wrong e-mailed codes (verification and reset), per address typed in, known or not.
pub const CODES_ACCOUNT: Rule = Rule { free: 5, window_ms: 60 * MINUTE, first_wait_ms: MINUTE, longest_wait_ms: 60 * MINUTE };
/// Wrong e-mailed codes, per client address.
pub const CODES_ADDRESS: Rule = Rule { free: 20, window_ms: 60 * MINUTE, first_wait_ms: MINUTE, longest_wait_ms: 60 * MINUTE };
/// Join codes that lead nowhere, per account (the account is the client).
pub const JOIN_ACCOUNT: Rule = Rule { free: 10, window_ms: 15 * MINUTE, first_wait_ms: 30_000, longest_wait_ms: 15 * MINUTE };
/// Join codes that lead nowhere, per client network: far above what one account may try, so that
/// one guesser does not keep a class behind the same address out (decision 0032). Accounts cost
/// a verified address each, so this ceiling is what bounds a guesser with many.
pub const JOIN_ADDRESS: Rule = Rule { free: 1_000, window_ms: 15 * MINUTE, first_wait_ms: 30_000, longest_wait_ms: 15 * MINUTE };
/// Live games' PINs that lead nowhere, per client (its key behind its network, see
/// [`crate::client`]): a pupil mistyping now and then stays well within it, while guessing one of
/// 900,000 PINs does not get far. Only wrong PINs are counted (a whole class joins from one
/// address at once), so joins of one network are handled [`PIN_PLACES`] at a time ([`InFlight`]).
pub const PIN_CLIENT: Rule = Rule { free: 30, window_ms: 15 * MINUTE, first_wait_ms: 30_000, longest_wait_ms: 15 * MINUTE };
/// Live games' PINs that lead nowhere, per client network: the client key is chosen by the
/// client, so this ceiling is what bounds a flood; it is far above what a class mistypes, so one
/// guesser's wrong PINs never keep the others out (and the game's link joins without a PIN).
pub const PIN_ADDRESS: Rule = Rule { free: 1_000, window_ms: 15 * MINUTE, first_wait_ms: 30_000, longest_wait_ms: 15 * MINUTE };
/// Joins of one client network handled at once on one node.
pub const PIN_PLACES: usize = 16;
/// Seats of one game taken from one client network: a lecture hall behind one address fits, a
/// flood of seats does not (one client has one seat a game; its key is its own choice, so this
/// is what bounds it). Counted for the game's whole life.
pub const SEATS_ADDRESS: Rule = Rule { free: 1_000, window_ms: 24 * 60 * MINUTE, first_wait_ms: 15 * MINUTE, longest_wait_ms: 15 * MINUTE };

/// What a key stands for: an owner's key starts over when a try is right; a shared one (a client
/// address) only gets that try back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Owner,
    Shared,
}

/// How long `key` is held back at `now`, if it is (a read: nothing is counted).
pub async fn held_back(store: &EventStore, key: &str, now: i64) -> Result<Option<Duration>, ApiError> {
    let blocked_until: Option<(i64,)> =
        sqlx::query_as("select blocked_until from throttle where key = $1").bind(key).fetch_optional(store.pool()).await.map_err(db)?;
    Ok(blocked_until.map(|(until,)| until).filter(|until| *until > now).map(|until| Duration::from_millis((until - now).max(1000) as u64)))
}

/// Requests of one key (a client address) handled at once on this node; more wait their turn.
/// Where only wrong tries are counted (after the fact), this bounds how many tries a flood of
/// parallel requests gets in before the first hold is written.
pub struct InFlight {
    places: usize,
    keys: std::sync::Mutex<std::collections::HashMap<String, Arc<Semaphore>>>,
}

/// A place taken in [`InFlight`]; given back when dropped.
pub struct Place {
    _permit: OwnedSemaphorePermit,
}

impl InFlight {
    pub fn new(places: usize) -> InFlight {
        InFlight { places, keys: std::sync::Mutex::default() }
    }

    /// Waits for a place for `key`.
    pub async fn enter(&self, key: &str) -> Place {
        let semaphore = {
            let mut keys = self.keys.lock().expect("in-flight lock");
            // Keys nobody holds a place of are forgotten, so the map stays as small as the traffic.
            if keys.len() > 1024 {
                keys.retain(|_, s| Arc::strong_count(s) > 1);
            }
            keys.entry(key.to_owned()).or_insert_with(|| Arc::new(Semaphore::new(self.places))).clone()
        };
        Place { _permit: semaphore.acquire_owned().await.expect("never closed") }
    }
}

/// A try let through: report how it went.
#[must_use = "a try must be reported as failed or succeeded"]
pub struct Try {
    keys: Vec<(String, &'static Rule, Kind)>,
    now: i64,
}

/// Counts a try on every key, or refuses it with how long to wait (the longest of the keys').
pub async fn enter(store: &EventStore, keys: Vec<(String, &'static Rule, Kind)>, now: i64) -> Result<Result<Try, Duration>, ApiError> {
    let mut counted = Vec::new();
    let mut refused: Option<i64> = None;
    for (key, rule, kind) in keys {
        match count(store, &key, rule, kind, now).await? {
            Ok(()) => counted.push((key, rule, kind)),
            Err(wait_ms) => refused = Some(refused.map_or(wait_ms, |w| w.max(wait_ms))),
        }
    }
    if let Some(wait_ms) = refused {
        // A refused try was not made: the keys that counted it give it back.
        for (key, _, _) in &counted {
            give_back(store, key).await?;
        }
        return Ok(Err(Duration::from_millis(wait_ms.max(1000) as u64)));
    }
    Ok(Ok(Try { keys: counted, now }))
}

/// How long a try of a shared key beyond its free ones waits for the tries of the same key still
/// in flight: right ones give their count back, so a class verifying at once from one school
/// address gets through, while wrong ones set the hold and the waiting tries are refused.
const SHARED_WAIT: Duration = Duration::from_secs(3);

/// Adds a try to `key`: `Err(wait)` when the key is held back or its free tries are spent.
async fn count(store: &EventStore, key: &str, rule: &Rule, kind: Kind, now: i64) -> Result<Result<(), i64>, ApiError> {
    let started = tokio::time::Instant::now();
    loop {
        let (failures, blocked_until): (i64, i64) = sqlx::query_as(
            "insert into throttle (key, failures, blocks, last_at, blocked_until) values ($1, 1, 0, $2, 0) \
             on conflict (key) do update set \
               failures = case when throttle.blocked_until > $2 then throttle.failures \
                               when throttle.last_at < $3 then 1 else throttle.failures + 1 end, \
               blocks = case when throttle.blocked_until <= $2 and throttle.last_at < $3 then 0 else throttle.blocks end, \
               last_at = case when throttle.blocked_until > $2 then throttle.last_at else $2 end \
             returning failures, blocked_until",
        )
        .bind(key)
        .bind(now)
        .bind(now - rule.window_ms)
        .fetch_one(store.pool())
        .await
        .map_err(db)?;
        if blocked_until > now {
            return Ok(Err(blocked_until - now));
        }
        if failures <= rule.free {
            return Ok(Ok(()));
        }
        // Parallel tries beyond the free ones: not let through now; the one that spent the last
        // free try sets the hold when it fails. A shared key's try waits for those in flight.
        give_back(store, key).await?;
        if kind == Kind::Shared && started.elapsed() < SHARED_WAIT {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        }
        return Ok(Err(rule.first_wait_ms));
    }
}

async fn give_back(store: &EventStore, key: &str) -> Result<(), ApiError> {
    sqlx::query("update throttle set failures = failures - 1 where key = $1 and failures > 0").bind(key).execute(store.pool()).await.map_err(db)?;
    Ok(())
}

impl Try {
    /// The try was wrong: a key whose free tries are spent is held back, each hold twice as long
    /// as the one before, and then allows one more try.
    pub async fn failed(self, store: &EventStore) -> Result<(), ApiError> {
        for (key, rule, _) in &self.keys {
            let row: Option<(i64, i64)> =
                sqlx::query_as("select failures, blocks from throttle where key = $1").bind(key).fetch_optional(store.pool()).await.map_err(db)?;
            let Some((failures, blocks)) = row else { continue };
            if failures < rule.free {
                continue;
            }
            let wait = rule.first_wait_ms.saturating_mul(1i64 << blocks.clamp(0, 30)).min(rule.longest_wait_ms);
            sqlx::query("update throttle set blocked_until = $2, blocks = blocks + 1, failures = $3 where key = $1 and failures >= $4")
                .bind(key)
                .bind(self.now + wait)
                .bind(rule.free - 1)
                .bind(rule.free)
                .execute(store.pool())
                .await
                .map_err(db)?;
        }
        Ok(())
    }

    /// The try stays counted on every key (a seat taken).
    pub fn kept(self) {}

    /// The try was not made after all: every key gets it back.
    pub async fn undone(self, store: &EventStore) -> Result<(), ApiError> {
        for (key, _, _) in &self.keys {
            give_back(store, key).await?;
        }
        Ok(())
    }

    /// The try was right: an owner's key starts over; a shared key gets the try back.
    pub async fn succeeded(self, store: &EventStore) -> Result<(), ApiError> {
        for (key, _, kind) in &self.keys {
            match kind {
                Kind::Owner => {
                    sqlx::query("delete from throttle where key = $1").bind(key).execute(store.pool()).await.map_err(db)?;
                }
                Kind::Shared => give_back(store, key).await?,
            }
        }
        Ok(())
    }
}

/// Forgets every key that starts with `prefix` (an account's sign-in holds, after its password
/// was reset).
pub async fn forget(store: &EventStore, prefix: &str) -> Result<(), ApiError> {
    sqlx::query("delete from throttle where substr(key, 1, cast($2 as integer)) = $1")
        .bind(prefix)
        .bind(prefix.chars().count() as i64)
        .execute(store.pool())
        .await
        .map_err(db)?;
    Ok(())
}

/// Work one key (an account) may ask of this node per minute, counted in memory: for reads that
/// guess nothing but cost the server work (audit reads, each also recorded in the log), so that a
/// flood is refused at once with how long to wait. Each node counts its own.
pub struct Budget {
    per_minute: u32,
    spent: std::sync::Mutex<std::collections::HashMap<String, (i64, u32)>>,
}

impl Budget {
    pub fn new(per_minute: u32) -> Budget {
        Budget { per_minute, spent: Default::default() }
    }

    /// Spends `cost` of `key`'s minute at `now` (ms), or says how long until it has that much again.
    pub fn spend(&self, key: &str, cost: u32, now: i64) -> Result<(), Duration> {
        let mut spent = self.spent.lock().expect("budget lock");
        if spent.len() > 10_000 {
            spent.retain(|_, (since, _)| now - *since < MINUTE);
        }
        let (since, used) = spent.entry(key.to_owned()).or_insert((now, 0));
        if now - *since >= MINUTE {
            (*since, *used) = (now, 0);
        }
        if *used + cost > self.per_minute {
            return Err(Duration::from_millis((*since + MINUTE - now).max(1000) as u64));
        }
        *used += cost;
        Ok(())
    }
}
