import { VerticalAlignTopOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState } from 'react';

// The height antd's FloatButton.BackTop used on this page before it became our own.
const VISIBILITY_HEIGHT_PX = 400;

/** The landing page's back-to-top button (A section 2): shows once the page is scrolled down. */
export function BackToTop() {
  const [isVisible, setIsVisible] = useState(false);

  useEffect(() => {
    const handleScroll = () => setIsVisible(window.scrollY > VISIBILITY_HEIGHT_PX);
    handleScroll();
    window.addEventListener('scroll', handleScroll, { passive: true });
    return () => window.removeEventListener('scroll', handleScroll);
  }, []);

  return (
    <Button
      shape="circle"
      size="large"
      icon={<VerticalAlignTopOutlined />}
      aria-label="Back to top"
      className={`back-to-top${isVisible ? ' back-to-top-visible' : ''}`}
      data-testid="back-to-top"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    />
  );
}
