import type { DeviceIdentity } from '../device';

/** Basic auth header from the unit's serial number and code. */
export function basicAuthHeader(identity: DeviceIdentity): string {
  return `Basic ${Buffer.from(`${identity.serialNumber}:${identity.code}`).toString('base64')}`;
}

export function ingestUrl(baseUrl: string, udfId: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/api/v1/ingest/${encodeURIComponent(udfId)}/`;
}

/** POSTs one state tree to HTTP ingest; the server answers 202 once stored. Returns the status. */
export async function postStateTree(
  baseUrl: string,
  identity: DeviceIdentity,
  json: string,
): Promise<number> {
  const response = await fetch(ingestUrl(baseUrl, identity.udfId), {
    method: 'POST',
    headers: { authorization: basicAuthHeader(identity), 'content-type': 'application/json' },
    body: json,
    signal: AbortSignal.timeout(10_000),
  });
  await response.body?.cancel();
  return response.status;
}
