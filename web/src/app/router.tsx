/** The route table of PRODUCT.md section 2, shared by the app and the route-level tests. */
import type { RouteObject } from 'react-router'
import { AppLayout } from '../components/layout/app-layout'
import { GuestOnlyRoute, ProtectedRoute } from './guards'
import { comingSoonRoutes } from './routes/coming-soon'
import { ContactPage } from './routes/contact'
import { DevMailboxPage } from './routes/dev-mailbox'
import { ForgotPasswordPage } from './routes/forgot-password'
import { HomePage } from './routes/home'
import { NotFoundPage } from './routes/not-found'
import { PlayCategoriesPage } from './routes/play-categories'
import { PlayLeaderboardPage } from './routes/play-leaderboard'
import { PlayQuizPage } from './routes/play-quiz'
import { PricingPage } from './routes/pricing'
import { SigninPage } from './routes/signin'
import { SignupPage } from './routes/signup'
import { VerifyPage } from './routes/verify'

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'pricing', element: <PricingPage /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'dev/mailbox', element: <DevMailboxPage /> },
      {
        element: <GuestOnlyRoute />,
        children: [
          { path: 'signup', element: <SignupPage /> },
          { path: 'signin', element: <SigninPage /> },
          { path: 'forgotPassword', element: <ForgotPasswordPage /> },
        ],
      },
      { path: 'verify', element: <VerifyPage /> },
      {
        element: <ProtectedRoute />,
        children: [
          { path: 'play/categories', element: <PlayCategoriesPage /> },
          { path: 'play/quiz', element: <PlayQuizPage /> },
          { path: 'play/leaderboard', element: <PlayLeaderboardPage /> },
          ...comingSoonRoutes,
          { path: 'play/*', element: <NotFoundPage /> },
          { path: 'host/*', element: <NotFoundPage /> },
          { path: 'generate/*', element: <NotFoundPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]
