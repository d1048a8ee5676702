// The HTTP load generator of the benchmarks, run in a worker thread: `groups` of requests, each group
// sent at once over connections of its own (as a screen that asks for several things at once),
// `concurrency` groups in flight over keep-alive connections; the duration of each group is posted
// back. It writes requests and reads responses on plain sockets, as load generators do: node:http's
// client cost some 0.3 ms of CPU per request, and on a two-core machine every cycle the generator
// spends is taken from the server it measures (browsers run on other machines). Like a browser it
// accepts gzip; unlike one it does not inflate the bytes it gets (that is the client's own CPU).
import { parentPort, workerData } from 'node:worker_threads';
import net from 'node:net';

const { url, token, groups, concurrency, headers = {} } = workerData;
// Extra request headers (e.g. X-API-Key for the public API), written once.
const extraHeaders = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
const target = new URL(url);

function openConnection() {
  const socket = net.connect({ host: target.hostname, port: Number(target.port) });
  socket.setNoDelay(true);
  let buffered = Buffer.alloc(0);
  let waiting = null;
  let bodyStart = -1;
  let end = -1;
  let status = 0;
  const fail = (error) => {
    if (waiting) waiting.reject(error);
    waiting = null;
  };
  socket.on('error', fail);
  socket.on('close', () => fail(new Error('The server closed the connection.')));
  socket.on('data', (chunk) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    if (end < 0) {
      const headerEnd = buffered.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const head = buffered.toString('latin1', 0, headerEnd);
      status = Number(head.slice(9, 12));
      const length = /\r\ncontent-length: *(\d+)/i.exec(head);
      if (!length) return fail(new Error('A response without Content-Length: ' + head));
      bodyStart = headerEnd + 4;
      end = bodyStart + Number(length[1]);
    }
    if (buffered.length < end) return;
    const body = buffered.subarray(bodyStart, end);
    buffered = buffered.subarray(end);
    end = -1;
    const done = waiting;
    waiting = null;
    if (status === 200) done.resolve();
    else done.reject(new Error(`${done.path}: ${status} ${body.toString('utf8', 0, 500)}`));
  });
  return {
    send({ method, path, body }) {
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject, path };
        const payload = body ?? '';
        socket.write(
          `${method} ${path} HTTP/1.1\r\nHost: ${target.host}\r\nAuthorization: Bearer ${token}\r\n${extraHeaders}Accept-Encoding: gzip, deflate, br\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`,
        );
      });
    },
    close: () => socket.destroy(),
  };
}

(async () => {
  const durations = [];
  let next = 0;
  // Each slot's connections are open, and have answered one request, before the clock starts: as a
  // browser's keep-alive connections are. Opened during the run, the first request of every
  // connection also paid for the connection (the first 32 requests, up to 8 ms more at once): inside
  // the p95 of a figure of 600 requests, outside that of one of 1,000.
  const connectionsPerSlot = Math.max(1, ...groups.map((group) => group.length));
  const slots = Array.from({ length: concurrency }, () => Array.from({ length: connectionsPerSlot }, openConnection));
  await Promise.all(slots.flat().map((connection) => connection.send({ method: 'GET', path: '/api/health' })));
  const started = performance.now();
  await Promise.all(
    slots.map(async (connections) => {
      while (next < groups.length) {
        const group = groups[next++];
        while (connections.length < group.length) connections.push(openConnection());
        const begin = performance.now();
        await Promise.all(group.map((request, index) => connections[index].send(request)));
        durations.push(performance.now() - begin);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  for (const connection of slots.flat()) connection.close();
  parentPort.postMessage({ durations, elapsed });
})().catch((error) => parentPort.postMessage({ error: String(error) }));
