import { DeleteOutlined } from '@ant-design/icons';
import {
  DEVICE_MESSAGES,
  DEVICE_TYPE_LABELS,
  DEVICE_TYPES,
  type DeviceType,
  type HardwareUnit,
  type HardwareUnitCreate,
  UDF_ID_MAX_LENGTH,
} from '@vigil/contracts';
import { Button, Card, Flex, Form, Input, Select, Table, type TableColumnsType, Typography } from 'antd';
import { HARDWARE_PAGE_SIZE } from '../../api/hardware';
import { NoticeAlert } from '../../components/NoticeAlert';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useAddHardwareUnit, useHardwarePage } from './useHardwarePage';
import './oem.css';
import { ACTION_COLUMN, ADMIN_TABLE_SCROLL, SECONDARY_COLUMN } from '../../components/admin-table';

const TYPE_OPTIONS = DEVICE_TYPES.map((type) => ({ value: type, label: DEVICE_TYPE_LABELS[type] }));

/** /oem/hardware: the hardware units provisioned for devices (super user and OEM). */
export function HardwarePage() {
  usePageTitle('Hardware Units');
  const { units, ...page } = useHardwarePage();

  return (
    <div className="page">
      <Typography.Title level={3} className="page-title">
        Hardware Units
      </Typography.Title>
      <NoticeAlert notice={page.notice} testId="sites-alert" />
      <AddUnitCard onAdded={page.handleAdded} />
      <Card>
        <Flex justify="flex-end" style={{ marginBottom: 12 }}>
          <Input.Search
            placeholder="search"
            allowClear
            value={page.search}
            onChange={(event) => page.changeSearch(event.target.value)}
            style={{ maxWidth: 280 }}
            data-testid="hardware-search"
          />
        </Flex>
        <Table<HardwareUnit>
          rowKey="id"
          columns={unitColumns(page.confirmRemove)}
          dataSource={units.data?.results ?? []}
          loading={units.isFetching}
          pagination={{
            current: page.page,
            pageSize: HARDWARE_PAGE_SIZE,
            total: units.data?.count ?? 0,
            showSizeChanger: false,
            onChange: page.setPage,
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

function AddUnitCard({ onAdded }: { onAdded: () => void }) {
  const { form, add, error } = useAddHardwareUnit(onAdded);
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
