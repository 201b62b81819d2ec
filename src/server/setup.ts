// Start-up step run by scripts/start.mjs before it listens: check the configuration (the JWT secret
// is required in production), migrate, and seed the demo accounts on an empty database outside
// production. Exits the process with a clear message when that fails.
import { ConfigError, loadConfig } from './config';
import { prepareDatabase } from './runtime';

export async function prepare(): Promise<void> {
  try {
    const config = loadConfig();
    const database = await prepareDatabase(config);
    await database.close();
  } catch (err) {
    const message =
      err instanceof ConfigError ? err.message : `Could not prepare the database: ${(err as Error).message}`;
    console.error(JSON.stringify({ level: 'fatal', msg: message }));
    process.exit(1);
  }
}
