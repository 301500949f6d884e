// A static web server for target/web that sends the files scripts/build-web.sh wrote
// compressed beside each one (FILE.br, FILE.gz) to a browser that accepts them, as a host set
// up for them does (README.md, "In the browser"): the browser check of the first visit
// (first-visit.mjs) plays the page through it. Each response is noted: its path, status and
// the encoding sent.
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { PAGE } from './harness.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** Serves `dir` on a free port of 127.0.0.1; `responses` lists what was sent. */
export async function servePrecompressed(dir = PAGE) {
  const responses = [];
  const server = createServer((request, response) => {
    let path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    if (path.endsWith('/')) path += 'index.html';
    const file = normalize(join(dir, path));
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      responses.push({ path, status: 404, encoding: null });
      response.writeHead(404).end();
      return;
    }
    const accepts = String(request.headers['accept-encoding'] ?? '')
      .split(',')
      .map((e) => e.trim().split(';')[0]);
    const encoding = ['br', 'gzip'].find((e) => accepts.includes(e) && existsSync(`${file}.${e === 'br' ? 'br' : 'gz'}`)) ?? null;
    const body = readFileSync(encoding ? `${file}.${encoding === 'br' ? 'br' : 'gz'}` : file);
    const headers = {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Content-Length': body.length,
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
    };
    if (encoding) headers['Content-Encoding'] = encoding;
    responses.push({ path, status: 200, encoding, bytes: body.length, accepts: accepts.join(',') });
    response.writeHead(200, headers);
    response.end(request.method === 'HEAD' ? undefined : body);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    responses,
    stop: () =>
      new Promise((ok) => {
        server.close(ok);
        server.closeAllConnections();
      }),
  };
}
