/**
 * axe-core in the browser tests (issue 15): `checkA11y(page, screen)` runs axe's WCAG 2.0/2.1/2.2
 * A and AA rules on the page as it is now and fails the test on any violation, with the rule,
 * its impact, the failing elements and axe's help text (a soft failure: the test still visits
 * its other screens, so one run reports all of them, and fails at its end). On success it prints one line,
 * `axe: <screen>: <N> rules checked, 0 violations`, where N is every rule axe ran with those tags:
 * the ones that passed, failed, could not decide (incomplete) or found nothing to check
 * (inapplicable), each counted once. Rules are never disabled here; a screen that truly cannot meet one excludes the
 * element narrowly at the call site, with a comment saying why.
 *
 * Set QUIZROOM_AXE_VERBOSE=1 to also list the "incomplete" results (axe could not decide, e.g.
 * contrast over an image), for a human to look at.
 *
 * The engine is the axe-core release web/package.json pins (decision 0196), injected here by
 * its own source rather than whichever copy @axe-core/playwright would bundle, so the checks are
 * the ones a user's auditor running that release gets: every rule the release turns on by default
 * and tags WCAG A/AA must run (WCAG 2.5.3's `label-content-name-mismatch` among them since 4.14),
 * and a run on another engine, or one that skipped such a rule, fails outright.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import axe from 'axe-core'

/** One rule's outcome (axe-core's `Result`). */
type Result = axe.Result

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/** The axe-core release the checks run (web/package.json's `axe-core`). */
export const AXE_VERSION = axe.version

/**
 * The rules a user's auditor gets from this release's defaults that check WCAG A/AA: on by
 * default (so neither experimental nor deprecated) and tagged with one of `WCAG_TAGS`. The tags
 * also run `target-size` (WCAG 2.2 AA, off by default), so the project checks a little more.
 */
export const DEFAULT_WCAG_RULES: readonly string[] = axe
  .getRules(WCAG_TAGS)
  .filter((rule) => rule.enabled)
  .map((rule) => rule.ruleId)

export type A11yOptions = {
  /** CSS selectors of elements to leave out (say why at the call site). */
  exclude?: string[]
}

/** How many failing elements of one rule the message lists. */
const MAX_NODES = 6

/** One violation as lines a person can act on. */
function describe(result: Result): string {
  const nodes = result.nodes.slice(0, MAX_NODES).map((node) => {
    const target = node.target.map(String).join(' ')
    const why = node.failureSummary?.replace(/\s*\n\s*/g, ' ').trim()
    return `    - ${target}${why ? `: ${why}` : ''}`
  })
  const more = result.nodes.length > MAX_NODES ? [`    … and ${result.nodes.length - MAX_NODES} more`] : []
  return [`  [${result.impact ?? 'unknown'}] ${result.id}: ${result.help} (${result.helpUrl})`, ...nodes, ...more].join('\n')
}

/** Runs axe on `page` (named `screen` in the output) and fails on any WCAG A/AA violation. */
export async function checkA11y(page: Page, screen: string, options: A11yOptions = {}): Promise<number> {
  let builder = new AxeBuilder({ page, axeSource: axe.source }).withTags(WCAG_TAGS)
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector)
  const results = await builder.analyze()
  // Hard: a check on another engine or with fewer rules is not the check this file promises.
  expect(results.testEngine.version, `axe: ${screen}: the engine that ran`).toBe(AXE_VERSION)
  const ran = new Set([...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable].map((result) => result.id))
  expect(DEFAULT_WCAG_RULES.filter((id) => !ran.has(id)), `axe: ${screen}: default WCAG rules of axe-core ${AXE_VERSION} that did not run`).toEqual([])
  const checked = ran.size
  if (process.env.QUIZROOM_AXE_VERBOSE === '1' && results.incomplete.length > 0) {
    console.log(`axe: ${screen}: incomplete (to review by hand):\n${results.incomplete.map(describe).join('\n')}`)
  }
  const report = results.violations.map(describe).join('\n')
  // Soft: the test goes on to its other screens, so one run lists them all; it still fails.
  expect.soft(results.violations.length, `axe: ${screen}: ${results.violations.length} violations\n${report}`).toBe(0)
  console.log(`axe: ${screen}: ${checked} rules checked, ${results.violations.length} violations`)
  return checked
}
