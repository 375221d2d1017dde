import { VISUAL_LIMITS } from '@vigil/contracts';
import { Button, Flex, Form, Input, InputNumber } from 'antd';

type EditorToolbarProps = {
  /** Shown for a new schema only: its name. */
  schemaName: string | null;
  tabName: string;
  width: number;
  height: number;
  isSaving: boolean;
  onSchemaName: (name: string) => void;
  onTabName: (name: string) => void;
  onWidth: (width: number) => void;
  onHeight: (height: number) => void;
  onCancel: () => void;
  onSave: () => void;
};

/** The editor's inputs (schema and tab names, the canvas's Height and Width) with CANCEL and SAVE. */
export function EditorToolbar(props: EditorToolbarProps) {
  const names = [
    ...(props.schemaName === null
      ? []
      : [
          {
            label: 'Schema name',
            value: props.schemaName,
            onChange: props.onSchemaName,
            testId: 'schema-name',
          },
        ]),
    {
      label: 'Tab name',
      value: props.tabName,
      onChange: props.onTabName,
      testId: 'tab-name',
      placeholder: 'e.g. Receiving',
    },
  ];
  const sides = [
    { label: 'Height', value: props.height, onChange: props.onHeight },
    { label: 'Width', value: props.width, onChange: props.onWidth },
  ];
  return (
    <Flex wrap gap={12} align="end" className="vd-editor-toolbar">
      <Form layout="vertical" component={false}>
        {names.map(({ label, value, onChange, testId, placeholder }) => (
          <Form.Item key={label} label={label} required style={{ margin: 0 }}>
            <Input
              value={value}
              maxLength={VISUAL_LIMITS.nameLength}
              placeholder={placeholder}
              onChange={(event) => onChange(event.target.value)}
              style={{ width: 210 }}
              data-testid={testId}
            />
          </Form.Item>
        ))}
        {sides.map(({ label, value, onChange }) => (
          <Form.Item key={label} label={label} style={{ margin: 0 }}>
            <InputNumber
              min={VISUAL_LIMITS.canvasMin}
              max={VISUAL_LIMITS.canvasMax}
              step={10}
              style={{ width: 110 }}
              value={value}
              onChange={(next) => (next === null ? undefined : onChange(next))}
              addonAfter="px"
              data-testid={`canvas-${label.toLowerCase()}`}
            />
          </Form.Item>
        ))}
      </Form>
      <Flex gap={8} style={{ marginLeft: 'auto' }}>
        <Button onClick={props.onCancel}>CANCEL</Button>
        <Button type="primary" loading={props.isSaving} onClick={props.onSave}>
          SAVE
        </Button>
      </Flex>
    </Flex>
  );
}
