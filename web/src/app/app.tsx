import { useState } from 'react'
import { createBrowserRouter, RouterProvider } from 'react-router'
import { AuthProvider } from '../lib/auth'
import { routes } from './router'

export function App() {
  const [router] = useState(() => createBrowserRouter(routes))
  return (
    <AuthProvider>
      <RouterProvider router={router} />
    </AuthProvider>
  )
}
