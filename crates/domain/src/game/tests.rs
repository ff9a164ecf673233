//! The rules of a live game: lobby, start, the question's clock, pause, skip, reveal, standings,
//! auto-advance, kicking and the end.

use super::*;
use crate::quiz::Letter;
use crate::testing::given;

const T0: i64 = 1_000_000;

fn settings() -> GameSettings {
    GameSettings {
        seconds_per_question: 20,
        scoring: Scoring::Speed,
        streak_bonus: false,
        shuffle_questions: false,
        shuffle_options: false,
        require_sign_in: false,
        auto_advance: false,
    }
}

fn question(id: i64) -> GameQuestion {
    GameQuestion::four_options(id, format!("Question {id}?"), ["a".into(), "b".into(), "c".into(), "d".into()], Letter::B, "because")
}

fn opened_with(settings: GameSettings) -> GameEvent {
    GameEvent::GameOpened {
        host_id: "host".into(),
        quiz_id: 7,
        quiz_version: 1,
        curated: false,
        title: "Capitals".into(),
        questions: vec![question(1), question(2)],
        settings,
        pin: "123456".into(),
        join_key: "key".into(),
        seed: 42,
        at: T0,
    }
}

fn opened() -> GameEvent {
    opened_with(settings())
}

fn started(index: usize, at: i64) -> GameEvent {
    GameEvent::QuestionStarted { index, at, opens_at: at + GET_READY_MS, deadline: at + GET_READY_MS + 20_000 }
}

fn closed(index: usize, reason: CloseReason, at: i64) -> GameEvent {
    GameEvent::QuestionClosed { index, reason, at }
}

#[test]
fn a_game_opens_in_its_lobby_with_its_questions() {
    let game = given::<LiveGame>([])
        .when(GameCommand::Open {
            host_id: "host".into(),
            quiz_id: 7,
            quiz_version: 1,
            curated: false,
            title: "Capitals".into(),
            questions: vec![question(1), question(2)],
            settings: settings(),
            pin: "123456".into(),
            join_key: "key".into(),
            seed: 42,
            now: T0,
        })
        .then([opened()]);
    assert_eq!(game.phase, Phase::Lobby);
    assert_eq!(game.join_key, "key");
    assert_eq!(game.open_question(), None);
    given::<LiveGame>([opened()]).when(GameCommand::Lock { now: T0 }).then([GameEvent::LobbyLocked { at: T0 }]);
}

#[test]
fn a_game_without_questions_or_opened_twice_is_refused() {
    let open = |questions| GameCommand::Open {
        host_id: "h".into(),
        quiz_id: 1,
        quiz_version: 1,
        curated: false,
        title: "t".into(),
        questions,
        settings: settings(),
        pin: "1".into(),
        join_key: "key".into(),
        seed: 42,
        now: T0,
    };
    given::<LiveGame>([]).when(open(vec![])).then_error(GameError::NoQuestions);
    given::<LiveGame>([opened()]).when(open(vec![question(1)])).then_error(GameError::AlreadyOpen);
    given::<LiveGame>([]).when(GameCommand::Start { players: 1, now: T0 }).then_error(GameError::NotOpen);
}

#[test]
fn starting_needs_a_player_and_opens_the_first_question_after_the_get_ready() {
    given::<LiveGame>([opened()]).when(GameCommand::Start { players: 0, now: T0 }).then_error(GameError::NobodyJoined);
    let game = given::<LiveGame>([opened()]).when(GameCommand::Start { players: 3, now: T0 + 10 }).then([started(0, T0 + 10)]);
    let open = game.open_question().unwrap();
    assert_eq!((open.index, open.question_id, open.kind.letters().map(|(_, l)| l), open.seed), (0, 1, Some(Letter::B), 42));
    assert_eq!(open.opens_at, T0 + 10 + 3_000);
    assert_eq!(open.deadline, T0 + 10 + 23_000);
    assert_eq!(game.remaining_ms(T0 + 3_010), 20_000);
    given::<LiveGame>([opened(), started(0, T0)])
        .when(GameCommand::Start { players: 3, now: T0 })
        .then_error(GameError::WrongPhase("The game has already started"));
}

