// The import graph of every workspace, with its imports resolved as TypeScript resolves them (the `@/` and `@test/`
// aliases, package names): fails on any cycle between files and on any cycle between folders (a server module, a web
// feature, lib/, db/, …), the two ways the layering can drift without a single file cycle. Run by `npm test`.
//   node scripts/check-import-graph.mjs [--quiet]
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { ROOT } from './lib.mjs';

const PROJECTS = [
  'apps/server',
  'apps/web',
  'packages/contracts',
  'packages/market',
  'packages/ml',
  'bench',
  'e2e',
];

/**
 * The folder a file counts as for folder cycles: in the apps a server module or web feature, else the first folder
 * of src (files directly in src are the entry points); a package is one folder.
 */
export function folderOf(file) {
  const rel = path.relative(ROOT, file).split(path.sep);
  if (rel[0] === 'packages') return rel.slice(0, 2).join('/');
  const src = rel.indexOf('src');
  if (src < 0) return rel.slice(0, 2).join('/');
  const head = rel.slice(0, src + 1).join('/');
  const first = rel[src + 1];
  if (!first || rel.length === src + 2) return head; // a file directly in src
  if ((first === 'modules' || first === 'features') && rel[src + 2])
    return `${head}/${first}/${rel[src + 2]}`;
  return `${head}/${first}`;
}

const isTest = (file) =>
  /\.test\.tsx?$/.test(file) ||
  file.split(path.sep).includes('test') ||
  file.includes(`${path.sep}e2e${path.sep}`);

function projectFiles(project) {
  const configPath = path.join(ROOT, project, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  );
  if (!parsed) throw new Error(`cannot read ${configPath}`);
  return { files: parsed.fileNames.filter((f) => !f.includes('node_modules')), options: parsed.options };
}

/** file → files it imports (type-only imports count: they still couple the folders). */
export function importGraph(projects = PROJECTS) {
  const graph = new Map();
  for (const project of projects) {
    const { files, options } = projectFiles(project);
    const host = ts.createCompilerHost(options);
    for (const file of files) {
      // Tests and their helpers use whatever they test: consumers outside the layering.
      if (isTest(file)) continue;
      const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
      const targets = new Set();
      for (const ref of info.importedFiles) {
        const resolved = ts.resolveModuleName(ref.fileName, file, options, host).resolvedModule;
        if (!resolved || resolved.isExternalLibraryImport) continue;
        const target = fs.realpathSync(resolved.resolvedFileName);
        if (!target.startsWith(ROOT) || target.includes(`${path.sep}node_modules${path.sep}`)) continue;
        if (target.endsWith('.d.ts') || isTest(target)) continue;
        targets.add(target);
      }
      graph.set(fs.realpathSync(file), targets);
    }
  }
  return graph;
}

/** Strongly connected components with more than one node (or a self-loop): the cycles. Tarjan, iterative. */
export function cyclesOf(graph) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  for (const start of graph.keys()) {
    if (indexOf.has(start)) continue;
    const work = [[start, [...(graph.get(start) ?? [])], 0]];
    indexOf.set(start, index);
    low.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, next] = frame;
      if (frame[2] < next.length) {
        const to = next[frame[2]++];
        if (!indexOf.has(to)) {
          indexOf.set(to, index);
          low.set(to, index++);
          stack.push(to);
          onStack.add(to);
          work.push([to, [...(graph.get(to) ?? [])], 0]);
        } else if (onStack.has(to)) {
          low.set(node, Math.min(low.get(node), indexOf.get(to)));
        }
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === indexOf.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1 || graph.get(node)?.has(node)) cycles.push(component.sort());
      }
    }
  }
  return cycles;
}

export function folderGraph(graph) {
  const folders = new Map();
  for (const [from, targets] of graph) {
    const a = folderOf(from);
    if (!folders.has(a)) folders.set(a, new Set());
    for (const to of targets) {
      const b = folderOf(to);
      if (b !== a) folders.get(a).add(b);
    }
  }
  return folders;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const graph = importGraph();
  const fileCycles = cyclesOf(graph);
  const folderCycles = cyclesOf(folderGraph(graph));
  const rel = (f) => path.relative(ROOT, f);
  for (const c of fileCycles) console.error(`file cycle: ${c.map(rel).join(' ⇄ ')}`);
  for (const c of folderCycles) console.error(`folder cycle: ${c.join(' ⇄ ')}`);
  const edges = [...graph.values()].reduce((n, s) => n + s.size, 0);
  if (!process.argv.includes('--quiet') || fileCycles.length + folderCycles.length > 0) {
    console.log(
      `import graph: ${graph.size} files, ${edges} imports, ${folderGraph(graph).size} folders; ` +
        `${fileCycles.length} file cycles, ${folderCycles.length} folder cycles`,
    );
  }
  process.exit(fileCycles.length + folderCycles.length > 0 ? 1 : 0);
}
