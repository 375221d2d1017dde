import { useQuery } from '@tanstack/react-query';
import { NOTIFICATION_TYPE_LABELS, NOTIFICATION_TYPES, type NotificationType } from '@vigil/contracts';
import { Button, DatePicker, Flex, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { deviceQuery, devicesQuery } from '../../../api/devices';
import { sitesQuery } from '../../../api/sites';
import { zoneLabel } from '../../../time/site-time';
import { isDayDisabled, type NotificationFilters } from '../notification-filters';

const DAY = 'YYYY-MM-DD';
const TYPE_OPTIONS = NOTIFICATION_TYPES.map((type) => ({
  value: type,
  label: NOTIFICATION_TYPE_LABELS[type],
}));

type Props = {
  filters: NotificationFilters;
  /** The zone the picked days are read in (the current site's), labelled beside the picker. */
  timeZone: string;
  onChange: (changes: Partial<NotificationFilters>) => void;
  onClear: () => void;
};

/** Date range (30-day rule of M section 5), Site, Device (of the chosen site), Type and CLEAR FILTER. */
export function NotificationFilterForm({ filters, timeZone, onChange, onClear }: Props) {
  const [firstPick, setFirstPick] = useState<string | null>(null);
  const sites = useQuery(sitesQuery());
  // A device chosen by the route or a link names its site, so the Device select can list its neighbours.
  const chosenDevice = useQuery({
    ...deviceQuery(filters.deviceId ?? 0),
    enabled: filters.deviceId !== null && filters.siteId === null,
  });
  const siteId = filters.siteId ?? chosenDevice.data?.location ?? null;
  const devices = useQuery({
    ...devicesQuery(siteId ?? undefined),
    enabled: siteId !== null,
  });

  // The same value between renders: a new array makes the picker drop a half-picked range.
  const range = useMemo<[Dayjs | null, Dayjs | null]>(
    () => [
      filters.from === null ? null : dayjs(filters.from, DAY),
      filters.to === null ? null : dayjs(filters.to, DAY),
    ],
    [filters.from, filters.to],
  );

  return (
    <Flex gap={12} wrap align="center" className="notification-filters" data-testid="notification-filters">
      <DatePicker.RangePicker
        value={range}
        allowEmpty={[true, true]}
        format={DAY}
        placeholder={['Start date', 'End date']}
        aria-label="Date range"
        data-testid="notification-range"
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
      <Typography.Text type="secondary" data-testid="notification-range-zone">
        {`Days at the site (${zoneLabel(Date.now(), timeZone)})`}
      </Typography.Text>
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder="Site"
        aria-label="Site"
        data-testid="notification-site"
        style={{ minWidth: 180 }}
        loading={sites.isLoading}
        value={siteId ?? undefined}
        options={sites.data?.results.map((site) => ({ value: site.id, label: site.title })) ?? []}
        onChange={(value: number | undefined) => onChange({ siteId: value ?? null, deviceId: null })}
      />
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder="Device"
        aria-label="Device"
        data-testid="notification-device"
        style={{ minWidth: 180 }}
        disabled={siteId === null}
        loading={devices.isLoading && siteId !== null}
        value={filters.deviceId ?? undefined}
        options={devices.data?.map((device) => ({ value: device.id, label: device.title })) ?? []}
        onChange={(value: number | undefined) => onChange({ siteId, deviceId: value ?? null })}
      />
      <Select
        allowClear
        placeholder="Type"
        aria-label="Type"
        data-testid="notification-type-filter"
        style={{ minWidth: 190 }}
        value={filters.type ?? undefined}
        options={TYPE_OPTIONS}
        onChange={(value: NotificationType | undefined) => onChange({ type: value ?? null })}
      />
      <Button onClick={onClear} data-testid="notification-clear">
        CLEAR FILTER
      </Button>
    </Flex>
  );
}
