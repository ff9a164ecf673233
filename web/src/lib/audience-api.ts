/**
 * Saved audience lists (docs/hosting-api.md "Audience lists"): the caller's own lists,
 * managed on /host/audience and picked by the host and generate forms.
 */
import { apiRequest } from './api-client'

export type AudienceList = { id: string | number; name: string; emails?: string[]; count?: number }

export function getAudienceLists(): Promise<AudienceList[]> {
  return apiRequest<AudienceList[]>('/api/audience', {
    auth: true,
    defaultError: 'Failed to load audience lists. Please try again.',
  })
}

export function createAudienceList(name: string, emails: string): Promise<AudienceList> {
  return apiRequest<AudienceList>('/api/audience', {
    method: 'POST',
    body: { name, emails },
    auth: true,
    defaultError: 'Failed to create the audience list',
  })
}

export function updateAudienceList(id: string | number, changes: { name?: string; emails?: string }): Promise<AudienceList> {
  return apiRequest<AudienceList>(`/api/audience/${encodeURIComponent(String(id))}`, {
    method: 'PUT',
    body: changes,
    auth: true,
    defaultError: 'Failed to update the audience list',
  })
}

export function deleteAudienceList(id: string | number): Promise<{ success: boolean }> {
  return apiRequest<{ success: boolean }>(`/api/audience/${encodeURIComponent(String(id))}`, {
    method: 'DELETE',
    auth: true,
    defaultError: 'Failed to delete the audience list',
  })
}