#[test]
fn the_clock_closes_a_question_at_its_deadline_and_not_before() {
    let events = [opened(), started(0, T0)];
    given::<LiveGame>(events.clone()).when(GameCommand::CloseAtDeadline { index: 0, now: T0 + 22_999 }).then([]);
    let game =
        given::<LiveGame>(events.clone()).when(GameCommand::CloseAtDeadline { index: 0, now: T0 + 23_000 }).then([closed(0, CloseReason::Time, T0 + 23_000)]);
    assert_eq!(game.phase, Phase::Reveal);
    assert_eq!(game.open_question(), None);
    // A second node's clock, or a late timer, finds nothing to do.
    given::<LiveGame>([opened(), started(0, T0), closed(0, CloseReason::Time, T0 + 23_000)])
        .when(GameCommand::CloseAtDeadline { index: 0, now: T0 + 23_001 })
        .then([]);
}

/// A game of a question showing a picture, then one playing a sound.
fn opened_with_media() -> GameEvent {
    use crate::media::{Media, MediaFile};
    let file = |c: &str, mime: &str| MediaFile { id: c.repeat(64), mime: mime.into(), width: None, height: None };
    let picture = Media::Image { phone: file("a", "image/jpeg"), projector: file("b", "image/jpeg"), alt: "A map".into(), decorative: false };
    let sound = Media::Audio { file: file("c", "audio/mpeg"), transcript: "Bonjour".into() };
    let mut opened = opened();
    if let GameEvent::GameOpened { questions, .. } = &mut opened {
        (questions[0].media, questions[1].media) = (Some(picture), Some(sound));
    }
    opened
}

#[test]
fn given_every_device_has_the_media_then_answers_open_once_the_ordinary_get_ready_passed() {
    let media = GameEvent::QuestionStarted { index: 0, at: T0, opens_at: T0 + MEDIA_GET_READY_MS, deadline: T0 + MEDIA_GET_READY_MS + 20_000 };
    let events = [opened_with_media(), media.clone()];
    given::<LiveGame>(events.clone()).when(GameCommand::OpenEarly { index: 0, now: T0 + GET_READY_MS - 1 }).then([]);
    let early = GameEvent::AnswersOpened { index: 0, at: T0 + 3_500 };
    let game = given::<LiveGame>(events.clone()).when(GameCommand::OpenEarly { index: 0, now: T0 + 3_500 }).then([early.clone()]);
    let open = game.open_question().unwrap();
    assert_eq!((open.opens_at, open.deadline), (T0 + 3_500, T0 + 23_500), "the whole answer time is kept");
    // Once open, or for another question, or paused: nothing.
    given::<LiveGame>([opened_with_media(), media.clone(), early]).when(GameCommand::OpenEarly { index: 0, now: T0 + 4_000 }).then([]);
    given::<LiveGame>(events.clone()).when(GameCommand::OpenEarly { index: 1, now: T0 + 3_500 }).then([]);
    given::<LiveGame>(events.clone()).when(GameCommand::OpenEarly { index: 0, now: T0 + MEDIA_GET_READY_MS }).then([]);
    let paused = GameEvent::GamePaused { at: T0 + 1_000 };
    given::<LiveGame>([opened_with_media(), media.clone(), paused.clone()]).when(GameCommand::OpenEarly { index: 0, now: T0 + 3_500 }).then([]);
    // Paused in its get-ready for 10 s: the rest of the ordinary get-ready still comes first.
    let resumed = [opened_with_media(), media, paused, GameEvent::GameResumed { at: T0 + 11_000 }];
    given::<LiveGame>(resumed.clone()).when(GameCommand::OpenEarly { index: 0, now: T0 + 11_000 }).then([]);
    given::<LiveGame>(resumed).when(GameCommand::OpenEarly { index: 0, now: T0 + 13_000 }).then([GameEvent::AnswersOpened { index: 0, at: T0 + 13_000 }]);
    // A sound, which the presenter plays and phones do not load, keeps its get-ready.
    let sound = GameEvent::QuestionStarted { index: 1, at: T0, opens_at: T0 + MEDIA_GET_READY_MS, deadline: T0 + MEDIA_GET_READY_MS + 20_000 };
    given::<LiveGame>([opened_with_media(), sound]).when(GameCommand::OpenEarly { index: 1, now: T0 + 3_500 }).then([]);
}

