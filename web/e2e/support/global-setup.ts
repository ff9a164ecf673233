/**
 * Starts the SMTP sink and the Quizroom server (fresh data directory, SQLite) for the e2e run,
 * waits for GET /api/health, and publishes the base URL, the mail directory and the data
 * directory through process.env (the test workers inherit it). global-teardown.ts stops both.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { CHROMIUM_PATH, DIST_DIR, ENV_BASE_URL, ENV_DATA_DIR, ENV_MAIL_DIR, SERVER_BIN } from './paths'
import { startSmtpSink, type SmtpSink } from './smtp-sink'

export type E2eState = {
  tempRoot: string
  server: ChildProcess
  sink: SmtpSink
  logFile: string
}

declare global {
  // The runner keeps this between global setup and global teardown (same process).
  var __QUIZROOM_E2E__: E2eState | undefined
}

const HEALTH_TIMEOUT_MS = 30_000

function fail(message: string): never {
  throw new Error(`\n[quizroom e2e] ${message}\n`)
}

function checkPrerequisites(): void {
  try {
    accessSync(CHROMIUM_PATH, constants.X_OK)
  } catch {
    fail(
      `Chromium not found at ${CHROMIUM_PATH}. Install Debian's Chromium (apt-get install -y chromium) ` +
        'or point QUIZROOM_E2E_CHROMIUM at a Chromium binary. (No Playwright browser download is used.)',
    )
  }
  try {
    accessSync(SERVER_BIN, constants.X_OK)
  } catch {
    fail(
      `Quizroom server binary not found or not executable at ${SERVER_BIN}. Build it (cargo build) ` +
        'or set QUIZROOM_BIN to its path (relative paths are taken from web/).',
    )
  }
  if (!existsSync(path.join(DIST_DIR, 'index.html'))) {
    fail(`The built web app is missing (${DIST_DIR}/index.html). Run \`npm run build\` in web/ first.`)
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = address && typeof address !== 'string' ? address.port : 0
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))))
    })
  })
}

function logTail(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n')
  } catch {
    return '(no log)'
  }
}

async function waitForHealth(baseUrl: string, server: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      fail(
        `The server exited early (code ${server.exitCode}, signal ${server.signalCode}). Log ${logFile}:\n` +
          logTail(logFile),
      )
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) })
      if (response.status === 200) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150))
  }
  fail(`The server did not answer GET /api/health with 200 within ${HEALTH_TIMEOUT_MS / 1000}s. Log ${logFile}:\n${logTail(logFile)}`)
}

export default async function globalSetup(): Promise<void> {
  checkPrerequisites()

  const tempRoot = mkdtempSync(path.join(os.tmpdir(), 'quizroom-e2e-'))
  const dataDir = path.join(tempRoot, 'data')
  const mailDir = path.join(tempRoot, 'mail')
  mkdirSync(dataDir)
  mkdirSync(mailDir)
  const logFile = path.join(tempRoot, 'server.log')

  const sink = await startSmtpSink(mailDir)
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`

  const env: NodeJS.ProcessEnv = { ...process.env }
  // Always a fresh embedded database, never a shared PostgreSQL from the caller's shell.
  delete env.DATABASE_URL
  Object.assign(env, {
    QUIZROOM_DATA_DIR: dataDir,
    QUIZROOM_WEB_DIR: DIST_DIR,
    QUIZROOM_SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    QUIZROOM_JWT_SECRET: 'e2e-secret-0123456789abcdefghijklmnopqrstuvwxyz',
    RUST_LOG: process.env.RUST_LOG ?? 'info',
  })
  delete env.QUIZROOM_ADDR

  const logFd = openSync(logFile, 'a')
  const server = spawn(SERVER_BIN, ['serve', '--addr', `127.0.0.1:${port}`], {
    env,
    cwd: tempRoot,
    stdio: ['ignore', logFd, logFd],
  })
  server.once('error', () => undefined) // reported through waitForHealth
  globalThis.__QUIZROOM_E2E__ = { tempRoot, server, sink, logFile }

  try {
    await waitForHealth(baseUrl, server, logFile)
  } catch (error) {
    server.kill('SIGKILL')
    await sink.close()
    rmSync(tempRoot, { recursive: true, force: true })
    globalThis.__QUIZROOM_E2E__ = undefined
    throw error
  }

  process.env[ENV_BASE_URL] = baseUrl
  process.env[ENV_MAIL_DIR] = mailDir
  process.env[ENV_DATA_DIR] = dataDir
  console.log(`[quizroom e2e] server ${baseUrl} (log ${logFile}), SMTP sink 127.0.0.1:${sink.port}`)
}
