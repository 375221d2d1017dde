import { queryOptions } from '@tanstack/react-query';
import {
  type DeviceProofTests,
  DeviceProofTestsSchema,
  type SiteProofTestReport,
  SiteProofTestReportSchema,
} from '@vigil/contracts';
import { api } from './client';

/** Query keys of the proof-test reports (a device's stay under the device's key, in the dashboard). */
export const proofTestKeys = {
  site: (siteId: number) => ['proof-tests', 'site', siteId] as const,
};

export function siteProofTestsQuery(siteId: number) {
  return queryOptions({
    queryKey: proofTestKeys.site(siteId),
    queryFn: ({ signal }) => getSiteProofTests(siteId, signal),
  });
}

/** GET locations/{id}/proof-tests/: the site's proof-test report (beyond the spec; docs/proof-tests.md). */
export function getSiteProofTests(siteId: number, signal?: AbortSignal): Promise<SiteProofTestReport> {
  return api.get(`locations/${siteId}/proof-tests/`, { parse: SiteProofTestReportSchema.parse, signal });
}

/** GET devices/{id}/proof-tests/: which sensors of the device are due or overdue for a maintenance test. */
export function getDeviceProofTests(deviceId: number, signal?: AbortSignal): Promise<DeviceProofTests> {
  return api.get(`devices/${deviceId}/proof-tests/`, { parse: DeviceProofTestsSchema.parse, signal });
}
