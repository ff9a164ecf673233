//! Live games on this node: a [`Room`] per game someone is in, loaded from the log on first use and
//! kept current by the events the hub follows (and by those this node writes, applied at once),
//! and a task per room that keeps its clock: it closes the question at its deadline or when every
//! player answered, moves an auto-advancing game on, and sends the host the answer count and the
//! lobby at most 4 times a second. Every node with the room loaded runs that clock; the game
//! stream's version lets one node's command win, so a node that fails does not stop the game.
//!
//! Writes go through a [`GameWriter`] (the api crate's group commit of answers and its command
//! runner), so the hub decides nothing itself.

pub mod breakdown;
pub mod room;
pub mod snapshot;
pub mod view;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use quizroom_domain::game::{AUTO_ADVANCE_MS, GameCommand, GameEvent, LiveGame, Phase};
use quizroom_domain::player::{GamePlayer, PlayerCommand, PlayerError, PlayerEvent};
use quizroom_domain::question::Response;
use quizroom_domain::stream::id_of;
use quizroom_domain::{Aggregate, DomainEvent, StreamId};
use quizroom_eventstore::{Backend, Cursor, EventStore, RecordedEvent, StoreError};
use tokio::sync::{Notify, broadcast};
use tokio_util::sync::CancellationToken;

use crate::message::ErrorCode;
use crate::{MediaLinks, Now};
pub use room::{Applied, Room, Viewer};
pub use snapshot::Snapshot;
pub use view::{GameView, Slot};

/// How often the host is sent the answer count and the lobby, at most.
const HOST_UPDATES: Duration = Duration::from_millis(250);
/// A finished game nobody watches is forgotten after this long.
const IDLE: Duration = Duration::from_secs(60);
/// How long a host's call waits for the answers being counted before it answers anyway.
const COUNTED_WAIT: Duration = Duration::from_secs(30);
/// On PostgreSQL (where several nodes may serve one game) a question closes this long after its
/// deadline, unless everyone answered.
const CLUSTER_SETTLE_MS: i64 = 250;

/// A player's answer, as the writer records it.
#[derive(Debug, Clone)]
pub struct Answer {
    pub game_id: String,
    pub player_id: String,
    /// What the player's stream decides ([`PlayerCommand::answer`]): the question being played
    /// and the game's scoring, at the server's receive time (what decides whether it was in time,
    /// and how fast).
    pub command: PlayerCommand,
    /// The player's stream version the command was decided at, and what it decided: the writer
    /// records these unless the stream moved meanwhile (then it decides again on the log).
    pub version: i64,
    pub events: Vec<PlayerEvent>,
}

/// Why an answer was not recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// The domain's refusal (decision 0040).
    Player(PlayerError),
    NotFound,
    Kicked,
    Unavailable,
}

impl Refused {
    /// How the refusal reads to the player: its code and message. The hub only says the domain's
    /// refusals, in the domain's words; the HTTP API gives them the same codes
    /// (`quizroom_api::refusals::player_refused`).
    pub fn reads(&self) -> (ErrorCode, String) {
        match self {
            Refused::Player(e @ PlayerError::AlreadyAnswered) => (ErrorCode::AlreadyAnswered, e.to_string()),
            Refused::Player(e @ PlayerError::TooLate) => (ErrorCode::TooLate, e.to_string()),
            Refused::Player(e @ PlayerError::NotOpen) => (ErrorCode::NotOpen, e.to_string()),
            Refused::Player(e @ PlayerError::BadResponse(_)) => (ErrorCode::BadMessage, e.to_string()),
            Refused::Player(PlayerError::NotJoined | PlayerError::AlreadyJoined) | Refused::NotFound => {
                (ErrorCode::NotFound, "No such player in this game".into())
            }
            Refused::Kicked => (ErrorCode::Forbidden, "You were removed from this game".into()),
            Refused::Unavailable => (ErrorCode::Unavailable, "Please try again".into()),
        }
    }
}

/// Where the hub's game writes go (implemented by the api crate).
#[async_trait]
pub trait GameWriter: Send + Sync {
    /// Records an answer; returns the recorded events once they are durable.
    async fn answer(&self, answer: Answer) -> Result<Vec<RecordedEvent>, Refused>;
    /// Carries out one of the clock's commands on a game; returns what it recorded (nothing when
    /// there was nothing to do, or another node did it first).
    async fn clock(&self, game_id: &str, command: GameCommand) -> Vec<RecordedEvent>;
}

