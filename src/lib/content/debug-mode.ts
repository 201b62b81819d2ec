// Debug mode (docs/API.md): PUBLIC_DEBUG read on the server at request time, so one build serves both
// `npm start` (off unless set) and the end-to-end server (on). Unset, it follows the dev server.
export function isDebugMode(env: Record<string, string | undefined> = process.env): boolean {
  const value = env.PUBLIC_DEBUG?.trim().toLowerCase();
  if (value === undefined || value === '') return Boolean(import.meta.env?.DEV);
  return value === 'true' || value === '1';
}
