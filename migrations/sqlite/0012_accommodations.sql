-- What the host granted the player when the attempt started (accommodations, issue #15):
-- extra time (`none`, `x1.5`, `x2`, `unlimited`) and read-aloud (0 or 1).
alter table attempt add column extra_time text not null default 'none';
alter table attempt add column read_aloud bigint not null default 0;
