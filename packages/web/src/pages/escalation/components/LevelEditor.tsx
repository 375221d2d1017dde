import { DeleteOutlined } from '@ant-design/icons';
import { ESCALATION_MAX_MINUTES, ESCALATION_MAX_RECIPIENTS } from '@vigil/contracts';
import { Button, Card, Flex, InputNumber, Select, Typography } from 'antd';
import type { EscalationDraft } from '../escalation-draft';

type Level = EscalationDraft['levels'][number];

export type PeoplePicker = {
  options: Array<{ value: number; label: string }>;
  labelOf: (id: number) => string;
  isSearching: boolean;
  search: (text: string) => void;
  remember: (ids: readonly number[]) => void;
};

type Props = {
  index: number;
  level: Level;
  people: PeoplePicker;
  disabled: boolean;
  onChange: (change: Partial<Level>) => void;
  onRemove: () => void;
};

/** One level of the policy in the editor: its minutes, the people of the site and the other addresses. */
export function LevelEditor({ index, level, people, disabled, onChange, onRemove }: Props) {
  const n = index + 1;
  const chosen = level.user_ids.map((id) => ({ value: id, label: people.labelOf(id) }));
  const offered = people.options.filter((option) => !level.user_ids.includes(option.value));
  return (
    <Card
      size="small"
      title={`Level ${n}`}
      data-testid={`escalation-level-${n}`}
      extra={
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          onClick={onRemove}
          disabled={disabled}
          aria-label={`Remove level ${n}`}
          data-testid={`escalation-remove-level-${n}`}
        >
          REMOVE
        </Button>
      }
      style={{ marginBottom: 12 }}
    >
      <Flex vertical gap={10}>
        <label htmlFor={`escalation-minutes-${n}`}>
          Minutes after the alarm without acknowledgement{index === 0 ? ' (0 = at once)' : ''}
        </label>
        <InputNumber
          id={`escalation-minutes-${n}`}
          min={0}
          max={ESCALATION_MAX_MINUTES}
          precision={0}
          value={level.after_minutes}
          disabled={disabled}
          onChange={(value) => onChange({ after_minutes: typeof value === 'number' ? value : 0 })}
          style={{ width: 160 }}
          data-testid={`escalation-minutes-${n}`}
        />
        <label htmlFor={`escalation-people-${n}`}>People of the site</label>
        <Select<number[]>
          id={`escalation-people-${n}`}
          mode="multiple"
          showSearch
          filterOption={false}
          onSearch={people.search}
          loading={people.isSearching}
          value={level.user_ids}
          options={[...chosen, ...offered]}
          disabled={disabled}
          placeholder="Search people by name or e-mail"
          onChange={(ids) => {
            people.remember(ids);
            onChange({ user_ids: ids });
          }}
          data-testid={`escalation-people-${n}`}
        />
        <label htmlFor={`escalation-emails-${n}`}>Other e-mail addresses</label>
        <Select<string[]>
          id={`escalation-emails-${n}`}
          mode="tags"
          open={false}
          tokenSeparators={[',', ' ', ';']}
          value={level.emails}
          disabled={disabled}
          placeholder="Type an address and press Enter"
          onChange={(emails) => onChange({ emails })}
          data-testid={`escalation-emails-${n}`}
        />
        <Typography.Text type="secondary">
          {level.user_ids.length + level.emails.length} of {ESCALATION_MAX_RECIPIENTS} recipients
        </Typography.Text>
      </Flex>
    </Card>
  );
}
