import { execFileSync } from 'node:child_process';

/** The commit measured, `-dirty` when the working tree had changes (the figures are then of those). */
export function currentCommit(): string | null {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const changes = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      encoding: 'utf8',
    });
    return changes.trim() === '' ? commit : `${commit}-dirty`;
  } catch {
    return null;
  }
}
