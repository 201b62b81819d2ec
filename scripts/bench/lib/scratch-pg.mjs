// A PostgreSQL database for one bench run: BENCH_PG_URL as given, else a scratch database made with the local
// `postgres` account (Debian's cluster started first when it is down, as tests/api/global-setup.ts does) and
// dropped by drop(); null when neither is possible, and the bench skips PostgreSQL.
import { spawnSync } from 'node:child_process';

export const psql = (text) => spawnSync('su', ['postgres', '-c', `psql -qAtc "${text}"`], { encoding: 'utf8' });

/** { url, drop() } of a database for this run, or null. `label` names the scratch database. */
export function scratchPostgres(label) {
  if (process.env.BENCH_PG_URL) return { url: process.env.BENCH_PG_URL, drop: () => {} };
  if (psql('select 1').status !== 0) {
    const [, version] = /^(\d+)\s+main\s/m.exec(spawnSync('pg_lsclusters', { encoding: 'utf8' }).stdout ?? '') ?? [];
    if (version) spawnSync('pg_ctlcluster', [version, 'main', 'start']);
  }
  if (psql('select 1').status !== 0) return null;
  const scratch = `${label}_${process.pid}`;
  psql(`CREATE ROLE church_bench LOGIN PASSWORD 'church_bench'`);
  if (psql(`CREATE DATABASE ${scratch} OWNER church_bench`).status !== 0) return null;
  return {
    url: `postgres://church_bench:church_bench@127.0.0.1:5432/${scratch}`,
    drop: () => psql(`DROP DATABASE IF EXISTS ${scratch}`),
  };
}
