-- The scored answers of a submitted attempt move into the attempt's row, as the JSON list of the
-- AttemptSubmitted event ({question_id, answer, correct} in order): one row written per submission
-- instead of one per question (decision 0017). Existing rows are carried over.
alter table attempt add column feedback text;
update attempt a set feedback = (
    select json_agg(json_build_object('question_id', f.question_id, 'answer', f.answer, 'correct', f.correct <> 0) order by f.position)::text
    from attempt_feedback f where f.attempt_id = a.attempt_id
) where a.status = 'submitted';
drop table attempt_feedback;