/// What a room's subscribers are told.
#[derive(Debug, Clone)]
pub enum Update {
    /// Everyone needs a new view: the players' is made once, here.
    View(Arc<Snapshot>),
    /// The host's lobby changed.
    Lobby,
    /// The host's answer count; `counting` while answers received in time are still being
    /// written after the time is up (the reveal waits for them).
    Answers { question: usize, answered: u32, players: usize, counting: bool, poll_counts: Option<Arc<[u32]>> },
    /// This player was removed.
    Kicked(String),
}

/// A loaded game and its subscribers.
pub struct RoomHandle {
    pub room: Mutex<Room>,
    pub updates: broadcast::Sender<Update>,
    /// Wakes the room's clock task.
    changed: Notify,
    answers_changed: AtomicBool,
    lobby_changed: AtomicBool,
    /// Answers to a revealed question arrived from another node: the reveal is sent again.
    reveal_changed: AtomicBool,
}

impl RoomHandle {
    pub fn lock(&self) -> std::sync::MutexGuard<'_, Room> {
        self.room.lock().expect("room lock")
    }
}

pub struct Games {
    store: EventStore,
    now: Now,
    /// How long after a question's deadline its clock closes it: nothing on one node; in a
    /// cluster, time for the answers other nodes received in time to reach the log (decision 0047).
    settle_ms: i64,
    writer: Arc<dyn GameWriter>,
    links: MediaLinks,
    shutdown: CancellationToken,
    rooms: Mutex<HashMap<String, Arc<RoomHandle>>>,
    /// The game of each player of a loaded room (player events do not name their game).
    players: Mutex<HashMap<String, String>>,
}

impl Games {
    pub fn new(store: EventStore, now: Now, writer: Arc<dyn GameWriter>, links: MediaLinks, shutdown: CancellationToken) -> Arc<Games> {
        let settle_ms = match store.backend() {
            Backend::Postgres => CLUSTER_SETTLE_MS,
            Backend::Sqlite => 0,
        };
        Arc::new(Games { store, now, settle_ms, writer, links, shutdown, rooms: Mutex::new(HashMap::new()), players: Mutex::new(HashMap::new()) })
    }

    fn now(&self) -> i64 {
        (self.now)()
    }

    /// The room of game `game_id`, loaded from the log when this node has not got it yet.
    pub async fn room(self: &Arc<Self>, game_id: &str) -> Result<Option<Arc<RoomHandle>>, StoreError> {
        if let Some(handle) = self.rooms.lock().expect("rooms lock").get(game_id) {
            return Ok(Some(handle.clone()));
        }
        let Some((room, cursor)) = self.load(game_id).await? else { return Ok(None) };
        let (handle, fresh) = {
            let mut rooms = self.rooms.lock().expect("rooms lock");
            match rooms.get(game_id) {
                Some(handle) => (handle.clone(), false),
                None => {
                    self.remember_players(game_id, &room);
                    let handle = Arc::new(RoomHandle {
                        room: Mutex::new(room),
                        updates: broadcast::channel(16).0,
                        changed: Notify::new(),
                        answers_changed: AtomicBool::new(false),
                        lobby_changed: AtomicBool::new(false),
                        reveal_changed: AtomicBool::new(false),
                    });
                    rooms.insert(game_id.to_owned(), handle.clone());
                    (handle, true)
                }
            }
        };
        if fresh {
            tokio::spawn(self.clone().keep_clock(game_id.to_owned(), handle.clone()));
            if let Err(error) = self.catch_up(cursor).await {
                // What it missed shows as a gap at the room's next event, which reloads it.
                tracing::warn!(%error, game_id, "could not bring a loaded live game up to the log");
            }
        }
        Ok(Some(handle))
    }

    /// Notes the game of each of `room`'s players (player events do not name their game).
    fn remember_players(&self, game_id: &str, room: &Room) {
        let mut players = self.players.lock().expect("players lock");
        for id in room.players.keys() {
            players.insert(id.clone(), game_id.to_owned());
        }
    }

