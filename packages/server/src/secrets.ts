import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const SECRET_FILE = 'jwt-secret';

/**
 * JWT_SECRET when set; otherwise a random secret generated once and kept in DATA_DIR, so
 * sessions survive restarts. Several instances must share JWT_SECRET (docs/operations.md).
 */
export function resolveJwtSecret(config: { jwtSecret: string | undefined; dataDir: string }): string {
  if (config.jwtSecret !== undefined) {
    return config.jwtSecret;
  }
  const file = path.join(config.dataDir, SECRET_FILE);
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) {
      return existing;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw error;
    }
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
