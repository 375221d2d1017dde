import type { MachineTypeJson, MachineTypeThumbs, Tab } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import type { EditorDiagram } from './editor-model';
import { nodeFromPalette } from './editor-model';
import { diagramFromTab, emptyDiagram } from './load-tab';
import { buildTabSave, copyNameOf, type SaveTarget, validateTabSave } from './save-payload';

const thumbs = (width: number, height: number): MachineTypeThumbs => ({
  large: '/l.svg',
  small: '/s.svg',
  large_width: width,
  large_height: height,
});
const typeOf = (id: number, width: number, height: number): MachineTypeJson => ({
  id,
  name: `Type ${id}`,
  left_side_img: '/l.svg',
  right_side_img: '/r.svg',
  anchor_points: [
    { id: id * 100 + 51, x_coord: 0, y_coord: 10 },
    { id: id * 100 + 52, x_coord: width, y_coord: 10 },
  ],
  sensor_points_left: [{ id: id * 100 + 1, label: 'Belt Speed', x_coord: 5, y_coord: 5 }],
  sensor_points_right: [{ id: id * 100 + 1, label: 'Belt Speed', x_coord: width - 5, y_coord: 5 }],
  left_side_img_thumbs: thumbs(width, height),
  right_side_img_thumbs: thumbs(width, height),
  ok_left_side_img_thumbs: thumbs(width, height),
  ok_right_side_img_thumbs: thumbs(width, height),
  warning_left_side_img_thumbs: thumbs(width, height),
  warning_right_side_img_thumbs: thumbs(width, height),
  alarm_left_side_img_thumbs: thumbs(width, height),
  alarm_right_side_img_thumbs: thumbs(width, height),
});
const types = new Map([
  [1, typeOf(1, 160, 320)],
  [2, typeOf(2, 320, 120)],
]);

const sensor = (id: string) => ({
  id,
  name: `Sensor ${id}`,
  group_name: 'Speed',
  device: { name: 'Leg unit' },
});

const tab: Tab = {
  id: 7,
  name: 'Receiving',
  schema: 3,
  height: 600,
  width: 970,
  zoom: 150,
  offset_x: -20,
  offset_y: 12.5,
  machines: [
    {
      id: 11,
      name: 'Leg 1',
      x_coord: 100,
      y_coord: 80,
      scale: 0.5,
      flip: false,
      type_of_machine: 1,
      sensors: [{ sensor_point: 101, sensor: sensor('U1.2.3') }],
      system_state_sensor: 'U1.2.3',
    },
    {
      id: 12,
      name: 'Belt 1',
      x_coord: 300,
      y_coord: 80,
      scale: 1,
      flip: true,
      type_of_machine: 2,
      sensors: [],
      system_state_sensor: null,
    },
  ],
  connectors: [
    {
      id: 1,
      start_machine: 11,
      start_anchor_point: 152,
      end_machine: 12,
      end_anchor_point: 251,
      additional_points: [{ x_coord: 200, y_coord: 90 }],
    },
    {
      id: 2,
      start_machine: 12,
      start_anchor_point: 252,
      end_machine: null,
      end_anchor_point: null,
      additional_points: [],
    },
  ],
  shapes: [{ shape: 'line', width: 78, height: 3, offsetLeft: 10, offsetTop: 20, rotateAngle: 45 }],
  text_elements: [{ value: 'Pit', fontSize: 18, offsetLeft: 5, offsetTop: 6 }],
};

const patch: SaveTarget = { siteId: 1, tabId: 7, schemaId: 3, schemaName: null, isCopy: false };

