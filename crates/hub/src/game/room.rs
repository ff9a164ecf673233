//! One live game as this node knows it: the game's stream and its players' streams folded, the
//! answer counts of the current question and the ranking, from which each client's view is made
//! (`super::view`, `docs/live-games.md`). Events are applied in stream order by version, so an event seen twice
//! (loaded, then followed in the log, or applied by the command that wrote it) counts once, and a
//! gap is reported so the room is loaded again.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::Arc;

use quizroom_domain::Aggregate;
use quizroom_domain::game::{GameEvent, LiveGame, Phase};
use quizroom_domain::player::{Answered, GamePlayer, PlayerEvent};
use quizroom_domain::question::{MOST_OPTIONS, Response};
use quizroom_domain::quiz::Letter;

/// Rows of the standings, and of the podium.
pub const STANDINGS: usize = 5;
pub const PODIUM: usize = 3;
/// Names the host's lobby shows (the newest).
pub const NAMES: usize = 100;

/// Who a view is for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Viewer {
    Host,
    Player(String),
}

/// What applying an event did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Applied {
    /// Already applied: nothing changed.
    Seen,
    /// The game's phase or clock changed: every client needs a new view.
    View,
    /// A player joined: the host's lobby changed.
    Joined,
    /// A player answered the current question: the host's count changed.
    Answered,
    /// A player was removed.
    Kicked,
    /// An event is missing before this one: load the room again.
    Gap,
}

/// The answers to the current question as its reveal counts them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Per option (single choice, multi-select, poll; `true` then `false` for true/false).
    pub options: [u32; MOST_OPTIONS],
    /// Judged right, partly right (between 0 and 1) and wrong; a poll's or word cloud's in none.
    pub right: u32,
    pub partly: u32,
    pub wrong: u32,
}

impl Tally {
    fn add(&mut self, answer: &Answered) {
        let mut option = |i: usize| {
            if let Some(n) = self.options.get_mut(i) {
                *n += 1;
            }
        };
        match &answer.response {
            Response::Choice(i) => option(*i),
            Response::Choices(chosen) => chosen.iter().for_each(|i| option(*i)),
            Response::Bool(b) => option(usize::from(!*b)),
            _ => {}
        }
        match answer.f {
            Some(f) if f >= 1.0 => self.right += 1,
            Some(f) if f <= 0.0 => self.wrong += 1,
            Some(_) => self.partly += 1,
            None => {}
        }
    }
}

#[derive(Debug, Clone)]
pub struct Player {
    pub state: GamePlayer,
    pub version: i64,
    pub kicked: bool,
}

/// The ranking at the last close, standings or end.
#[derive(Debug, Default)]
pub struct Ranking {
    /// Player ids, best first.
    pub order: Vec<String>,
    pub rank: HashMap<String, usize>,
}

#[derive(Debug)]
pub struct Room {
    pub game_id: String,
    pub game: LiveGame,
    pub version: i64,
    pub players: HashMap<String, Player>,
    /// Player ids in the order they joined.
    pub joined: Vec<String>,
    pub by_user: HashMap<String, String>,
    /// The current question's answers as counted for its reveal, and how many answered it.
    pub counts: Tally,
    pub answered: u32,
    pub ranking: Arc<Ranking>,
    /// Players still in the game.
    active: usize,
    /// The answers this node received in time and is still writing, by question, and their
    /// players (one answer of a player at a time): a question is not revealed before its are
    /// counted (decision 0047).
    pending: BTreeMap<usize, u32>,
    answering: HashSet<String>,
    /// The question closed (or the game ended) while answers to it were still being written: the
    /// new view is sent once they are counted.
    pub reveal_held: bool,
    /// Serves a question's media (none: shown without).
    pub links: Option<Links>,
    /// The players whose device told this node it has the current question's media (issue 30):
    /// once every player's has, its answers open without waiting out the get-ready.
    loaded: HashSet<String>,
}

/// How a room serves a question's media.
#[derive(Clone)]
pub struct Links(pub crate::MediaLinks);

