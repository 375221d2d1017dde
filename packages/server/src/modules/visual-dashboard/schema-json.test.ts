import { describe, expect, it } from 'vitest';
import { DELETED_EDITOR, toSchemaJson } from './schema-json';
import type { SchemaWithEditor } from './schemas.repo';

const at = new Date('2026-11-28T07:00:00Z');
const schema: SchemaWithEditor = {
  id: 1,
  locationId: 3,
  name: 'Plant A',
  comment: null,
  isPublished: false,
  publishedAt: null,
  modifiedById: null,
  createdAt: at,
  updatedAt: at,
  editor: null,
};

describe('toSchemaJson', () => {
  it('names a deleted editor, lists each tab with its own bindings and the devices once, in order', () => {
    const json = toSchemaJson(
      schema,
      [
        { id: 10, schemaId: 1, name: 'Receiving' },
        { id: 11, schemaId: 1, name: 'Shipping' },
        { id: 20, schemaId: 2, name: 'Other schema' },
      ],
      [
        { schemaId: 1, tabId: 11, sensorId: 'B.speed.1', machineName: 'Belt 1', deviceId: 9 },
        { schemaId: 1, tabId: 10, sensorId: 'A.head.1', machineName: 'Leg 1', deviceId: 4 },
        { schemaId: 1, tabId: 10, sensorId: 'A.tail.1', machineName: 'Leg 1', deviceId: 4 },
        { schemaId: 2, tabId: 20, sensorId: 'C.head.1', machineName: 'Leg 9', deviceId: 7 },
      ],
    );
    expect(json.modified_by).toEqual(DELETED_EDITOR);
    expect(json.update_dt).toBe(at.getTime() / 1000);
    expect(json.device_ids).toEqual([4, 9]);
    expect(json.schema_tabs).toEqual([
      {
        id: 10,
        name: 'Receiving',
        sensors_ids: [{ 'A.head.1': { machine_name: 'Leg 1' } }, { 'A.tail.1': { machine_name: 'Leg 1' } }],
      },
      { id: 11, name: 'Shipping', sensors_ids: [{ 'B.speed.1': { machine_name: 'Belt 1' } }] },
    ]);
  });
});
