import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /dashboard/historical/snapshot/:timestamp (M section 2). */
export function SnapshotPage() {
  return (
    <PlaceholderPage
      title="Historical Snapshot"
      description="The dashboard as it was at the chosen historical record will appear here."
    />
  );
}
