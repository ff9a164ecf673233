//! A live game's player: joining, one answer per question judged on the server's clock, the
//! scoring modes and streaks.

use std::sync::Arc;

use super::*;
use crate::question::QuestionKind;
use crate::quiz::Letter;
use crate::testing::given;

const OPENS: i64 = 10_000;

fn joined() -> PlayerEvent {
    PlayerEvent::PlayerJoined { game_id: "g1".into(), nickname: "Ana".into(), user_id: None, device: None, at: 1 }
}

fn four() -> QuestionKind {
    QuestionKind::from_letters(["a".into(), "b".into(), "c".into(), "d".into()], Letter::B)
}

fn question(index: usize) -> OpenQuestion {
    OpenQuestion { index, question_id: 100 + index as i64, kind: Arc::new(four()), seed: 42, opens_at: OPENS, deadline: OPENS + 20_000, paused: false }
}

fn choice(letter: Letter) -> Response {
    Response::Choice(letter.index())
}

fn answer(index: usize, letter: Letter, scoring: Scoring, streak_bonus: bool, now: i64) -> PlayerCommand {
    PlayerCommand::Answer { question: question(index), response: choice(letter), scoring, streak_bonus, now }
}

fn given_answer(index: usize, correct: bool, points: i64, streak: i64) -> PlayerEvent {
    PlayerEvent::AnswerGiven {
        index,
        question_id: 100 + index as i64,
        response: choice(if correct { Letter::B } else { Letter::A }),
        f: Some(if correct { 1.0 } else { 0.0 }),
        correct,
        points,
        streak,
        elapsed_ms: 0,
        at: OPENS,
    }
}

#[test]
fn a_player_joins_once() {
    let player = given::<GamePlayer>([])
        .when(PlayerCommand::Join { game_id: "g1".into(), nickname: "Ana".into(), user_id: None, device: None, now: 1 })
        .then([joined()]);
    assert_eq!((player.nickname.as_str(), player.points), ("Ana", 0));
    given::<GamePlayer>([joined()])
        .when(PlayerCommand::Join { game_id: "g1".into(), nickname: "Ana".into(), user_id: None, device: None, now: 2 })
        .then_error(PlayerError::AlreadyJoined);
    given::<GamePlayer>([]).when(answer(0, Letter::B, Scoring::Correctness, false, OPENS)).then_error(PlayerError::NotJoined);
}

#[test]
fn a_right_answer_earns_ten_points_when_only_correctness_counts() {
    let player = given::<GamePlayer>([joined()]).when(answer(0, Letter::B, Scoring::Correctness, false, OPENS + 19_000)).then([PlayerEvent::AnswerGiven {
        index: 0,
        question_id: 100,
        response: choice(Letter::B),
        f: Some(1.0),
        correct: true,
        points: 10,
        streak: 1,
        elapsed_ms: 19_000,
        at: OPENS + 19_000,
    }]);
    assert_eq!(player.points, 10);
    given::<GamePlayer>([joined()]).when(answer(0, Letter::C, Scoring::Correctness, false, OPENS)).then([PlayerEvent::AnswerGiven {
        index: 0,
        question_id: 100,
        response: choice(Letter::C),
        f: Some(0.0),
        correct: false,
        points: 0,
        streak: 0,
        elapsed_ms: 0,
        at: OPENS,
    }]);
}

#[test]
fn a_faster_right_answer_earns_more_when_speed_counts() {
    assert_eq!(points_for(Scoring::Speed, true, 0, 20_000), 1_000);
    assert_eq!(points_for(Scoring::Speed, true, 10_000, 20_000), 750);
    assert_eq!(points_for(Scoring::Speed, true, 20_000, 20_000), 500);
    assert_eq!(points_for(Scoring::Speed, false, 0, 20_000), 0);
    let player = given::<GamePlayer>([joined()]).when(answer(0, Letter::B, Scoring::Speed, false, OPENS + 5_000)).then([PlayerEvent::AnswerGiven {
        index: 0,
        question_id: 100,
        response: choice(Letter::B),
        f: Some(1.0),
        correct: true,
        points: 875,
        streak: 1,
        elapsed_ms: 5_000,
        at: OPENS + 5_000,
    }]);
    assert_eq!(player.points, 875);
}

#[test]
fn only_the_first_answer_to_a_question_counts() {
    given::<GamePlayer>([joined(), given_answer(0, false, 0, 0)])
        .when(answer(0, Letter::B, Scoring::Correctness, false, OPENS + 1))
        .then_error(PlayerError::AlreadyAnswered);
}

