import type {} from 'altcha/types/react';
import { useEffect, useRef } from 'react';
import { CAPTCHA_CHALLENGE_URL } from '../api/registration';

type StateChange = { state: string; payload: string | null };

type CaptchaProps = {
  /** The solved payload once the widget is verified; null while unsolved, expired or failed. */
  onChange: (token: string | null) => void;
};

/**
 * The self-hosted ALTCHA widget (design.md section 5): the browser solves a proof-of-work challenge from
 * our own server, with no external script, so it works offline. Remount it (change its `key`) for a new one.
 */
export function Captcha({ onChange }: CaptchaProps) {
  const widgetRef = useRef<HTMLElement>(null);
  const onChangeRef = useRef(onChange);

  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    // The widget's code (about 50 kB gzipped) loads with the first form that shows one, not with the landing
    // page; the element upgrades in place once its definition arrives.
    void import('altcha');
  }, []);

  useEffect(() => {
    const widget = widgetRef.current;
    if (widget === null) {
      return;
    }
    const handleStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateChange>).detail;
      onChangeRef.current(state === 'verified' && payload ? payload : null);
    };
    widget.addEventListener('statechange', handleStateChange);
    return () => widget.removeEventListener('statechange', handleStateChange);
  }, []);

  return (
    <div data-testid="captcha">
      <altcha-widget
        ref={widgetRef}
        challenge={CAPTCHA_CHALLENGE_URL}
        style={{ '--altcha-max-width': '100%' }}
      />
    </div>
  );
}
