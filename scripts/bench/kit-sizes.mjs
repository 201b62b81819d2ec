// Bytes of the shared UI kit and of each content screen's lazy chunk (gzip), the figures issue 5 asks for.
// The kit is bundled on its own with esbuild (React external, as the app shares one React); the screens are
// read from the last `astro build` (dist/client/_astro), when there is one.
import { build } from 'esbuild';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const row = (name, raw, zipped) =>
  console.log(`${name.padEnd(28)} ${String(raw).padStart(8)} B ${String(zipped).padStart(7)} B gzip`);

const kit = await build({
  entryPoints: ['src/islands/ui/index.ts'],
  bundle: true,
  minify: true,
  format: 'esm',
  write: false,
  jsx: 'automatic',
  external: ['react', 'react-dom', 'react/jsx-runtime'],
  logLevel: 'silent',
});
const kitCode = kit.outputFiles[0].contents;
row('ui kit (whole, esbuild)', kitCode.length, gz(kitCode));

const dir = 'dist/client/_astro';
if (!existsSync(dir)) {
  console.log('(no dist/: run `npm run build` for the per-screen chunk sizes)');
} else {
  const wanted =
    /^(DashboardScreen|SermonsScreen|PrayersScreen|EventsScreen|AnalyticsScreen|Button|Field|Modal|Select|ui|prayers|filters)\..*\.js$/;
  for (const file of readdirSync(dir)
    .filter((f) => wanted.test(f))
    .sort()) {
    const buf = readFileSync(`${dir}/${file}`);
    row(file.replace(/\.[\w-]+\.js$/, ''), buf.length, gz(buf));
  }
}
