// npm run fuzz -- [--requests 10000] [--seed N] [--slow-ms 2000]: the OpenAPI-driven fuzzer against a fresh
// in-memory database, in process (app.inject: no port is opened). Prints the answers by status and by kind and every
// finding (5xx, stack trace, secret, an answer slower than --slow-ms, a single-effect write taking effect twice);
// exit code 1 when there is one.
import { parseArgs } from 'node:util';
import { migrateDatabase, openDatabase } from '@/db/client';
import { fuzz } from './fuzzer.ts';
import { fuzzTarget, skipForFuzz } from './target.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '1' },
    'slow-ms': { type: 'string', default: '2000' },
  },
});
const requests = Number(values.requests);
const seed = Number(values.seed);
const database = await openDatabase({ dataDir: null, inWorker: false });
await migrateDatabase(database);
const target = await fuzzTarget(database);
const started = Date.now();
const report = await fuzz(target.app, {
  requests,
  seed,
  tokens: target.tokens,
  skip: skipForFuzz,
  slowMs: Number(values['slow-ms']),
  singleEffectWrites: target.singleEffectWrites,
  pathExamples: target.pathExamples,
});
const health = await target.app.inject({ method: 'GET', url: '/health' });
console.log(
  `fuzz: ${report.requests} requests (seed ${seed}) in ${((Date.now() - started) / 1000).toFixed(1)} s; by status ${JSON.stringify(report.byStatus)}; by kind ${JSON.stringify(report.byKind)}; slowest ${report.slowestMs} ms (${report.slowest}); server alive: ${health.statusCode === 200}; findings: ${report.findings.length}`,
);
for (const finding of report.findings.slice(0, 50))
  console.log(
    `  [${finding.kind}] ${finding.problem}: ${finding.method} ${finding.url.slice(0, 200)} → ${finding.status} ${finding.body.slice(0, 200)}`,
  );
await target.close();
await database.close();
process.exit(report.findings.length > 0 || health.statusCode !== 200 ? 1 : 0);
