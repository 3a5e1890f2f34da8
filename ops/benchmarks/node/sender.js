// Sends HTTP requests on a schedule and notes when each went out: the chat benchmark's driver.
// (Node's fetch costs a fraction of a Python client's CPU per request, so at 200 requests a second
// the driver does not take the cores the servers need.)
//
// stdin, one JSON line: {"requests": [{"at": ms after start, "url", "token", "body"}]}
// stdout, one JSON line when every answer is in: {"sent": [[sentAt, status, messageId | null, answeredAt], ...]}
// in the order of the requests. sentAt uses the clients' clock (see clients.js).
'use strict'

const readline = require('node:readline')
const { performance } = require('node:perf_hooks')

const now = () => performance.timeOrigin + performance.now()

async function send(request) {
  const sentAt = now()
  try {
    const headers = { 'content-type': 'application/json' }
    if (request.token) headers.authorization = `Bearer ${request.token}`
    const answer = await fetch(request.url, { method: 'POST', headers, body: JSON.stringify(request.body) })
    const body = await answer.json().catch(() => null)
    const id = body && body.message && body.message.id !== undefined ? body.message.id : null
    return [sentAt, answer.status, id, now()]
  } catch {
    return [sentAt, 0, null, now()]
  }
}

const lines = readline.createInterface({ input: process.stdin })
lines.once('line', async (line) => {
  const { requests } = JSON.parse(line)
  const start = performance.now()
  const pending = requests.map(
    (request) =>
      new Promise((resolve) => {
        setTimeout(() => resolve(send(request)), Math.max(0, start + request.at - performance.now()))
      }),
  )
  const sent = await Promise.all(pending)
  process.stdout.write(JSON.stringify({ sent }) + '\n', () => process.exit(0))
})
