-- Tamper evidence: the log hash-chained in commit order, written behind the log by the chainer
-- (decision 0023). Not a read model: `replay` never touches it, since a chain rebuilt from an
-- edited log would vouch for the edit.
create table event_chain (
    -- commit order, from 1
    seq             integer primary key,
    global_position integer not null unique,
    -- the event's writing transaction (PostgreSQL; 0 on SQLite): the chainer's cursor
    cursor_tx       integer not null,
    -- SHA-256 of the event as stored, and of the previous link's chain hash with it (hex)
    event_hash      text   not null,
    chain_hash      text   not null
);
