-- Organisation-wide auditors, granted and revoked by an operator (transactional projection "user").
alter table user_account add column auditor bigint not null default 0;

-- The audit trail: every event filed under the quiz and the person it is about, so a quiz's or a
-- person's history is one indexed range of the log (asynchronous projector "trail"; decision 0024).
create table trail_entry (
    global_position bigint primary key,
    quiz_id         bigint,
    person_id       text,
    actor_id        text,
    -- the attempt, game or generation stream the event belongs to, or the stream a charge names
    ref             text,
    kind            text    not null,
    event_type      text    not null,
    recorded_at     bigint not null
);
create index trail_entry_quiz on trail_entry (quiz_id, global_position);
create index trail_entry_person on trail_entry (person_id, global_position);
create index trail_entry_ref on trail_entry (ref);

-- Which quiz and person an attempt, a live game or a generation belongs to (projector "trail").
create table trail_stream (
    stream_id text primary key,
    quiz_id   bigint,
    person_id text
);