describe('the save payload (M section 3 "Save payload")', () => {
  it('keeps every machine, binding, connector, shape and label of a loaded tab', () => {
    const save = buildTabSave(diagramFromTab(tab, types), patch);
    expect(validateTabSave(save)).toEqual([]);
    expect(save).toMatchObject({ id: 7, name: 'Receiving', location: 1, schema: 3, width: 970, height: 600 });
    expect(save.zoom).toBe(150);
    expect([save.offset_x, save.offset_y]).toEqual([-20, 12.5]);
    expect(save.machines).toEqual([
      {
        id: 11,
        frontend_id: 'm-11',
        name: 'Leg 1',
        x_coord: 100,
        y_coord: 80,
        scale: 0.5,
        flip: false,
        type_of_machine: 1,
        sensors: [{ sensor_point: 101, sensor: 'U1.2.3' }],
        system_state_sensor: 'U1.2.3',
      },
      expect.objectContaining({ id: 12, flip: true, scale: 1, sensors: [], system_state_sensor: null }),
    ]);
    expect(save.connectors).toEqual([
      {
        start_machine: 11,
        start_m_fe_id: null,
        start_anchor_point: 152,
        end_machine: 12,
        end_m_fe_id: null,
        end_anchor_point: 251,
        additional_points: [{ x_coord: 200, y_coord: 90 }],
      },
      expect.objectContaining({ start_machine: 12, start_anchor_point: 252, end_machine: null }),
    ]);
    expect(save.shapes).toEqual(tab.shapes);
    expect(save.text_elements).toEqual(tab.text_elements);
  });

  it('names new machines by frontend_id, in machines and in connectors', () => {
    const diagram: EditorDiagram = { ...emptyDiagram(), tabName: ' Pit ' };
    const leg = nodeFromPalette({ kind: 'machine', typeId: 1 }, { x: 10, y: 20 }, types);
    const belt = nodeFromPalette({ kind: 'machine', typeId: 2 }, { x: 200, y: 20 }, types);
    if (leg === null || belt === null) {
      throw new Error('palette');
    }
    diagram.nodes = [leg, belt];
    diagram.edges = [
      {
        id: 'e',
        type: 'connector',
        source: leg.id,
        sourceHandle: '152',
        target: belt.id,
        targetHandle: '251',
      },
    ];
    const save = buildTabSave(diagram, { ...patch, tabId: null, schemaId: null, schemaName: 'Plant' });
    expect(save).toMatchObject({ name: 'Pit', schema: null, schema_name: 'Plant', zoom: 100 });
    expect(save.id).toBeUndefined();
    expect(save.machines.map((machine) => [machine.id, machine.frontend_id])).toEqual([
      [undefined, leg.id],
      [undefined, belt.id],
    ]);
    expect(save.connectors[0]).toMatchObject({
      start_m_fe_id: leg.id,
      end_m_fe_id: belt.id,
      start_machine: null,
    });
    expect(validateTabSave(save)).toEqual([]);
  });

  it('sends every machine as new when saving into the copy of a published schema', () => {
    const save = buildTabSave(diagramFromTab(tab, types), {
      ...patch,
      tabId: 70,
      schemaId: 30,
      isCopy: true,
    });
    expect(save.machines.every((machine) => machine.id === undefined)).toBe(true);
    expect(save.connectors[0]).toMatchObject({
      start_m_fe_id: 'm-11',
      end_m_fe_id: 'm-12',
      start_machine: null,
    });
    expect(save.connectors[1]).toMatchObject({ start_m_fe_id: 'm-12', end_m_fe_id: null });
  });

  it("names the copy of a published schema '{name} (copy)', within the name limit", () => {
    expect(copyNameOf('Plant')).toBe('Plant (copy)');
    expect(copyNameOf('x'.repeat(100))).toHaveLength(100);
    expect(copyNameOf('x'.repeat(100)).endsWith(' (copy)')).toBe(true);
  });

  it('clamps the viewport zoom to the limits (10..400)', () => {
    const diagram = { ...diagramFromTab(tab, types), viewport: { x: 0, y: 0, zoom: 9 } };
    expect(buildTabSave(diagram, patch).zoom).toBe(400);
  });

  it('refuses a save without names or with a canvas out of bounds, saying what to fix', () => {
    const save = buildTabSave({ ...emptyDiagram(), width: 50 }, { ...patch, tabId: null, schemaId: null });
    expect(validateTabSave(save)).toEqual([
      'Give the schema a name.',
      'Give the tab a name.',
      'Width must be between 100 and 20000 px.',
    ]);
  });
});
