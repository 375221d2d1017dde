import { useQuery } from '@tanstack/react-query';
import { getSensorDisplaySettings } from '../../../api/dashboard';
import { deviceKeys } from '../../../api/devices';

/**
 * The device's custom names, units, types and images (null while loading, or when refused: the tree's own show).
 * Read by the page as it opens, beside the device and the feed, so the first cards already carry the names.
 */
export function useSensorDisplay(deviceId: number) {
  return useQuery({
    queryKey: [...deviceKeys.one(deviceId), 'sensor-display'],
    queryFn: ({ signal }) => getSensorDisplaySettings(deviceId, signal),
    staleTime: 30_000,
    retry: 1,
  });
}
