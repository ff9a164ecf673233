-- Issue 11 (hardening).
-- A password reset or "sign out everywhere" ends every earlier session: tokens issued before
-- sessions_from (ms) are refused on every node, as every node reads this row.
alter table user_account add column sessions_from bigint not null default 0;

-- Players admitted to a hosted quiz through its code or link (projection "admission"): a hosted
-- quiz is played only by those who joined it.
create table quiz_join (
    category_id bigint not null,
    user_id     text    not null,
    joined_at   bigint not null,
    primary key (category_id, user_id)
);

-- Tries by key (an account, a client address, or both), shared by every node of a cluster.
-- Operational state, not a read model: replay leaves it alone (see crates/api/src/limits.rs).
create table throttle (
    key           text    primary key,
    failures      bigint not null,
    blocks        bigint not null,
    last_at       bigint not null,
    blocked_until bigint not null
);
