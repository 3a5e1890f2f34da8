// Load client for the realtime benchmarks: many real socket.io-client sockets in one Node process.
//
// Protocol with the Python driver (ops/benchmarks/sockets.py), one JSON object per line:
//   stdin  1st line  {"sockets": [{"url", "token", "userId"}], "channels": ["record"], "concurrency": 50}
//   stdout           {"event": "connected", "ok", "failed", "errors", "startedAt", "lastAt"}
//   stdin  "report"  -> stdout {"event": "report", "receipts": [[key, userId, at], ...], "disconnects"}
//   stdin  "mark"    -> from now on each socket notes when it is connected again
//   stdin  "await-back:<ms>" -> stdout {"event": "back", "ok", "failed", "errors", "lastAt"} once every
//                     socket connected before the mark is connected again, or after <ms>
//   stdin  "close"   -> every socket disconnects, the process exits
// With "reconnection" in the job ({reconnectionDelay, reconnectionDelayMax, randomizationFactor,
// retryDelay, retryJitter}, the UI's options: ui/src/data/socket.ts) sockets reconnect as the UI's do: socket.io's
// own backoff after a dropped transport, and a new connect after retryDelay when the server refused
// the connection (connect_error while not active), jittered; without it a dropped socket stays dropped.
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
let marked = false
const backErrors = new Set()

function send(object) {
  process.stdout.write(JSON.stringify(object) + '\n')
}

function open(spec, channels, reconnection) {
  return new Promise((resolve) => {
    const socket = io(spec.url, {
      path: '/socket.io',
      transports: ['websocket'],
      timeout: 60000,
      auth: { token: spec.token, userId: spec.userId },
      ...(reconnection
        ? {
            reconnection: true,
            reconnectionDelay: reconnection.reconnectionDelay,
            reconnectionDelayMax: reconnection.reconnectionDelayMax,
            randomizationFactor: reconnection.randomizationFactor,
          }
        : { reconnection: false }),
    })
    socket.backAt = null
    for (const channel of channels) {
      const key = KEYS[channel]
      socket.on(channel, (payload) => receipts.push([key(payload), spec.userId, now()]))
    }
    socket.once('connect', () => {
      socket.off('connect_error', failed)
      sockets.push(socket) // only sockets that connected are waited for after a restart
      socket.on('disconnect', () => disconnects++)
      socket.on('connect', () => {
        if (marked && socket.backAt === null) socket.backAt = now()
      })
      if (reconnection) {
        socket.on('connect_error', (error) => {
          if (marked) backErrors.add(error.message || String(error))
          if (!socket.active) {
            const jitter = reconnection.retryJitter || 0 // as the UI: retryDelay ± this fraction
            setTimeout(() => socket.connect(), reconnection.retryDelay * (1 - jitter + 2 * jitter * Math.random()))
          }
        })
      }
      resolve(null)
    })
    const failed = (error) => {
      socket.close() // a first connect that failed counts as failed: no retrying
      resolve(error.message || String(error))
    }
    socket.once('connect_error', failed)
  })
}

function awaitBack(timeoutMs) {
  const deadline = now() + timeoutMs
  const tick = () => {
    const back = sockets.filter((s) => s.backAt !== null)
    if (back.length === sockets.length || now() >= deadline) {
      send({
        event: 'back',
        ok: back.length,
        failed: sockets.length - back.length,
        errors: [...backErrors].slice(0, 5),
        lastAt: back.length ? Math.max(...back.map((s) => s.backAt)) : null,
      })
    } else setTimeout(tick, 20)
  }
  tick()
}

async function connectAll(job) {
  const startedAt = now()
  const errors = []
  let ok = 0
  let next = 0
  async function lane() {
    while (next < job.sockets.length) {
      const spec = job.sockets[next++]
      const error = await open(spec, job.channels || [], job.reconnection)
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
  } else if (line === 'mark') {
    marked = true
    for (const socket of sockets) socket.backAt = null
  } else if (line.startsWith('await-back:')) {
    awaitBack(Number(line.slice('await-back:'.length)))
  } else if (line === 'close') {
    for (const socket of sockets) socket.disconnect()
    process.exit(0)
  }
})
lines.on('close', () => process.exit(0))
