// What the CLI scripts share: a tiny `--name value` / `--flag` parser (no dependency for three commands),
// failing with a message, and the configuration (a bad setting is a message, not a stack trace).
import { ConfigError } from '../config';

export function parseArgs(argv: string[]): Record<string, string | true> {
  const out: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) continue;
    const [key, inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (inline !== undefined) out[key] = inline;
    else if (argv[i + 1] !== undefined && !argv[i + 1].startsWith('--')) out[key] = argv[++i];
    else out[key] = true;
  }
  return out;
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** `read()` (the configuration), or exit with what is wrong with the settings. */
export function orFail<T>(read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
}
