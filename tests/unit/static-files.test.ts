// The built files served from memory by the HTTP shell (src/host/static-files.ts) over a small build made
// in a temporary folder and compressed by the build's own step (src/host/precompress.ts): the encoding
// each Accept-Encoding gets, ETag and 304, the cache lifetimes, the pages' security headers, HEAD, the paths of a
// page, and everything that must fall through to Astro (a path outside the build, other methods, ranges).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickEncoding } from '../../src/host/encoding';
import { PAGE_HEADERS } from '../../src/server/http/headers';
import { precompressDir } from '../../src/host/precompress';
import { createShell, type Shell } from '../../src/host/shell';
import { createStaticFiles, IMMUTABLE, REVALIDATE } from '../../src/host/static-files';
import { createDiskFiles } from '../../src/host/disk-files';
import { rawRequest } from './http-raw';

const page = (title: string) =>
  `<!DOCTYPE html><html><head><meta http-equiv="content-security-policy" content="script-src 'self'"><title>${title}</title></head><body>${'<p>Grace Chapel welcomes you every Sunday at nine.</p>'.repeat(60)}</body></html>`;

describe('precompressDir (the build step)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'church-precompress-'));
    mkdirSync(join(dir, 'about'));
    mkdirSync(join(dir, '_astro'));
    writeFileSync(join(dir, 'about/index.html'), page('About'));
    writeFileSync(join(dir, '_astro/app.js'), 'export const greet = (name) => `Hello, ${name}!`;\n'.repeat(100));
    writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\nAllow: /\n'); // under 1 KB
    writeFileSync(join(dir, 'logo.png'), Buffer.alloc(4096, 7)); // compressible bytes, but an image
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a .br and a .gz beside each text file over 1 KB, that decompress to the file', async () => {
    const result = await precompressDir(dir);
    expect(result.files).toBe(2);
    for (const file of ['about/index.html', '_astro/app.js']) {
      const original = readFileSync(join(dir, file));
      const br = readFileSync(join(dir, `${file}.br`));
      const gz = readFileSync(join(dir, `${file}.gz`));
      expect(br.length).toBeLessThan(original.length);
      expect(gz.length).toBeLessThan(original.length);
      expect(brotliDecompressSync(br).equals(original)).toBe(true);
      expect(gunzipSync(gz).equals(original)).toBe(true);
    }
    expect(result.brotliBytes).toBeLessThan(result.bytes);
    for (const file of ['robots.txt', 'logo.png']) {
      expect(existsSync(join(dir, `${file}.br`)), file).toBe(false);
      expect(existsSync(join(dir, `${file}.gz`)), file).toBe(false);
    }
  });

  it('run again over the same folder, compresses the files, not their variants', async () => {
    expect((await precompressDir(dir)).files).toBe(2);
    expect(existsSync(join(dir, 'about/index.html.br.br'))).toBe(false);
  });
});

describe('pickEncoding', () => {
  const both = { br: true, gzip: true };
  it.each([
    ['gzip, deflate, br, zstd', both, 'br'],
    ['gzip', both, 'gzip'],
    ['br;q=0, gzip', both, 'gzip'],
    ['gzip;q=1, br;q=0.5', both, 'gzip'],
    ['br;q=0, gzip;q=0', both, 'identity'],
    ['*', both, 'br'],
    ['*;q=0', both, 'identity'],
    ['identity', both, 'identity'],
    ['', both, 'identity'],
    [undefined, both, 'identity'],
    ['br, gzip', { gzip: true }, 'gzip'],
    ['br', { gzip: true }, 'identity'],
    ['BR ; Q=1', both, 'br'],
  ] as const)('Accept-Encoding %j with %j → %s', (accept, offered, expected) => {
    expect(pickEncoding(accept, offered)).toBe(expected);
  });
});