impl std::fmt::Debug for Links {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Links")
    }
}

impl Room {
    pub fn new(game_id: String) -> Room {
        Room {
            game_id,
            game: LiveGame::default(),
            version: 0,
            players: HashMap::new(),
            joined: Vec::new(),
            by_user: HashMap::new(),
            counts: Tally::default(),
            answered: 0,
            ranking: Arc::default(),
            active: 0,
            pending: BTreeMap::new(),
            answering: HashSet::new(),
            reveal_held: false,
            links: None,
            loaded: HashSet::new(),
        }
    }

    /// Players still in the game.
    pub fn active_players(&self) -> usize {
        self.active
    }

    /// Whether every player still in the game answered the open question.
    pub fn all_answered(&self) -> bool {
        self.game.open_question().is_some() && self.answered as usize >= self.active && self.answered > 0
    }

    /// Notes that `player_id`'s device has question `index`'s media; false when it is not the
    /// question being played, or the player is not (or no longer) in the game.
    pub fn media_loaded(&mut self, player_id: &str, index: usize) -> bool {
        let current = self.game.open_question().is_some_and(|q| q.index == index);
        current && self.players.get(player_id).is_some_and(|p| !p.kicked) && self.loaded.insert(player_id.to_owned())
    }

    /// Whether every player still in the game has the open question's media on their device
    /// (`loaded` holds only players still in the game: a kicked one leaves it).
    pub fn all_loaded(&self) -> bool {
        self.active > 0 && self.loaded.len() >= self.active
    }

    /// Notes `player_id`'s answer to question `index`, received in time, which is being written;
    /// false (nothing noted) when an answer of theirs is being written already.
    pub fn hold(&mut self, player_id: &str, index: usize) -> bool {
        if !self.answering.insert(player_id.to_owned()) {
            return false;
        }
        *self.pending.entry(index).or_default() += 1;
        true
    }

    /// An answer noted by [`hold`](Self::hold) was written (and applied) or refused. Returns
    /// whether no answer to its question is being written any more.
    pub fn release(&mut self, player_id: &str, index: usize) -> bool {
        self.answering.remove(player_id);
        match self.pending.get_mut(&index) {
            Some(n) if *n > 1 => {
                *n -= 1;
                false
            }
            _ => {
                self.pending.remove(&index);
                true
            }
        }
    }

    /// Whether answers to question `index` received in time are still being written.
    pub fn counting(&self, index: usize) -> bool {
        self.pending.contains_key(&index)
    }

    /// How many answers received in time are still being written.
    pub fn pending(&self) -> u32 {
        self.pending.values().sum()
    }

    /// Whether the host is told the answers are being counted: the current question's time is up
    /// (or everyone answered, or it closed) while answers received in time are still being written.
    pub fn counting_now(&self, now: i64) -> bool {
        let Some(clock) = self.game.clock else { return false };
        if !self.counting(clock.index) {
            return false;
        }
        let answering = self.pending.get(&clock.index).copied().unwrap_or(0);
        self.reveal_held
            || self.game.phase == Phase::Question && (clock.paused_at.is_none() && now >= clock.deadline || (self.answered + answering) as usize >= self.active)
    }

    /// When a change of phase comes while answers to the question are still being written (it
    /// closed, or the game ended), its view is held back until they are counted; says whether it is.
    pub fn hold_reveal(&mut self) -> bool {
        let held = self.game.phase != Phase::Question && self.game.clock.is_some_and(|c| self.counting(c.index));
        self.reveal_held |= held;
        held
    }

    /// Takes over what a room loaded again must not forget: the answers still being written.
    pub fn carry_over(&mut self, old: &mut Room) {
        self.pending = std::mem::take(&mut old.pending);
        self.answering = std::mem::take(&mut old.answering);
        self.reveal_held = old.reveal_held;
        // The phones that said they have the question's media do not say it again.
        if self.game.open_question().map(|q| q.index) == old.game.open_question().map(|q| q.index) {
            self.loaded = std::mem::take(&mut old.loaded);
        }
    }

