-- Each link names the position of the link before it (0 for the first): when a link is deleted
-- with its event, the link after it still says which event was there, so verification names the
-- deleted event exactly (issue 26). A pointer for naming, not evidence: the hashes are unchanged.
alter table event_chain add column previous_position bigint not null default 0;
update event_chain c set previous_position = p.global_position from event_chain p where p.seq = c.seq - 1;
