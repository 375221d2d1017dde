import type { Client, ClientOrdering } from '@vigil/contracts';
import { Button, type TableColumnsType } from 'antd';
import { ACTION_COLUMN, SECONDARY_COLUMN } from '../../../components/admin-table';

/**
 * Columns of A section 2 'Clients page'; COMPANY is the sortable one, ascending by default. E-mail and
 * address give way at tablet width; EDIT stays.
 */
export function clientColumns(
  ordering: ClientOrdering,
  onEdit: (client: Client) => void,
): TableColumnsType<Client> {
  return [
    { title: 'ACCOUNT', dataIndex: 'number', key: 'number' },
    { title: 'EMAIL ADDRESS', dataIndex: 'email', key: 'email', ...SECONDARY_COLUMN },
    { title: 'FULL NAME', dataIndex: 'full_name', key: 'full_name' },
    {
      title: 'COMPANY',
      dataIndex: 'company',
      key: 'company',
      sorter: true,
      sortDirections: ['ascend', 'descend', 'ascend'],
      sortOrder: ordering === '-company' ? 'descend' : 'ascend',
    },
    {
      title: 'ADDRESS',
      dataIndex: 'address',
      key: 'address',
      ...SECONDARY_COLUMN,
      // Addresses come from a six-row text area: keep their line breaks.
      render: (address: string) => <span style={{ whiteSpace: 'pre-line' }}>{address}</span>,
    },
    {
      title: 'PHONE NUMBER',
      dataIndex: 'phone',
      key: 'phone',
      render: (phone: string) => <span style={{ whiteSpace: 'nowrap' }}>{phone}</span>,
    },
    {
      title: 'EDIT',
      key: 'edit',
      ...ACTION_COLUMN,
      render: (_value, client) => (
        <Button
          size="small"
          aria-label={`Change ${client.company}`}
          data-testid={`change-client-${client.id}`}
          onClick={(event) => {
            // The row itself selects the client; the Change button must not.
            event.stopPropagation();
            onEdit(client);
          }}
        >
          Change
        </Button>
      ),
    },
  ];
}
