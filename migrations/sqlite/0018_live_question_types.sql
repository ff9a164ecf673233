-- Issue 29: live games of every question type. Each question of a game keeps its definition (the
-- JSON of its kind, answer key included; `answer` stays the letter of four options A–D, empty for
-- other types), and each answer its raw response (JSON, in the definition's indices) and its
-- correctness fraction `f` (null for a poll or a word cloud). `choice` stays the letter of a
-- choice among four options. Rows written before hold none of them: they are letters, and their
-- `correct` says 1 or 0.
alter table live_question add column definition text;
alter table live_answer add column response text;
alter table live_answer add column f real;
