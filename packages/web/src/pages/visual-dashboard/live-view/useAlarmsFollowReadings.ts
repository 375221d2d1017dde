import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { visualDashboardKeys } from '../../../api/visual-dashboard';
import type { LiveReadings } from '../diagram/live-readings';
import { alarmingSensorsKey } from './live-state';

/**
 * Reads the schema's Active alarms again when a sensor of the viewed tab starts or stops alarming, so the list and
 * the tabs' alarm marks follow the picture instead of waiting for the 30-second refresh (which still catches an
 * alarm stored after its reading was pushed, and alarms of the other tabs).
 */
export function useAlarmsFollowReadings(schemaId: number, readings: LiveReadings): void {
  const queryClient = useQueryClient();
  const alarming = alarmingSensorsKey(readings);
  const previous = useRef(alarming);
  useEffect(() => {
    if (previous.current === alarming) {
      return;
    }
    previous.current = alarming;
    void queryClient.invalidateQueries({ queryKey: visualDashboardKeys.schemaNotifications(schemaId) });
  }, [alarming, queryClient, schemaId]);
}
