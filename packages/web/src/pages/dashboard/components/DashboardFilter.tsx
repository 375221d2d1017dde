import { Checkbox, Select } from 'antd';
import { DASHBOARD_MESSAGES } from '../dashboard-messages';
import { NODE_FILTER_LABELS, NODE_FILTERS, type NodeFilter } from '../dashboard-rules';

/** F500 family: a select of Active, Alarmed and All Nodes; others: 'Hide disabled sensors' (M section 2). */
export function DashboardFilter({
  isF500,
  value,
  onChange,
}: {
  isF500: boolean;
  value: NodeFilter;
  onChange: (filter: NodeFilter) => void;
}) {
  if (isF500) {
    return (
      <Select
        value={value}
        onChange={onChange}
        style={{ width: 170 }}
        aria-label="Node filter"
        data-testid="node-filter"
        options={NODE_FILTERS.map((filter) => ({ value: filter, label: NODE_FILTER_LABELS[filter] }))}
      />
    );
  }
  return (
    <Checkbox
      checked={value !== 'all'}
      onChange={(event) => onChange(event.target.checked ? 'active' : 'all')}
      data-testid="hide-disabled"
    >
      {DASHBOARD_MESSAGES.hideDisabled}
    </Checkbox>
  );
}
