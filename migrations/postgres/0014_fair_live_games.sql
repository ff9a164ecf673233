-- Issue 26 (decision 0037): live games stay fair.
--
-- Projection "attempt": the curated categories whose answer key an account could read through a
-- live game (it opened one on the category, or played in one signed in). Its attempts on that
-- category submitted afterwards are practice: they never enter best_score, so never the boards.
create table curated_game (
    game_id     text    primary key,
    category_id bigint  not null
);
create table key_seen (
    user_id     text    not null,
    category_id bigint  not null,
    primary key (user_id, category_id)
);

-- Projection "live": the last question of each game that closed. A player's running figures
-- (points, correct, answered) count closed questions only, so nothing a player reads while a
-- question is open depends on whether their answer to it is right.
alter table live_game add column revealed bigint not null default -1;

-- An account's open games are counted before it opens another (at most 5 at once).
create index live_game_open_by_host on live_game (host_id) where finished_at is null;
