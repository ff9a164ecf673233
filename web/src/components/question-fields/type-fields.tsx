/**
 * The fields of a question's type (issue 29), in the quiz editor and the generation review, and
 * the types' names. A hotspot's regions (issue 30) are drawn on the question's picture (`media`),
 * their names checked against the question's text (`questionText`).
 */
import { LETTERS_TYPE_NAME, QUESTION_TYPE_NAMES } from '@/lib/question-types'
import { TypeAnswerFields } from './accepted-fields'
import { ChoiceFields, TrueFalseFields } from './choice-fields'
import type { FieldsProps } from './field-parts'
import { GapsFields } from './gaps-fields'
import { HotspotFields } from './hotspot-fields'
import { CategorizeFields, MatchingFields, OrderingFields } from './item-fields'
import { LetterFields } from './letter-fields'
import type { MediaForm } from './media-form'
import { NumericFields, SliderFields } from './number-fields'
import type { FormType, QuestionForm } from './question-form'

/** What the Question type select offers: four options A–D first, as a new question starts. */
export const FORM_TYPE_NAMES: Record<FormType, string> = { letters: LETTERS_TYPE_NAME, ...QUESTION_TYPE_NAMES }

type TypeFieldsProps = Omit<FieldsProps<FormType>, 'form' | 'onChange'> & {
  form: QuestionForm
  onChange: (form: QuestionForm) => void
  /** The question's picture, sound or video (a hotspot draws its regions on its picture). */
  media?: MediaForm | null
  /** The question's text (a hotspot warns of a region's name found in it). */
  questionText?: string
}

export function TypeFields({ form, media = null, questionText = '', ...props }: TypeFieldsProps) {
  switch (form.type) {
    case 'letters':
      return <LetterFields form={form} {...props} />
    case 'single_choice':
    case 'multi_select':
    case 'poll':
      return <ChoiceFields form={form} {...props} />
    case 'true_false':
      return <TrueFalseFields form={form} {...props} />
    case 'type_answer':
      return <TypeAnswerFields form={form} {...props} />
    case 'numeric':
      return <NumericFields form={form} {...props} />
    case 'slider':
      return <SliderFields form={form} {...props} />
    case 'ordering':
      return <OrderingFields form={form} {...props} />
    case 'matching':
      return <MatchingFields form={form} {...props} />
    case 'categorize':
      return <CategorizeFields form={form} {...props} />
    case 'gaps':
      return <GapsFields form={form} {...props} />
    case 'hotspot':
      return <HotspotFields form={form} media={media} questionText={questionText} {...props} />
    case 'word_cloud':
      return <p className="field-hint type-note">Players type a short answer; it is not scored.</p>
    case 'slide':
      return <p className="field-hint type-note">A slide shows its text between questions; there is nothing to answer.</p>
  }
}
