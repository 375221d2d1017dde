import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../../db/tables/users.table';
import { AppError } from '../../../errors';
import { VISUAL_DASHBOARD_DISABLED } from '../visual-dashboard-access';
import { MACHINE_TYPES, type MachineType } from './machine-type-catalog';
import { contentHash, MachineTypesService } from './machine-types.service';

const person = (visualDashboardEnabled: boolean) => ({ id: 1, visualDashboardEnabled }) as UserRow;
const belt = MACHINE_TYPES[1] as MachineType;
const elevator = MACHINE_TYPES[0] as MachineType;

describe('MachineTypesService', () => {
  it('lists in id order whatever order the library has, with URLs carrying each picture hash', () => {
    const render = (id: number, state: string, side: string, size?: string) =>
      `<svg>${id}${state}${side}${size}</svg>`;
    const service = new MachineTypesService({ types: [belt, elevator], render });
    const list = service.list(person(true));
    expect(list.map((type) => type.id)).toEqual([1, 2]);
    expect(list[0]?.ok_left_side_img_thumbs.small).toBe(
      `/api/v2/type-of-machine/1/images/running/left/small.svg?v=${contentHash('<svg>1runningleftsmall</svg>')}`,
    );
  });

  it('refuses a person without the visual dashboard', () => {
    const service = new MachineTypesService({ types: [elevator] });
    expect(() => service.list(person(false))).toThrow(
      expect.objectContaining({ code: 'forbidden', message: VISUAL_DASHBOARD_DISABLED }),
    );
  });

  it('finds a picture of the library and nothing else', () => {
    const service = new MachineTypesService({ types: [elevator] });
    const image = service.image({ id: 1, state: 'alarm', side: 'right', size: 'large' });
    expect(image.hash).toBe(contentHash(image.svg));
    for (const request of [
      { id: 2, state: 'alarm', side: 'right', size: 'large' },
      { id: 1, state: 'ok', side: 'right', size: 'large' },
      { id: 1, state: 'alarm', side: 'top', size: 'large' },
      { id: 1, state: 'alarm', side: 'right', size: 'medium' },
    ]) {
      expect(() => service.image(request)).toThrow(AppError);
    }
  });
});
