// What a browser downloads on a first visit to one page of a running server, as it travels: every answer's status
// line, headers and body as sent with Chromium's Accept-Encoding (brotli where the server has it). The page, its
// stylesheets and icon, and the JavaScript it runs at once: <script src>, modulepreload links, each island's
// component and renderer, and every module those import statically. A module only reached by import() (loaded on
// a click, e.g. the passkey prompt) is not counted: a first visit does not download it.
import { Buffer } from 'node:buffer';
import { request } from 'node:http';
import { posix } from 'node:path';

/** docs/PRODUCT.md (Performance): /login on a first visit, what the sign-in form needs first. */
export const LOGIN_BUDGET_BYTES = 100 * 1024;

const BROWSER = 'gzip, deflate, br, zstd';

/** One GET on its own connection: the bytes that traveled and, asked again uncompressed, the text. */
function get(url, encoding, headers) {
  return new Promise((resolve, reject) => {
    request(url, { headers: { ...headers, 'accept-encoding': encoding }, agent: false }, (res) => {
      let bytes = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
      for (let i = 0; i < res.rawHeaders.length; i += 2) {
        bytes += res.rawHeaders[i].length + res.rawHeaders[i + 1].length + 4;
      }
      const chunks = [];
      res.on('data', (chunk) => {
        bytes += chunk.length;
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ status: res.statusCode, bytes, body: Buffer.concat(chunks).toString() }));
    })
      .on('error', reject)
      .end();
  });
}

const attrs = (html, re) => [...html.matchAll(re)].map((m) => m[1].replaceAll('&amp;', '&'));

/**
 * { total, js, files: [{ url, bytes, body }] } (body: the text uncompressed) of a first visit to `path` at `origin`
 * (http://127.0.0.1:port); `headers` ride along on every request (a signed-in page's cookie, counted as sent).
 */
export async function firstVisit(origin, path, headers = {}) {
  const files = [];
  const fetchCounted = async (url) => {
    const sent = await get(origin + url, BROWSER, headers);
    if (sent.status !== 200) throw new Error(`${url} answered ${sent.status}`);
    const { body } = await get(origin + url, 'identity', headers);
    files.push({ url, bytes: sent.bytes, body });
    return body;
  };
  const html = await fetchCounted(path);
  for (const url of [
    ...attrs(html, /<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g),
    ...attrs(html, /<link[^>]+rel="icon"[^>]+href="([^"]+)"/g),
  ]) {
    if (url.startsWith('/')) await fetchCounted(url);
  }
  const seen = new Set();
  const walk = async (url) => {
    if (seen.has(url)) return;
    seen.add(url);
    const code = await fetchCounted(url);
    for (const m of code.matchAll(/(?:import|export)\s*(?:[\w*${}\s,]*?from\s*)?["'`]([^"'`]+\.js)["'`]/g)) {
      await walk(posix.join(posix.dirname(url), m[1]));
    }
  };
  for (const url of [
    ...attrs(html, /<script[^>]+src="([^"]+)"/g),
    ...attrs(html, /<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
    ...attrs(html, /component-url="([^"]+)"/g),
    ...attrs(html, /renderer-url="([^"]+)"/g),
  ]) {
    if (url.startsWith('/')) await walk(url);
  }
  const sum = (list) => list.reduce((n, f) => n + f.bytes, 0);
  return { total: sum(files), js: sum(files.filter((f) => f.url.endsWith('.js'))), files };
}
