import net from 'node:net';

/** A TCP proxy in front of PostgreSQL that a fault test can cut and restore, as a failing network would. */
export interface TcpProxy {
  /** `postgres://…` of `url` with its host and port replaced by the proxy's. */
  url(url: string): string;
  /** Drops every open connection and refuses new ones (ECONNREFUSED) until `restore`. */
  cut(): Promise<void>;
  /** Listens again on the same port and forwards as before. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** Starts a proxy on a free loopback port forwarding to `target` (host:port). */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    // A peer reset while cut is the point of the exercise, not a crash of the test.
    s.on('error', () => s.destroy());
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    track(client);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const stop = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const s of sockets) s.destroy();
    await closed;
  };
  return {
    url: (url) => {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    cut: () => (server.listening ? stop() : Promise.resolve()),
    restore: () => (server.listening ? Promise.resolve() : listen(port)),
    close: () => (server.listening ? stop() : Promise.resolve()),
  };
}
