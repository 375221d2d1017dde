import { ArrowRightOutlined, SafetyOutlined } from '@ant-design/icons';
import { Button, Col, Layout, Row, Space } from 'antd';
import { useState } from 'react';
import { SiteFooter } from '../../components/SiteFooter';
import { usePageTitle } from '../../hooks/usePageTitle';
import { AuthPanel, type AuthTab } from './components/AuthPanel';
import { BackToTop } from './components/BackToTop';
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
                <span className="landing-eyebrow landing-eyebrow-light">
                  Hazard monitoring for bucket elevators and conveyors
                </span>
                <h1 className="landing-title landing-hero-title">
                  Every sensor on every site, in one place.
                </h1>
                <p className="landing-text landing-hero-text">
                  Vigil brings the temperature, belt alignment and belt speed readings of your hazard monitors
                  to any browser — live, logged and graphed — and e-mails the right people when a sensor
                  alarms.
                </p>
                <Space size="middle" wrap>
                  <Button type="primary" size="large" onClick={() => scrollToSection(FEATURES[0]?.id ?? '')}>
                    Learn more
                  </Button>
                  <span className="landing-text landing-hero-note">
                    <SafetyOutlined /> A monitoring portal, not a safety system.
                  </span>
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
              <span className="landing-text landing-text-secondary">
                Works with the F500, F500 UDF, WDC4 and ETH-NODE device families.
              </span>
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
            <p className="landing-text landing-safety-text">{SAFETY_NOTICE}</p>
          </div>
        </section>
      </main>
      <SiteFooter />
      <BackToTop />
    </Layout>
  );
}
