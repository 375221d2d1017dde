import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { deviceKeys } from '../../../api/devices';
import { getDeviceProofTests } from '../../../api/proof-tests';
import { proofTestMarks, proofTestSummary } from '../proof-test-marks';

/**
 * The device's proof-test coverage (docs/proof-tests.md): the toolbar's summary and, in maintenance mode, the
 * cards' marks. Re-read every 15 s in maintenance mode (a test just closed proves its sensor), else every 5 min
 * (every 5 s while the device has reported no sensors yet).
 */
export function useProofTests(deviceId: number, enabled: boolean, isMaintenance: boolean) {
  const query = useQuery({
    queryKey: [...deviceKeys.one(deviceId), 'proof-tests'],
    queryFn: ({ signal }) => getDeviceProofTests(deviceId, signal),
    enabled,
    // A device that has not reported yet has no sensors to cover: asked again soon, not in 5 minutes.
    refetchInterval: (query) =>
      isMaintenance ? 15_000 : (query.state.data?.sensors.length ?? 0) === 0 ? 5_000 : 300_000,
    staleTime: 10_000,
    retry: 1,
  });
  const marks = useMemo(() => proofTestMarks(query.data), [query.data]);
  const summary = useMemo(() => proofTestSummary(query.data), [query.data]);
  return { marks, summary };
}
