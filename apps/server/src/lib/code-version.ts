import { execFileSync } from 'node:child_process';

/**
 * The code version stored with every trained model: the package version and, when known, the git commit (`commit`,
 * from the GIT_COMMIT variable, else `git rev-parse` in a checkout; neither is required).
 */
export function codeVersionOf(version: string, gitCommit?: string): string {
  let commit = gitCommit?.trim() || null;
  if (!commit) {
    try {
      commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        timeout: 2_000,
      }).trim();
    } catch {
      commit = null;
    }
  }
  return commit ? `${version}+${commit}` : version;
}
