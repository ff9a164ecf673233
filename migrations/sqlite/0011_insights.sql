-- Insights for hosts and progress for players (asynchronous projector "insights"; decision 0025).
-- Every row is written by its own attempt's events only, and (but for a saved answer changed
-- again) only inserted, one row per submission with its scored answers: no row is shared by two
-- players, so nothing is a hot spot; the figures are counted when they are read.
create table insight_start (
    attempt_id   text    primary key,
    quiz_id      integer not null,
    user_id      text    not null,
    quiz_version integer not null,
    started_at   integer not null
);
create index insight_start_quiz on insight_start (quiz_id);
create index insight_start_user on insight_start (user_id);

create table insight_submission (
    attempt_id   text    primary key,
    submitted_at integer not null,
    score        integer not null,
    total        integer not null,
    points       integer not null,
    -- player or timeout
    reason       text    not null,
    -- each question as scored, the event's own JSON list: [{question_id, answer, correct}]
    answers      text    not null
);

create table insight_retake (
    attempt_id text    primary key,
    granted_at integer not null
);

-- The last answer saved to each question of an attempt, with the server's time.
create table insight_save (
    attempt_id  text    not null,
    question_id integer not null,
    answer      text,
    saved_at    integer not null,
    primary key (attempt_id, question_id)
);
