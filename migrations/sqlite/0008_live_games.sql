-- Issue 12 (live games), projection "live".
-- One row per live game. A PIN leads to one open game at a time: the partial unique index makes
-- opening a second game with the same PIN fail inside the opening's transaction.
create table live_game (
    game_id     text    primary key,
    quiz_id     integer not null,
    host_id     text    not null,
    title       text    not null,
    pin         text    not null,
    opened_at   integer not null,
    finished_at integer
);
create unique index live_game_open_pin on live_game (pin) where finished_at is null;
-- A quiz's games, newest first (My Quizzes).
create index live_game_quiz on live_game (quiz_id, opened_at);

-- One row per player of a game, with their running score. Each row is written by its own
-- player's answers only, so no row is hot. nickname_key (the name folded to lower case) is
-- unique within a game, so two joins cannot take one name.
create table live_player (
    player_id    text    primary key,
    game_id      text    not null,
    nickname     text    not null,
    nickname_key text    not null,
    user_id      text,
    joined_at    integer not null,
    points       integer not null default 0,
    correct      integer not null default 0,
    answered     integer not null default 0,
    kicked       integer not null default 0
);
create unique index live_player_nickname on live_player (game_id, nickname_key);
-- A signed-in player's place in a game (joining again returns it).
create index live_player_user on live_player (game_id, user_id);

-- The questions of each game as it served them (for its results).
create table live_question (
    game_id     text    not null,
    question    integer not null,
    question_id integer not null,
    text        text    not null,
    answer      text    not null,
    primary key (game_id, question)
);

-- Every answer of every player, as scored (a game's results per player and per question).
create table live_answer (
    player_id   text    not null,
    game_id     text    not null,
    question    integer not null,
    choice      text    not null,
    correct     integer not null,
    points      integer not null,
    elapsed_ms  integer not null,
    answered_at integer not null,
    primary key (player_id, question)
);
create index live_answer_game on live_answer (game_id, question);
