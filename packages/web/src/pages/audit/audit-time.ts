import { type AuditRecord, formatWallClock } from '@vigil/contracts';
import { isKnownTimeZone, zoneLabel } from '../../time/site-time';

/**
 * When a record was made, as the table shows it: in its site's zone, or, for a record of no site (a person, an
 * e-mail rule), in the viewer's zone; always with the zone named ('2026-11-28 14:03:12 CET').
 */
export function auditTimeText(
  record: Pick<AuditRecord, 'at' | 'timezone' | 'location'>,
  viewerZone: string,
): string {
  const zone = record.location !== null && isKnownTimeZone(record.timezone) ? record.timezone : viewerZone;
  const instant = record.at * 1000;
  return `${formatWallClock(instant, zone)} ${zoneLabel(instant, zone)}`;
}
