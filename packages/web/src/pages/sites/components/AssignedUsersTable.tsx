import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { ASSIGNED_USERS_PAGE_SIZE, type AssignedUser, PERMISSIONS, type Permission } from '@vigil/contracts';
import {
  Button,
  Checkbox,
  Flex,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { Link } from 'react-router';
import { ACTION_COLUMN, ADMIN_TABLE_SCROLL, SECONDARY_COLUMN } from '../../../components/admin-table';
import { useAssignedUsersTable } from '../useAssignedUsersTable';

type AssignedUsersTableProps = {
  clientId: number;
  siteId: number;
  /** Staff and accounts management may remove people. */
  canRemove: boolean;
  meId: number;
  onNotice: (text: string, type: 'success' | 'error') => void;
};

/** Assigned users of the client with their access to this site (A section 2 'Edit site'), 20 a page. */
export function AssignedUsersTable({ clientId, siteId, canRemove, meId, onNotice }: AssignedUsersTableProps) {
  const { users, changeMembership, remove, ...table } = useAssignedUsersTable({ clientId, siteId, onNotice });

  const columns: TableColumnsType<AssignedUser> = [
    { title: 'Name', dataIndex: 'full_name', key: 'name', render: (name: string) => name || '—' },
    { title: 'E-mail', dataIndex: 'email', key: 'email' },
    {
      title: 'Permission',
      key: 'permission',
      render: (_, user) => (
        <Select<Permission>
          size="small"
          value={user.location_membership?.permission ?? 'User'}
          options={PERMISSIONS.map((permission) => ({ value: permission, label: permission }))}
          onChange={(permission) => changeMembership.mutate({ user, permission })}
          disabled={user.id === meId || changeMembership.isPending}
          aria-label={`Permission of ${user.email}`}
          style={{ width: 120 }}
          data-testid={`user-permission-${user.id}`}
        />
      ),
    },
    {
      title: 'Access',
      key: 'access',
      render: (_, user) => (
        <Checkbox
          checked={user.location_membership?.has_access ?? false}
          onChange={(event) => changeMembership.mutate({ user, has_access: event.target.checked })}
          disabled={user.id === meId || changeMembership.isPending}
          aria-label={`Access of ${user.email}`}
          data-testid={`user-access-${user.id}`}
        />
      ),
    },
    {
      title: 'Status',
      key: 'status',
      ...SECONDARY_COLUMN,
      render: (_, user) =>
        user.registered ? <Tag color="green">activated</Tag> : <Tag color="orange">unactivated</Tag>,
    },
    {
      title: 'Edit',
      key: 'edit',
      ...ACTION_COLUMN,
      render: (_, user) => (
        <Space>
          <Link
            to={`/sites/edit/assign/user/${user.id}`}
            state={{ siteId }}
            aria-label={`Edit ${user.email}`}
            data-testid={`user-edit-${user.id}`}
          >
            <EditOutlined />
          </Link>
          {canRemove && user.id !== meId ? (
            <Popconfirm
              title="Remove user"
              description="Remove this user from the client?"
              okText="Remove"
              onConfirm={() => remove.mutate(user)}
            >
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={`Remove ${user.email}`}
                data-testid={`user-remove-${user.id}`}
              />
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="assigned-users">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 12 }}>
        <Space.Compact>
          <Input
            placeholder="Filter by name or email"
            aria-label="Filter by name or email"
            value={table.filterInput}
            onChange={(event) => table.setFilterInput(event.target.value)}
            style={{ width: 260 }}
            data-testid="users-filter"
          />
          <Button onClick={() => table.setFilterInput('')} data-testid="users-filter-reset">
            Reset
          </Button>
        </Space.Compact>
        <Button type="primary" onClick={table.openAddForm} data-testid="add-assigned-user">
          Add User +
        </Button>
      </Flex>
      <Table<AssignedUser>
        rowKey="id"
        columns={columns}
        dataSource={users.data?.results ?? []}
        loading={users.isFetching}
        pagination={{
          current: table.page,
          pageSize: ASSIGNED_USERS_PAGE_SIZE,
          total: users.data?.count ?? 0,
          showSizeChanger: false,
          onChange: table.changePage,
        }}
        scroll={ADMIN_TABLE_SCROLL}
        data-testid="assigned-users-table"
      />
    </div>
  );
}
