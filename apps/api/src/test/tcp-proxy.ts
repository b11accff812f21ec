import net from 'node:net';

/**
 * A TCP proxy in front of a server, to play the server's bad days: `hang()` keeps every
 * connection open and passes nothing on (a stopped or swapping server), `resume()` passes on what
 * was held, as the server would once it runs again.
 */
export interface TcpProxy {
  url(scheme: string): string;
  hang(): void;
  resume(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let hanging = false;
  const held: Array<() => void> = [];
  const sockets = new Set<net.Socket>();
  /** Writes now, or once resumed while hanging. */
  const pass = (to: net.Socket) => (chunk: Buffer) => {
    const write = () => {
      if (!to.destroyed) to.write(chunk);
    };
    if (hanging) held.push(write);
    else write();
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(target);
    sockets.add(client).add(upstream);
    client.on('data', pass(upstream));
    upstream.on('data', pass(client));
    for (const [socket, other] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      socket.on('error', () => other.destroy());
      socket.on('close', () => {
        sockets.delete(socket);
        other.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: (scheme) => `${scheme}://127.0.0.1:${port}`,
    hang() {
      hanging = true;
    },
    resume() {
      hanging = false;
      for (const write of held.splice(0)) write();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
