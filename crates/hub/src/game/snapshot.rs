//! The players' `game` message at a phase change, built once for the whole room: the view as JSON
//! text with two holes, one for the player's own part (`me`) and one for the question's options
//! (each player's own order when options are shuffled); the `me` part of every player is made in
//! the same pass. A connection only joins the pieces, so 20,000 players cost one view and 20,000
//! small strings, not 20,000 views built one after another under the room's lock.

use std::collections::HashMap;

use quizroom_domain::quiz::Letter;

use super::room::{Room, shuffle};
use super::view::Slot;
use crate::channel::Channel;
use crate::message::ServerMessage;

/// Stand-ins for the holes, as JSON strings no real text produces (a control character is
/// escaped in JSON text, so the escaped form cannot come from a question or a name).
const ME: &str = "\u{1}me\u{1}";
const OPTIONS: &str = "\u{1}options\u{1}";

enum Piece {
    Text(String),
    Me,
    Options,
}

pub struct Snapshot {
    pieces: Vec<Piece>,
    /// Each player's `me`, as JSON text.
    me: HashMap<String, String>,
    /// The current question's options as JSON text, in every order players may see them.
    options: Option<Options>,
}

/// A question's options as JSON text: in their own order, or (shuffled) in each of the 24 orders,
/// so a player's message only looks theirs up.
enum Options {
    Fixed(String),
    Shuffled { index: usize, by_order: HashMap<[Letter; 4], String> },
}

impl Options {
    fn new(room: &Room, index: usize, shuffled: bool, now: i64) -> Options {
        let text = |order: &[Letter; 4]| serde_json::to_string(&room.options(index, order, now)).expect("JSON");
        if !shuffled {
            return Options::Fixed(text(&Letter::ALL));
        }
        let by_order = permutations(Letter::ALL).into_iter().map(|order| (order, text(&order))).collect();
        Options::Shuffled { index, by_order }
    }

    fn for_player(&self, player_id: &str) -> &str {
        match self {
            Options::Fixed(text) => text,
            Options::Shuffled { index, by_order } => {
                let mut order = Letter::ALL;
                shuffle(&mut order, player_id, *index);
                &by_order[&order]
            }
        }
    }
}

/// The 24 orders of four letters.
fn permutations(letters: [Letter; 4]) -> Vec<[Letter; 4]> {
    let mut all = Vec::with_capacity(24);
    for a in 0..4 {
        for b in (0..4).filter(|&b| b != a) {
            for c in (0..4).filter(|&c| c != a && c != b) {
                let d = 6 - a - b - c;
                all.push([letters[a], letters[b], letters[c], letters[d]]);
            }
        }
    }
    all
}

impl std::fmt::Debug for Snapshot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Snapshot").field("players", &self.me.len()).finish_non_exhaustive()
    }
}

impl Snapshot {
    /// The players' message of `room` at `now`.
    pub fn of(room: &Room, now: i64) -> Snapshot {
        let mut view = room.shared_view(now);
        view.me = Some(Slot::Hole(ME));
        let options = view.question.as_mut().map(|question| {
            question.options = Slot::Hole(OPTIONS);
            let shuffled = room.game.settings.as_ref().is_some_and(|s| s.shuffle_options) && question.served.is_none();
            Options::new(room, question.index, shuffled, now)
        });
        let channel = Channel::Game(room.game_id.clone());
        let text = ServerMessage::Game { channel: &channel, view: &view }.to_text();
        let (me_hole, options_hole) = (serde_json::to_string(ME).expect("JSON"), serde_json::to_string(OPTIONS).expect("JSON"));
        let mut pieces = Vec::new();
        let mut rest = text.as_str();
        loop {
            let next = [(rest.find(&me_hole), Piece::Me, me_hole.len()), (rest.find(&options_hole), Piece::Options, options_hole.len())]
                .into_iter()
                .filter_map(|(at, piece, len)| at.map(|at| (at, piece, len)))
                .min_by_key(|(at, _, _)| *at);
            match next {
                Some((at, piece, len)) => {
                    pieces.push(Piece::Text(rest[..at].to_owned()));
                    pieces.push(piece);
                    rest = &rest[at + len..];
                }
                None => {
                    pieces.push(Piece::Text(rest.to_owned()));
                    break;
                }
            }
        }
        let me = room.players.keys().filter_map(|id| Some((id.clone(), serde_json::to_string(&room.me(id)?).expect("JSON")))).collect();
        Snapshot { pieces, me, options }
    }

