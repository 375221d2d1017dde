import { Card, Tabs } from 'antd';
import { Link } from 'react-router';
import { EventsTable } from '../live-view/EventsTable';
import { siteMaintenancePath, siteNotificationsPath } from '../live-view/notification-links';
import type { MachineDetailsPageState } from './useMachineDetailsPage';

/** Tabs 'Active Alarms' and 'Maintenance' of the machine, each with its 'View all' link (M section 2). */
export function MachineEventsCard({ page }: { page: MachineDetailsPageState }) {
  const items = [
    {
      key: 'alarms',
      label: 'Active Alarms',
      children: (
        <>
          <EventsTable
            events={page.notifications}
            timeZone={page.timeZone}
            emptyText="No active alarm on this machine."
            hasValue
            testId="machine-alarms"
          />
          <Link to={siteNotificationsPath(page.siteId)} data-testid="machine-alarms-view-all">
            View all
          </Link>
        </>
      ),
    },
    {
      key: 'maintenance',
      label: 'Maintenance',
      children: (
        <>
          <EventsTable
            events={page.maintenance}
            timeZone={page.timeZone}
            emptyText="No maintenance recorded on this machine."
            hasValue
            testId="machine-maintenance"
          />
          <Link to={siteMaintenancePath(page.siteId)} data-testid="machine-maintenance-view-all">
            View all
          </Link>
        </>
      ),
    },
  ];
  return (
    <Card size="small" data-testid="machine-events">
      <Tabs items={items} />
    </Card>
  );
}
