/**
 * "Download workbook (.xlsx)" and "Download CSV": the whole report (every player) as the server
 * writes it, fetched with the session's token and saved under the name it suggests.
 */
import { useCallback } from 'react'
import { Alert } from '@/components/ui/alert'
import { downloadInsights, type ExportKind } from '../api/insights-api'
import { useDownload } from '../hooks/use-download'
import { INSIGHTS_TEXTS } from '../utils/insights-texts'

const LABELS: Record<ExportKind, string> = { xlsx: 'Download workbook (.xlsx)', csv: 'Download CSV' }

export function DownloadButtons({ quizId }: { quizId: number }) {
  const fetchFile = useCallback((kind: ExportKind) => downloadInsights(quizId, kind), [quizId])
  const fallbackName = useCallback((kind: ExportKind) => `quiz-${quizId}-insights.${kind}`, [quizId])
  const { busy, error, download } = useDownload(fetchFile, fallbackName, INSIGHTS_TEXTS.downloadFailed)
  return (
    <div className="insights-downloads">
      <div className="section-actions">
        {(['xlsx', 'csv'] as const).map((kind) => (
          <button
            key={kind}
            type="button"
            className={`btn ${kind === 'xlsx' ? 'btn-primary' : 'btn-secondary'}`}
            disabled={busy !== null}
            onClick={() => void download(kind)}
          >
            {busy === kind ? 'Downloading...' : LABELS[kind]}
          </button>
        ))}
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
    </div>
  )
}
