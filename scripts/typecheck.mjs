// Type-checks every workspace with its own tsconfig (in parallel, two at a time).
import { run } from './lib.mjs';

const projects = [
  'packages/contracts',
  'packages/market',
  'packages/ml',
  'apps/server',
  'apps/web',
  'e2e',
  'bench',
];
let failed = 0;
const queue = [...projects];
async function worker() {
  for (let project = queue.shift(); project; project = queue.shift()) {
    const code = await run('npx', ['tsc', '-p', project]);
    if (code !== 0) {
      failed += 1;
      console.error(`typecheck failed: ${project}`);
    }
  }
}
await Promise.all([worker(), worker()]);
process.exit(failed ? 1 : 0);