#[test]
fn a_question_closes_when_everyone_answered_or_the_host_skips() {
    given::<LiveGame>([opened(), started(0, T0)]).when(GameCommand::CloseAllAnswered { index: 0, now: T0 + 5_000 }).then([closed(
        0,
        CloseReason::AllAnswered,
        T0 + 5_000,
    )]);
    given::<LiveGame>([opened(), started(0, T0)]).when(GameCommand::Skip { now: T0 + 4_000 }).then([closed(0, CloseReason::Skipped, T0 + 4_000)]);
    given::<LiveGame>([opened()]).when(GameCommand::Skip { now: T0 }).then_error(GameError::WrongPhase("No question is open"));
    // Everyone answered an earlier question: nothing to close.
    given::<LiveGame>([
        opened(),
        started(0, T0),
        closed(0, CloseReason::Skipped, T0 + 1),
        GameEvent::StandingsShown { index: 0, at: T0 + 2 },
        started(1, T0 + 3),
    ])
    .when(GameCommand::CloseAllAnswered { index: 0, now: T0 + 4 })
    .then([]);
}

#[test]
fn a_pause_stops_the_clock_and_a_resume_moves_the_deadline_by_the_pause() {
    let paused = given::<LiveGame>([opened(), started(0, T0)]).when(GameCommand::Pause { now: T0 + 8_000 }).then([GameEvent::GamePaused { at: T0 + 8_000 }]);
    assert_eq!(paused.remaining_ms(T0 + 60_000), 15_000);
    assert!(paused.open_question().unwrap().paused);
    // Paused, the deadline does not close the question.
    given::<LiveGame>([opened(), started(0, T0), GameEvent::GamePaused { at: T0 + 8_000 }])
        .when(GameCommand::CloseAtDeadline { index: 0, now: T0 + 30_000 })
        .then([]);
    let resumed = given::<LiveGame>([opened(), started(0, T0), GameEvent::GamePaused { at: T0 + 8_000 }])
        .when(GameCommand::Resume { now: T0 + 38_000 })
        .then([GameEvent::GameResumed { at: T0 + 38_000 }]);
    let open = resumed.open_question().unwrap();
    assert!(!open.paused);
    assert_eq!(open.deadline, T0 + 23_000 + 30_000);
    assert_eq!(resumed.remaining_ms(T0 + 38_000), 15_000);
    // Pausing twice or resuming a running clock records nothing; outside a question it is refused.
    given::<LiveGame>([opened(), started(0, T0), GameEvent::GamePaused { at: T0 }]).when(GameCommand::Pause { now: T0 + 1 }).then([]);
    given::<LiveGame>([opened(), started(0, T0)]).when(GameCommand::Resume { now: T0 + 1 }).then([]);
    given::<LiveGame>([opened()]).when(GameCommand::Pause { now: T0 }).then_error(GameError::WrongPhase("Only a question's clock can be paused"));
}

#[test]
fn a_pause_in_the_get_ready_keeps_the_rest_of_the_get_ready() {
    let game = given::<LiveGame>([opened(), started(0, T0), GameEvent::GamePaused { at: T0 + 1_000 }])
        .when(GameCommand::Resume { now: T0 + 11_000 })
        .then([GameEvent::GameResumed { at: T0 + 11_000 }]);
    assert_eq!(game.open_question().unwrap().opens_at, T0 + 13_000);
}

#[test]
fn next_goes_from_reveal_to_standings_to_the_next_question_and_after_the_last_to_the_end() {
    let reveal = [opened(), started(0, T0), closed(0, CloseReason::Time, T0 + 23_000)];
    given::<LiveGame>(reveal.clone()).when(GameCommand::Next { now: T0 + 24_000 }).then([GameEvent::StandingsShown { index: 0, at: T0 + 24_000 }]);
    let standings: Vec<GameEvent> = reveal.iter().cloned().chain([GameEvent::StandingsShown { index: 0, at: T0 + 24_000 }]).collect();
    given::<LiveGame>(standings.clone()).when(GameCommand::Next { now: T0 + 25_000 }).then([started(1, T0 + 25_000)]);
    let last: Vec<GameEvent> = standings
        .into_iter()
        .chain([started(1, T0 + 25_000), closed(1, CloseReason::Skipped, T0 + 26_000), GameEvent::StandingsShown { index: 1, at: T0 + 27_000 }])
        .collect();
    let finished = given::<LiveGame>(last.clone())
        .when(GameCommand::Next { now: T0 + 28_000 })
        .then([GameEvent::GameFinished { ended_by: EndedBy::Completed, at: T0 + 28_000 }]);
    assert_eq!(finished.phase, Phase::Finished);
    given::<LiveGame>([opened(), started(0, T0)])
        .when(GameCommand::Next { now: T0 })
        .then_error(GameError::WrongPhase("The question is still open: skip it to move on"));
    given::<LiveGame>([opened()]).when(GameCommand::Next { now: T0 }).then_error(GameError::WrongPhase("Start the game first"));
}

