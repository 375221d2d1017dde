import { describe, expect, it } from 'vitest';
import {
  SchemaPublishSchema,
  TabSaveSchema,
  TabSchema,
  VISUAL_LIMITS,
  VisualSchemaSchema,
} from './visual-dashboard';

/** A save as the earlier client sends it: a new schema, two new machines joined by a connector. */
const save = {
  name: 'Receiving',
  location: 3,
  schema: null,
  schema_name: 'Plant A',
  height: 600,
  width: 970,
  zoom: 100,
  offset_x: 0,
  offset_y: 0,
  machines: [
    {
      frontend_id: 'fe-1',
      name: 'Leg 1',
      x_coord: 120,
      y_coord: 80,
      scale: 1,
      flip: false,
      type_of_machine: 1,
      sensors: [{ sensor_point: 101, sensor: 'BD000001.head.1' }],
      system_state_sensor: null,
    },
    {
      frontend_id: 'fe-2',
      name: 'Belt 1',
      x_coord: 400,
      y_coord: 300,
      scale: 1.5,
      flip: true,
      type_of_machine: 2,
      sensors: [],
    },
  ],
  connectors: [
    {
      start_m_fe_id: 'fe-1',
      start_anchor_point: 152,
      end_m_fe_id: 'fe-2',
      end_anchor_point: 251,
      additional_points: [{ x_coord: 200, y_coord: 80 }],
    },
  ],
  shapes: [{ shape: 'line', width: 78, height: 3, offsetLeft: 10, offsetTop: 10, rotateAngle: 0 }],
  text_elements: [{ value: 'Text', fontSize: 14, offsetLeft: 5, offsetTop: 5 }],
};

describe('visual dashboard payloads', () => {
  it('accepts the save of a new schema with machines named by frontend_id', () => {
    expect(TabSaveSchema.safeParse(save).success).toBe(true);
  });

  it('asks for schema_name when the save creates a schema', () => {
    const result = TabSaveSchema.safeParse({ ...save, schema_name: ' ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['schema_name']);
  });

  it('refuses more machines than a tab holds and a canvas beyond its limit', () => {
    const machines = Array.from({ length: VISUAL_LIMITS.machinesPerTab + 1 }, (_, at) => ({
      ...save.machines[1],
      frontend_id: `fe-${at}`,
    }));
    expect(TabSaveSchema.safeParse({ ...save, machines }).success).toBe(false);
    expect(TabSaveSchema.safeParse({ ...save, width: VISUAL_LIMITS.canvasMax + 1 }).success).toBe(false);
  });

  it('takes a connector with as many bends as the limit and refuses one more (the editor stops at the same limit)', () => {
    const withBends = (count: number) => ({
      ...save,
      connectors: [
        {
          ...save.connectors[0],
          additional_points: Array.from({ length: count }, (_, at) => ({ x_coord: at, y_coord: 80 })),
        },
      ],
    });
    expect(TabSaveSchema.safeParse(withBends(VISUAL_LIMITS.pointsPerConnector)).success).toBe(true);
    const refused = TabSaveSchema.safeParse(withBends(VISUAL_LIMITS.pointsPerConnector + 1));
    expect(refused.error?.issues[0]?.path).toEqual(['connectors', 0, 'additional_points']);
  });

  it('requires a publish comment', () => {
    expect(SchemaPublishSchema.safeParse({ comment: '' }).success).toBe(false);
    expect(SchemaPublishSchema.safeParse({ comment: 'First version' }).success).toBe(true);
  });

  it('reads a schema and a tab as the wire shapes them', () => {
    expect(
      VisualSchemaSchema.safeParse({
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
          { id: 5, name: 'Receiving', sensors_ids: [{ 'BD000001.head.1': { machine_name: 'Leg 1' } }] },
        ],
      }).success,
    ).toBe(true);
    const tab = {
      id: 5,
      name: 'Receiving',
      schema: 1,
      height: 600,
      width: 970,
      zoom: 100,
      offset_x: 0,
      offset_y: 0,
      machines: [
        {
          id: 7,
          name: 'Leg 1',
          x_coord: 120,
          y_coord: 80,
          scale: 1,
          flip: false,
          type_of_machine: 1,
          sensors: [
            {
              sensor_point: 101,
              sensor: {
                id: 'BD000001.head.1',
                name: 'Head',
                group_name: 'Alignment:Head',
                device: { name: 'Leg' },
              },
            },
          ],
          system_state_sensor: null,
        },
      ],
      connectors: [],
      shapes: [],
      text_elements: [],
    };
    expect(TabSchema.safeParse(tab).success).toBe(true);
  });
});
