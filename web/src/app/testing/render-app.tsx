/**
 * Renders the whole app (providers, layout, guards, routes) in a memory router at a path, for
 * route-level tests. It lives in app/ because it needs the route table; the shared helpers
 * (session, fake API) are in src/testing.
 */
import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { AppProvider } from '../provider'
import { routes } from '../router'

export type RenderAppOptions = { state?: unknown; revalidate?: boolean }

export function renderApp(path: string, options: RenderAppOptions = {}) {
  const router = createMemoryRouter(routes, {
    initialEntries: [{ pathname: path.split('?')[0], search: path.includes('?') ? `?${path.split('?')[1]}` : '', state: options.state }],
  })
  const utils = render(
    <AppProvider revalidate={options.revalidate ?? false}>
      <RouterProvider router={router} />
    </AppProvider>,
  )
  return { router, ...utils }
}