#[test]
fn an_answer_before_the_question_opens_after_its_deadline_or_while_paused_is_refused() {
    given::<GamePlayer>([joined()]).when(answer(0, Letter::B, Scoring::Speed, false, OPENS - 1)).then_error(PlayerError::NotOpen);
    given::<GamePlayer>([joined()]).when(answer(0, Letter::B, Scoring::Speed, false, OPENS + 20_001)).then_error(PlayerError::TooLate);
    given::<GamePlayer>([joined()])
        .when(PlayerCommand::Answer {
            question: OpenQuestion { paused: true, ..question(0) },
            response: choice(Letter::B),
            scoring: Scoring::Speed,
            streak_bonus: false,
            now: OPENS + 1,
        })
        .then_error(PlayerError::NotOpen);
    // At the deadline itself the answer is in time.
    given::<GamePlayer>([joined()]).when(answer(0, Letter::A, Scoring::Speed, false, OPENS + 20_000)).then([PlayerEvent::AnswerGiven {
        index: 0,
        question_id: 100,
        response: choice(Letter::A),
        f: Some(0.0),
        correct: false,
        points: 0,
        streak: 0,
        elapsed_ms: 20_000,
        at: OPENS + 20_000,
    }]);
}

#[test]
fn right_answers_in_a_row_build_a_streak_and_its_bonus() {
    let given_two = [joined(), given_answer(0, true, 10, 1), given_answer(1, true, 110, 2)];
    given::<GamePlayer>(given_two.clone()).when(answer(2, Letter::B, Scoring::Correctness, true, OPENS)).then([PlayerEvent::AnswerGiven {
        index: 2,
        question_id: 102,
        response: choice(Letter::B),
        f: Some(1.0),
        correct: true,
        points: 210,
        streak: 3,
        elapsed_ms: 0,
        at: OPENS,
    }]);
    // Without the bonus the streak is still counted, but earns nothing.
    given::<GamePlayer>(given_two).when(answer(2, Letter::B, Scoring::Correctness, false, OPENS)).then([PlayerEvent::AnswerGiven {
        index: 2,
        question_id: 102,
        response: choice(Letter::B),
        f: Some(1.0),
        correct: true,
        points: 10,
        streak: 3,
        elapsed_ms: 0,
        at: OPENS,
    }]);
}

#[test]
fn the_streak_bonus_stops_growing_at_its_cap() {
    let mut events = vec![joined()];
    events.extend((0..8).map(|i| given_answer(i, true, 0, i as i64 + 1)));
    given::<GamePlayer>(events).when(answer(8, Letter::B, Scoring::Correctness, true, OPENS)).then([PlayerEvent::AnswerGiven {
        index: 8,
        question_id: 108,
        response: choice(Letter::B),
        f: Some(1.0),
        correct: true,
        points: 10 + STREAK_CAP,
        streak: 9,
        elapsed_ms: 0,
        at: OPENS,
    }]);
}

#[test]
fn a_wrong_or_missed_question_breaks_the_streak() {
    given::<GamePlayer>([joined(), given_answer(0, true, 10, 1), given_answer(1, false, 0, 0)])
        .when(answer(2, Letter::B, Scoring::Correctness, true, OPENS))
        .then([PlayerEvent::AnswerGiven {
            index: 2,
            question_id: 102,
            response: choice(Letter::B),
            f: Some(1.0),
            correct: true,
            points: 10,
            streak: 1,
            elapsed_ms: 0,
            at: OPENS,
        }]);
    // Question 1 not answered.
    given::<GamePlayer>([joined(), given_answer(0, true, 10, 1)]).when(answer(2, Letter::B, Scoring::Correctness, true, OPENS)).then([
        PlayerEvent::AnswerGiven {
            index: 2,
            question_id: 102,
            response: choice(Letter::B),
            f: Some(1.0),
            correct: true,
            points: 10,
            streak: 1,
            elapsed_ms: 0,
            at: OPENS,
        },
    ]);
}

