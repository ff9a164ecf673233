-- Integer ids the product shows (category ids, question ids): drawn inside the command's
-- transaction and recorded in its events, so a replay reproduces them. Operational, not a read model.
create table id_counter (
    name    text primary key,
    next_id bigint not null
);

-- Quizzes a player can pick (transactional projection "quiz").
create table category (
    category_id    bigint primary key,
    -- the catalogue's slug for curated categories; null for hosted quizzes
    slug           text unique,
    name           text    not null,
    description    text    not null,
    kind           text    not null,
    time_limit     bigint not null,
    question_count bigint not null,
    -- the quiz stream's version whose questions are served now
    quiz_version   bigint not null
);

-- Every version of every question, so an attempt is served and explained with the version it
-- started on (transactional projection "quiz").
create table question (
    category_id  bigint not null,
    quiz_version bigint not null,
    question_id  bigint not null,
    position     bigint not null,
    text         text    not null,
    option_a     text    not null,
    option_b     text    not null,
    option_c     text    not null,
    option_d     text    not null,
    answer       text    not null,
    explanation  text    not null,
    primary key (category_id, quiz_version, question_id)
);

-- Attempts (transactional projection "attempt").
create table attempt (
    attempt_id   text    primary key,
    user_id      text    not null,
    category_id  bigint not null,
    quiz_version bigint not null,
    status       text    not null,
    started_at   bigint not null,
    deadline     bigint not null,
    submitted_at bigint,
    score        bigint,
    points       bigint,
    total        bigint,
    reason       text
);
-- One open attempt per player and quiz: a second start fails its append and resumes the first.
create unique index attempt_open on attempt (user_id, category_id) where status = 'open';
-- The auto-submit scan: open attempts by deadline.
create index attempt_due on attempt (deadline) where status = 'open';
create index attempt_player on attempt (user_id, category_id, started_at);

-- Answers saved while playing, for resuming (transactional projection "attempt").
create table attempt_answer (
    attempt_id  text    not null,
    question_id bigint not null,
    answer      text,
    marked      bigint not null,
    primary key (attempt_id, question_id)
);

-- The scored answers of a submitted attempt, for feedback (transactional projection "attempt").
create table attempt_feedback (
    attempt_id  text    not null,
    position    bigint not null,
    question_id bigint not null,
    answer      text,
    correct     bigint not null,
    primary key (attempt_id, position)
);

-- Best points per player and quiz: the leaderboards (transactional projection "leaderboard").
-- The global leaderboard sums it on read: no row that every submission updates.
create table best_score (
    category_id bigint not null,
    user_id     text    not null,
    points      bigint not null,
    score       bigint not null,
    attempt_id  text    not null,
    achieved_at bigint not null,
    primary key (category_id, user_id)
);
create index best_score_rank on best_score (category_id, points);
