import { DownOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PATHS } from '../../../routes/paths';

// As antd's dropdown: a short grace period lets the pointer cross from the button to the menu.
const CLOSE_DELAY_MS = 100;

/**
 * The header's Contact Us menu with its Send Feedback link (A section 2): opens on hover or click, closes
 * on leaving it, Escape or a click elsewhere. Our own so the landing page does not load antd's Dropdown.
 */
export function ContactMenu() {
  const [isOpen, setIsOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (!isOpen) {
      return;
    }
    const handlePointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) {
        setIsOpen(false);
      }
    };
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setIsOpen(false);
      }
    };
    document.addEventListener('pointerdown', handlePointerDown);
    document.addEventListener('keydown', handleKeyDown);
    return () => {
      document.removeEventListener('pointerdown', handlePointerDown);
      document.removeEventListener('keydown', handleKeyDown);
    };
  }, [isOpen]);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const handleMouseEnter = () => {
    window.clearTimeout(closeTimer.current);
    setIsOpen(true);
  };
  const handleMouseLeave = () => {
    closeTimer.current = window.setTimeout(() => setIsOpen(false), CLOSE_DELAY_MS);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover opens it as antd's dropdown did; the button is the click and keyboard path
    <div
      ref={rootRef}
      className="contact-menu"
      onMouseEnter={handleMouseEnter}
      onMouseLeave={handleMouseLeave}
    >
      <Button
        type="text"
        className="landing-header-link"
        aria-expanded={isOpen}
        aria-controls="contact-menu-list"
        data-testid="contact-us"
        onClick={() => setIsOpen(!isOpen)}
      >
        Contact Us <DownOutlined />
      </Button>
      {isOpen ? (
        <div className="contact-menu-popup">
          <ul id="contact-menu-list" className="contact-menu-list">
            <li className="contact-menu-item" data-testid="contact-feedback">
              <Link to={PATHS.feedback} onClick={() => setIsOpen(false)}>
                Send Feedback
              </Link>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
