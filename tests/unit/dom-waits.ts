// Set-up of every unit file (vitest.config.ts): under happy-dom, testing-library's findBy* and waitFor wait up to 12 s
// for what they look for, not 1 s (and within the test's own 15 s, vitest.config.ts's UNIT_TIMEOUT, so a wait that
// runs out still fails with testing-library's message and the page). `npm test` runs the unit tests beside the
// end-to-end tests on a machine bound by its CPU, where one findByRole over a dialog ran out of its second
// (sermon-audio-ui.test.tsx); what a test waits for still has to come.
if (typeof window !== 'undefined' && 'happyDOM' in window) {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 12_000 });
}

export {};
