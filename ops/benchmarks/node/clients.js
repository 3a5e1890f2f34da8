// Load client for the realtime benchmarks: many real socket.io-client sockets in one Node process.
//
// Protocol with the Python driver (ops/benchmarks/sockets.py), one JSON object per line:
//   stdin  1st line  {"sockets": [{"url", "token", "userId"}], "channels": ["record"], "concurrency": 50}
//   stdout           {"event": "connected", "ok", "failed", "errors", "startedAt", "lastAt"}
//   stdin  "report"  -> stdout {"event": "report", "receipts": [[key, userId, at], ...], "disconnects"}
//   stdin  "close"   -> every socket disconnects, the process exits
// Times are wall-clock milliseconds with sub-millisecond precision: performance.timeOrigin (the
// wall clock when this process started) plus performance.now() (monotonic since then), so they
// compare with the driver's time.time_ns() on the same machine.
'use strict'

const readline = require('node:readline')
const { performance } = require('node:perf_hooks')
const { io } = require('socket.io-client')

const now = () => performance.timeOrigin + performance.now()

// What identifies one pushed event, per channel: a record change by id and version, a chat
// message by its id.
const KEYS = {
  record: (p) => `${p.id}:${p.version}`,
  'chat:message': (p) => String(p.message && p.message.id),
}

const receipts = []
const sockets = []
let disconnects = 0

function send(object) {
  process.stdout.write(JSON.stringify(object) + '\n')
}

function open(spec, channels) {
  return new Promise((resolve) => {
    const socket = io(spec.url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      timeout: 60000,
      auth: { token: spec.token, userId: spec.userId },
    })
    sockets.push(socket)
    for (const channel of channels) {
      const key = KEYS[channel]
      socket.on(channel, (payload) => receipts.push([key(payload), spec.userId, now()]))
    }
    socket.once('connect', () => {
      socket.on('disconnect', () => disconnects++)
      resolve(null)
    })
    socket.once('connect_error', (error) => resolve(error.message || String(error)))
  })
}

async function connectAll(job) {
  const startedAt = now()
  const errors = []
  let ok = 0
  let next = 0
  async function lane() {
    while (next < job.sockets.length) {
      const spec = job.sockets[next++]
      const error = await open(spec, job.channels || [])
      if (error === null) ok++
      else errors.push(error)
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, job.concurrency || 50) }, lane))
  send({ event: 'connected', ok, failed: errors.length, errors: errors.slice(0, 5), startedAt, lastAt: now() })
}

const lines = readline.createInterface({ input: process.stdin })
let job = null
lines.on('line', (line) => {
  if (job === null) {
    job = JSON.parse(line)
    void connectAll(job)
  } else if (line === 'report') {
    send({ event: 'report', receipts, disconnects })
  } else if (line === 'close') {
    for (const socket of sockets) socket.disconnect()
    process.exit(0)
  }
})
lines.on('close', () => process.exit(0))
