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
  const side = {
    min: VISUAL_LIMITS.canvasMin,
    max: VISUAL_LIMITS.canvasMax,
    step: 10,
    style: { width: 110 },
  };
  return (
    <Flex wrap gap={12} align="end" className="vd-editor-toolbar">
      <Form layout="vertical" component={false}>
        {props.schemaName === null ? null : (
          <Form.Item label="Schema name" required style={{ margin: 0 }}>
            <Input
              value={props.schemaName}
              maxLength={VISUAL_LIMITS.nameLength}
              placeholder="e.g. Receiving and storage"
              onChange={(event) => props.onSchemaName(event.target.value)}
              style={{ width: 220 }}
              data-testid="schema-name"
            />
          </Form.Item>
        )}
        <Form.Item label="Tab name" required style={{ margin: 0 }}>
          <Input
            value={props.tabName}
            maxLength={VISUAL_LIMITS.nameLength}
            placeholder="e.g. Receiving"
            onChange={(event) => props.onTabName(event.target.value)}
            style={{ width: 200 }}
            data-testid="tab-name"
          />
        </Form.Item>
        <Form.Item label="Height" style={{ margin: 0 }}>
          <InputNumber
            {...side}
            value={props.height}
            onChange={(value) => (value === null ? undefined : props.onHeight(value))}
            addonAfter="px"
            data-testid="canvas-height"
          />
        </Form.Item>
        <Form.Item label="Width" style={{ margin: 0 }}>
          <InputNumber
            {...side}
            value={props.width}
            onChange={(value) => (value === null ? undefined : props.onWidth(value))}
            addonAfter="px"
            data-testid="canvas-width"
          />
        </Form.Item>
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
