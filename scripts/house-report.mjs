#!/usr/bin/env node
// The house's shape, measured: import circles among src/server's files, imports that run back up from the
// ground floor (src/server/kernel, src/server/db, src/server/config.ts) into a feature, the folders that import each
// other, and lines per top folder of src/. `node scripts/house-report.mjs` prints them all;
// tests/unit/server-imports.test.ts fails on the first two, and on sign-in's folders importing each other.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = join(ROOT, 'src/server');
const FLOOR = ['kernel/', 'db/', 'config.ts'];
const SOURCE = /\.(ts|tsx|mjs|js)$/;

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : SOURCE.test(name) ? [path] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"`;]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function resolveImport(from, spec) {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

/** Each src/server file (relative to src/server) with the src/server files it imports. */
export function serverImports() {
  const graph = new Map();
  for (const file of walk(SERVER)) {
    const text = readFileSync(file, 'utf8');
    const targets = new Set();
    for (const m of text.matchAll(IMPORT)) {
      const target = resolveImport(file, m[1] ?? m[2]);
      if (target && target.startsWith(`${SERVER}/`)) targets.add(relative(SERVER, target));
    }
    graph.set(relative(SERVER, file), [...targets].sort());
  }
  return graph;
}

/** Every import circle, each once (Tarjan's strongly connected components with more than one file, or a self-import). */
export function circles(graph) {
  let index = 0;
  const stack = [];
  const state = new Map();
  const found = [];
  const visit = (v) => {
    state.set(v, { index, low: index, onStack: true });
    index++;
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!state.has(w)) {
        visit(w);
        state.get(v).low = Math.min(state.get(v).low, state.get(w).low);
      } else if (state.get(w).onStack) state.get(v).low = Math.min(state.get(v).low, state.get(w).index);
    }
    if (state.get(v).low === state.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        state.get(w).onStack = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!state.has(v)) visit(v);
  return found;
}

const onFloor = (file) => FLOOR.some((f) => (f.endsWith('/') ? file.startsWith(f) : file === f));

/** Imports from the ground floor into anything that is not the floor: "from -> to". */
export function upwardImports(graph) {
  return [...graph].flatMap(([from, targets]) =>
    onFloor(from) ? targets.filter((to) => !onFloor(to)).map((to) => `${from} -> ${to}`) : [],
  );
}

/** Pairs of src/server's top folders that import each other, each side some file of the other: "a <-> b". */
export function foldersBothWays(graph) {
  const folder = (file) => file.split('/')[0];
  const edges = new Set();
  for (const [from, targets] of graph)
    for (const to of targets) if (folder(from) !== folder(to)) edges.add(`${folder(from)} ${folder(to)}`);
  return [...edges]
    .map((edge) => edge.split(' '))
    .filter(([a, b]) => a < b && edges.has(`${b} ${a}`))
    .map(([a, b]) => `${a} <-> ${b}`)
    .sort();
}

function linesPerFolder() {
  const src = join(ROOT, 'src');
  return readdirSync(src)
    .map((name) => {
      const path = join(src, name);
      const files = statSync(path).isDirectory() ? walk(path) : SOURCE.test(name) ? [path] : [];
      const lines = files.reduce((n, f) => n + readFileSync(f, 'utf8').split('\n').length - 1, 0);
      return [name, files.length, lines];
    })
    .filter(([, files]) => files > 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const graph = serverImports();
  const found = circles(graph);
  console.log(`Import circles in src/server: ${found.length}`);
  for (const c of found) console.log(`  ${c.join(' <-> ')}`);
  const upward = upwardImports(graph);
  console.log(`Imports from the kernel/db/config floor into features: ${upward.length}`);
  for (const u of upward) console.log(`  ${u}`);
  const both = foldersBothWays(graph);
  console.log(`Folders of src/server that import each other: ${both.length}`);
  for (const b of both) console.log(`  ${b}`);
  console.log('Lines per top folder of src/ (files, lines):');
  for (const [name, files, lines] of linesPerFolder())
    console.log(`  ${name.padEnd(14)} ${String(files).padStart(4)} ${String(lines).padStart(7)}`);
}
