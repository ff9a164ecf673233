/** The texts of the insights screens (plain English; the errors of docs/insights-api.md). */

export const INSIGHTS_TEXTS = {
  loading: 'Loading the insights...',
  failed: 'Failed to load the insights',
  notHost: "Only the quiz's host can see its insights.",
  noQuiz: 'No such quiz.',
  empty: 'No one has submitted this quiz yet.',
  downloadFailed: 'Failed to download the insights',
  hardestFirst: 'Hardest first: the questions fewest players got right come first.',
  playersCapped: (shown: number, total: number) =>
    `Showing the best ${shown} of ${total} players; the workbook has every one.`,
  suspectTitle: (choice: string) => `Check the key: most strong players chose ${choice}`,
  suspectDetail: (share: string, players: number, key: string | null) =>
    `${share} of the ${players} strongest players got this question wrong${key ? `; the key says ${key}` : ''}. The key may be wrong.`,
  givenMost: 'Given most',
  rightNote: '(right)',
  meanRight: (share: string) => `Mean right: ${share}`,
  mostOftenWrong: 'most often wrong',
  numbersGiven: 'Numbers given',
  suspectCount: (count: number) =>
    count === 1 ? '1 question may have a wrong key: look for "Check the key" below.' : `${count} questions may have a wrong key: look for "Check the key" below.`,
} as const

export const PROGRESS_TEXTS = {
  loading: 'Loading your progress...',
  failed: 'Failed to load your progress',
  empty: 'You have not played any quiz yet.',
  chooseCategory: 'Choose a category',
} as const
