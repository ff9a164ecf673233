#!/usr/bin/env node
/**
 * The first-load budget of issue 15: after `vite build`, sums the gzipped size of the JavaScript
 * that dist/index.html loads on first load — its module entry script(s) and the chunks it names
 * in <link rel="modulepreload"> — not the chunks loaded lazily later (routes, charts…). Each file
 * is gzipped on its own with node:zlib at level 9 (what a server's static gzip would send at
 * best). Prints `first load: NNN.N KB gzipped JavaScript (budget 150 KB)` (KB = 1024 bytes) and
 * exits 1 over the budget (150 × 1024 bytes), 2 when the build is missing.
 *
 *   node scripts/first-load.mjs [DIST_DIR] [--list]     (npm run size)
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { constants, gzipSync } from 'node:zlib'

const BUDGET_KB = 150
const BUDGET_BYTES = BUDGET_KB * 1024

const args = process.argv.slice(2)
const list = args.includes('--list')
const distArg = args.find((arg) => !arg.startsWith('--'))
const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const dist = path.resolve(distArg ?? path.join(webDir, 'dist'))
const indexFile = path.join(dist, 'index.html')

if (!existsSync(indexFile)) {
  console.error(`first load: ${indexFile} is missing; run \`vite build\` (npm run build) first`)
  process.exit(2)
}

const html = readFileSync(indexFile, 'utf8')

/** The attributes of every `<tag …>` in the page, as objects (names lower-cased). */
function tags(name) {
  const found = []
  for (const match of html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'gi'))) {
    const attributes = {}
    for (const attr of match[1].matchAll(/([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
      attributes[attr[1].toLowerCase()] = attr[2] ?? attr[3] ?? attr[4] ?? ''
    }
    found.push(attributes)
  }
  return found
}

const urls = [
  ...tags('script').filter((a) => a.type === 'module' && a.src).map((a) => a.src),
  ...tags('link')
    .filter((a) => a.rel?.split(/\s+/).includes('modulepreload') && a.href)
    .map((a) => a.href),
]

/** A URL of the page as a file of dist/ (the app is served from /; an absolute URL elsewhere is not ours). */
function fileOf(url) {
  if (/^[a-z]+:\/\//i.test(url)) throw new Error(`first load: ${url} is not part of the build`)
  const pathname = url.split(/[?#]/)[0].replace(/^\//, '')
  return path.join(dist, decodeURIComponent(pathname))
}

const files = [...new Set(urls.map(fileOf))]
if (files.length === 0) {
  console.error(`first load: ${indexFile} loads no module script`)
  process.exit(2)
}

let total = 0
const rows = []
for (const file of files) {
  const gzipped = gzipSync(readFileSync(file), { level: constants.Z_BEST_COMPRESSION }).length
  total += gzipped
  rows.push([path.relative(dist, file), gzipped])
}

const kb = (bytes) => (bytes / 1024).toFixed(1)
const over = total > BUDGET_BYTES
if (list || over) {
  for (const [name, bytes] of rows.sort((a, b) => b[1] - a[1])) console.log(`  ${kb(bytes).padStart(7)} KB  ${name}`)
}
console.log(`first load: ${kb(total)} KB gzipped JavaScript (budget ${BUDGET_KB} KB)`)
if (over) {
  console.error(`first load: over the budget by ${kb(total - BUDGET_BYTES)} KB`)
  process.exit(1)
}
