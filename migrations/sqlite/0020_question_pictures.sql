-- Issue 30: pictures on a question's options or items (the JSON of a list with one entry per
-- option or item, each a `quizroom_domain::media::Media` picture or null); null for a question
-- without any. Rows written before had none.
alter table question add column pictures text;
