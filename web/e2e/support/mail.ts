/** Reading the mail the SMTP sink stored (see smtp-sink.ts) from a test. */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { ENV_MAIL_DIR } from './paths'
import type { StoredMail } from './smtp-sink'

export const VERIFICATION_SUBJECT = 'Your Quizroom verification code'
export const RESET_SUBJECT = 'Your Quizroom password reset code'

function mailDir(): string {
  const dir = process.env[ENV_MAIL_DIR]
  if (!dir) throw new Error(`${ENV_MAIL_DIR} is not set: run the tests through \`npm run e2e\` (global setup)`)
  return dir
}

/** Every stored message, oldest first. */
export function allMail(): StoredMail[] {
  const dir = mailDir()
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as StoredMail)
}

export type MailQuery = {
  to: string
  subject?: string
  /** Only mail received after this many stored messages (see mailCount) or this time. */
  afterSeq?: number
  timeoutMs?: number
}

/** How many messages the sink holds now; pass it as afterSeq to wait only for newer mail. */
export function mailCount(): number {
  return allMail().reduce((max, mail) => Math.max(max, mail.seq), 0)
}

/** Waits for the newest message to `to` (with `subject`, if given) and returns it. */
export async function waitForMail({ to, subject, afterSeq = 0, timeoutMs = 15_000 }: MailQuery): Promise<StoredMail> {
  const address = to.toLowerCase()
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const matches = allMail().filter(
      (mail) =>
        mail.seq > afterSeq &&
        mail.to.some((rcpt) => rcpt.toLowerCase() === address) &&
        (subject === undefined || mail.subject === subject),
    )
    if (matches.length > 0) return matches[matches.length - 1]
    if (Date.now() > deadline) {
      const seen = allMail()
        .map((mail) => `  #${mail.seq} to ${mail.to.join(',')}: ${mail.subject}`)
        .join('\n')
      throw new Error(`No mail to ${to}${subject ? ` with subject "${subject}"` : ''} within ${timeoutMs} ms. Mail seen:\n${seen || '  (none)'}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The 6-digit code in a message ("... code is 123456 ..."). */
export function extractCode(mail: StoredMail): string {
  const match = /code is\s*(\d{6})\b/i.exec(mail.text) ?? /\b(\d{6})\b/.exec(mail.text)
  if (!match) throw new Error(`No 6-digit code in mail "${mail.subject}":\n${mail.text}`)
  return match[1]
}

/** Waits for the newest mail to `to` with `subject` and returns its 6-digit code. */
export async function waitForCode(query: MailQuery): Promise<string> {
  return extractCode(await waitForMail(query))
}
