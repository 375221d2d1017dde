import { GRAPH_MESSAGES } from '@vigil/contracts';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from '../graphs.module.css';

type GraphsHeadingProps = {
  title: string;
  /** Where 'Show All Graphs' leads; absent when all graphs are shown already. */
  showAllTo: string | null;
  children?: ReactNode;
};

/** '{device} - Live Graphs' (M section 2), 'Show All Graphs' on a sensor's route, and the page's own links. */
export function GraphsHeading({ title, showAllTo, children }: GraphsHeadingProps) {
  return (
    <div className={styles.toolbar}>
      <Typography.Title level={3} className="page-title" style={{ margin: 0 }} data-testid="graphs-title">
        {title}
      </Typography.Title>
      <div style={{ display: 'flex', gap: 16, alignItems: 'center', flexWrap: 'wrap' }}>
        {children}
        {showAllTo === null ? null : (
          <Link to={showAllTo} data-testid="graphs-show-all">
            {GRAPH_MESSAGES.showAll}
          </Link>
        )}
      </div>
    </div>
  );
}
