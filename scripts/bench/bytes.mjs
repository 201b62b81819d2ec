// Bytes a browser downloads on a first visit to each public page, read from an existing build
// (dist/client; run `npm run build` first; this script builds nothing). For every page: its HTML,
// the CSS it links, and the JavaScript it loads eagerly: <script src>, modulepreload links, the island
// component and renderer URLs, and every chunk those import statically. Chunks only loaded by a
// dynamic import() (e.g. the contact form's schema on submit) are counted apart as "lazy JS".
import { existsSync, readFileSync } from 'node:fs';
import { Buffer } from 'node:buffer';
import { gzipSync } from 'node:zlib';
import { join, posix } from 'node:path';

const root = new URL('../../dist/client/', import.meta.url).pathname;
const pages = {
  '/': 'index.html',
  '/about': 'about/index.html',
  '/contact': 'contact/index.html',
  '/sermons': 'sermons/index.html',
  '/sermons/walking-in-faith': 'sermons/walking-in-faith/index.html',
  '/events': 'events/index.html',
  '/prayers': 'prayers/index.html',
};

if (!existsSync(join(root, 'index.html'))) {
  console.error('No build found in dist/client: run `npm run build` first.');
  process.exit(1);
}

const gz = (buf) => gzipSync(buf).length;
const read = (url) => readFileSync(join(root, url.replace(/^\//, '')));
const attrs = (html, re) => [...html.matchAll(re)].map((m) => m[1].replaceAll('&amp;', '&'));

/** Static imports of a built ES module, resolved to site paths; dynamic ones go to `lazy`. */
function walk(url, eager, lazy) {
  if (eager.has(url)) return;
  eager.add(url);
  const code = read(url).toString();
  const base = posix.dirname(url);
  for (const m of code.matchAll(/(?:import|export)\s*(?:[\w*${}\s,]*?from\s*)?["'`]([^"'`]+\.js)["'`]/g)) {
    walk(posix.join(base, m[1]), eager, lazy);
  }
  for (const m of code.matchAll(/import\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/g)) lazy.add(posix.join(base, m[1]));
}

/**
 * A page's HTML: prerendered ones from dist/client; the sermon and event pages are rendered on demand, so they
 * are fetched from a running server (BENCH_URL, e.g. http://127.0.0.1:4321 after `npm start`), else left out.
 */
async function pageHtml(page, file) {
  if (existsSync(join(root, file))) return readFileSync(join(root, file));
  if (!process.env.BENCH_URL) return undefined;
  const res = await fetch(new URL(page, process.env.BENCH_URL));
  return res.ok ? Buffer.from(await res.arrayBuffer()) : undefined;
}

const rows = [];
for (const [page, file] of Object.entries(pages)) {
  const html = await pageHtml(page, file);
  if (!html) {
    console.log(`${page}: rendered on demand; set BENCH_URL to a running server to measure it.`);
    continue;
  }
  const text = html.toString();
  const css = new Set(attrs(text, /<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g));
  const entries = [
    ...attrs(text, /<script[^>]+src="([^"]+)"/g),
    ...attrs(text, /<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
    ...attrs(text, /component-url="([^"]+)"/g),
    ...attrs(text, /renderer-url="([^"]+)"/g),
  ].filter((u) => u.startsWith('/'));
  const eager = new Set();
  const lazy = new Set();
  for (const entry of entries) walk(entry, eager, lazy);
  for (const url of eager) lazy.delete(url);
  const sum = (urls) =>
    [...urls].reduce(
      (acc, u) => {
        const buf = read(u);
        return { raw: acc.raw + buf.length, gzip: acc.gzip + gz(buf) };
      },
      { raw: 0, gzip: 0 },
    );
  const c = sum(css);
  const j = sum(eager);
  const l = sum(lazy);
  rows.push({
    page,
    'HTML raw': html.length,
    'HTML gz': gz(html),
    'CSS raw': c.raw,
    'CSS gz': c.gzip,
    'JS raw': j.raw,
    'JS gz': j.gzip,
    'JS files': eager.size,
    'lazy JS gz': l.gzip,
    'HTML+CSS gz': gz(html) + c.gzip,
  });
}

const headers = Object.keys(rows[0]);
const widths = headers.map((h) => Math.max(h.length, ...rows.map((r) => String(r[h]).length)));
const line = (cells) =>
  cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
console.log('Bytes per public page on a first visit (gzip level 6), from dist/client:\n');
console.log(line(headers));
console.log(line(widths.map((w) => '-'.repeat(w))));
for (const r of rows) console.log(line(headers.map((h) => r[h])));
const home = rows.find((r) => r.page === '/');
console.log(`\nHome page HTML+CSS: ${home['HTML+CSS gz']} bytes gzip (target < 30720).`);
