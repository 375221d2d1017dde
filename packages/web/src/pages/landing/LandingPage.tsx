import { ArrowRightOutlined, SafetyOutlined } from '@ant-design/icons';
import { Button, Col, FloatButton, Layout, Row, Space, Typography } from 'antd';
import { useState } from 'react';
import { SiteFooter } from '../../components/SiteFooter';
import { usePageTitle } from '../../hooks/usePageTitle';
import { AuthPanel, type AuthTab } from './components/AuthPanel';
import { CatalogueSection } from './components/CatalogueSection';
import { FeatureBlocks } from './components/FeatureBlocks';
import { FeatureSections } from './components/FeatureSections';
import { LandingHeader } from './components/LandingHeader';
import { CATALOGUE_SECTION_ID, FEATURES, SAFETY_NOTICE, scrollToSection } from './features';

/** The visitor's page at '/' (A section 2 'Unauthenticated'). */
export function LandingPage() {
  usePageTitle('');
  const [isAuthOpen, setIsAuthOpen] = useState(true);
  const [activeTab, setActiveTab] = useState<AuthTab>('login');

  const handleToggleAuth = () => {
    if (!isAuthOpen) {
      setActiveTab('login');
      window.scrollTo({ top: 0, behavior: 'smooth' });
    }
    setIsAuthOpen(!isAuthOpen);
  };

  return (
    <Layout className="landing">
      <LandingHeader isAuthOpen={isAuthOpen} onToggleAuth={handleToggleAuth} />
      <main>
        <section className="landing-hero">
          <div className="landing-container">
            <Row gutter={[48, 32]} align="middle">
              <Col xs={24} lg={isAuthOpen ? 14 : 24}>
                <Typography.Text className="landing-eyebrow landing-eyebrow-light">
                  Hazard monitoring for bucket elevators and conveyors
                </Typography.Text>
                <Typography.Title className="landing-hero-title">
                  Every sensor on every site, in one place.
                </Typography.Title>
                <Typography.Paragraph className="landing-hero-text">
                  Vigil brings the temperature, belt alignment and belt speed readings of your hazard monitors
                  to any browser — live, logged and graphed — and e-mails the right people when a sensor
                  alarms.
                </Typography.Paragraph>
                <Space size="middle" wrap>
                  <Button type="primary" size="large" onClick={() => scrollToSection(FEATURES[0]?.id ?? '')}>
                    Learn more
                  </Button>
                  <Typography.Text className="landing-hero-note">
                    <SafetyOutlined /> A monitoring portal, not a safety system.
                  </Typography.Text>
                </Space>
              </Col>
              {isAuthOpen ? (
                <Col xs={24} lg={10}>
                  <AuthPanel activeTab={activeTab} onTabChange={setActiveTab} />
                </Col>
              ) : null}
            </Row>
          </div>
        </section>
        <section className="landing-section landing-blocks" aria-label="What Vigil offers">
          <div className="landing-container">
            <FeatureBlocks />
            <div className="landing-view-all">
              <Typography.Text type="secondary">
                Works with the F500, F500 UDF, WDC4 and ETH-NODE device families.
              </Typography.Text>
              <a href={`#${CATALOGUE_SECTION_ID}`} data-testid="view-all">
                VIEW ALL <ArrowRightOutlined />
              </a>
            </div>
          </div>
        </section>
        <FeatureSections />
        <CatalogueSection />
        <section className="landing-safety" aria-label="Safety notice">
          <div className="landing-container">
            <SafetyOutlined className="landing-safety-icon" />
            <Typography.Paragraph className="landing-safety-text">{SAFETY_NOTICE}</Typography.Paragraph>
          </div>
        </section>
      </main>
      <SiteFooter />
      <FloatButton.BackTop visibilityHeight={400} data-testid="back-to-top" />
    </Layout>
  );
}