#[test]
fn a_finished_game_refuses_the_host_and_ignores_the_clock() {
    let events = [opened(), started(0, T0), GameEvent::GameFinished { ended_by: EndedBy::Host, at: T0 + 1 }];
    for command in [GameCommand::Next { now: T0 + 2 }, GameCommand::End { now: T0 + 2 }, GameCommand::Lock { now: T0 + 2 }] {
        given::<LiveGame>(events.clone()).when(command).then_error(GameError::Finished);
    }
    given::<LiveGame>(events.clone()).when(GameCommand::CloseAtDeadline { index: 0, now: T0 + 50_000 }).then([]);
    given::<LiveGame>(events).when(GameCommand::AutoAdvance { phase: Phase::Reveal, index: 0, now: T0 + 50_000 }).then([]);
}

#[test]
fn the_host_may_end_the_game_at_any_moment() {
    for events in [vec![opened()], vec![opened(), started(0, T0)], vec![opened(), started(0, T0), closed(0, CloseReason::Time, T0 + 23_000)]] {
        let game =
            given::<LiveGame>(events).when(GameCommand::End { now: T0 + 30_000 }).then([GameEvent::GameFinished { ended_by: EndedBy::Host, at: T0 + 30_000 }]);
        assert_eq!(game.ended_by, Some(EndedBy::Host));
        assert_eq!(game.open_question(), None);
    }
}

#[test]
fn a_game_in_which_nothing_happened_for_a_day_is_ended_by_the_server() {
    // Idle in the lobby, paused mid-question, waiting on the host at the reveal: a day after the
    // game's last step it ends; a moment before, nothing happens.
    let paused = [opened(), started(0, T0), GameEvent::GamePaused { at: T0 + 5_000 }];
    let reveal = [opened(), started(0, T0), closed(0, CloseReason::Time, T0 + 23_000)];
    for (events, last) in [(vec![opened()], T0), (paused.to_vec(), T0 + 5_000), (reveal.to_vec(), T0 + 23_000)] {
        given::<LiveGame>(events.clone()).when(GameCommand::EndIdle { players: 1, now: last + IDLE_END_MS - 1 }).then([]);
        let game = given::<LiveGame>(events)
            .when(GameCommand::EndIdle { players: 1, now: last + IDLE_END_MS })
            .then([GameEvent::GameFinished { ended_by: EndedBy::Idle, at: last + IDLE_END_MS }]);
        assert_eq!(game.phase, Phase::Finished);
    }
    // Once ended, the clock's command has nothing left to do.
    let ended = [opened(), GameEvent::GameFinished { ended_by: EndedBy::Host, at: T0 + 1 }];
    given::<LiveGame>(ended).when(GameCommand::EndIdle { players: 1, now: T0 + 2 * IDLE_END_MS }).then([]);
}

#[test]
fn a_lobby_nobody_is_in_ends_after_half_an_hour() {
    given::<LiveGame>([opened()]).when(GameCommand::EndIdle { players: 0, now: T0 + EMPTY_LOBBY_END_MS - 1 }).then([]);
    given::<LiveGame>([opened()])
        .when(GameCommand::EndIdle { players: 0, now: T0 + EMPTY_LOBBY_END_MS })
        .then([GameEvent::GameFinished { ended_by: EndedBy::Idle, at: T0 + EMPTY_LOBBY_END_MS }]);
    // With players waiting, the lobby waits for its host for a day.
    given::<LiveGame>([opened()]).when(GameCommand::EndIdle { players: 3, now: T0 + EMPTY_LOBBY_END_MS }).then([]);
    assert_eq!(LiveGame::fold(&[opened()]).idle_end_at(3), T0 + IDLE_END_MS);
}

