/** Locations shared by the e2e config, global setup and helpers. */
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The web/ directory (this file is web/e2e/support/paths.ts). */
export const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

export const CHROMIUM_PATH = process.env.QUIZROOM_E2E_CHROMIUM ?? '/usr/bin/chromium'

/** The server binary: $QUIZROOM_BIN (relative paths are taken from web/), else ../target/debug/quizroom. */
export const SERVER_BIN = path.resolve(WEB_DIR, process.env.QUIZROOM_BIN ?? '../target/debug/quizroom')

export const DIST_DIR = path.join(WEB_DIR, 'dist')

/** Where the screenshot tests write their pictures. */
export const SCREENSHOT_DIR = process.env.QUIZROOM_E2E_SCREENSHOT_DIR ?? path.join(os.tmpdir(), 'qr-e2e')

/** Set by the global setup, read by the tests (workers inherit the runner's environment). */
export const ENV_BASE_URL = 'QUIZROOM_E2E_BASE_URL'
export const ENV_MAIL_DIR = 'QUIZROOM_E2E_MAIL_DIR'
/** The server's data directory (its SQLite file), for running the binary's other commands on it. */
export const ENV_DATA_DIR = 'QUIZROOM_E2E_DATA_DIR'
