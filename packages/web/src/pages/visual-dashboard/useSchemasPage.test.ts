import type { VisualSchema } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { schemaCardOf } from './useSchemasPage';

const schema: VisualSchema = {
  id: 1,
  name: 'Plant A',
  comment: null,
  created_dt: 1_764_300_000,
  update_dt: 1_764_300_000,
  is_published: false,
  modified_by: { id: 2, first_name: 'Ada', last_name: 'Ray' },
  location: 3,
  device_ids: [4],
  schema_tabs: [
    {
      id: 10,
      name: 'Receiving',
      sensors_ids: [{ 'A.head.1': { machine_name: 'Leg 1' } }, { 'A.tail.1': { machine_name: 'Leg 1' } }],
    },
    { id: 11, name: 'Shipping', sensors_ids: [{ 'B.speed.1': { machine_name: 'Belt 1' } }] },
  ],
};

describe('schemaCardOf', () => {
  it('leads to the first tab and counts the sensors bound on every tab', () => {
    expect(schemaCardOf(schema)).toMatchObject({ firstTabId: 10, sensorCount: 3 });
  });

  it('has no tab to open for a schema without tabs', () => {
    expect(schemaCardOf({ ...schema, schema_tabs: [] })).toMatchObject({ firstTabId: null, sensorCount: 0 });
  });
});
