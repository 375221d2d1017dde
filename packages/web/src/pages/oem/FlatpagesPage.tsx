import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /flatpages/. */
export function FlatpagesPage() {
  return (
    <PlaceholderPage title="Static Pages" description="The static pages and their CSS will be edited here." />
  );
}
