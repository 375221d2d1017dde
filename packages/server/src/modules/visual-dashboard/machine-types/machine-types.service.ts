import { createHash } from 'node:crypto';
import type { MachineTypeJson } from '@vigil/contracts';
import type { UserRow } from '../../../db/tables/users.table';
import { notFound } from '../../../errors';
import { assertVisualDashboard } from '../visual-dashboard-access';
import { MACHINE_SIDES, MACHINE_TYPES, type MachineSide, type MachineType } from './machine-type-catalog';
import {
  type ImageSize,
  MACHINE_STATES,
  type MachineState,
  renderMachineTypeSvg,
} from './machine-type-images';
import { machineTypeJson } from './machine-type-json';

export const IMAGE_SIZES: readonly ImageSize[] = ['large', 'small'];

/** One served picture: the SVG document and the short hash of its content (URL `v` and ETag). */
export type MachineTypeImage = { svg: string; hash: string };

/** The picture a request names; strings, because the route answers 404 (not 400) for anything unknown. */
export type MachineTypeImageRequest = { id: number; state: string; side: string; size: string };

export type MachineTypesDeps = {
  /** The library; the catalog's, or a smaller one in a test. */
  types?: readonly MachineType[];
  render?: typeof renderMachineTypeSvg;
};

/** The path of a picture; `v` (the content hash) is added by `imageUrl`. */
export function machineTypeImagePath(
  id: number,
  state: MachineState,
  side: MachineSide,
  size: ImageSize,
): string {
  return `/api/v2/type-of-machine/${id}/images/${state}/${side}/${size}.svg`;
}

function key(id: number, state: string, side: string, size: string): string {
  return `${id}/${state}/${side}/${size}`;
}

/** 12 hex digits of SHA-256: changes whenever a single byte of the picture does. */
export function contentHash(svg: string): string {
  return createHash('sha256').update(svg).digest('hex').slice(0, 12);
}

/**
 * `type-of-machine/` and its pictures (docs/visual-dashboard.md 'Routes'). Every picture of the library
 * (8 types × 4 states × 2 sides × 2 sizes, a few KB each) is drawn once when the service is built, so a request
 * is a map lookup and each URL can carry its picture's content hash.
 */
export class MachineTypesService {
  private readonly types: readonly MachineType[];
  private readonly images = new Map<string, MachineTypeImage>();

  constructor(deps: MachineTypesDeps = {}) {
    this.types = [...(deps.types ?? MACHINE_TYPES)].sort((a, b) => a.id - b.id);
    const render = deps.render ?? renderMachineTypeSvg;
    for (const type of this.types) {
      for (const state of MACHINE_STATES) {
        for (const side of MACHINE_SIDES) {
          for (const size of IMAGE_SIZES) {
            const svg = render(type.id, state, side, size);
            this.images.set(key(type.id, state, side, size), { svg, hash: contentHash(svg) });
          }
        }
      }
    }
  }

  /** GET type-of-machine/: every type in id order, to people with the visual dashboard. */
  list(actor: UserRow): MachineTypeJson[] {
    assertVisualDashboard(actor);
    return this.types.map((type) => machineTypeJson(type, this.imageUrl));
  }

  /** One type as the list gives it (a machine's details embed it); undefined for an id not in the library. */
  find(id: number): MachineTypeJson | undefined {
    const type = this.types.find((candidate) => candidate.id === id);
    return type === undefined ? undefined : machineTypeJson(type, this.imageUrl);
  }

  /** One picture; anything not in the library is 404. Public: the pictures hold no one's data. */
  image(request: MachineTypeImageRequest): MachineTypeImage {
    const image = this.images.get(key(request.id, request.state, request.side, request.size));
    if (image === undefined) {
      throw notFound();
    }
    return image;
  }

  /** The URL the list gives for a picture: its path and `?v=` its content hash, so a new drawing is a new URL. */
  readonly imageUrl = (id: number, state: MachineState, side: MachineSide, size: ImageSize): string => {
    const image = this.images.get(key(id, state, side, size));
    if (image === undefined) {
      throw new Error(`No picture ${key(id, state, side, size)}`);
    }
    return `${machineTypeImagePath(id, state, side, size)}?v=${image.hash}`;
  };
}
