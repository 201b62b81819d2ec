// Set-up of every unit file (vitest.config.ts): a unit test never reaches for a server it did not start. Under
// happy-dom a relative fetch goes to the page's own origin (http://localhost:3000 by default), where nothing listens:
// it was refused after the test had moved on, and happy-dom aborted it when the file's window closed; in a VM context
// of the `unit-mocking` project that abort once left the worker hanging after its last file, and `npm test` with it.
// Such a fetch is refused here at once and fails the test running when it was sent, naming the call no mock answered.
// (XMLHttpRequest is not guarded: the one upload that uses it is stubbed by its tests.)
import { afterEach, expect } from 'vitest';

const stray: string[] = [];

if (typeof window !== 'undefined' && 'happyDOM' in window) {
  const own = window.location.origin;
  const real = window.fetch.bind(window);
  const guarded: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    if (url.origin !== own) return real(input, init);
    stray.push(`${init?.method ?? (input instanceof Request ? input.method : 'GET')} ${url.pathname}${url.search}`);
    throw new TypeError(`A unit test has no server at ${own}: mock the call`);
  };
  window.fetch = guarded;
  globalThis.fetch = guarded;
}

afterEach(() => {
  expect(stray.splice(0), 'requests no mock answered').toEqual([]);
});
