/** Leaderboard reads. Points are recorded by the server on submission; nothing is posted here. */
import { apiRequest } from '@/lib/api-client'
import type { LeaderboardEntry } from '@/types/api'

export function getGlobalLeaderboard(): Promise<LeaderboardEntry[]> {
  return apiRequest<LeaderboardEntry[]>('/api/leaderboard', { defaultError: 'Failed to fetch leaderboard data' })
}

export function getCategoryLeaderboard(categoryId: number): Promise<LeaderboardEntry[]> {
  return apiRequest<LeaderboardEntry[]>(`/api/leaderboard/category?category_id=${encodeURIComponent(String(categoryId))}`, {
    defaultError: 'Failed to fetch category leaderboard data',
  })
}
