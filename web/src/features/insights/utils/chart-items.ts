/**
 * The insights' figures as chart items: each option's count with the key (or keys) written "(key)"
 * and a wrong option chosen more often than the key written "(most chosen)" (so it stands out in words,
 * not by colour alone), the score histogram, the days, and accuracy by category.
 */
import { LETTERS } from '@/lib/constants'
import type { CategoryProgress, DayFigures, LiveQuestionFigures, QuestionFigures, ScoreBucket } from '../api/insights-types'
import type { BarItem } from '../components/charts/bar-chart'
import type { ColumnItem } from '../components/charts/column-chart'
import type { LineItem } from '../components/charts/line-chart'
import { dayText, percentText, shareText, shortDayText } from './insights-format'

export const KEY_NOTE = '(key)'
export const MOST_CHOSEN_NOTE = '(most chosen)'

type Choice = { letter: string; text: string; count: number; isKey: boolean }

function choiceItems(choices: Choice[]): BarItem[] {
  const keys = choices.filter((c) => c.isKey)
  // With several keys (a multiple select), a wrong option must beat every one of them.
  const keyCount = Math.max(0, ...keys.map((c) => c.count))
  const most = Math.max(0, ...choices.filter((c) => !c.isKey).map((c) => c.count))
  // Only one wrong option is "most chosen": the first of a tie, and only when it beats the key.
  // A question without a key (a poll) has no wrong option.
  const top = keys.length > 0 && most > keyCount ? choices.find((c) => !c.isKey && c.count === most) : undefined
  return choices.map((choice) => {
    const label = choice.text ? `${choice.letter}. ${choice.text}` : choice.letter
    const base = { key: choice.letter, label, value: choice.count, valueText: String(choice.count) }
    if (choice.isKey) return { ...base, note: KEY_NOTE, icon: '✓', tone: 'key' as const }
    if (choice === top) return { ...base, note: MOST_CHOSEN_NOTE, tone: 'warn' as const }
    return base
  })
}

/** How many chose each option of a question, the key marked. */
export function optionItems(question: QuestionFigures): BarItem[] {
  return choiceItems(question.options.map((o) => ({ letter: o.letter, text: o.text, count: o.count, isKey: o.isKey || o.letter === question.key })))
}

/** How many chose each letter of a live game's question (the game keeps no option texts here). */
export function liveOptionItems(question: LiveQuestionFigures): BarItem[] {
  return choiceItems(LETTERS.map((letter) => ({ letter, text: '', count: question.counts[letter], isKey: letter === question.key })))
}

/** The histogram's columns: "60" under the column, "60–69%" in the table. */
export function histogramItems(buckets: ScoreBucket[]): ColumnItem[] {
  return buckets.map((bucket) => ({
    key: String(bucket.from),
    label: String(bucket.from),
    fullLabel: bucket.label || `${bucket.from}%`,
    value: bucket.count,
    valueText: String(bucket.count),
  }))
}

export function attemptsPerDayItems(days: DayFigures[]): ColumnItem[] {
  return days.map((d) => ({ key: d.day, label: shortDayText(d.day), fullLabel: dayText(d.day), value: d.attempts, valueText: String(d.attempts) }))
}

export function scorePerDayItems(days: DayFigures[]): LineItem[] {
  return days.map((d) => ({
    key: d.day,
    label: shortDayText(d.day),
    fullLabel: dayText(d.day),
    value: d.averageScore,
    valueText: percentText(d.averageScore),
  }))
}

/** Accuracy by category, as percent bars of a full scale of 100%. */
export function accuracyItems(categories: CategoryProgress[]): BarItem[] {
  return categories.map((c) => ({ key: String(c.quizId), label: c.title, value: c.accuracy * 100, valueText: shareText(c.accuracy) }))
}
