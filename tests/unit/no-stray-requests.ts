// Set-up of every unit file (vitest.config.ts): a unit test never reaches for a server it did not start. Under
// happy-dom a relative request goes to the page's default origin, http://localhost:3000, where nothing listens: it was
// refused after the test had moved on, and happy-dom aborted it when the file's window closed; in a VM context of the
// `unit-mocking` project that abort once left the worker hanging after its last file, and `npm test` with it. Such a
// request is refused here at once, and fails the test that made it, naming the call no mock answered.
import { afterEach, expect } from 'vitest';

const DEFAULT_ORIGIN = 'http://localhost:3000';
const stray: string[] = [];

if (typeof window !== 'undefined' && 'happyDOM' in window) {
  const real = window.fetch.bind(window);
  const guarded: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    if (url.origin !== DEFAULT_ORIGIN) return real(input, init);
    stray.push(`${init?.method ?? (input instanceof Request ? input.method : 'GET')} ${url.pathname}${url.search}`);
    return Promise.reject(new TypeError(`A unit test has no server at ${DEFAULT_ORIGIN}: mock the call`));
  };
  window.fetch = guarded;
  globalThis.fetch = guarded;
}

afterEach(() => {
  expect(stray.splice(0), 'requests no mock answered').toEqual([]);
});
