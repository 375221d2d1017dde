import { Card, Tabs } from 'antd';
import { Link } from 'react-router';
import { EventsTable } from '../live-view/EventsTable';
import { siteMaintenancePath, siteNotificationsPath } from '../live-view/notification-links';
import type { MachineDetailsPageState } from './useMachineDetailsPage';

/** Tabs 'Active Alarms' and 'Maintenance' of the machine, each with its 'View all' link (M section 2). */
export function MachineEventsCard({ page }: { page: MachineDetailsPageState }) {
  const panes = [
    {
      key: 'alarms',
      label: 'Active Alarms',
      events: page.notifications,
      emptyText: 'No active alarm on this machine.',
      viewAll: siteNotificationsPath(page.siteId),
    },
    {
      key: 'maintenance',
      label: 'Maintenance',
      events: page.maintenance,
      emptyText: 'No maintenance recorded on this machine.',
      viewAll: siteMaintenancePath(page.siteId),
    },
  ];
  const items = panes.map((pane) => ({
    key: pane.key,
    label: pane.label,
    children: (
      <>
        <EventsTable
          events={pane.events}
          timeZone={page.timeZone}
          emptyText={pane.emptyText}
          hasValue
          testId={`machine-${pane.key}`}
        />
        <Link to={pane.viewAll} data-testid={`machine-${pane.key}-view-all`}>
          View all
        </Link>
      </>
    ),
  }));
  return (
    <Card size="small" data-testid="machine-events">
      <Tabs items={items} />
    </Card>
  );
}
