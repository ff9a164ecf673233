/**
 * Pause or play the animations of the page (WCAG 2.2.2; animation-choice.ts): "Pause animation"
 * next to a question's moving picture, "Pause animations" (`several`) once for its options'
 * pictures, outside the options (an option that is a button may hold no other button). Its words
 * say what it does next; focus stays on it.
 */
import { setAnimationsPaused, useAnimationsPaused } from './animation-choice'

export function AnimationToggle({ several = false, className = '' }: { several?: boolean; className?: string }) {
  const paused = useAnimationsPaused()
  const what = several ? 'animations' : 'animation'
  return (
    <button type="button" className={`btn btn-secondary btn-small animation-toggle${className ? ` ${className}` : ''}`} onClick={() => setAnimationsPaused(!paused)}>
      {paused ? `Play ${what}` : `Pause ${what}`}
    </button>
  )
}
