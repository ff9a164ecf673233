-- Hosted quizzes: the category read model learns its host, join code, expiry and audience
-- (transactional projection "quiz"). Curated categories leave these null.
alter table category add column host_id text;
alter table category add column code text;
alter table category add column valid_until bigint;
alter table category add column audience_list_id text;
alter table category add column audience_name text;
alter table category add column source text;
alter table category add column created_at bigint;
-- One quiz per code: a second quiz drawing the same code fails its transaction and draws again.
create unique index category_code on category (code);
create index category_host on category (host_id, created_at);

-- A granted retake frees the player to play the hosted quiz again (projection "attempt").
alter table attempt add column retake_granted bigint not null default 0;
create index attempt_category on attempt (category_id, status);

-- Audience lists (transactional projection "audience"). A deleted list is kept: quizzes that
-- used it still admit its members.
create table audience_list (
    list_id    text    primary key,
    owner_id   text    not null,
    name       text    not null,
    deleted    bigint not null,
    created_at bigint not null
);
create index audience_owner on audience_list (owner_id, created_at);

create table audience_member (
    list_id text not null,
    email   text not null,
    primary key (list_id, email)
);
