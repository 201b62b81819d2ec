// The API alone on node:http (tests, crash test): `tsx src/server/standalone.ts` with PORT/HOST.
import { getRuntime, closeRuntime } from './runtime';
import { createNodeServer } from './http/node-server';

const runtime = await getRuntime();
const server = createNodeServer((r) => runtime.app.fetch(r), { log: process.env.LOG_REQUESTS !== '0' });
const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? '127.0.0.1';
server.listen(port, host, () =>
  console.log(JSON.stringify({ level: 'info', msg: 'listening', url: `http://${host}:${port}/api/v1/` })),
);

const stop = () => {
  server.close(() => void closeRuntime().then(() => process.exit(0)));
  server.closeIdleConnections();
  setTimeout(() => process.exit(1), 10_000).unref();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