describe('static files in the shell', () => {
  let dir: string;
  let shell: Shell;
  let origin: string;
  let html: Buffer;
  const fellThrough: string[] = [];

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    rawRequest(origin, path, { method, headers });

  beforeAll(async () => {
    const parent = mkdtempSync(join(tmpdir(), 'church-static-'));
    dir = join(parent, 'client');
    // Beside the build, not in it: no request may reach it.
    writeFileSync(join(parent, 'secret.txt'), 'not for the web');
    mkdirSync(join(dir, 'about'), { recursive: true });
    mkdirSync(join(dir, '_astro'));
    mkdirSync(join(dir, 'audio'));
    mkdirSync(join(dir, '.git'));
    writeFileSync(join(dir, 'index.html'), page('Home'));
    html = Buffer.from(page('About'));
    writeFileSync(join(dir, 'about/index.html'), html);
    writeFileSync(join(dir, '_astro/app.Cz0FMliC.js'), 'export const greet = (n) => `Hello, ${n}!`;\n'.repeat(100));
    writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(dir, 'audio/big.mp3'), Buffer.alloc(16 * 1024, 1));
    writeFileSync(join(dir, '.git/config'), '[core]');
    await precompressDir(dir);

    shell = createShell({
      api: { fetch: () => new Response('api') },
      // Astro's handler, as far as these tests go: what reaches it is what the static files did not answer.
      pages: (req, res) => {
        fellThrough.push(req.url!);
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('astro');
      },
      staticFiles: createStaticFiles(dir, { maxFileSize: 8 * 1024 }),
      logRequests: false,
    });
    await new Promise<void>((resolve) => shell.server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(shell.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await shell.stop();
    rmSync(join(dir, '..'), { recursive: true, force: true });
  });

  it('sends brotli, gzip or the file itself as Accept-Encoding allows, with Vary and the right length', async () => {
    const cases = [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.8', 'gzip'],
      ['br;q=0, gzip;q=0', undefined],
      ['', undefined],
    ] as const;
    for (const [accept, encoding] of cases) {
      const res = await get('/about', accept ? { 'accept-encoding': accept } : {});
      expect(res.status, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.vary, accept).toBe('Accept-Encoding');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(res.text).toBe(html.toString());
      if (encoding) expect(res.body.length).toBeLessThan(html.length / 3);
    }
  });

  it('answers If-None-Match with a 304 and no body; another ETag (or encoding) gets the file', async () => {
    const first = await get('/about', { 'accept-encoding': 'br' });
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get('/about', { 'accept-encoding': 'br', 'if-none-match': `"other", ${etag}` });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe(REVALIDATE);
    expect(again.headers['x-frame-options']).toBe('DENY');
    expect((await get('/about', { 'accept-encoding': 'br', 'if-none-match': '"other"' })).status).toBe(200);
    // The gzip representation is another one: its own ETag.
    const gzip = await get('/about', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(gzip.status).toBe(200);
    expect(gzip.headers.etag).not.toBe(etag);
    expect((await get('/about', { 'if-none-match': '*' })).status).toBe(304);
  });

  it('caches hashed assets for a year, immutable, and makes pages revalidate', async () => {
    const js = await get('/_astro/app.Cz0FMliC.js', { 'accept-encoding': 'br' });
    expect(js.headers['cache-control']).toBe(IMMUTABLE);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['content-encoding']).toBe('br');
    for (const path of ['/', '/about', '/favicon.svg']) {
      expect((await get(path)).headers['cache-control'], path).toBe(REVALIDATE);
    }
  });

  it("keeps every one of the pages' security headers", async () => {
    for (const path of ['/about', '/_astro/app.Cz0FMliC.js', '/favicon.svg']) {
      const res = await get(path, { 'accept-encoding': 'gzip' });
      for (const [name, value] of Object.entries(PAGE_HEADERS))
        expect(res.headers[name.toLowerCase()], path).toBe(value);
    }
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const head = await get('/about', { 'accept-encoding': 'br' }, 'HEAD');
    const full = await get('/about', { 'accept-encoding': 'br' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(full.headers['content-length']);
    expect(head.headers.etag).toBe(full.headers.etag);
  });

  it('serves a page at its folder, with or without the slash, and at its file; a query string is ignored', async () => {
    const bodies = await Promise.all(['/about', '/about/', '/about/index.html', '/about?ref=home'].map((p) => get(p)));
    for (const res of bodies) expect(res.text).toBe(html.toString());
    expect((await get('/')).text).toContain('<title>Home</title>');
    expect((await get('/index.html')).text).toContain('<title>Home</title>');
    const svg = await get('/favicon.svg', { 'accept-encoding': 'br' });
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['content-encoding']).toBeUndefined(); // under 1 KB: sent as it is
    expect(svg.headers.vary).toBeUndefined();
  });

  it('never serves a file outside the build: those paths fall through to Astro', async () => {
    const attempts = [
      '/../secret.txt',
      '/about/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/about/%2E%2E/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/..%5csecret.txt',
      '/about%00',
      '/about/index.html%00.txt',
      '/%E0%A4%A', // a malformed escape
      '/./about',
      '/.git/config',
    ];
    for (const path of attempts) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.text, path).toBe('astro');
      expect(fellThrough, path).toContain(path);
    }
  });

  it('leaves other methods, byte ranges, large files and unknown paths to Astro', async () => {
    fellThrough.length = 0;
    await get('/about', {}, 'POST');
    await get('/about', { range: 'bytes=0-99' });
    await get('/audio/big.mp3'); // over this shell's 8 KB limit
    await get('/no-such-file.js');
    await get('/about/index.html.br'); // a variant is not a file of its own
    expect(fellThrough).toEqual(['/about', '/about', '/audio/big.mp3', '/no-such-file.js', '/about/index.html.br']);
  });
});

