import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { ruleDeviceChoicesQuery } from '../../../api/alert-rules';

export type RuleDeviceOption = { id: number; title: string };

type RuleDevicesSelectProps = {
  /** Devices the rule already names, so their titles show before any search. */
  knownDevices: RuleDeviceOption[];
  disabled: boolean;
  value?: string[];
  onChange?: (value: string[]) => void;
};

/** Multi-select of the devices the person may see (devices/all/), searched on the server as they type. */
export function RuleDevicesSelect({ knownDevices, disabled, value, onChange }: RuleDevicesSelectProps) {
  const [search, setSearch] = useState('');
  const choices = useQuery({ ...ruleDeviceChoicesQuery(search), placeholderData: keepPreviousData });
  const options = useMemo(() => {
    const byId = new Map<string, string>();
    for (const device of knownDevices) {
      byId.set(String(device.id), device.title);
    }
    for (const device of choices.data?.results ?? []) {
      byId.set(String(device.id), device.title);
    }
    return [...byId].map(([id, title]) => ({ value: id, label: title }));
  }, [knownDevices, choices.data]);

  return (
    <Select
      mode="multiple"
      aria-label="Devices"
      data-testid="alert-rule-devices"
      placeholder={disabled ? 'All Devices' : 'Select devices'}
      disabled={disabled}
      value={disabled ? [] : value}
      onChange={onChange}
      options={options}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      onBlur={() => setSearch('')}
      loading={choices.isFetching}
      notFoundContent={choices.isFetching ? 'Loading…' : 'No devices'}
      style={{ width: '100%' }}
    />
  );
}
