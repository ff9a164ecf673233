/** The hosting screens' fixed texts (PRODUCT.md sections 2, 5 and 8). */

export const JOIN_TEXTS = {
  noCode: 'Please enter a quiz code',
  notLoggedIn: 'You need to be logged in to join a quiz',
  expired: 'This quiz has expired and is no longer available.',
  unable: 'Unable to join quiz. Please check your code.',
  exception: 'An error occurred. Please try again.',
} as const

export const HOST_FORM_TEXTS = {
  titleAndFile: 'Please provide a quiz title and upload a file',
  noQuestions: 'No questions found in the uploaded file. Please check the format and try again.',
  created: 'Quiz Created!',
  createException: 'An error occurred while creating the quiz',
} as const

export const fileError = (message: string) => `Error with Excel file: ${message}`
export const createFailed = (message: string) => `Failed to create quiz: ${message}`

export const MY_QUIZZES_TEXTS = {
  empty: 'No quizzes available',
  noUser: 'No user is logged in',
  failed: 'Failed to fetch quizzes',
  exception: 'An error occurred while fetching quizzes',
} as const

export const VIEW_QUIZ_TEXTS = {
  noId: 'No category ID provided',
  invalidId: 'Invalid category ID format.',
  loadFailed: 'Failed to load quiz data',
  saved: 'Successfully updated questions!',
  saveFailed: 'Failed to update questions. Please try again.',
  untitled: 'Untitled Quiz',
  noExpiration: 'No expiration',
  openToAll: 'Open to all',
  noCode: 'Unavailable',
} as const

export const RESULTS_TEXTS = {
  invalidId: 'Invalid or missing category ID.',
  loading: 'Loading results data...',
  empty: 'No results data available.',
  noMatch: 'No participants match your search.',
  loadError: (message: string) => `Error loading data: ${message}`,
  actionFailed: (message: string) => `Action failed: ${message}`,
  missingInfo: 'Cannot perform action: Missing required user or category information.',
  deleteFailed: 'Failed to delete the entry.',
  deleteException: 'An unexpected error occurred while trying to delete the entry.',
  feedbackLoading: 'Loading feedback...',
  feedbackEmpty: 'No feedback available for this submission.',
} as const