    /// Applies what the log holds after `cursor` (taken before a room was read): the follower may
    /// have passed some of it while the room was being read, before the room was there to take
    /// it. What the room already has counts once.
    async fn catch_up(self: &Arc<Self>, cursor: Cursor) -> Result<(), StoreError> {
        let mut log = self.store.subscribe(cursor, self.shutdown.clone());
        loop {
            let batch = log.next_batch().await?;
            if batch.is_empty() {
                return Ok(());
            }
            self.apply(&batch);
        }
    }

    /// A game as the log has it now (its stream and its players' streams), with the cursor read
    /// before it, from which [`catch_up`](Self::catch_up) applies what the read may have missed.
    async fn load(&self, game_id: &str) -> Result<Option<(Room, Cursor)>, StoreError> {
        let cursor = self.store.head_cursor().await?;
        let events = self.store.read_stream(StreamId::<LiveGame>::new(game_id).as_str(), 1).await?;
        if events.is_empty() {
            return Ok(None);
        }
        let mut room = Room::new(game_id.to_owned());
        room.links = Some(room::Links(self.links.clone()));
        for e in &events {
            let event = GameEvent::decode(&e.event_type, e.schema_version, &e.data).map_err(|d| StoreError::Corrupt { position: e.position, message: d.0 })?;
            room.apply_game(e.version, &event);
        }
        let players = quizroom_projections::live::read::players(self.store.pool(), game_id).await?;
        let streams: Vec<StreamId<GamePlayer>> = players.iter().map(|p| StreamId::new(&p.player_id)).collect();
        let names: Vec<&str> = streams.iter().map(StreamId::as_str).collect();
        let mut conn = self.store.pool().acquire().await.map_err(StoreError::from)?;
        for (stream, recorded) in streams.iter().zip(self.store.read_streams_in(&mut conn, &names).await?) {
            for e in recorded {
                let event =
                    PlayerEvent::decode(&e.event_type, e.schema_version, &e.data).map_err(|d| StoreError::Corrupt { position: e.position, message: d.0 })?;
                room.apply_player(stream.id(), e.version, &event);
            }
        }
        room.recount();
        room.rank();
        Ok(Some((room, cursor)))
    }

    /// Applies recorded events to the rooms this node has loaded (from the log follower, and from
    /// this node's own writes, so their effect is seen without waiting for the follower).
    pub fn apply(self: &Arc<Self>, events: &[RecordedEvent]) {
        for e in events {
            match e.stream_type() {
                LiveGame::STREAM => {
                    let Some(game_id) = id_of::<LiveGame>(&e.stream_id) else { continue };
                    let Some(handle) = self.rooms.lock().expect("rooms lock").get(game_id).cloned() else { continue };
                    let Ok(event) = GameEvent::decode(&e.event_type, e.schema_version, &e.data) else {
                        tracing::warn!(position = e.position, "the hub skipped a game event it could not read");
                        continue;
                    };
                    let applied = handle.lock().apply_game(e.version, &event);
                    if let GameEvent::PlayerKicked { player_id, .. } = &event {
                        let _ = handle.updates.send(Update::Kicked(player_id.clone()));
                    }
                    self.after(game_id, &handle, applied);
                }
                GamePlayer::STREAM => {
                    let Some(player_id) = id_of::<GamePlayer>(&e.stream_id) else { continue };
                    let Ok(event) = PlayerEvent::decode(&e.event_type, e.schema_version, &e.data) else {
                        tracing::warn!(position = e.position, "the hub skipped a player event it could not read");
                        continue;
                    };
                    let game_id = match &event {
                        PlayerEvent::PlayerJoined { game_id, .. } => Some(game_id.clone()),
                        PlayerEvent::AnswerGiven { .. } => self.players.lock().expect("players lock").get(player_id).cloned(),
                    };
                    let Some(game_id) = game_id else { continue };
                    let Some(handle) = self.rooms.lock().expect("rooms lock").get(&game_id).cloned() else { continue };
                    if matches!(event, PlayerEvent::PlayerJoined { .. }) {
                        self.players.lock().expect("players lock").insert(player_id.to_owned(), game_id.clone());
                    }
                    let applied = handle.lock().apply_player(player_id, e.version, &event);
                    self.after(&game_id, &handle, applied);
                }
                _ => {}
            }
        }
    }

