import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_MAIN, SERVER_NODE_FLAGS } from './vigil-process';

describe('the benches run the server as npm start does', () => {
  it("passes every one of the bench server's node flags in the start script", () => {
    const manifest = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8'),
    );
    const serverCommand = (manifest.scripts.start as string)
      .split('&&')
      .map((command) => command.trim())
      .find((command) => command.endsWith(SERVER_MAIN));
    expect(serverCommand?.split(/\s+/)).toEqual(
      expect.arrayContaining(['node', ...SERVER_NODE_FLAGS, SERVER_MAIN]),
    );
  });
});