#[test]
fn a_late_joiner_starts_from_zero_and_is_not_scored_for_earlier_questions() {
    // Joined before question 3: nothing is recorded for questions 0–2, and the first answer counts.
    let player = given::<GamePlayer>([joined()]).when(answer(3, Letter::B, Scoring::Correctness, true, OPENS)).then([PlayerEvent::AnswerGiven {
        index: 3,
        question_id: 103,
        response: choice(Letter::B),
        f: Some(1.0),
        correct: true,
        points: 10,
        streak: 1,
        elapsed_ms: 0,
        at: OPENS,
    }]);
    assert_eq!(player.answers.len(), 1);
    assert_eq!(player.points, 10);
}

#[test]
fn before_a_question_counts_only_the_questions_before_it() {
    let player = GamePlayer::fold(&[joined(), given_answer(0, true, 10, 1), given_answer(1, true, 110, 2)]);
    // While question 1 is open, its answer (right or wrong) shows nowhere.
    assert_eq!(player.before(1), (10, 1));
    assert_eq!(player.before(2), (120, 2));
    let wrong = GamePlayer::fold(&[joined(), given_answer(0, true, 10, 1), given_answer(1, false, 0, 0)]);
    assert_eq!(wrong.before(1), player.before(1));
    // Nothing answered before: nothing to take away.
    let first = GamePlayer::fold(&[joined(), given_answer(3, true, 10, 1)]);
    assert_eq!(first.before(3), (0, 0));
    assert_eq!(GamePlayer::fold(&[joined()]).before(0), (0, 0));
}

fn game(events: &[crate::game::GameEvent]) -> LiveGame {
    LiveGame::fold(events)
}

fn opened() -> crate::game::GameEvent {
    use crate::game::{GameEvent, GameQuestion, GameSettings};
    let question = |id: i64| GameQuestion::new(id, format!("Question {id}?"), four(), "");
    let settings = GameSettings {
        seconds_per_question: 20,
        scoring: Scoring::Speed,
        streak_bonus: true,
        shuffle_questions: false,
        shuffle_options: false,
        require_sign_in: false,
        auto_advance: false,
    };
    GameEvent::GameOpened {
        host_id: "host".into(),
        quiz_id: 7,
        quiz_version: 1,
        curated: false,
        title: "Capitals".into(),
        questions: vec![question(100), question(101)],
        settings,
        pin: "123456".into(),
        join_key: "key".into(),
        seed: 42,
        at: 0,
    }
}

#[test]
fn an_answer_is_judged_against_the_question_being_played_with_the_games_scoring() {
    use crate::game::GameEvent;
    let started = GameEvent::QuestionStarted { index: 0, at: OPENS - 3_000, opens_at: OPENS, deadline: OPENS + 20_000 };
    // No question is being played, or another one is.
    assert_eq!(PlayerCommand::answer(&game(&[opened()]), 0, choice(Letter::B), OPENS), Err(PlayerError::NotOpen));
    assert_eq!(PlayerCommand::answer(&game(&[opened(), started.clone()]), 1, choice(Letter::B), OPENS), Err(PlayerError::NotOpen));
    assert_eq!(
        PlayerCommand::answer(&game(&[opened(), started.clone()]), 0, choice(Letter::C), OPENS + 5),
        Ok(PlayerCommand::Answer { question: question(0), response: choice(Letter::C), scoring: Scoring::Speed, streak_bonus: true, now: OPENS + 5 })
    );
    // Paused, the question is still the one being played, and the player's stream refuses the
    // answer as not open, before its deadline and after it alike.
    let paused = game(&[opened(), started, GameEvent::GamePaused { at: OPENS + 1_000 }]);
    for now in [OPENS + 2_000, OPENS + 60_000] {
        let command = PlayerCommand::answer(&paused, 0, choice(Letter::B), now).unwrap();
        given::<GamePlayer>([joined()]).when(command).then_error(PlayerError::NotOpen);
    }
}

fn typed(kind: QuestionKind) -> OpenQuestion {
    OpenQuestion { kind: Arc::new(kind), ..question(0) }
}

fn ordering(partial: bool) -> QuestionKind {
    QuestionKind::Ordering { items: ["one", "two", "three", "four"].map(String::from).to_vec(), partial }
}

