import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPush } from '@vigil/contracts';
import { App, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { notificationKeys, unreadCountQuery } from '../api/notifications';
import { useCurrentUser } from '../hooks/useCurrentUser';
import { AlarmMuteSwitch } from './AlarmMuteSwitch';
import { playAlarm, readMuted, shouldSound, unlockAlarmSoundOnInteraction, writeMuted } from './alarm-sound';
import { NotificationBell } from './NotificationBell';
import { toastsOf } from './notification-toasts';
import { useNotificationsSocket, usePushes } from './notifications-socket';
import { OtherSitesToastsSwitch } from './OtherSitesToastsSwitch';
import { announcedPush, readOtherSitesSilenced, writeOtherSitesSilenced } from './toast-scope';

const TOAST_BORDER = { red: '#F14D49', amber: '#F47E21', green: '#27AE60', blue: '#2F80ED' } as const;

/** A toast's text, and under it when it happened in its site's zone, labelled. */
function ToastDescription({ text, time }: { text: string; time: string | null }) {
  return (
    <>
      {text}
      {time === null ? null : (
        <Typography.Text type="secondary" style={{ display: 'block' }} data-testid="notification-toast-time">
          {time}
        </Typography.Text>
      )}
    </>
  );
}

/**
 * The header's part of the notifications (A section 2): the live connection, the bell with the unread count
 * (GET active-count/, then each push's `count`), the toasts bottom right and the alarm sound with its mute switch,
 * and the switch that keeps toasts and sound to the site in view (toast-scope.ts).
 */
export function HeaderNotifications() {
  const queryClient = useQueryClient();
  const { notification } = App.useApp();
  const [isMuted, setIsMuted] = useState(readMuted);
  const [isOtherSitesSilenced, setIsOtherSitesSilenced] = useState(readOtherSitesSilenced);
  const siteInView = useCurrentUser().current_location?.id ?? null;
  const unread = useQuery(unreadCountQuery());

  useNotificationsSocket();
  useEffect(unlockAlarmSoundOnInteraction, []);

  const onPush = useCallback(
    (push: NotificationPush) => {
      queryClient.setQueryData(notificationKeys.unreadCount(), push.count);
      const announced = announcedPush(push, { siteInView, isOtherSitesSilenced });
      for (const toast of toastsOf(announced)) {
        notification.open({
          key: toast.key,
          title: toast.title,
          description: <ToastDescription text={toast.description} time={toast.time} />,
          duration: toast.durationMs / 1000,
          // The spec's 4 s / 5 s hold under a resting cursor: a pointer parked where the toasts appear must not keep
          // a stream of alarm toasts standing over the page's own controls.
          pauseOnHover: false,
          placement: 'bottomRight',
          style: { borderLeft: `4px solid ${TOAST_BORDER[toast.color]}` },
          props: { 'data-testid': 'notification-toast' },
        });
      }
      if (shouldSound(announced, isMuted)) {
        playAlarm();
      }
    },
    [queryClient, notification, isMuted, siteInView, isOtherSitesSilenced],
  );
  usePushes(onPush);

  const changeMuted = (next: boolean) => {
    setIsMuted(next);
    writeMuted(next);
  };

  const changeOtherSitesSilenced = (next: boolean) => {
    setIsOtherSitesSilenced(next);
    writeOtherSitesSilenced(next);
  };

  return (
    <>
      <OtherSitesToastsSwitch isSilenced={isOtherSitesSilenced} onChange={changeOtherSitesSilenced} />
      <AlarmMuteSwitch isMuted={isMuted} onChange={changeMuted} />
      <NotificationBell unreadCount={unread.data ?? 0} />
    </>
  );
}
