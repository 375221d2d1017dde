import type { SensorEntry, StateTree } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import type { DeviceDirectory, DirectoryDevice } from './device-directory';
import type { SensorAdmission } from './sensor-admission';
import { takeInTree } from './tree-intake';

const device = { id: 7, udfId: 'U7' } as DirectoryDevice;

function treeWithCode(accessCode: string | undefined): { tree: StateTree; json: string } {
  const tree: StateTree = {
    Id: 'U7',
    Name: 'Unit',
    Status: 'OK',
    Alarm: false,
    time: 1_763_700_000,
    device: { deviceId: 'U7', deviceType: 'f500', ...(accessCode === undefined ? {} : { accessCode }) },
    sensors: [],
    groups: [],
  };
  return { tree, json: JSON.stringify(tree) };
}

/** A directory whose unit U7 has the code 'right', an admission that keeps every sensor. */
function depsOf() {
  const errors: object[] = [];
  return {
    errors,
    deps: {
      directory: { isCodeOf: async (_udfId: string, code: string) => code === 'right' } as DeviceDirectory,
      admission: {
        admit: async (_id: number, _udfId: string, _tree: StateTree, entries: SensorEntry[]) => entries,
      } as unknown as SensorAdmission,
      log: { info: () => {}, warn: () => {}, error: (object: object) => errors.push(object) },
    },
  };
}

describe('takeInTree', () => {
  it("blanks the unit's code in the tree and writes the JSON again", async () => {
    const { tree, json } = treeWithCode('right');
    const intake = await takeInTree(depsOf().deps, device, tree, json);
    expect(intake.ok && JSON.parse(intake.json).device.accessCode).toBe('');
    expect(intake.ok && intake.json).not.toContain('right');
    expect(tree.device.accessCode).toBe('');
  });

  it('refuses another code as access_code_mismatch', async () => {
    const { tree, json } = treeWithCode('guess');
    expect(await takeInTree(depsOf().deps, device, tree, json)).toEqual({
      ok: false,
      reason: 'access_code_mismatch',
      message: 'device.accessCode is not the code of U7',
    });
  });

  it('keeps the JSON as sent when the tree carries no code and loses no sensor', async () => {
    for (const code of [undefined, '']) {
      const { tree, json } = treeWithCode(code);
      const intake = await takeInTree(depsOf().deps, device, tree, json);
      expect(intake.ok && intake.json).toBe(json);
    }
  });

  it('answers store_failed, which the device sends again, when the database cannot be asked', async () => {
    const { deps, errors } = depsOf();
    const failing = {
      ...deps,
      admission: {
        admit: async () => {
          throw new Error('connection lost');
        },
      } as unknown as SensorAdmission,
    };
    const { tree, json } = treeWithCode('right');
    const intake = await takeInTree(failing, device, tree, json);
    expect(intake).toMatchObject({ ok: false, reason: 'store_failed' });
    expect(errors).toHaveLength(1);
  });
});
