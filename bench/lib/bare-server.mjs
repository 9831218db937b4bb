// A bare node:http server answering every request with the same bytes the real server sent for a route — the same
// body and the same response headers (Node adds date, connection and keep-alive itself, as it does for Fastify):
// the ceiling the real server is compared against.
import fs from 'node:fs';
import http from 'node:http';

const [, , port, bodyFile, headersJson] = process.argv;
const body = fs.readFileSync(bodyFile);
const headers = { ...JSON.parse(headersJson), 'content-length': body.length };
const server = http.createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
