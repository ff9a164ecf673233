import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ColumnChart, type ColumnItem } from './column-chart'

const items: ColumnItem[] = [
  { key: '0', label: '0', fullLabel: '0–9%', value: 0, valueText: '0' },
  { key: '50', label: '50', fullLabel: '50–59%', value: 4, valueText: '4' },
  { key: '100', label: '100', fullLabel: '100%', value: 2, valueText: '2' },
]

describe('ColumnChart', () => {
  it('draws a column per item on a round scale, from a common baseline', () => {
    const { container } = render(<ColumnChart title="Score distribution" items={items} labelHeader="Score" valueHeader="Attempts" />)
    const bars = Array.from(container.querySelectorAll('.chart-bar'))
    expect(bars).toHaveLength(3)
    const heights = bars.map((bar) => Number(bar.getAttribute('height')))
    // The scale's top is 5 (the round number above 4): 4 is 4/5 of the plot, 2 is 2/5.
    expect(heights[0]).toBe(0)
    expect(heights[1]).toBeCloseTo(104, 0)
    expect(heights[2]).toBeCloseTo(52, 0)
    const bottoms = bars.map((bar) => Number(bar.getAttribute('y')) + Number(bar.getAttribute('height')))
    expect(new Set(bottoms).size).toBe(1)
    // Counts above the columns that have any, labels under all.
    expect(Array.from(container.querySelectorAll('.chart-value')).map((t) => t.textContent)).toEqual(['4', '2'])
    expect(Array.from(container.querySelectorAll('.chart-label')).map((t) => t.textContent)).toEqual(['0', '50', '100'])
  })

  it('is named by its items and lists them in a table with their whole labels', () => {
    render(<ColumnChart title="Score distribution" items={items} labelHeader="Score" valueHeader="Attempts" />)
    expect(screen.getByRole('img')).toHaveAccessibleName('Score distribution: 0–9% 0, 50–59% 4, 100% 2')
    const table = screen.getByRole('table', { name: 'Score distribution' })
    expect(within(table).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['0–9%', '50–59%', '100%'])
    expect(within(table).getAllByRole('cell').map((c) => c.textContent)).toEqual(['0', '4', '2'])
  })
})
