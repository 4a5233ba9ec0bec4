import net from 'node:net';

/**
 * A TCP proxy in front of a database server, for tests that make the database fail for one
 * instance without touching the server itself: `hang()` stops every byte (a database that accepts
 * and never answers), `down()` resets every connection and refuses new ones (a stopped server),
 * `up()` brings it back.
 */
export type TcpProxy = {
  readonly port: number;
  /** `url` with its host and port replaced by the proxy's. */
  through(url: string): string;
  hang(): void;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
};

type Pair = { client: net.Socket; server: net.Socket; held: Array<{ to: net.Socket; chunk: Buffer }> };

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<Pair>();
  let hung = false;
  const forward = (pair: Pair, to: net.Socket) => (chunk: Buffer) => {
    if (hung) pair.held.push({ to, chunk });
    else to.write(chunk);
  };
  const listener = net.createServer((client) => {
    const server = net.connect(target.port, target.host);
    const pair: Pair = { client, server, held: [] };
    pairs.add(pair);
    client.on('data', forward(pair, server));
    server.on('data', forward(pair, client));
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      server.destroy();
    };
    client.on('close', end);
    server.on('close', end);
    client.on('error', end);
    server.on('error', end);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      listener.once('error', reject);
      listener.listen(port, '127.0.0.1', () => {
        listener.off('error', reject);
        const address = listener.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const port = await listen(0);
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!listener.listening) return resolve();
      listener.close(() => resolve());
    });
  const resetAll = () => {
    for (const pair of pairs) {
      pair.client.resetAndDestroy();
      pair.server.destroy();
    }
    pairs.clear();
  };
  return {
    port,
    through(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    hang() {
      hung = true;
    },
    async down() {
      hung = false;
      await Promise.all([stopListening(), resetAll()]);
    },
    async up() {
      hung = false;
      for (const pair of pairs) for (const { to, chunk } of pair.held.splice(0)) to.write(chunk);
      if (!listener.listening) await listen(port);
    },
    async close() {
      resetAll();
      await stopListening();
    },
  };
}
