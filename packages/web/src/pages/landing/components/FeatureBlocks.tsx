import {
  AlertOutlined,
  BarChartOutlined,
  DashboardOutlined,
  DollarOutlined,
  LineChartOutlined,
  MailOutlined,
} from '@ant-design/icons';
import { Col, Row } from 'antd';
import type { ReactNode } from 'react';
import { FEATURES, scrollToSection } from '../features';

const FEATURE_ICONS: Record<string, ReactNode> = {
  'real-time-data-access': <DashboardOutlined />,
  'data-trending': <LineChartOutlined />,
  'alarm-and-notifications-log': <AlertOutlined />,
  'e-mail-notifications': <MailOutlined />,
  'full-data-analytics': <BarChartOutlined />,
  'low-cost': <DollarOutlined />,
};

/** The six information blocks; each scrolls to its section further down (A section 2). */
export function FeatureBlocks() {
  return (
    <Row gutter={[20, 20]}>
      {FEATURES.map((feature) => (
        <Col key={feature.id} xs={24} sm={12} lg={8}>
          {/* biome-ignore lint/a11y/useSemanticElements: a button element may not hold the block's heading */}
          <div
            className="landing-card landing-card-hoverable feature-block"
            role="button"
            tabIndex={0}
            data-testid={`feature-${feature.id}`}
            onClick={() => scrollToSection(feature.id)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') {
                event.preventDefault();
                scrollToSection(feature.id);
              }
            }}
          >
            <span className="feature-block-icon" aria-hidden="true">
              {FEATURE_ICONS[feature.id]}
            </span>
            <h4 className="landing-title feature-block-title">{feature.title}</h4>
            <p className="landing-text landing-text-secondary feature-block-summary">{feature.summary}</p>
          </div>
        </Col>
      ))}
    </Row>
  );
}
