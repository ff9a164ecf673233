import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
// The global sheet first: every other sheet (imported by the components) comes after it.
import '@/app/styles.css'
import { App } from '@/app/app'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
