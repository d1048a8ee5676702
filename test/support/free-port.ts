import net from 'node:net';

/**
 * A port nothing on this machine listens on, asked of the system (port 0) and released, for a server
 * started in another process. A port drawn at random may be one the system gave an outgoing
 * connection (the ephemeral range starts at 32768 here): the server then fails with EADDRINUSE.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