    fn after(self: &Arc<Self>, game_id: &str, handle: &Arc<RoomHandle>, applied: Applied) {
        match applied {
            Applied::Seen => return,
            Applied::View | Applied::Kicked => {
                if !handle.lock().hold_reveal() {
                    self.send_view(handle);
                }
            }
            // The clock is woken for the first change since it last told the host (it tells at
            // most every HOST_UPDATES), and when the question can close.
            Applied::Joined => {
                if handle.lobby_changed.swap(true, Ordering::Relaxed) {
                    return;
                }
            }
            Applied::Answered => {
                let (all, late) = {
                    let room = handle.lock();
                    (room.all_answered(), room.game.phase != Phase::Question && !room.reveal_held)
                };
                if late {
                    // Counted after its question was revealed (received in time by another node).
                    handle.reveal_changed.store(true, Ordering::Relaxed);
                }
                if handle.answers_changed.swap(true, Ordering::Relaxed) && !all && !late {
                    return;
                }
            }
            Applied::Gap => {
                tokio::spawn(self.clone().reload(game_id.to_owned(), handle.clone()));
            }
        }
        handle.changed.notify_one();
    }

    /// Tells every subscriber of the room its new view (made once for all the players).
    fn send_view(&self, handle: &RoomHandle) {
        if handle.updates.receiver_count() == 0 {
            return;
        }
        let snapshot = Arc::new(Snapshot::of(&handle.lock(), self.now()));
        let _ = handle.updates.send(Update::View(snapshot));
    }

    /// Loads a room again after a gap in what this node saw of it.
    async fn reload(self: Arc<Self>, game_id: String, handle: Arc<RoomHandle>) {
        match self.load(&game_id).await {
            Ok(Some((mut room, cursor))) => {
                self.remember_players(&game_id, &room);
                {
                    let mut current = handle.lock();
                    room.carry_over(&mut current);
                    *current = room;
                }
                if let Err(error) = self.catch_up(cursor).await {
                    tracing::warn!(%error, game_id, "could not bring a reloaded live game up to the log");
                }
                if !handle.lock().hold_reveal() {
                    self.send_view(&handle);
                }
                handle.changed.notify_one();
            }
            Ok(None) => {}
            Err(error) => tracing::warn!(%error, game_id, "could not reload a live game"),
        }
    }

    /// Notes that `player_id`'s device has question `index`'s media; the clock looks again, so
    /// the answers open once every device has it.
    pub fn media_loaded(&self, handle: &RoomHandle, player_id: &str, index: usize) {
        if handle.lock().media_loaded(player_id, index) {
            handle.changed.notify_one();
        }
    }

    /// The room of `game_id` if this node has it loaded (without waiting for the log).
    pub fn loaded(&self, game_id: &str) -> Option<Arc<RoomHandle>> {
        self.rooms.lock().expect("rooms lock").get(game_id).cloned()
    }

    /// Takes `player_id`'s answer to question `index`, received at `now`, as it is read: the
    /// domain decides it on the player as this node holds them, so a refusal (not open, answered,
    /// too late) costs no write, and from this moment the room holds it, so its question is not
    /// revealed before it is written ([`record`](Self::record)) or refused. One answer of a
    /// player at a time: another while theirs is being written is refused as answered.
    pub fn take(self: &Arc<Self>, handle: &Arc<RoomHandle>, player_id: &str, index: usize, response: Response, now: i64) -> Result<Taken, Refused> {
        let mut room = handle.lock();
        let player = room.players.get(player_id).ok_or(Refused::NotFound)?;
        if player.kicked {
            return Err(Refused::Kicked);
        }
        let command = PlayerCommand::answer(&room.game, index, response, now).map_err(Refused::Player)?;
        let events = player.state.decide(command.clone()).map_err(Refused::Player)?;
        let answer = Answer { game_id: room.game_id.clone(), player_id: player_id.to_owned(), command, version: player.version, events };
        if !room.hold(player_id, index) {
            return Err(Refused::Player(PlayerError::AlreadyAnswered));
        }
        Ok(Taken { answer, _held: Held { games: self.clone(), handle: handle.clone(), player_id: player_id.to_owned(), index } })
    }