    /// The player a signed-in user plays as in this game.
    pub fn player_of_user(&self, user_id: &str) -> Option<&str> {
        self.by_user.get(user_id).map(String::as_str)
    }

    pub fn apply_game(&mut self, version: i64, event: &GameEvent) -> Applied {
        if version <= self.version {
            return Applied::Seen;
        }
        if version != self.version + 1 {
            return Applied::Gap;
        }
        self.version = version;
        self.game = std::mem::take(&mut self.game).evolve(event);
        match event {
            GameEvent::QuestionStarted { index, .. } => {
                self.count_answers(*index);
                self.loaded.clear();
            }
            GameEvent::QuestionClosed { .. } | GameEvent::StandingsShown { .. } | GameEvent::GameFinished { .. } => self.rank(),
            GameEvent::PlayerKicked { player_id, .. } => {
                if let Some(p) = self.players.get_mut(player_id)
                    && !p.kicked
                {
                    p.kicked = true;
                    self.active -= 1;
                    self.loaded.remove(player_id);
                }
                return Applied::Kicked;
            }
            _ => {}
        }
        Applied::View
    }

    pub fn apply_player(&mut self, player_id: &str, version: i64, event: &PlayerEvent) -> Applied {
        let current = self.players.get(player_id).map_or(0, |p| p.version);
        if version <= current {
            return Applied::Seen;
        }
        if version != current + 1 {
            return Applied::Gap;
        }
        match event {
            PlayerEvent::PlayerJoined { user_id, .. } => {
                let state = GamePlayer::default().evolve(event);
                if let Some(user_id) = user_id {
                    self.by_user.insert(user_id.clone(), player_id.to_owned());
                }
                let kicked = self.game.kicked.contains(player_id);
                self.active += usize::from(!kicked);
                self.players.insert(player_id.to_owned(), Player { state, version, kicked });
                self.joined.push(player_id.to_owned());
                Applied::Joined
            }
            PlayerEvent::AnswerGiven { index, .. } => {
                let Some(player) = self.players.get_mut(player_id) else { return Applied::Gap };
                player.state = std::mem::take(&mut player.state).evolve(event);
                player.version = version;
                if self.game.clock.is_some_and(|c| c.index == *index)
                    && let Some(answer) = player.state.answers.get(index)
                {
                    self.counts.add(answer);
                    self.answered += 1;
                }
                Applied::Answered
            }
        }
    }

    /// The counts of the current question, from the players' answers (after loading).
    pub fn recount(&mut self) {
        if let Some(clock) = self.game.clock {
            self.count_answers(clock.index);
        }
    }

    /// The counts of question `index` from the players' answers.
    fn count_answers(&mut self, index: usize) {
        self.counts = Tally::default();
        self.answered = 0;
        for p in self.players.values() {
            if let Some(a) = p.state.answers.get(&index) {
                self.counts.add(a);
                self.answered += 1;
            }
        }
    }

    /// Ranks the players still in the game: most points first, then who joined first.
    pub fn rank(&mut self) {
        let mut order: Vec<(&String, &Player)> = self.players.iter().filter(|(_, p)| !p.kicked).collect();
        order.sort_by(|(a_id, a), (b_id, b)| b.state.points.cmp(&a.state.points).then(a.state.joined_at.cmp(&b.state.joined_at)).then(a_id.cmp(b_id)));
        let order: Vec<String> = order.into_iter().map(|(id, _)| id.clone()).collect();
        let rank = order.iter().enumerate().map(|(i, id)| (id.clone(), i + 1)).collect();
        self.ranking = Arc::new(Ranking { order, rank });
    }
}

/// The order of the options for one player and question: a permutation fixed by both (FNV-1a
/// of the two, then Fisher–Yates), the same on every node and after every reconnect.
pub fn shuffle(order: &mut [Letter; 4], player_id: &str, index: usize) {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in player_id.bytes().chain(index.to_le_bytes()) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    for i in (1..order.len()).rev() {
        hash = hash.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let j = ((hash >> 33) % (i as u64 + 1)) as usize;
        order.swap(i, j);
    }
}