#[test]
fn an_answer_of_another_type_is_scored_by_its_fraction_of_the_games_points() {
    // Half the items in their places: half of what a right answer earns at that moment.
    let answer = |kind, response, now| PlayerCommand::Answer { question: typed(kind), response, scoring: Scoring::Speed, streak_bonus: true, now };
    given::<GamePlayer>([joined()]).when(answer(ordering(true), Response::Order(vec![0, 1, 3, 2]), OPENS)).then([PlayerEvent::AnswerGiven {
        index: 0,
        question_id: 100,
        response: Response::Order(vec![0, 1, 3, 2]),
        f: Some(0.5),
        correct: false,
        points: 500,
        streak: 0,
        elapsed_ms: 0,
        at: OPENS,
    }]);
    // All or nothing (the default): nothing, and no streak.
    let missed = given::<GamePlayer>([joined()]).when(answer(ordering(false), Response::Order(vec![0, 1, 3, 2]), OPENS)).events();
    assert!(matches!(missed[..], [PlayerEvent::AnswerGiven { f: Some(0.0), correct: false, points: 0, .. }]));
    // A poll is not scored: no points, and the streak is not counted as broken by right or wrong.
    let poll = QuestionKind::Poll { options: vec!["yes".into(), "no".into()] };
    let voted = given::<GamePlayer>([joined()]).when(answer(poll, Response::Choice(1), OPENS)).events();
    assert!(matches!(voted[..], [PlayerEvent::AnswerGiven { f: None, correct: false, points: 0, .. }]));
}

#[test]
fn a_response_of_the_wrong_shape_or_to_a_slide_is_refused_with_what_the_question_takes() {
    let answer = |kind, response| PlayerCommand::Answer { question: typed(kind), response, scoring: Scoring::Speed, streak_bonus: false, now: OPENS };
    given::<GamePlayer>([joined()])
        .when(answer(ordering(false), Response::Choice(1)))
        .then_error(PlayerError::BadResponse("this question takes an order of the items".into()));
    given::<GamePlayer>([joined()])
        .when(answer(four(), Response::Choice(4)))
        .then_error(PlayerError::BadResponse("option 5 does not exist: there are 4".into()));
    given::<GamePlayer>([joined()])
        .when(answer(QuestionKind::Slide, Response::Choice(0)))
        .then_error(PlayerError::BadResponse("a slide takes no answer".into()));
}

#[test]
fn an_ordering_is_answered_by_the_positions_the_game_served_and_recorded_in_the_definitions() {
    use crate::game::{GameEvent, GameQuestion};
    let mut opened = opened();
    if let GameEvent::GameOpened { questions, .. } = &mut opened {
        questions[0] = GameQuestion::new(100, "In order", ordering(false), "");
    }
    let game = game(&[opened, GameEvent::QuestionStarted { index: 0, at: OPENS - 3_000, opens_at: OPENS, deadline: OPENS + 20_000 }]);
    // Served in the game's secret order: the player puts the served positions in the right order.
    let served = crate::question::shuffled(42, 100, 4);
    assert_ne!(served, [0, 1, 2, 3], "never served in the right order");
    let mut right = vec![0; 4];
    for (position, index) in served.iter().enumerate() {
        right[*index] = position;
    }
    let command = PlayerCommand::answer(&game, 0, Response::Order(right), OPENS).unwrap();
    let events = given::<GamePlayer>([joined()]).when(command).events();
    assert!(matches!(&events[..], [PlayerEvent::AnswerGiven { response: Response::Order(order), correct: true, .. }] if order == &[0, 1, 2, 3]));
}

#[test]
fn an_answer_recorded_before_question_types_reads_as_a_choice_judged_by_its_verdict() {
    let old = serde_json::json!({ "type": "AnswerGiven", "data": {
        "index": 0, "question_id": 100, "choice": "C", "correct": true, "points": 10, "streak": 1, "elapsed_ms": 3, "at": 5
    }});
    let event: PlayerEvent = serde_json::from_value(old).unwrap();
    assert_eq!(
        event,
        PlayerEvent::AnswerGiven {
            index: 0,
            question_id: 100,
            response: Response::Choice(2),
            f: Some(1.0),
            correct: true,
            points: 10,
            streak: 1,
            elapsed_ms: 3,
            at: 5
        }
    );
    // Today's shape reads back as written, a poll's null `f` included.
    let poll = PlayerEvent::AnswerGiven {
        index: 1,
        question_id: 101,
        response: Response::Choice(0),
        f: None,
        correct: false,
        points: 0,
        streak: 0,
        elapsed_ms: 3,
        at: 5,
    };
    assert_eq!(serde_json::from_value::<PlayerEvent>(serde_json::to_value(&poll).unwrap()).unwrap(), poll);
    let joined = joined();
    assert_eq!(serde_json::from_value::<PlayerEvent>(serde_json::to_value(&joined).unwrap()).unwrap(), joined);
}
