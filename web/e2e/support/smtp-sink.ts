/**
 * A tiny SMTP sink for the end-to-end tests: it accepts every message on 127.0.0.1 and writes
 * each one as a JSON file (`{ from, to, subject, text, raw, receivedAt }`) into a directory,
 * so the tests (in other processes) can read the mail the server sent.
 *
 * Dialogue: greet 220; EHLO/HELO 250; MAIL/RCPT/RSET/NOOP 250; DATA 354, then the message up
 * to a line "." and 250; QUIT 221; anything else 502.
 */
import { writeFileSync, renameSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'

export type StoredMail = {
  from: string
  to: string[]
  subject: string
  /** The decoded text of the message (all text parts, transfer encodings undone). */
  text: string
  raw: string
  receivedAt: number
  seq: number
}

export type SmtpSink = { port: number; close: () => Promise<void> }

function splitHeadersAndBody(message: string): { headers: Map<string, string>; body: string } {
  const normalized = message.replace(/\r\n/g, '\n')
  const cut = normalized.indexOf('\n\n')
  const head = cut === -1 ? normalized : normalized.slice(0, cut)
  const body = cut === -1 ? '' : normalized.slice(cut + 2)
  const headers = new Map<string, string>()
  let last = ''
  for (const line of head.split('\n')) {
    if (/^[ \t]/.test(line) && last) {
      headers.set(last, `${headers.get(last) ?? ''} ${line.trim()}`)
      continue
    }
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    last = line.slice(0, colon).trim().toLowerCase()
    headers.set(last, line.slice(colon + 1).trim())
  }
  return { headers, body }
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = []
  const soft = text.replace(/=\n/g, '')
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i]
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(c, 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

/** RFC 2047 encoded words in headers (=?utf-8?B?...?= / =?utf-8?Q?...?=). */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    )
}

function decodePart(message: string): string {
  const { headers, body } = splitHeadersAndBody(message)
  const type = headers.get('content-type') ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (/^multipart\//i.test(type) && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .map((part) => decodePart(part.replace(/^\n/, '')))
      .join('\n')
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase()
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body)
  return body
}

export function parseMail(raw: string): { subject: string; text: string } {
  const { headers } = splitHeadersAndBody(raw)
  return { subject: decodeHeader(headers.get('subject') ?? ''), text: decodePart(raw) }
}

function addressOf(argument: string): string {
  const angle = /<([^>]*)>/.exec(argument)
  return (angle ? angle[1] : argument.replace(/^(FROM|TO):/i, '').trim().split(/\s/)[0]).toLowerCase()
}

export function startSmtpSink(mailDir: string): Promise<SmtpSink> {
  let seq = 0
  const sockets = new Set<net.Socket>()

  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => undefined)
    socket.setEncoding('utf8')

    let buffer = ''
    let inData = false
    let dataLines: string[] = []
    let from = ''
    let to: string[] = []
    const reply = (line: string) => {
      if (!socket.destroyed) socket.write(`${line}\r\n`)
    }

    const store = () => {
      // Undo dot-stuffing.
      const raw = dataLines.map((line) => (line.startsWith('..') ? line.slice(1) : line)).join('\r\n')
      const { subject, text } = parseMail(raw)
      seq += 1
      const mail: StoredMail = { from, to, subject, text, raw, receivedAt: Date.now(), seq }
      const name = `${String(Date.now()).padStart(15, '0')}-${String(seq).padStart(6, '0')}.json`
      const tmp = path.join(mailDir, `.${name}.tmp`)
      writeFileSync(tmp, JSON.stringify(mail, null, 2))
      renameSync(tmp, path.join(mailDir, name)) // readers never see half a file
    }

    const onLine = (line: string) => {
      if (inData) {
        if (line === '.') {
          inData = false
          try {
            store()
            reply('250 2.0.0 OK: queued')
          } catch (error) {
            reply(`451 4.3.0 could not store message: ${String(error)}`)
          }
          dataLines = []
          from = ''
          to = []
        } else {
          dataLines.push(line)
        }
        return
      }
      const verb = line.split(' ')[0].toUpperCase()
      const rest = line.slice(verb.length).trim()
      switch (verb) {
        case 'EHLO':
          reply('250-quizroom-e2e-sink')
          reply('250-8BITMIME')
          reply('250-SMTPUTF8')
          reply('250 SIZE 10485760')
          break
        case 'HELO':
          reply('250 quizroom-e2e-sink')
          break
        case 'MAIL':
          from = addressOf(rest)
          to = []
          reply('250 2.1.0 OK')
          break
        case 'RCPT':
          to.push(addressOf(rest))
          reply('250 2.1.5 OK')
          break
        case 'RSET':
          from = ''
          to = []
          dataLines = []
          reply('250 2.0.0 OK')
          break
        case 'NOOP':
          reply('250 2.0.0 OK')
          break
        case 'DATA':
          inData = true
          dataLines = []
          reply('354 End data with <CR><LF>.<CR><LF>')
          break
        case 'QUIT':
          reply('221 2.0.0 Bye')
          socket.end()
          break
        default:
          reply('502 5.5.2 Command not implemented')
      }
    }

    socket.on('data', (chunk: string) => {
      buffer += chunk
      let index: number
      while ((index = buffer.indexOf('\n')) !== -1) {
        const line = buffer.slice(0, index).replace(/\r$/, '')
        buffer = buffer.slice(index + 1)
        onLine(line)
      }
    })

    reply('220 quizroom-e2e-sink ESMTP ready')
  })

  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      if (!address || typeof address === 'string') {
        reject(new Error('SMTP sink: no port'))
        return
      }
      resolve({
        port: address.port,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy()
            server.close(() => done())
          }),
      })
    })
  })
}
