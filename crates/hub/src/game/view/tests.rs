//! The views: every field documented, present (null when empty), each viewer's own.

use std::collections::BTreeSet;

use quizroom_domain::game::{CloseReason, GameEvent, GameQuestion, GameSettings};
use quizroom_domain::player::PlayerEvent;
use serde::{Deserialize, Deserializer};
use serde_json::Value;

use super::*;

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Slot<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        T::deserialize(deserializer).map(Slot::Filled)
    }
}

/// A game of two questions with three players; p1 answered the first question right.
fn room() -> Room {
    let mut room = Room::new("g1".into());
    let question = |id: i64| GameQuestion::four_options(id, format!("Q{id}"), ["a".into(), "b".into(), "c".into(), "d".into()], Letter::C, "why");
    let settings = GameSettings {
        seconds_per_question: 20,
        scoring: Scoring::Speed,
        streak_bonus: true,
        shuffle_questions: false,
        shuffle_options: true,
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
            response: Response::Choice(2),
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

/// Views in every phase, for the host and for a player: between them, every field there is.
fn views() -> Vec<GameView> {
    let mut room = room();
    let mut views = Vec::new();
    let mut look = |room: &Room| {
        views.push(room.view(&Viewer::Host, 5_000));
        views.push(room.view(&Viewer::Player("p1".into()), 5_000));
    };
    look(&room);
    let events = [
        GameEvent::QuestionClosed { index: 0, reason: CloseReason::Time, at: 30_000 },
        GameEvent::StandingsShown { index: 0, at: 31_000 },
        GameEvent::QuestionStarted { index: 1, at: 32_000, opens_at: 35_000, deadline: 55_000 },
        GameEvent::QuestionClosed { index: 1, reason: CloseReason::Time, at: 56_000 },
        GameEvent::GameFinished { ended_by: quizroom_domain::game::EndedBy::Completed, at: 57_000 },
    ];
    for (version, event) in (3..).zip(events) {
        assert_eq!(room.apply_game(version, &event), crate::game::Applied::View, "{event:?}");
        look(&room);
    }
    views
}

/// The paths of every key in `value`: `question.options[].letter`.
fn paths(value: &Value, prefix: &str, out: &mut BTreeSet<String>) {
    match value {
        Value::Object(map) => {
            for (key, value) in map {
                let path = if prefix.is_empty() { key.clone() } else { format!("{prefix}.{key}") };
                out.insert(path.clone());
                paths(value, &path, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|item| paths(item, &format!("{prefix}[]"), out)),
        _ => {}
    }
}

/// The JSON examples of the section "The view" of `docs/live-games.md`.
fn documented() -> Vec<String> {
    let doc = include_str!("../../../../../docs/live-games.md");
    let section = doc.split("\n## ").find(|s| s.starts_with("The view")).expect("a section \"The view\"");
    section.split("```json\n").skip(1).map(|block| block.split("```").next().unwrap().to_owned()).collect()
}

#[test]
fn every_field_of_the_view_is_documented_and_every_documented_example_is_a_view() {
    let examples = documented();
    assert!(examples.len() >= 2, "docs/live-games.md shows no views");
    let mut shown = BTreeSet::new();
    for example in &examples {
        let parsed: Result<GameView, _> = serde_json::from_str(example);
        assert!(parsed.is_ok(), "an example of docs/live-games.md is not a view: {parsed:?}\n{example}");
        paths(&serde_json::from_str(example).unwrap(), "", &mut shown);
    }
    let mut sent = BTreeSet::new();
    for view in views() {
        paths(&serde_json::to_value(&view).unwrap(), "", &mut sent);
    }
    let undocumented: Vec<_> = sent.difference(&shown).collect();
    assert!(undocumented.is_empty(), "fields of the view that docs/live-games.md does not show: {undocumented:?}");
    let unsent: Vec<_> = shown.difference(&sent).collect();
    assert!(unsent.is_empty(), "fields docs/live-games.md shows that no view has: {unsent:?}");
}

#[test]
fn a_view_has_every_field_present_null_when_empty() {
    let keys = |view: &GameView| serde_json::to_value(view).unwrap().as_object().unwrap().keys().cloned().collect::<BTreeSet<_>>();
    let all = keys(&views()[0]);
    assert_eq!(all.len(), 14);
    for view in views() {
        assert_eq!(keys(&view), all);
    }
    let lobby = Room::new("g".into()).view(&Viewer::Host, 0);
    assert_eq!(serde_json::to_value(&lobby).unwrap()["question"], Value::Null);
    assert_eq!(keys(&lobby), all);
}

#[test]
fn a_player_sees_the_options_in_their_own_order_and_the_host_in_the_questions() {
    let room = room();
    let letters = |view: GameView| match view.question.unwrap().options {
        Slot::Filled(options) => options.iter().map(|o| o.letter).collect::<Vec<_>>(),
        Slot::Hole(_) => panic!("a hole in a whole view"),
    };
    assert_eq!(letters(room.view(&Viewer::Host, 0)), Letter::ALL);
    for id in ["p0", "p1", "p2"] {
        let mut order = Letter::ALL;
        shuffle(&mut order, id, 0);
        assert_eq!(letters(room.view(&Viewer::Player(id.into()), 0)), order);
    }
}
