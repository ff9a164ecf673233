-- Issue 30: a question's media (the JSON of `quizroom_domain::media::Media`: the stored files'
-- ids, types and sizes, alt text or transcript); null for a question without. Rows written
-- before had none.
alter table question add column media text;
