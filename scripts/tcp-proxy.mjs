// A TCP proxy in front of a server (Redis, PostgreSQL), for the bench and the crash test to play
// the server's loss without touching the machine's own server: `cut()` closes every connection
// and refuses new ones, as a server that was shut down does; `restore()` accepts again.
import net from 'node:net';

export async function startTcpProxy({ host, port }) {
  const sockets = new Set();
  const server = net.createServer((client) => {
    const upstream = net.connect({ host, port });
    for (const [socket, other] of [
      [client, upstream],
      [upstream, client],
    ]) {
      sockets.add(socket);
      socket.pipe(other);
      socket.on('error', () => other.destroy());
      socket.on('close', () => {
        sockets.delete(socket);
        other.destroy();
      });
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxyPort = server.address().port;
  return {
    port: proxyPort,
    /** the target's URL with the proxy's host and port in it */
    urlFor(targetUrl) {
      const url = new URL(targetUrl);
      url.hostname = '127.0.0.1';
      url.port = String(proxyPort);
      return url.toString();
    },
    /** Stops listening (a connection is refused) and ends every connection. */
    cut() {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      return closed;
    },
    restore() {
      return new Promise((resolve) => server.listen(proxyPort, '127.0.0.1', resolve));
    },
    close() {
      if (!server.listening) return Promise.resolve();
      return this.cut();
    },
  };
}