    /// Writes an answer [taken](Self::take) and applies it; it counts once durable. The writer
    /// records what was decided unless the player's stream moved meanwhile, and then decides
    /// again on the log.
    pub async fn record(self: &Arc<Self>, taken: Taken) -> Result<(), Refused> {
        let Taken { answer, _held: held } = taken;
        let recorded = self.writer.answer(answer).await?;
        self.apply(&recorded);
        drop(held);
        Ok(())
    }

    /// An answer that was written or refused: when it was the last one to its question being
    /// written after the question closed, the view held for it is sent (ranked with it), and the
    /// clock looks again.
    fn released(&self, handle: &RoomHandle, player_id: &str, index: usize) {
        let send = {
            let mut room = handle.lock();
            if !room.release(player_id, index) {
                return;
            }
            let held = room.reveal_held && room.game.clock.is_some_and(|c| c.index == index);
            if held {
                room.reveal_held = false;
                room.rank();
            }
            held
        };
        if send {
            self.send_view(handle);
        }
        handle.answers_changed.store(true, Ordering::Relaxed);
        handle.changed.notify_one();
    }

    /// Waits until the answers to the room's current question received in time are counted (its
    /// view is no longer held), so a view made next shows them; at most [`COUNTED_WAIT`].
    pub async fn counted(&self, handle: &RoomHandle) {
        let until = tokio::time::Instant::now() + COUNTED_WAIT;
        while handle.lock().reveal_held && tokio::time::Instant::now() < until {
            tokio::select! {
                _ = tokio::time::sleep(Duration::from_millis(10)) => {}
                _ = self.shutdown.cancelled() => return,
            }
        }
    }

