// The reference server the realtime benchmarks compare with: Node.js socket.io and its Redis
// adapter, one process per port, every process on the same Redis (as our API processes are).
//
//   node peer.js <port> <redis url: redis://host:port or unix:///path/to/socket>
//
// Sockets connect with auth {token, userId} and join `user:<userId>` and `staff`, the rooms our
// server uses. The token is only required to be present: the peer does no signature or session
// check (ours does both, so the comparison favours the peer on connect).
// POST /emit {emits: [{event, room, payload}]} broadcasts each payload to its room across every
// process and answers 200 once the broadcasts are handed to the adapter (as our API answers after
// its emits).
// GET /health answers 200.
'use strict'

const http = require('node:http')
const { Server } = require('socket.io')
const { createAdapter } = require('@socket.io/redis-adapter')
const Redis = require('ioredis')

const port = Number(process.argv[2])
const redisUrl = process.argv[3]

function redisClient() {
  return redisUrl.startsWith('unix://') ? new Redis({ path: redisUrl.slice('unix://'.length) }) : new Redis(redisUrl)
}

const pub = redisClient()
const sub = redisClient()

function answer(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

const httpServer = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/health') return answer(res, 200, { ok: true })
  if (req.method !== 'POST' || req.url !== '/emit') return answer(res, 404, { message: 'Not found.' })
  const chunks = []
  req.on('data', (chunk) => chunks.push(chunk))
  req.on('end', () => {
    let body
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
    } catch {
      return answer(res, 400, { message: 'Send JSON.' })
    }
    const emits = body && Array.isArray(body.emits) ? body.emits : []
    if (!emits.length || !emits.every((e) => typeof e.event === 'string' && typeof e.room === 'string')) {
      return answer(res, 400, { message: 'Send emits: [{event, room, payload}].' })
    }
    for (const e of emits) io.to(e.room).emit(e.event, e.payload)
    answer(res, 200, { ok: true })
  })
})

const io = new Server(httpServer, { transports: ['websocket'], adapter: createAdapter(pub, sub) })

io.use((socket, next) => {
  const { token, userId } = socket.handshake.auth || {}
  if (typeof token !== 'string' || !token || !Number.isInteger(userId)) return next(new Error('unauthorized'))
  socket.data.userId = userId
  next()
})

io.on('connection', (socket) => {
  socket.join([`user:${socket.data.userId}`, 'staff'])
})

httpServer.listen(port, '127.0.0.1')
process.on('SIGTERM', () => process.exit(0))
