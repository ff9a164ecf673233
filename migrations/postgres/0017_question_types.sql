-- Issue 29 (decision 0050): question types. A question's definition (its type, what the player is
-- offered and the answer key) is kept as the JSON of the quiz event's `kind`, in place of the four
-- option columns and the letter; questions recorded before become single choices of four options.
alter table question add column definition text not null default '';
update question set definition = json_build_object(
    'type', 'single_choice',
    'options', json_build_array(option_a, option_b, option_c, option_d),
    'right', json_build_array(case answer when 'A' then 0 when 'B' then 1 when 'C' then 2 else 3 end))::text;
alter table question drop column option_a, drop column option_b, drop column option_c, drop column option_d, drop column answer;

-- A saved answer is the player's raw response as JSON (`{"choice":1}`, `{"number":9.8}`, …); a
-- letter saved before is the choice of that option.
update attempt_answer set answer = case answer
    when 'A' then '{"choice":0}' when 'B' then '{"choice":1}' when 'C' then '{"choice":2}' when 'D' then '{"choice":3}' end
where answer is not null;

-- The secret order an attempt's shuffled lists are served in (an ordering's items, …): from its
-- AttemptStarted event; 0 for attempts started before question types.
alter table attempt add column seed bigint not null default 0;