    /// The message for player `player_id` (`None` for a player who joined after it was made).
    pub fn message_for(&self, player_id: &str) -> Option<String> {
        let me = self.me.get(player_id)?;
        let mut text = String::with_capacity(self.pieces.iter().map(|p| if let Piece::Text(t) = p { t.len() } else { 200 }).sum());
        for piece in &self.pieces {
            match piece {
                Piece::Text(t) => text.push_str(t),
                Piece::Me => text.push_str(me),
                Piece::Options => text.push_str(self.options.as_ref().map_or("null", |o| o.for_player(player_id))),
            }
        }
        Some(text)
    }
}

#[cfg(test)]
mod tests {
    use quizroom_domain::game::{GameEvent, GameQuestion, GameSettings, Scoring};
    use quizroom_domain::player::PlayerEvent;

    use super::*;
    use crate::game::Viewer;

    fn room(shuffle_options: bool) -> Room {
        let mut room = Room::new("g1".into());
        let question =
            |id: i64| GameQuestion::four_options(id, format!("Q \"{id}\" \u{1}me\u{1}?"), ["a".into(), "b".into(), "c".into(), "d".into()], Letter::C, "why");
        let settings = GameSettings {
            seconds_per_question: 20,
            scoring: Scoring::Speed,
            streak_bonus: true,
            shuffle_questions: false,
            shuffle_options,
            require_sign_in: false,
            auto_advance: false,
        };
        room.apply_game(
            1,
            &GameEvent::GameOpened {
                host_id: "h".into(),
                quiz_id: 1,
                quiz_version: 1,
                curated: false,
                title: "T".into(),
                questions: vec![question(1), question(2)],
                settings,
                pin: "123456".into(),
                join_key: "k".into(),
                seed: 7,
                at: 0,
            },
        );
        for (n, name) in ["Ana", "Ben", "Cy"].iter().enumerate() {
            room.apply_player(
                &format!("p{n}"),
                1,
                &PlayerEvent::PlayerJoined { game_id: "g1".into(), nickname: (*name).into(), user_id: None, device: None, at: n as i64 },
            );
        }
        room.apply_game(2, &GameEvent::QuestionStarted { index: 0, at: 10, opens_at: 3_010, deadline: 23_010 });
        room.apply_player(
            "p1",
            2,
            &PlayerEvent::AnswerGiven {
                index: 0,
                question_id: 1,
                response: quizroom_domain::question::Response::Choice(2),
                f: Some(1.0),
                correct: true,
                points: 900,
                streak: 1,
                elapsed_ms: 5,
                at: 3_015,
            },
        );
        room
    }

    #[test]
    fn every_order_of_the_options_is_one_of_the_24() {
        let all: std::collections::HashSet<_> = permutations(Letter::ALL).into_iter().collect();
        assert_eq!(all.len(), 24);
        for player in ["p0", "p1", "someone-else"] {
            for index in 0..10 {
                let mut order = Letter::ALL;
                shuffle(&mut order, player, index);
                assert!(all.contains(&order));
            }
        }
    }

    #[test]
    fn a_players_message_from_the_snapshot_is_their_own_view() {
        for shuffled in [false, true] {
            let mut room = room(shuffled);
            for (version, event) in [(0, None), (3, Some(GameEvent::QuestionClosed { index: 0, reason: quizroom_domain::game::CloseReason::Time, at: 30_000 }))]
            {
                if let Some(event) = event {
                    room.apply_game(version, &event);
                }
                let snapshot = Snapshot::of(&room, 5_000);
                for id in ["p0", "p1", "p2"] {
                    let channel = Channel::Game("g1".into());
                    let own = ServerMessage::Game { channel: &channel, view: &room.view(&Viewer::Player(id.into()), 5_000) }.to_text();
                    let from_snapshot = snapshot.message_for(id).unwrap();
                    // The same text, byte for byte: the holes sit where the fields would be.
                    assert_eq!(from_snapshot, own, "{id}");
                }
                assert_eq!(snapshot.message_for("stranger"), None);
            }
        }
    }

    #[test]
    fn while_a_question_is_open_a_players_points_say_nothing_of_their_answer() {
        let mut room = room(false);
        // p1 answered question 0 right (900 points); p0 has not answered.
        let figures = |room: &Room, id: &str| {
            let me = serde_json::to_value(room.me(id).unwrap()).unwrap();
            (me["points"].clone(), me["streak"].clone(), me["rank"].clone(), me["lastResult"].clone())
        };
        assert_eq!(figures(&room, "p1"), figures(&room, "p0"));
        assert_eq!(figures(&room, "p1").0, 0);
        room.apply_game(3, &GameEvent::QuestionClosed { index: 0, reason: quizroom_domain::game::CloseReason::Time, at: 30_000 });
        assert_eq!(figures(&room, "p1").0, 900);
        assert_eq!(figures(&room, "p1").1, 1);
    }
}
