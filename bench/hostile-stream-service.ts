/**
 * The hostile-stream benchmark's service, in a child process of its own (its CPU is
 * not the host's): REST is the simulator's, proxied; every stream path is a hostile
 * stream that accepts the token and every subscription, then sends, as fast as the
 * client reads, frames no client should spend much on (issue 24's finding 10):
 *
 * - 400 KB pushes of 5,000 unreadable records (over the records budget);
 * - JSON nested 200,000 deep (400 KB);
 * - 1.5 MB pushes (over the characters budget, under the socket's byte limit);
 * - 400 KB pushes of 1,000 records of symbols nobody holds (within every budget).
 *
 * Messages from the parent: `read` (answers the frames and bytes sent so far), `close`.
 */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { STREAM_ACTIONS, STREAM_MESSAGES, STREAM_OK } from '../src/shared/api/stream';
import { planOf } from '../src/shared/model';
import { startSimulator } from '../src/simulator';

/** A push of `n` records, each padded to about `bytes`, of symbols nobody holds. */
function push(n: number, bytes: number): string {
  const pad = 'x'.repeat(Math.max(0, bytes - 60));
  const records = Array.from({ length: n }, (_, i) => ({
    type: 'quote',
    s: `NOBODY${i}.ZZ`,
    ld: pad,
  }));
  return JSON.stringify({ code: STREAM_OK, data: records });
}

const NESTED = 200_000;
const FRAMES = [
  push(5_000, 80),
  `{"code":${STREAM_OK},"data":${'['.repeat(NESTED)}${']'.repeat(NESTED)}}`,
  push(3_000, 500),
  push(1_000, 400),
];

const sim = await startSimulator({ port: 0, seed: 1, plan: planOf('premium') });
const rest = new URL(sim.url);
let frames = 0;
let bytes = 0;

const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
wss.on('connection', (ws: WebSocket) => {
  const answer = (resAc: string, msg: string, extra: object = {}) =>
    ws.send(JSON.stringify({ code: STREAM_OK, resAc, msg, ...extra }));
  ws.send(JSON.stringify({ code: STREAM_OK, msg: STREAM_MESSAGES.connected }));
  ws.on('message', (data: Buffer) => {
    let m: { ac?: string; params?: string };
    try {
      m = JSON.parse(data.toString()) as typeof m;
    } catch {
      return;
    }
    if (m.ac === STREAM_ACTIONS.auth) answer(STREAM_ACTIONS.auth, STREAM_MESSAGES.authenticated);
    else if (m.ac === STREAM_ACTIONS.subscribe)
      answer(STREAM_ACTIONS.subscribe, STREAM_MESSAGES.subscribed);
    else if (m.ac === STREAM_ACTIONS.unsubscribe)
      answer(STREAM_ACTIONS.unsubscribe, STREAM_MESSAGES.unsubscribed);
    else if (m.ac === STREAM_ACTIONS.ping)
      answer(STREAM_ACTIONS.pong, 'ok', { data: { params: m.params } });
  });
  // As fast as the client reads: a megabyte at most waits in this socket.
  let next = 0;
  const pump = () => {
    if (ws.readyState !== WebSocket.OPEN) return;
    while (ws.bufferedAmount < 1024 * 1024) {
      const frame = FRAMES[next++ % FRAMES.length]!;
      ws.send(frame);
      frames++;
      bytes += frame.length;
    }
    setTimeout(pump, 1);
  };
  setTimeout(pump, 200);
});

const server = createServer((req, res) => {
  const upstream = request(
    {
      host: rest.hostname,
      port: rest.port,
      path: req.url,
      method: req.method,
      headers: req.headers,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.destroy());
  req.pipe(upstream);
});
server.on('upgrade', (req, socket, head) =>
  wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req)),
);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;

process.on('message', (message: 'read' | 'close') => {
  if (message === 'read') {
    process.send!({ frames, bytes });
  } else {
    for (const ws of wss.clients) ws.terminate();
    server.closeAllConnections();
    server.close();
    void sim.close().then(() => process.exit(0));
  }
});
process.send!({ url: `http://127.0.0.1:${port}` });