// What the memory copies leave to the disk (src/host/disk-files.ts, before Astro's handler in `npm start`): byte
// ranges (an audio player seeking) and large files, from the build folder only.
describe('the build files streamed from disk', () => {
  let parent: string;
  let shell: Shell;
  let origin: string;
  const fellThrough: string[] = [];
  const audio = Buffer.from(Array.from({ length: 2048 }, (_, i) => i % 251));

  beforeAll(async () => {
    parent = mkdtempSync(join(tmpdir(), 'church-disk-'));
    const dir = join(parent, 'client');
    writeFileSync(join(parent, 'secret.txt'), 'not for the web');
    mkdirSync(join(dir, 'audio'), { recursive: true });
    mkdirSync(join(dir, 'about'));
    mkdirSync(join(dir, '.git'));
    mkdirSync(join(dir, '.well-known'));
    writeFileSync(join(dir, 'audio/sermon.mp3'), audio);
    writeFileSync(join(dir, 'about/index.html'), page('About'));
    writeFileSync(join(dir, '.git/config'), '[core]');
    writeFileSync(join(dir, '.well-known/security.txt'), 'Contact: mailto:office@example.org\n');
    const disk = createDiskFiles(dir);
    shell = createShell({
      api: { fetch: () => new Response('api') },
      pages: (req, res) =>
        disk(req, res, () => {
          fellThrough.push(req.url!);
          res.writeHead(404, { 'content-type': 'text/plain' });
          res.end('astro');
        }),
      logRequests: false,
    });
    await new Promise<void>((resolve) => shell.server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(shell.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await shell.stop();
    rmSync(parent, { recursive: true, force: true });
  });

  it('answers a byte range with 206, the whole file with 200, and a range past its end with 416', async () => {
    const part = await rawRequest(origin, '/audio/sermon.mp3', { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/2048');
    expect(part.headers['content-type']).toBe('audio/mpeg');
    expect(part.headers['accept-ranges']).toBe('bytes');
    expect(part.body.equals(audio.subarray(100, 200))).toBe(true);
    const tail = await rawRequest(origin, '/audio/sermon.mp3', { headers: { range: 'bytes=-48' } });
    expect(tail.body.equals(audio.subarray(2000))).toBe(true);
    const whole = await rawRequest(origin, '/audio/sermon.mp3');
    expect(whole.status).toBe(200);
    expect(whole.body.equals(audio)).toBe(true);
    expect(whole.headers['cache-control']).toBe(REVALIDATE);
    const past = await rawRequest(origin, '/audio/sermon.mp3', { headers: { range: 'bytes=4096-' } });
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */2048');
    const head = await rawRequest(origin, '/audio/sermon.mp3', { method: 'HEAD' });
    expect(head.headers['content-length']).toBe('2048');
    expect(head.body.length).toBe(0);
  });

  it('serves a directory as its index.html and /.well-known/, and leaves the rest to Astro', async () => {
    expect((await rawRequest(origin, '/about', { headers: { range: 'bytes=0-8' } })).text).toBe('<!DOCTYPE');
    expect((await rawRequest(origin, '/.well-known/security.txt')).text).toContain('Contact:');
    fellThrough.length = 0;
    for (const path of ['/.git/config', '/../secret.txt', '/%2e%2e/secret.txt', '/no-such.mp3']) {
      expect((await rawRequest(origin, path)).text, path).toBe('astro');
    }
    expect((await rawRequest(origin, '/audio/sermon.mp3', { method: 'POST' })).text).toBe('astro');
    expect(fellThrough).toEqual([
      '/.git/config',
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/no-such.mp3',
      '/audio/sermon.mp3',
    ]);
  });
});
