-- Accounts (transactional projection "user"): sign-in reads it, and its unique index on email is
-- what makes "one account per e-mail" atomic: a second SignedUp for the same address fails its append.
create table user_account (
    user_id        text    primary key,
    email          text    not null unique,
    first_name     text    not null,
    last_name      text    not null,
    institute_name text,
    password_hash  text    not null,
    verified       integer not null,
    created_at     integer not null
);

-- Mail to send: written in the same transaction as the event that causes it, so no mail is lost
-- and none is sent for a command that rolled back. Operational state, not a read model: replay
-- leaves it alone. A failed delivery is retried with backoff, never dropped.
create table outbox (
    outbox_id       text    primary key,
    recipient       text    not null,
    subject         text    not null,
    body            text    not null,
    created_at      integer not null,
    attempts        integer not null,
    next_attempt_at integer not null,
    sent_at         integer,
    last_error      text
);
-- The mailer's queue: unsent mail by due time.
create index outbox_due on outbox (next_attempt_at) where sent_at is null;
