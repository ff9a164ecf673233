/**
 * The category picker (PRODUCT.md screen 6): a 'Find category' search (substring, ignoring
 * case), 15 categories at first, and a See More / Show Less toggle when more than 10 match.
 * A fetch failure is only logged; the list stays empty. With `hostLive` (signed-in users) each
 * card also has a "Host live" link (a live game of the category, issue 12).
 */
import { useEffect, useMemo, useState } from 'react'
import { Link } from 'react-router'
import { SearchInput } from '@/components/table/search-input'
import { Loading } from '@/components/ui/loading'
import { CATEGORIES_INITIAL_COUNT, CATEGORIES_TOGGLE_THRESHOLD } from '@/lib/constants'
import { searchRows } from '@/lib/table'
import { getCategories, type Category } from '../api/play-api'
import '../play.css'

type CategoryListProps = {
  onPick: (category: Category) => void
  load?: () => Promise<Category[]>
  /** Where "Host live" goes for a category; no link without it. */
  hostLive?: (category: Category) => string
}

export function CategoryList({ onPick, load = getCategories, hostLive }: CategoryListProps) {
  const [categories, setCategories] = useState<Category[]>([])
  const [loading, setLoading] = useState(true)
  const [query, setQuery] = useState('')
  const [expanded, setExpanded] = useState(false)

  useEffect(() => {
    let cancelled = false
    load()
      .then((list) => {
        if (!cancelled) setCategories(Array.isArray(list) ? list : [])
      })
      .catch((error: unknown) => {
        console.error('Failed to fetch categories', error)
      })
      .finally(() => {
        if (!cancelled) setLoading(false)
      })
    return () => {
      cancelled = true
    }
  }, [load])

  const matching = useMemo(() => searchRows(categories, query, (c) => c.name ?? ''), [categories, query])
  const shown = expanded ? matching : matching.slice(0, CATEGORIES_INITIAL_COUNT)
  const showToggle = matching.length > CATEGORIES_TOGGLE_THRESHOLD

  return (
    <div className="categories">
      <div className="categories-search">
        <SearchInput id="category-search" label="Find category" placeholder="Find category" value={query} onChange={setQuery} />
      </div>
      {loading ? <Loading label="Loading categories..." /> : null}
      {!loading && categories.length > 0 && matching.length === 0 ? (
        <p className="empty-state">No categories match “{query.trim()}”.</p>
      ) : null}
      <ul className="category-grid" aria-label="Categories">
        {shown.map((category) => (
          <li key={category.id} className={hostLive ? 'category-item has-live' : 'category-item'}>
            <button type="button" className="category-card" onClick={() => onPick(category)}>
              <span className="category-name">{category.name}</span>
              {category.description ? <span className="category-description">{category.description}</span> : null}
              <span className="category-meta">
                {typeof category.questionCount === 'number' ? `${category.questionCount} questions` : null}
                {typeof category.questionCount === 'number' && typeof category.timeLimit === 'number' ? ' · ' : null}
                {typeof category.timeLimit === 'number' ? `${category.timeLimit} min` : null}
              </span>
            </button>
            {hostLive ? (
              <Link className="btn btn-secondary btn-small category-live" to={hostLive(category)}>
                Host live<span className="visually-hidden">: {category.name}</span>
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
      {showToggle ? (
        <div className="center">
          <button type="button" className="btn btn-secondary" aria-expanded={expanded} onClick={() => setExpanded((v) => !v)}>
            {expanded ? 'Show Less' : 'See More'}
          </button>
        </div>
      ) : null}
    </div>
  )
}
