/**
 * The player's course through each curated category: first, best and latest score with the trend
 * of every attempt as a sparkline, and accuracy by category as a bar chart.
 */
import type { CategoryProgress as Category } from '../../api/insights-types'
import { accuracyItems } from '../../utils/chart-items'
import { percentText } from '../../utils/insights-format'
import { BarChart } from '../charts/bar-chart'
import { Sparkline } from '../charts/sparkline'

export function CategoryProgress({ categories }: { categories: Category[] }) {
  if (categories.length === 0) return null
  return (
    <section className="insights-section" aria-labelledby="progress-categories-title">
      <h2 id="progress-categories-title">Categories</h2>
      <div className="table-scroll">
        <table className="data-table insights-table">
          <caption className="visually-hidden">Scores per category, in percent</caption>
          <thead>
            <tr>
              <th scope="col">Category</th>
              <th scope="col" className="align-end">
                First
              </th>
              <th scope="col" className="align-end">
                Best
              </th>
              <th scope="col" className="align-end">
                Latest
              </th>
              <th scope="col">Trend</th>
            </tr>
          </thead>
          <tbody>
            {categories.map((category) => (
              <tr key={category.quizId}>
                <th scope="row">{category.title}</th>
                <td className="align-end">{percentText(category.first)}</td>
                <td className="align-end">{percentText(category.best)}</td>
                <td className="align-end">{percentText(category.latest)}</td>
                <td>
                  <Sparkline values={category.trend} valueText={percentText} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <BarChart
        title="Accuracy by category (right answers of those answered)"
        items={accuracyItems(categories)}
        max={100}
        labelHeader="Category"
        valueHeader="Accuracy"
      />
    </section>
  )
}
