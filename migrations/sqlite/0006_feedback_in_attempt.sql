-- The scored answers of a submitted attempt move into the attempt's row, as the JSON list of the
-- AttemptSubmitted event ({question_id, answer, correct} in order): one row written per submission
-- instead of one per question (decision 0017). Existing rows are carried over.
alter table attempt add column feedback text;
update attempt set feedback = (
    select json_group_array(json_object('question_id', question_id, 'answer', answer, 'correct', json(case when correct <> 0 then 'true' else 'false' end)))
    from (select * from attempt_feedback f where f.attempt_id = attempt.attempt_id order by f.position)
) where status = 'submitted';
drop table attempt_feedback;
