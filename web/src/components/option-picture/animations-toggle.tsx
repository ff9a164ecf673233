/**
 * "Pause animations" for a question's options' or items' pictures (issue 30, WCAG 2.2.2), shown
 * once under them, outside the options (an option that is a button may hold no other button),
 * when one of the pictures is a GIF, which may move; nothing otherwise. It pauses or plays every
 * animation of the page (components/animation). The play screen loads it lazily
 * (lazy-option-picture.tsx), with the pictures' checks.
 */
import { isAnimation } from '@/components/animation/animation-choice'
import { AnimationToggle } from '@/components/animation/animation-toggle'
import { readPictures } from '@/lib/served-media'
import './option-picture.css'

export function AnimationsToggle({ pictures, large = false }: { pictures: unknown; large?: boolean }) {
  const moving = readPictures(pictures)?.some((picture) => picture !== null && isAnimation(large ? picture.projector : picture.phone))
  return moving ? <AnimationToggle several className="option-animations-toggle" /> : null
}

export default AnimationsToggle
