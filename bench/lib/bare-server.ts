/**
 * The ceiling for `bench:api`: a bare node:http server that answers every request with the bytes
 * and headers it is given (read from the JSON file named by its first argument), doing nothing
 * else. Run as its own process, as the real server is; prints `listening <port>` when ready.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';

const { headers, bodyBase64 } = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as {
  headers: Record<string, string>;
  bodyBase64: string;
};
const body = Buffer.from(bodyBase64, 'base64');

const server = http.createServer((req, res) => {
  // The request is read to its end, as any server must before the next one on the connection.
  req.resume();
  res.writeHead(200, headers);
  res.end(body);
});
server.keepAliveTimeout = 10_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  console.log(`listening ${port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
