-- The event log: the only source of truth. Read models are rebuilt from it by `quizroom replay`.

-- One row per stream; `version` is the optimistic-concurrency check of every append.
create table streams (
    stream_id   text    primary key,
    stream_type text    not null,
    version     integer not null
);

-- SQLite serialises writers (one writer connection, BEGIN IMMEDIATE), so commit order equals
-- global_position order and a catch-up reader can page by position alone.
create table events (
    global_position integer primary key autoincrement,
    stream_id       text    not null references streams (stream_id),
    version         integer not null,
    event_id        text    not null unique,
    event_type      text    not null,
    schema_version  integer not null,
    data            text    not null,
    metadata        text    not null,
    -- milliseconds since the Unix epoch, as chosen by the writer
    recorded_at     integer not null,
    unique (stream_id, version)
);

-- Where each asynchronous projector has read to; written in the same transaction as its read model.
create table checkpoints (
    name            text    primary key,
    cursor_tx       integer not null,
    cursor_position integer not null
);
