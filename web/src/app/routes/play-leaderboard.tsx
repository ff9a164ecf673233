import { LeaderboardRankings } from '@/features/leaderboard/components/leaderboard-rankings'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useSession } from '@/lib/auth'

/** /play/leaderboard: the global leaderboard, the signed-in player's row highlighted. */
export function PlayLeaderboardPage() {
  useDocumentTitle('Leaderboard')
  const { user } = useSession()
  return (
    <div className="page">
      <LeaderboardRankings user={user} />
    </div>
  )
}
