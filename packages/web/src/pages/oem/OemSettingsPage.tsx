import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /oem/setting (A section 2 'OEM settings'). */
export function OemSettingsPage() {
  return (
    <PlaceholderPage
      title="OEM Setting"
      description="The hub for RSS feeds, support contacts, static pages and custom styling will appear here."
    />
  );
}
