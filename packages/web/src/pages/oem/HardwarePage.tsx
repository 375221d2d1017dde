import { DeleteOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEVICE_MESSAGES,
  DEVICE_TYPE_LABELS,
  DEVICE_TYPES,
  type DeviceType,
  type HardwareUnit,
  type HardwareUnitCreate,
  UDF_ID_MAX_LENGTH,
} from '@vigil/contracts';
import { App, Button, Card, Flex, Form, Input, Select, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { ApiError, errorMessageOf } from '../../api/api-error';
import { createHardwareUnit, deleteHardwareUnit, listHardwareUnits } from '../../api/hardware';
import { usePageTitle } from '../../hooks/usePageTitle';
import { NoticeAlert, useNotice } from '../sites/components/Notice';
import { useDebouncedValue } from './useDebouncedValue';
import './oem.css';
import { ACTION_COLUMN, ADMIN_TABLE_SCROLL, SECONDARY_COLUMN } from '../../components/admin-table';

const PAGE_SIZE = 20;
const HARDWARE_QUERY_KEY = ['hardware'] as const;
const TYPE_OPTIONS = DEVICE_TYPES.map((type) => ({ value: type, label: DEVICE_TYPE_LABELS[type] }));
const UNIT_FIELDS = ['serial_number', 'code', 'device_type', 'udf_id'] as const;

/** /oem/hardware: the hardware units provisioned for devices (super user and OEM). */
export function HardwarePage() {
  usePageTitle('Hardware Units');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 300);
  const { notice, show } = useNotice();
  const units = useQuery({
    queryKey: [...HARDWARE_QUERY_KEY, { page, search: debounced }],
    queryFn: ({ signal }) =>
      listHardwareUnits(
        { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, search: debounced || undefined },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
  const remove = useRemoveUnit(
    () => show(DEVICE_MESSAGES.hardwareRemoved),
    (error) => show(errorMessageOf(error, DEVICE_MESSAGES.failed), 'error'),
  );

  return (
    <div className="page">
      <Typography.Title level={3} className="page-title">
        Hardware Units
      </Typography.Title>
      <NoticeAlert notice={notice} />
      <AddUnitCard onAdded={() => show(DEVICE_MESSAGES.hardwareAdded)} />
      <Card>
        <Flex justify="flex-end" style={{ marginBottom: 12 }}>
          <Input.Search
            placeholder="search"
            allowClear
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
            style={{ maxWidth: 280 }}
            data-testid="hardware-search"
          />
        </Flex>
        <Table<HardwareUnit>
          rowKey="id"
          columns={unitColumns((unit) => remove.mutate(unit))}
          dataSource={units.data?.results ?? []}
          loading={units.isFetching}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: units.data?.count ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
          scroll={ADMIN_TABLE_SCROLL}
          data-testid="hardware-table"
        />
      </Card>
    </div>
  );
}

function unitColumns(onRemove: (unit: HardwareUnit) => void): TableColumnsType<HardwareUnit> {
  return [
    { title: 'SERIAL NUMBER', dataIndex: 'serial_number', key: 'serial_number' },
    { title: 'CODE', dataIndex: 'code', key: 'code', ...SECONDARY_COLUMN },
    {
      title: 'TYPE',
      dataIndex: 'device_type',
      key: 'device_type',
      render: (type: DeviceType) => DEVICE_TYPE_LABELS[type],
    },
    { title: 'UDF ID', dataIndex: 'udf_id', key: 'udf_id' },
    {
      title: 'IN USE',
      dataIndex: 'device',
      key: 'device',
      render: (device: number | null) => (device === null ? 'No' : `Device ${device}`),
    },
    {
      title: 'REMOVE',
      key: 'remove',
      ...ACTION_COLUMN,
      render: (_: unknown, unit: HardwareUnit) => (
        <Button
          icon={<DeleteOutlined />}
          disabled={unit.device !== null}
          onClick={() => onRemove(unit)}
          aria-label={`Remove ${unit.serial_number}`}
        />
      ),
    },
  ];
}

function useRemoveUnit(onRemoved: () => void, onError: (error: Error) => void) {
  const queryClient = useQueryClient();
  const { modal } = App.useApp();
  const mutation = useMutation({
    mutationFn: (unit: HardwareUnit) => deleteHardwareUnit(unit.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: HARDWARE_QUERY_KEY });
      onRemoved();
    },
    onError,
  });
  return {
    mutate: (unit: HardwareUnit) =>
      modal.confirm({
        title: 'Deletion',
        content: `Please confirm you want to remove the hardware unit ${unit.serial_number}`,
        okText: 'Confirm',
        okButtonProps: { danger: true },
        onOk: () => mutation.mutateAsync(unit).catch(() => undefined),
      }),
  };
}

function AddUnitCard({ onAdded }: { onAdded: () => void }) {
  const [form] = Form.useForm<HardwareUnitCreate>();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: createHardwareUnit,
    onSuccess: async () => {
      form.resetFields();
      setError(null);
      await queryClient.invalidateQueries({ queryKey: HARDWARE_QUERY_KEY });
      onAdded();
    },
    onError: (failure) => {
      const fields =
        failure instanceof ApiError
          ? UNIT_FIELDS.filter((name) => failure.fields[name] !== undefined).map((name) => ({
              name,
              errors: failure.fields[name] ?? [],
            }))
          : [];
      form.setFields(fields);
      setError(fields.length > 0 ? null : errorMessageOf(failure, DEVICE_MESSAGES.failed));
    },
  });
  return (
    <Card title="Add a hardware unit" style={{ marginBottom: 16 }}>
      {error === null ? null : <Typography.Text type="danger">{error}</Typography.Text>}
      <Form<HardwareUnitCreate>
        form={form}
        layout="inline"
        // At tablet width the inline fields wrap; keep the wrapped row apart from the first.
        style={{ rowGap: 12 }}
        onFinish={(values) => add.mutate(values)}
      >
        <Form.Item
          name="serial_number"
          rules={[{ required: true, whitespace: true, message: DEVICE_MESSAGES.serialRequired }]}
        >
          <Input placeholder="Serial number" data-testid="hardware-serial" />
        </Form.Item>
        <Form.Item
          name="code"
          rules={[{ required: true, whitespace: true, message: DEVICE_MESSAGES.codeRequired }]}
        >
          <Input placeholder="Code" data-testid="hardware-code" />
        </Form.Item>
        <Form.Item name="device_type" rules={[{ required: true, message: DEVICE_MESSAGES.typeRequired }]}>
          <Select
            placeholder="Type"
            options={TYPE_OPTIONS}
            style={{ minWidth: 140 }}
            data-testid="hardware-type"
          />
        </Form.Item>
        <Form.Item
          name="udf_id"
          rules={[
            { required: true, whitespace: true, message: DEVICE_MESSAGES.udfIdRequired },
            { max: UDF_ID_MAX_LENGTH, message: DEVICE_MESSAGES.udfIdTooLong },
          ]}
        >
          <Input placeholder="UDF ID" data-testid="hardware-udf-id" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={add.isPending} data-testid="hardware-add">
            ADD
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
