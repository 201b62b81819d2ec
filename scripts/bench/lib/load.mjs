// One load run against a loopback URL: wrk (C, light on the 2 cores it shares with the server), installed from
// Debian's packages on first use when it is missing and we are root, else autocannon (JavaScript, from
// devDependencies; it takes more of the CPU, so its figures are lower). Answers { rps, p50, p99, bad, steal }
// (bad: non-2xx answers, errors, timeouts; steal: the share of CPU time the virtual machine's host took for
// others during the run, from /proc/stat, where it can be read: figures measured under steal are lower).
import autocannon from 'autocannon';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const LOOPBACK = /^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?\//;
const wrkFound = () => spawnSync('sh', ['-c', 'command -v wrk']).status === 0;

/** Installs Debian's wrk when it is missing and we may (root, apt-get): the API bench's figures are wrk's. */
function ensureWrk() {
  if (wrkFound() || process.getuid?.() !== 0 || spawnSync('sh', ['-c', 'command -v apt-get']).status !== 0) return;
  console.log("wrk is missing: installing Debian's wrk for the benchmarks...");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (spawnSync('apt-get', ['install', '-y', '-qq', 'wrk'], { stdio: 'ignore', env }).status !== 0) {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'wrk'], { stdio: 'ignore', env });
  }
}
ensureWrk();
export const hasWrk = wrkFound();
export const tool = hasWrk ? 'wrk' : 'autocannon';

const LUA = `
wrk.method = os.getenv("LOAD_METHOD")
local body = os.getenv("LOAD_BODY") or ""
if body ~= "" then wrk.body = body end
for line in string.gmatch(os.getenv("LOAD_HEADERS") or "", "[^\\n]+") do
  local name, value = string.match(line, "^([^:]+):%s*(.*)$")
  if name then wrk.headers[name] = value end
end
-- A Lua callback per answer (it counts the non-2xx ones), as the API bench this project is compared with has it.
-- It slows wrk the same for every server measured, so the ratios hold.
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init() bad = 0 end
function response(status) if status < 200 or status > 299 then bad = bad + 1 end end
function done(summary, latency)
  local non2xx = 0
  for _, thread in ipairs(threads) do non2xx = non2xx + thread:get("bad") end
  io.write(string.format("LOAD %f %f %f %d\\n", summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    non2xx + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
`;

/** The machine's CPU time so far, in clock ticks: { total, steal }, or undefined where /proc/stat is missing. */
function cpuTimes() {
  try {
    const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { total: ticks.reduce((a, b) => a + b, 0), steal: ticks[7] ?? 0 };
  } catch {
    return undefined;
  }
}

/** Load `url` with `connections` for `seconds`: { rps, p50, p99 (ms), bad, steal (0 to 1, or NaN) }. */
export async function load(options) {
  const before = cpuTimes();
  const result = await run(options);
  const after = cpuTimes();
  const steal = before && after ? (after.steal - before.steal) / Math.max(1, after.total - before.total) : NaN;
  return { ...result, steal };
}

async function run({ url, method = 'GET', headers = {}, body, connections, seconds }) {
  if (!LOOPBACK.test(url)) throw new Error(`load targets loopback only, not ${url}`);
  if (!hasWrk) {
    const r = await autocannon({ url, method, headers, body, connections, duration: seconds });
    return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts };
  }
  const dir = mkdtempSync(join(tmpdir(), 'church-load-'));
  try {
    writeFileSync(join(dir, 'load.lua'), LUA);
    const threads = Math.min(2, connections);
    const run = spawnSync(
      'wrk',
      ['-t', String(threads), '-c', String(connections), '-d', `${seconds}s`, '-s', join(dir, 'load.lua'), url],
      {
        encoding: 'utf8',
        timeout: (seconds + 30) * 1000,
        env: {
          ...process.env,
          LOAD_METHOD: method,
          LOAD_BODY: body ?? '',
          LOAD_HEADERS: Object.entries(headers)
            .map(([k, v]) => `${k}: ${v}`)
            .join('\n'),
        },
      },
    );
    const line = /LOAD (\S+) (\S+) (\S+) (\d+)/.exec(run.stdout);
    if (!line) throw new Error(`wrk failed: ${run.stderr || run.stdout}`);
    const [rps, p50, p99, bad] = line.slice(1).map(Number);
    return { rps, p50, p99, bad };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
