import type { VersionInfo } from '@vigil/contracts';
import styles from '../dashboard.module.css';
import { VERSIONS_NOT_AVAILABLE, versionEntriesOf } from '../dashboard-rules';

/** Firmware versions from the tree's device.versionInfo, or 'Version information not available'. */
export function VersionsPanel({ versionInfo }: { versionInfo: VersionInfo | null }) {
  const entries = versionEntriesOf(versionInfo);
  return (
    <section className={styles.group} data-testid="versions" aria-label="Versions">
      <h3 className={styles.groupTitle}>Versions</h3>
      {entries === null ? (
        <span className={styles.state}>{VERSIONS_NOT_AVAILABLE}</span>
      ) : (
        <dl className={styles.facts}>
          {entries.map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
