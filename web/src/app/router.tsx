/**
 * The route table of PRODUCT.md section 2, shared by the app and the route-level tests.
 * The hosting, generate, live-game and audit pages (and the development mailbox) are loaded on
 * first visit (their own chunks), so players never download the host's screens and the first
 * load stays small; header and footer stay on screen while a page loads. /play/live is public:
 * guests join live games by PIN; a live game's results (the host's) and a player's history of
 * live games are protected.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react'
import type { RouteObject } from 'react-router'
import { AppLayout } from '@/components/layout/app-layout'
import { Loading } from '@/components/ui/loading'
import { GuestOnlyRoute, ProtectedRoute, SessionGate } from './guards'
import { ContactPage } from './routes/contact'
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

function page(Page: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  )
}

const HostQuizPage = lazy(() => import('./routes/host-quiz').then((m) => ({ default: m.HostQuizPage })))
const HostAttemptQuizPage = lazy(() => import('./routes/host-attempt-quiz').then((m) => ({ default: m.HostAttemptQuizPage })))
const HostMyQuizzesPage = lazy(() => import('./routes/host-my-quizzes').then((m) => ({ default: m.HostMyQuizzesPage })))
const HostViewQuizPage = lazy(() => import('./routes/host-view-quiz').then((m) => ({ default: m.HostViewQuizPage })))
const HostViewResultPage = lazy(() => import('./routes/host-view-result').then((m) => ({ default: m.HostViewResultPage })))
const HostResultPage = lazy(() => import('./routes/host-result').then((m) => ({ default: m.HostResultPage })))
const HostAudiencePage = lazy(() => import('./routes/host-audience').then((m) => ({ default: m.HostAudiencePage })))
const GenerateQuizPage = lazy(() => import('./routes/generate-quiz').then((m) => ({ default: m.GenerateQuizPage })))
const HostLivePage = lazy(() => import('./routes/host-live').then((m) => ({ default: m.HostLivePage })))
const HostLiveGamePage = lazy(() => import('./routes/host-live').then((m) => ({ default: m.HostLiveGamePage })))
const HostLiveGamesPage = lazy(() => import('./routes/host-live-results').then((m) => ({ default: m.HostLiveGamesPage })))
const HostLiveResultsPage = lazy(() => import('./routes/host-live-results').then((m) => ({ default: m.HostLiveResultsPage })))
const PlayLivePage = lazy(() => import('./routes/play-live').then((m) => ({ default: m.PlayLivePage })))
const PlayLiveHistoryPage = lazy(() => import('./routes/play-live-history').then((m) => ({ default: m.PlayLiveHistoryPage })))
const GenerateReviewPage = lazy(() => import('./routes/generate-review').then((m) => ({ default: m.GenerateReviewPage })))
// Issue 14: a hosted quiz's insights and a player's progress, each in its own chunk with its charts.
const HostInsightsPage = lazy(() => import('./routes/host-insights').then((m) => ({ default: m.HostInsightsPage })))
const PlayProgressPage = lazy(() => import('./routes/play-progress').then((m) => ({ default: m.PlayProgressPage })))
// The development mailbox is for the server's own computer, never players: its own chunk.
const DevMailboxPage = lazy(() => import('./routes/dev-mailbox').then((m) => ({ default: m.DevMailboxPage })))
// The audit screens share one chunk (issue 13).
const AuditHomePage = lazy(() => import('./routes/audit').then((m) => ({ default: m.AuditHomePage })))
const AuditQuizPage = lazy(() => import('./routes/audit').then((m) => ({ default: m.AuditQuizPage })))
const AuditAttemptPage = lazy(() => import('./routes/audit').then((m) => ({ default: m.AuditAttemptPage })))
const AuditPersonPage = lazy(() => import('./routes/audit').then((m) => ({ default: m.AuditPersonPage })))
const AuditLeaderboardPage = lazy(() => import('./routes/audit').then((m) => ({ default: m.AuditLeaderboardPage })))

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      {
        // Sends a user the server refused as unverified to /verify, from any page.
        element: <SessionGate />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'pricing', element: <PricingPage /> },
          { path: 'contact', element: <ContactPage /> },
          { path: 'dev/mailbox', element: page(DevMailboxPage) },
          {
            element: <GuestOnlyRoute />,
            children: [
              { path: 'signup', element: <SignupPage /> },
              { path: 'signin', element: <SigninPage /> },
              { path: 'forgotPassword', element: <ForgotPasswordPage /> },
            ],
          },
          { path: 'verify', element: <VerifyPage /> },
          { path: 'play/live', element: page(PlayLivePage) },
          {
            element: <ProtectedRoute />,
            children: [
              { path: 'play/categories', element: <PlayCategoriesPage /> },
              { path: 'play/quiz', element: <PlayQuizPage /> },
              { path: 'play/leaderboard', element: <PlayLeaderboardPage /> },
              { path: 'play/live/history', element: page(PlayLiveHistoryPage) },
              { path: 'play/progress', element: page(PlayProgressPage) },
              { path: 'host/quiz', element: page(HostQuizPage) },
              { path: 'host/attemptQuiz', element: page(HostAttemptQuizPage) },
              // Route matching ignores case, so this also serves /host/myquizzes.
              { path: 'host/myQuizzes', element: page(HostMyQuizzesPage) },
              { path: 'host/viewQuiz/:categoryId', element: page(HostViewQuizPage) },
              { path: 'host/viewResult/:categoryId', element: page(HostViewResultPage) },
              { path: 'host/insights/:categoryId', element: page(HostInsightsPage) },
              { path: 'host/result', element: page(HostResultPage) },
              { path: 'host/audience', element: page(HostAudiencePage) },
              { path: 'host/live', element: page(HostLivePage) },
              // A static segment outranks `:gameId`, so /host/live/games is the list, not a game.
              { path: 'host/live/games', element: page(HostLiveGamesPage) },
              { path: 'host/live/:gameId', element: page(HostLiveGamePage) },
              { path: 'host/live/:gameId/results', element: page(HostLiveResultsPage) },
              { path: 'generate', element: page(GenerateQuizPage) },
              { path: 'generate/quiz', element: page(GenerateQuizPage) },
              { path: 'generate/review', element: page(GenerateReviewPage) },
              { path: 'audit', element: page(AuditHomePage) },
              { path: 'audit/leaderboard', element: page(AuditLeaderboardPage) },
              { path: 'audit/quizzes/:quizId', element: page(AuditQuizPage) },
              { path: 'audit/attempts/:attemptId', element: page(AuditAttemptPage) },
              { path: 'audit/people/:userId', element: page(AuditPersonPage) },
              { path: 'audit/*', element: <NotFoundPage /> },
              { path: 'play/*', element: <NotFoundPage /> },
              { path: 'host/*', element: <NotFoundPage /> },
              { path: 'generate/*', element: <NotFoundPage /> },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]
