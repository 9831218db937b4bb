// A bare node:http server answering every request with the same bytes the real server sent for a route:
// the ceiling the real server is compared against.
import fs from 'node:fs';
import http from 'node:http';

const [, , port, bodyFile, contentType] = process.argv;
const body = fs.readFileSync(bodyFile);
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
  res.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
