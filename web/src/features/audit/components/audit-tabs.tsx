/**
 * Tabs (the WAI-ARIA pattern): a tab list whose arrow keys, Home and End move between the tabs,
 * each panel labelled by its tab. A panel is mounted when first shown and then kept (hidden), so
 * its filters and loaded pages survive a look at the other tab.
 */
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'

export type Tab<K extends string> = { key: K; label: string; panel: () => ReactNode }

type Props<K extends string> = { label: string; tabs: Array<Tab<K>>; selected: K; onSelect: (key: K) => void }

export function AuditTabs<K extends string>({ label, tabs, selected, onSelect }: Props<K>) {
  const id = useId()
  const refs = useRef<Array<HTMLButtonElement | null>>([])
  const [shown, setShown] = useState<ReadonlySet<K>>(() => new Set([selected]))
  if (!shown.has(selected)) setShown(new Set([...shown, selected]))

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }
    if (!(event.key in moves)) return
    event.preventDefault()
    const next = (moves[event.key] + tabs.length) % tabs.length
    onSelect(tabs[next].key)
    refs.current[next]?.focus()
  }

  return (
    <div className="audit-tabs">
      <div role="tablist" aria-label={label} className="audit-tablist">
        {tabs.map((tab, index) => (
          <button
            key={tab.key}
            ref={(element) => {
              refs.current[index] = element
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.key}`}
            aria-selected={tab.key === selected}
            aria-controls={`${id}-panel-${tab.key}`}
            tabIndex={tab.key === selected ? 0 : -1}
            className="audit-tab"
            onClick={() => onSelect(tab.key)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`${id}-panel-${tab.key}`}
          aria-labelledby={`${id}-tab-${tab.key}`}
          hidden={tab.key !== selected}
          className="audit-tabpanel"
        >
          {shown.has(tab.key) ? tab.panel() : null}
        </div>
      ))}
    </div>
  )
}
