import { flatpageScopedCss } from '../flatpage-css';

type FlatpageViewProps = {
  /** HTML already sanitised by the server (get-flatpages/ or flatpages/preview/). */
  content: string;
  css: string;
};

/**
 * A static page's sanitised HTML with its own CSS, scoped by nesting it inside the wrapper class:
 * its rules reach only this page's content, never the portal around it.
 */
export function FlatpageView({ content, css }: FlatpageViewProps) {
  const scoped = flatpageScopedCss(css);
  return (
    <div className="flatpage" data-testid="flatpage-view">
      {scoped === '' ? null : <style>{scoped}</style>}
      {/* Sanitised on the server when written (sanitize-html: no scripts, handlers or javascript: URLs). */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: content is sanitised server-side */}
      <div className="flatpage-scope" dangerouslySetInnerHTML={{ __html: content }} />
    </div>
  );
}
