/** Stops the server and the SMTP sink started by global-setup.ts and removes the temp files. */
import { rmSync } from 'node:fs'

function stopServer(state: NonNullable<typeof globalThis.__QUIZROOM_E2E__>): Promise<void> {
  const { server } = state
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const force = setTimeout(() => server.kill('SIGKILL'), 5_000)
    server.once('exit', () => {
      clearTimeout(force)
      resolve()
    })
    server.kill('SIGTERM')
  })
}

export default async function globalTeardown(): Promise<void> {
  const state = globalThis.__QUIZROOM_E2E__
  if (!state) return
  await stopServer(state)
  await state.sink.close()
  if (process.env.QUIZROOM_E2E_KEEP === '1') {
    console.log(`[quizroom e2e] kept ${state.tempRoot} (QUIZROOM_E2E_KEEP=1)`)
  } else {
    rmSync(state.tempRoot, { recursive: true, force: true })
  }
  globalThis.__QUIZROOM_E2E__ = undefined
}
