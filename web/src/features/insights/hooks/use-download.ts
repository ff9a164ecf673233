/**
 * A download with its state: which kind is on its way (its button says "Downloading...") and the
 * last failure. The file is fetched with the session's token and handed to the browser.
 */
import { useCallback, useState } from 'react'
import { errorMessage } from '@/lib/api-client'
import { saveBlob } from '@/lib/save-file'

type Fetch<K extends string> = (kind: K) => Promise<{ blob: Blob; fileName: string | null }>

export function useDownload<K extends string>(fetchFile: Fetch<K>, fallbackName: (kind: K) => string, failedText: string) {
  const [busy, setBusy] = useState<K | null>(null)
  const [error, setError] = useState<string | null>(null)
  const download = useCallback(
    async (kind: K) => {
      setBusy(kind)
      setError(null)
      try {
        const { blob, fileName } = await fetchFile(kind)
        saveBlob(blob, fileName || fallbackName(kind))
      } catch (e) {
        setError(errorMessage(e, failedText))
      } finally {
        setBusy(null)
      }
    },
    [fetchFile, fallbackName, failedText],
  )
  return { busy, error, download }
}
