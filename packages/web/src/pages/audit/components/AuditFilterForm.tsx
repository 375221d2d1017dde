import {
  AUDIT_KIND_LABELS,
  AUDIT_KINDS,
  type AuditKind,
  type AuditPerson,
  type Site,
} from '@vigil/contracts';
import { Button, DatePicker, Flex, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { zoneLabel } from '../../../time/site-time';
import { isDayDisabled } from '../../notifications/notification-filters';
import type { AuditFilters } from '../audit-filters';

const DAY = 'YYYY-MM-DD';
const KIND_OPTIONS = AUDIT_KINDS.map((kind) => ({ value: kind, label: AUDIT_KIND_LABELS[kind] }));

type Props = {
  filters: AuditFilters;
  timeZone: string;
  sites: readonly Pick<Site, 'id' | 'title'>[];
  people: readonly AuditPerson[];
  onChange: (changes: Partial<AuditFilters>) => void;
  onClear: () => void;
};

/** Date range (30 days at most, as the notifications log), Site, Person, Kind and CLEAR FILTER. */
export function AuditFilterForm({ filters, timeZone, sites, people, onChange, onClear }: Props) {
  const [firstPick, setFirstPick] = useState<string | null>(null);
  const range = useMemo<[Dayjs | null, Dayjs | null]>(
    () => [
      filters.from === null ? null : dayjs(filters.from, DAY),
      filters.to === null ? null : dayjs(filters.to, DAY),
    ],
    [filters.from, filters.to],
  );
  return (
    <Flex gap={12} wrap align="center" data-testid="audit-filters">
      <DatePicker.RangePicker
        value={range}
        allowEmpty={[true, true]}
        format={DAY}
        placeholder={['Start date', 'End date']}
        aria-label="Date range"
        data-testid="audit-range"
        disabledDate={(day, info) => {
          const bound = info?.from === undefined ? firstPick : info.from.format(DAY);
          return isDayDisabled(day.format(DAY), bound);
        }}
        onCalendarChange={(dates) => {
          const picked = dates?.find((date) => date !== null) ?? null;
          setFirstPick(picked === null ? null : picked.format(DAY));
        }}
        onOpenChange={(isOpen) => (isOpen ? undefined : setFirstPick(null))}
        onChange={(dates) =>
          onChange({ from: dates?.[0]?.format(DAY) ?? null, to: dates?.[1]?.format(DAY) ?? null })
        }
      />
      <Typography.Text type="secondary" data-testid="audit-range-zone">
        {`Days in ${zoneLabel(Date.now(), timeZone)}`}
      </Typography.Text>
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder="Site"
        aria-label="Site"
        data-testid="audit-site"
        style={{ minWidth: 180 }}
        value={filters.siteId ?? undefined}
        options={sites.map((site) => ({ value: site.id, label: site.title }))}
        onChange={(value: number | undefined) => onChange({ siteId: value ?? null })}
      />
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder="Person"
        aria-label="Person"
        data-testid="audit-person"
        style={{ minWidth: 200 }}
        value={filters.personId ?? undefined}
        options={people.map((person) => ({ value: person.id, label: `${person.name} (${person.email})` }))}
        onChange={(value: number | undefined) => onChange({ personId: value ?? null })}
      />
      <Select
        allowClear
        placeholder="Kind"
        aria-label="Kind"
        data-testid="audit-kind-filter"
        style={{ minWidth: 200 }}
        value={filters.kind ?? undefined}
        options={KIND_OPTIONS}
        onChange={(value: AuditKind | undefined) => onChange({ kind: value ?? null })}
      />
      <Button onClick={onClear} data-testid="audit-clear">
        CLEAR FILTER
      </Button>
    </Flex>
  );
}
