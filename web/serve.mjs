// Serves the playground on localhost: the page (web/), the wasm compiler
// (wasm/pkg-web, built by `cargo xtask wasm-web`), clang (@yowasp/clang
// from web/node_modules) and the examples (examples/).
// Usage: node web/serve.mjs [port]   (default 8080; 0 picks a free one)

import http from 'node:http';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(web, '..');
const MOUNTS = [
  ['/pkg/', path.join(root, 'wasm/pkg-web')],
  ['/clang/', path.join(web, 'node_modules/@yowasp/clang')],
  ['/examples/', path.join(root, 'examples')],
  ['/', web],
];
const TYPES = {
  '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css',
  '.wasm': 'application/wasm', '.json': 'application/json', '.cpp': 'text/plain', '.tar': 'application/x-tar',
};

/** The file a URL path names, or null outside the mounts. */
function resolve(urlPath) {
  const clean = decodeURIComponent(urlPath.split('?')[0]);
  const [prefix, dir] = MOUNTS.find(([p]) => clean.startsWith(p));
  const file = path.normalize(path.join(dir, clean.slice(prefix.length) || 'index.html'));
  return file.startsWith(dir) ? file : null;
}

export function startServer(port = 8080) {
  const server = http.createServer(async (req, res) => {
    const file = resolve(req.url);
    try {
      if (!file) throw new Error('outside the playground');
      const data = await fs.readFile(file);
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
      res.end(data);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end(`not found: ${req.url}\n`);
    }
  });
  return new Promise((done) => server.listen(port, '127.0.0.1', () => done(server)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startServer(Number(process.argv[2] ?? 8080));
  console.log(`Syclone playground: http://127.0.0.1:${server.address().port}/`);
}
