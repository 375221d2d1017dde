import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /notifications and /notifications/all (M section 2 'Notifications'). */
export function NotificationsPage() {
  return (
    <PlaceholderPage
      title="Notifications"
      description="The active and historical alarm and warning log, with filters and export, will appear here."
    />
  );
}