#[test]
fn an_auto_advancing_game_moves_on_after_the_reveal_and_the_standings_have_lasted() {
    let auto = opened_with(GameSettings { auto_advance: true, ..settings() });
    let reveal = [auto.clone(), started(0, T0), closed(0, CloseReason::Time, T0 + 23_000)];
    given::<LiveGame>(reveal.clone()).when(GameCommand::AutoAdvance { phase: Phase::Reveal, index: 0, now: T0 + 27_999 }).then([]);
    given::<LiveGame>(reveal.clone())
        .when(GameCommand::AutoAdvance { phase: Phase::Reveal, index: 0, now: T0 + 28_000 })
        .then([GameEvent::StandingsShown { index: 0, at: T0 + 28_000 }]);
    // A timer for a phase already left does nothing.
    given::<LiveGame>(reveal.clone()).when(GameCommand::AutoAdvance { phase: Phase::Standings, index: 0, now: T0 + 90_000 }).then([]);
    let standings: Vec<GameEvent> = reveal.into_iter().chain([GameEvent::StandingsShown { index: 0, at: T0 + 28_000 }]).collect();
    given::<LiveGame>(standings).when(GameCommand::AutoAdvance { phase: Phase::Standings, index: 0, now: T0 + 33_000 }).then([started(1, T0 + 33_000)]);
    // A host-paced game never moves by itself.
    given::<LiveGame>([opened(), started(0, T0), closed(0, CloseReason::Time, T0 + 23_000)])
        .when(GameCommand::AutoAdvance { phase: Phase::Reveal, index: 0, now: T0 + 90_000 })
        .then([]);
}

#[test]
fn kicking_and_locking_are_recorded_once() {
    let game = given::<LiveGame>([opened()])
        .when(GameCommand::Kick { player_id: "p1".into(), now: T0 })
        .then([GameEvent::PlayerKicked { player_id: "p1".into(), at: T0 }]);
    assert!(game.kicked.contains("p1"));
    given::<LiveGame>([opened(), GameEvent::PlayerKicked { player_id: "p1".into(), at: T0 }])
        .when(GameCommand::Kick { player_id: "p1".into(), now: T0 })
        .then([]);
    given::<LiveGame>([opened(), GameEvent::LobbyLocked { at: T0 }]).when(GameCommand::Lock { now: T0 }).then([]);
    let unlocked =
        given::<LiveGame>([opened(), GameEvent::LobbyLocked { at: T0 }]).when(GameCommand::Unlock { now: T0 }).then([GameEvent::LobbyUnlocked { at: T0 }]);
    assert!(!unlocked.locked);
}

#[test]
fn a_word_clouds_answers_are_shown_to_the_room_once_the_host_approves_after_the_close() {
    let mut cloud = opened();
    if let GameEvent::GameOpened { questions, .. } = &mut cloud {
        questions[0] = GameQuestion::new(1, "One word for today?", QuestionKind::WordCloud, "");
    }
    let show = GameCommand::ShowAnswers { now: T0 + 30_000 };
    given::<LiveGame>([cloud.clone(), started(0, T0)]).when(show.clone()).then_error(GameError::WrongPhase("Answers are shown once the question has closed"));
    let closed_cloud = [cloud, started(0, T0), closed(0, CloseReason::Time, T0 + 23_000)];
    let game = given::<LiveGame>(closed_cloud.clone()).when(show.clone()).then([GameEvent::AnswersShown { index: 0, at: T0 + 30_000 }]);
    assert!(game.shown.contains(&0));
    let mut shown = closed_cloud.to_vec();
    shown.push(GameEvent::AnswersShown { index: 0, at: T0 + 30_000 });
    given::<LiveGame>(shown).when(show.clone()).then([]);
    // Another type has nothing waiting to be shown.
    given::<LiveGame>([opened(), started(0, T0), closed(0, CloseReason::Time, T0 + 23_000)])
        .when(show)
        .then_error(GameError::WrongPhase("Only a word cloud's answers wait to be shown"));
}
