import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /settings/rss/edit. */
export function RssFeedEditPage() {
  return (
    <PlaceholderPage
      title="RSS Feeds"
      description="The list of RSS feed entries (title, description, URL) shown across the portal will be edited here."
    />
  );
}
