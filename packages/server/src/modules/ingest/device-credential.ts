import type { StateTree } from '@vigil/contracts';
import type { DeviceDirectory } from './device-directory';

/**
 * A tree's `device.accessCode` is the unit's credential (docs/device-protocol.md 'The access code'): when the tree
 * carries one it must be the unit's code, and it is then blanked in place, before anything stores or sends the
 * tree, so no snapshot, latest tree or browser frame ever holds it. The field stays, as an empty string, for
 * clients that read it. Absent, null and empty codes are left as they are.
 * Answers 'mismatch' (the tree is refused), 'blanked' (the tree changed) or 'absent'.
 */
export async function checkAccessCode(
  directory: DeviceDirectory,
  udfId: string,
  tree: StateTree,
): Promise<'mismatch' | 'blanked' | 'absent'> {
  const code = tree.device.accessCode;
  if (typeof code !== 'string' || code === '') {
    return 'absent';
  }
  if (!(await directory.isCodeOf(udfId, code))) {
    return 'mismatch';
  }
  tree.device.accessCode = '';
  return 'blanked';
}
