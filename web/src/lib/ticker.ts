/**
 * An XState callback actor that sends `{ type: 'timer.tick' }` to its parent every `ms`
 * milliseconds while it runs: the clock of the verify, forgot-password and play machines.
 */
import { fromCallback } from 'xstate'

export function ticker(ms: number) {
  return fromCallback(({ sendBack }) => {
    const id = setInterval(() => sendBack({ type: 'timer.tick' }), ms)
    return () => clearInterval(id)
  })
}