    /// The task that keeps a room's clock and sends the host's updates; ends at shutdown, or
    /// once the game finished and nobody has watched it for [`IDLE`]. It closes a question the
    /// moment everyone answered, and tells the host at most every [`HOST_UPDATES`].
    async fn keep_clock(self: Arc<Self>, game_id: String, handle: Arc<RoomHandle>) {
        let mut idle_since = tokio::time::Instant::now();
        let mut told = tokio::time::Instant::now() - HOST_UPDATES;
        let mut counting_told = false;
        loop {
            let now = self.now();
            let (due, finished, counting) = {
                let room = handle.lock();
                (next_due(&room, now, self.settle_ms), room.game.phase == Phase::Finished, room.counting_now(now))
            };
            if let Some((at, command)) = &due
                && *at <= now
            {
                let recorded = self.writer.clock(&game_id, command.clone()).await;
                self.apply(&recorded);
                if recorded.is_empty() {
                    // Nothing to do, or another node did it: look again shortly.
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                continue;
            }
            if counting != counting_told {
                handle.answers_changed.store(true, Ordering::Relaxed);
                counting_told = counting;
                if counting {
                    let waiting = handle.lock().pending();
                    tracing::warn!(game_id, waiting, "the time is up and answers received in time are still being written: the reveal waits for them");
                }
            }
            let changes =
                handle.lobby_changed.load(Ordering::Relaxed) || handle.answers_changed.load(Ordering::Relaxed) || handle.reveal_changed.load(Ordering::Relaxed);
            let mut wait = due.map_or(1_000, |(at, _)| (at - now).clamp(1, 1_000)) as u64;
            if changes {
                let next_tell = told + HOST_UPDATES;
                if tokio::time::Instant::now() >= next_tell {
                    self.send_host_updates(&handle, counting);
                    told = tokio::time::Instant::now();
                } else {
                    wait = wait.min(next_tell.duration_since(tokio::time::Instant::now()).as_millis() as u64 + 1);
                }
            }
            if handle.updates.receiver_count() > 0 {
                idle_since = tokio::time::Instant::now();
            } else if finished && idle_since.elapsed() > IDLE {
                self.forget(&game_id);
                return;
            }
            // Look again at least every second: the clock may be a test's, moved by hand.
            tokio::select! {
                _ = tokio::time::sleep(Duration::from_millis(wait)) => {}
                _ = handle.changed.notified() => {}
                _ = self.shutdown.cancelled() => return,
            }
        }
    }

    fn send_host_updates(&self, handle: &RoomHandle, counting: bool) {
        if handle.lobby_changed.swap(false, Ordering::Relaxed) {
            let _ = handle.updates.send(Update::Lobby);
        }
        if handle.reveal_changed.swap(false, Ordering::Relaxed) {
            handle.lock().rank();
            self.send_view(handle);
        }
        if handle.answers_changed.swap(false, Ordering::Relaxed) {
            let room = handle.lock();
            if let Some(clock) = room.game.clock {
                let (question, answered, players, poll_counts) = (clock.index, room.answered, room.active_players(), room.poll_counts().map(Arc::from));
                let _ = handle.updates.send(Update::Answers { question, answered, players, counting, poll_counts });
            }
        }
    }

    fn forget(&self, game_id: &str) {
        if let Some(handle) = self.rooms.lock().expect("rooms lock").remove(game_id) {
            let room = handle.lock();
            let mut players = self.players.lock().expect("players lock");
            for id in room.players.keys() {
                players.remove(id);
            }
        }
    }

    /// Loads the games that have not finished, so their clocks run again after a restart (and
    /// those idle for a day end, freeing their PINs).
    pub async fn resume_unfinished(self: &Arc<Self>) {
        match quizroom_projections::live::read::unfinished(self.store.pool()).await {
            Ok(games) => {
                for game in games {
                    if let Err(error) = self.room(&game.game_id).await {
                        tracing::warn!(%error, game_id = game.game_id, "could not resume a live game");
                    }
                }
            }
            Err(error) => tracing::warn!(%error, "could not find the live games to resume"),
        }
    }
}

/// The clock's next command for a room, and when it is due: the question's deadline (`settle_ms`
/// after it), everyone having answered, the auto-advance; else, for a game waiting on its host,
/// its end once idle ([`LiveGame::idle_end_at`]). Nothing while answers to the open question
/// received in time are still being written: the last one written wakes the clock.
fn next_due(room: &Room, now: i64, settle_ms: i64) -> Option<(i64, GameCommand)> {
    let game = &room.game;
    let index = game.clock.map(|c| c.index);
    let step = match (game.phase, index) {
        (Phase::Question, Some(index)) if room.counting(index) => return None,
        (Phase::Question, Some(index)) if room.all_answered() => Some((now, GameCommand::CloseAllAnswered { index, now })),
        // Every device has the media before the get-ready ends: answers open once the ordinary
        // get-ready has passed.
        (Phase::Question, Some(index)) if game.clock.is_some_and(|c| c.paused_at.is_none() && now < c.opens_at) && room.all_loaded() => {
            let at = game.clock.map_or(now, |c| c.earliest_opening()).max(now);
            Some((at, GameCommand::OpenEarly { index, now: at }))
        }
        (Phase::Question, Some(index)) => {
            game.clock.filter(|c| c.paused_at.is_none()).map(|c| (c.deadline + settle_ms, GameCommand::CloseAtDeadline { index, now: now.max(c.deadline) }))
        }
        // Nothing moves on while a view is held for the answers being counted.
        (Phase::Reveal | Phase::Standings, _) if room.reveal_held => return None,
        (Phase::Reveal | Phase::Standings, Some(index)) if game.settings.as_ref().is_some_and(|s| s.auto_advance) => {
            let at = game.phase_since + AUTO_ADVANCE_MS;
            Some((at, GameCommand::AutoAdvance { phase: game.phase, index, now: now.max(at) }))
        }
        _ => None,
    };
    step.or_else(|| {
        let players = room.active_players();
        let at = game.idle_end_at(players);
        (game.opened && game.phase != Phase::Finished).then(|| (at, GameCommand::EndIdle { players, now: now.max(at) }))
    })
}

/// An answer [taken](Games::take): decided, and held in its room until it is written or refused.
pub struct Taken {
    answer: Answer,
    _held: Held,
}

/// An answer being written, noted in its room ([`Room::hold`]) until this is dropped, whatever
/// becomes of the task writing it.
struct Held {
    games: Arc<Games>,
    handle: Arc<RoomHandle>,
    player_id: String,
    index: usize,
}

impl Drop for Held {
    fn drop(&mut self) {
        self.games.released(&self.handle, &self.player_id, self.index);
    }
}
