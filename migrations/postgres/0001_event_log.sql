-- The event log: the only source of truth. Read models are rebuilt from it by `quizroom replay`.

-- One row per stream; `version` is the optimistic-concurrency check of every append.
create table streams (
    stream_id   text   primary key,
    stream_type text   not null,
    version     bigint not null
);

create table events (
    global_position bigint generated always as identity primary key,
    -- The writing transaction. Positions are drawn before commit, so they can become visible out
    -- of order; readers page by (tx_id, global_position) and only read transactions older than
    -- the oldest one still running (pg_snapshot_xmin), so no committed event is ever skipped.
    tx_id           xid8   not null default pg_current_xact_id(),
    stream_id       text   not null references streams (stream_id),
    version         bigint not null,
    event_id        uuid   not null unique,
    event_type      text   not null,
    schema_version  bigint not null,
    data            jsonb  not null,
    metadata        jsonb  not null,
    -- milliseconds since the Unix epoch, as chosen by the writer
    recorded_at     bigint not null,
    unique (stream_id, version)
);

-- The catch-up readers' order.
create index events_tx_position on events (tx_id, global_position);

-- Where each asynchronous projector has read to; written in the same transaction as its read model.
-- The row is locked (for update skip locked) while a node projects, so no two nodes run one projector.
create table checkpoints (
    name            text   primary key,
    cursor_tx       bigint not null,
    cursor_position bigint not null
);
