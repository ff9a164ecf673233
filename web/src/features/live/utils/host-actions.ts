/**
 * Which host controls fit the game's phase (docs/live-games.md, "Phases"): the presenter shows
 * only these, its keyboard sends only these, and its machine refuses the others before asking
 * the server (which would answer 409 `wrong_phase`). `showAnswers` fits only a closed word cloud
 * whose answers still wait for the host (`pendingWords`), and is on no key: the host checks the
 * answers before showing them.
 */
import type { ControlAction, GameView, GivenAnswer } from '@/types/live-game'

/**
 * The answers of the closed word cloud that wait for the host to check and show them
 * (docs/live-games.md, issue 29); null when nothing waits.
 */
export function pendingWords(view: GameView | null): GivenAnswer[] | null {
  if (!view || (view.phase !== 'reveal' && view.phase !== 'standings')) return null
  if (!view.reveal || !('type' in view.reveal) || view.reveal.type !== 'word_cloud') return null
  return view.host?.pendingWords ?? null
}

export function allowedActions(view: GameView | null): ControlAction[] {
  if (!view) return []
  const lock: ControlAction = view.locked ? 'unlock' : 'lock'
  switch (view.phase) {
    case 'lobby':
      // "No one has joined yet": start waits for the first player.
      return [...(view.players > 0 ? (['start'] as const) : []), lock, 'end']
    case 'question':
      return [view.question?.paused ? 'resume' : 'pause', 'skip', lock, 'end']
    case 'reveal':
    case 'standings':
      return [...(pendingWords(view) ? (['showAnswers'] as const) : []), 'next', lock, 'end']
    case 'finished':
      return []
  }
}

export function canControl(view: GameView | null, action: ControlAction): boolean {
  return allowedActions(view).includes(action)
}

/** What Space / Enter do in each phase: start the game, or move on. */
export function primaryAction(view: GameView | null): ControlAction | null {
  if (!view) return null
  if (view.phase === 'lobby') return canControl(view, 'start') ? 'start' : null
  if (view.phase === 'reveal' || view.phase === 'standings') return 'next'
  return null
}

/** The label of "next" after the last question's standings: the podium comes next. */
export function nextLabel(view: GameView): string {
  if (view.phase === 'reveal') return 'Show standings'
  const last = view.question !== null && view.question.index + 1 >= view.questionCount
  return last ? 'Show podium' : 'Next question'
}

/** The keyboard's controls: P pauses or resumes, S skips, L locks or unlocks. */
export function actionForKey(view: GameView | null, key: string): ControlAction | null {
  const wanted: ControlAction[] =
    key === ' ' || key === 'Enter'
      ? [primaryAction(view)].filter((action): action is ControlAction => action !== null)
      : ({ p: ['pause', 'resume'], s: ['skip'], l: ['lock', 'unlock'] } as Record<string, ControlAction[]>)[key.toLowerCase()] ?? []
  return wanted.find((action) => canControl(view, action)) ?? null
}
