// npm start: install when missing, build the web app when stale, then run the server (which migrates the
// embedded database in ./data) on http://localhost:3000 (PORT changes it).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, ensureInstall, ensureWebBuild, say } from './lib.mjs';

ensureInstall();
if (!ensureWebBuild()) {
  console.error('The web build failed; see the output above.');
  process.exit(1);
}
say('Starting the server…');
const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: path.join(ROOT, 'apps/server'),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
