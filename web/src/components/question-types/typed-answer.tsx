/**
 * The answer view of a question of any type but A–D (issue 29), by its type: the self-paced play
 * screen's and a live game player's. Both load this module (and every view it shows) lazily, the
 * first time such a question shows, so the first load stays small. The host's texts in them show
 * their formulae (RichText, issue 30), but for a dropdown's options, which can hold text only.
 */
import type { Response, ServedQuestion } from '@/types/api'
import type { WithPictures } from './answer-props'
import { ChoiceAnswer, TrueFalseAnswer } from './choice-answer'
import { GapsAnswer } from './gaps-answer'
import { HotspotAnswer } from './hotspot-answer'
import { MultiSelectAnswer } from './multi-select-answer'
import { NumberAnswer } from './number-answer'
import { OrderingAnswer } from './ordering-answer'
import { CategorizeAnswer, MatchingAnswer } from './select-rows-answer'
import { SliderAnswer } from './slider-answer'
import { TextAnswer } from './text-answer'
import './question-types.css'

type TypedAnswerProps = {
  /** With the pictures on its options or items (issue 30), in the order served. */
  question: ServedQuestion & WithPictures
  response: Response | undefined
  onChange: (response: Response | null, typing?: boolean) => void
}

export default function TypedAnswer({ question, ...props }: TypedAnswerProps) {
  switch (question.type) {
    case 'single_choice':
    case 'poll':
      return <ChoiceAnswer question={question} {...props} />
    case 'true_false':
      return <TrueFalseAnswer question={question} {...props} />
    case 'multi_select':
      return <MultiSelectAnswer question={question} {...props} />
    case 'type_answer':
    case 'word_cloud':
      return <TextAnswer question={question} {...props} />
    case 'numeric':
      return <NumberAnswer question={question} {...props} />
    case 'slider':
      return <SliderAnswer question={question} {...props} />
    case 'ordering':
      return <OrderingAnswer question={question} {...props} />
    case 'matching':
      return <MatchingAnswer question={question} {...props} />
    case 'categorize':
      return <CategorizeAnswer question={question} {...props} />
    case 'gaps':
      return <GapsAnswer question={question} {...props} />
    case 'hotspot':
      return <HotspotAnswer question={question} {...props} />
    case 'slide':
      return <p className="slide-note muted">Nothing to answer here: read it, then go on.</p>
  }
}
