import net from 'node:net';

/** Which side of a request the proxy loses: the request itself, or the database's answer to it. */
export type Cut = 'request' | 'answer';

export type ConnectionCuttingProxy = {
  port: number;
  /**
   * Arms one cut: the first request whose bytes contain `marker` loses its answer (the database did
   * the work, the client never hears of it) or is itself lost (the database never sees it). Either
   * way both sides of that connection are closed, as by a network fault or a terminated backend.
   */
  cutAt(marker: string, cut: Cut): void;
  /** The cuts made since the last `cutAt` (one, or none when no request matched). */
  cuts(): number;
  close(): Promise<void>;
};

/** A TCP proxy in front of a database that loses one exchange on demand, to test what a client does when a connection dies mid-statement. */
export async function connectionCuttingProxy(target: { host: string; port: number }): Promise<ConnectionCuttingProxy> {
  let armed: { marker: string; cut: Cut } | undefined;
  let cuts = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    const closeBoth = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    let answerLost = false;
    client.on('data', (chunk: Buffer) => {
      if (armed && chunk.includes(armed.marker)) {
        const { cut } = armed;
        armed = undefined;
        cuts += 1;
        if (cut === 'request') return closeBoth();
        answerLost = true;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (answerLost) return closeBoth();
      client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cutAt: (marker, cut) => {
      armed = { marker, cut };
      cuts = 0;
    },
    cuts: () => cuts,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
