import type { Site } from '@vigil/contracts';
import type { LocationRow } from '../../db/tables/sites.table';
import type { SiteDevices } from './site-devices';
import { siteStatus } from './site-status';

/** A locations row as the API answers it (wire-formats.md 'Site', plus can_edit). */
export function toSiteJson(row: LocationRow, canEdit: boolean, devices?: SiteDevices): Site {
  return {
    id: row.id,
    title: row.title,
    address: row.address,
    full_name: row.fullName,
    email: row.email,
    mobile: row.mobile,
    timezone: row.timezone,
    client: row.clientId,
    is_suspended: row.isSuspended,
    is_active: row.isActive,
    date_created: row.dateCreated.toISOString(),
    visual_dashboard_enabled: row.visualDashboardEnabled,
    proof_test_interval_days: row.proofTestIntervalDays,
    status: siteStatus(row.isSuspended, devices?.health),
    devices: devices?.devices ?? [],
    can_edit: canEdit,
  };
}
