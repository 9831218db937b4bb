// Finds a Chromium for the e2e suite: $CHROMIUM_PATH, /usr/bin/chromium, or installs one (Debian's package
// when running as root on Debian, Playwright's own download elsewhere).
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import { ROOT, say } from './lib.mjs';

export function ensureChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  );
  for (const candidate of candidates) if (fs.existsSync(candidate)) return candidate;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && fs.existsSync('/etc/debian_version')) {
    say("No Chromium found: installing Debian's chromium package (apt-get)…");
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const result = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status === 0 && fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  say("No Chromium found: downloading Playwright's Chromium (npx playwright install chromium)…");
  const result = spawnSync('npx', ['playwright', 'install', 'chromium'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) return null;
  return ''; // Playwright uses its own download when executablePath is empty.
}
