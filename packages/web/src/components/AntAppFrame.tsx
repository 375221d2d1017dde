import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { ALERT_RESET_MS } from '../messages';
import { AppMessageContext } from './app-message';
import { MAX_TOASTS } from './notification-toasts';

/** antd's App, whose modal, message and notification the pages reach through App.useApp(). */
export function AntAppFrame({ children }: { children: ReactNode }) {
  return (
    // Toasts close with the alerts of A section 9. At most three notifications stand at once, listed (not
    // stacked), the newest in the corner: the oldest goes when a fourth comes (issue 23).
    <AntApp
      message={{ duration: ALERT_RESET_MS / 1000 }}
      notification={{ maxCount: MAX_TOASTS, stack: false, placement: 'bottomRight' }}
    >
      <MessageBridge>{children}</MessageBridge>
    </AntApp>
  );
}

function MessageBridge({ children }: { children: ReactNode }) {
  const { message } = AntApp.useApp();
  return <AppMessageContext.Provider value={message}>{children}</AppMessageContext.Provider>;
}
