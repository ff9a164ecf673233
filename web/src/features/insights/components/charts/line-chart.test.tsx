import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { LineChart, type LineItem } from './line-chart'
import { Sparkline } from './sparkline'

const items: LineItem[] = [
  { key: 'd1', label: '25 Nov', fullLabel: '25 Nov 2026', value: 25, valueText: '25%' },
  { key: 'd2', label: '26 Nov', fullLabel: '26 Nov 2026', value: 100, valueText: '100%' },
]

describe('LineChart', () => {
  it('puts a point per item on a 0–100% scale and joins them', () => {
    const { container } = render(<LineChart title="Average score per day" items={items} labelHeader="Day" valueHeader="Average score" />)
    const points = Array.from(container.querySelectorAll('circle')).map((c) => ({ x: Number(c.getAttribute('cx')), y: Number(c.getAttribute('cy')) }))
    expect(points).toHaveLength(2)
    // From the left edge of the plot (40) to its right edge (456); 100% at the top (18), 25% at 3/4 of 130 down.
    expect(points[0]).toEqual({ x: 40, y: 115.5 })
    expect(points[1]).toEqual({ x: 456, y: 18 })
    expect(container.querySelector('.chart-line')).toHaveAttribute('d', 'M40 115.5 L456 18')
    expect(Array.from(container.querySelectorAll('.chart-value')).map((t) => t.textContent)).toEqual(['25%', '100%'])
  })

  it('is named by its points and lists them in a table', () => {
    render(<LineChart title="Average score per day" items={items} labelHeader="Day" valueHeader="Average score" />)
    expect(screen.getByRole('img')).toHaveAccessibleName('Average score per day: 25 Nov 2026 25%, 26 Nov 2026 100%')
    const table = screen.getByRole('table', { name: 'Average score per day' })
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Day', 'Average score'])
    expect(within(table).getAllByRole('cell').map((c) => c.textContent)).toEqual(['25%', '100%'])
  })

  it('draws one point and no line for a single day', () => {
    const { container } = render(<LineChart title="Average score per day" items={items.slice(0, 1)} labelHeader="Day" valueHeader="Average score" />)
    expect(container.querySelectorAll('circle')).toHaveLength(1)
    expect(container.querySelector('.chart-line')).toBeNull()
  })
})

describe('Sparkline', () => {
  it('draws the trend with its last point marked, named by every value', () => {
    const { container } = render(<Sparkline values={[40, 90, 80]} valueText={(v) => `${v}%`} />)
    expect(screen.getByRole('img')).toHaveAccessibleName('Scores of 3 attempts, oldest first: 40%, 90%, 80%')
    const d = container.querySelector('.chart-line')?.getAttribute('d') ?? ''
    expect(d.split(' L')).toHaveLength(3)
    expect(container.querySelector('.sparkline-last')).toHaveAttribute('cx', '93')
  })

  it('says "attempt" for one', () => {
    render(<Sparkline values={[70]} valueText={(v) => `${v}%`} />)
    expect(screen.getByRole('img')).toHaveAccessibleName('Scores of 1 attempt, oldest first: 70%')
  })
})
