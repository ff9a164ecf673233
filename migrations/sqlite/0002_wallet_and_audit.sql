-- Read models: rebuilt from the log by `quizroom replay`; no foreign keys, so they empty in any order.

-- Balance per user (transactional projection "wallet").
create table wallet (
    user_id text primary key,
    balance integer not null
);

-- Every balance change, for the wallet history (transactional projection "wallet").
create table wallet_entry (
    global_position integer primary key,
    user_id         text    not null,
    kind            text    not null,
    amount          integer not null,
    balance_after   integer not null,
    reason          text    not null,
    reference       text,
    recorded_at     integer not null
);
-- The history of one user, newest first.
create index wallet_entry_user on wallet_entry (user_id, global_position);

-- One row per stream, for the auditor's overview (asynchronous projector "audit").
create table audit_stream (
    stream_id        text    primary key,
    stream_type      text    not null,
    event_count      integer not null,
    first_position   integer not null,
    last_position    integer not null,
    last_event_type  text    not null,
    last_recorded_at integer not null
);
