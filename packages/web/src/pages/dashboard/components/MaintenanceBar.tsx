import { MAINTENANCE_MESSAGES, type MaintenanceInfoEntry } from '@vigil/contracts';
import { Alert, Button } from 'antd';
import { useEffect, useState } from 'react';
import styles from '../dashboard.module.css';
import { DASHBOARD_MESSAGES } from '../dashboard-messages';
import { endedKindOf, formatCountdown, remainingMs, runningPrompt } from '../maintenance-rules';

/** The countdown of a running test, ticking each second against the server's clock. */
function Countdown({ test, receivedAt }: { test: MaintenanceInfoEntry; receivedAt: number }) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <strong data-testid="maintenance-countdown">{formatCountdown(remainingMs(test, receivedAt, now))}</strong>
  );
}

type MaintenanceBarProps = {
  test: MaintenanceInfoEntry | null;
  receivedAt: number;
  isLoading: boolean;
  /** The running prompt's 'Click to cancel': cancels as the tested card does (or says why it cannot). */
  onPromptClick: () => void;
  onOpenResult: () => void;
};

/** What maintenance mode asks of the person (M section 4 prompts) and the countdown of a running test. */
export function MaintenanceBar({
  test,
  receivedAt,
  isLoading,
  onPromptClick,
  onOpenResult,
}: MaintenanceBarProps) {
  if (isLoading) {
    return null;
  }
  if (test === null) {
    return (
      <Alert type="info" showIcon title={MAINTENANCE_MESSAGES.promptStart} data-testid="maintenance-prompt" />
    );
  }
  const prompt = runningPrompt(test.state);
  if (prompt !== null) {
    return (
      <Alert
        type={test.state === 'maintenance_expect_alarm_off' ? 'warning' : 'info'}
        showIcon
        data-testid="maintenance-prompt"
        title={
          <button
            type="button"
            className={styles.promptButton}
            onClick={onPromptClick}
            data-testid="maintenance-prompt-cancel"
          >
            {test.sensor_name} ({test.group_name}): {prompt} <Countdown test={test} receivedAt={receivedAt} />
          </button>
        }
      />
    );
  }
  const ended = endedKindOf(test.state);
  return (
    <Alert
      type={ended === 'succeeded' ? 'success' : 'error'}
      showIcon
      data-testid="maintenance-prompt"
      title={`${test.sensor_name}: ${ended === 'succeeded' ? DASHBOARD_MESSAGES.testSucceeded : DASHBOARD_MESSAGES.testFailed}`}
      action={
        <Button size="small" onClick={onOpenResult} data-testid="maintenance-open-result">
          Submit result
        </Button>
      }
    />
  );
}
