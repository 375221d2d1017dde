import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { usePageTitle } from '../hooks/usePageTitle';

type PlaceholderPageProps = {
  title: string;
  /** One sentence on what this screen will hold. */
  description: ReactNode;
};

/** The frame of a screen whose content lands in a later step: its title and what will come there. */
export function PlaceholderPage({ title, description }: PlaceholderPageProps) {
  usePageTitle(title);
  return (
    <div className="page">
      <Typography.Title level={3} className="page-title">
        {title}
      </Typography.Title>
      <Card>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {description}
        </Typography.Paragraph>
      </Card>
    </div>
  );
}
