import { describe, expect, it } from 'vitest';
import {
  CREDENTIALS_HEADER,
  formatCredentialsLine,
  generateIdentities,
  parseCredentialsCsv,
} from './credentials';

describe('credentials CSV', () => {
  it('reads hardware-import rows with or without the header, device types case-insensitively', () => {
    const csv = `${CREDENTIALS_HEADER}\nSN1,1111,f500,UDF1\r\n\nSN2,2222,0300,UDF2\n`;
    expect(parseCredentialsCsv(csv)).toEqual([
      { serialNumber: 'SN1', code: '1111', deviceType: 'F500', udfId: 'UDF1' },
      { serialNumber: 'SN2', code: '2222', deviceType: '0300', udfId: 'UDF2' },
    ]);
  });

  it('names the bad line', () => {
    expect(() => parseCredentialsCsv('SN1,1111,T9000,UDF1')).toThrow(/line 1/);
  });

  it('generates SIM00001… round-robin over the types and round-trips through the CSV', () => {
    const identities = generateIdentities(3, ['F500', '0006'], 5);
    expect(identities.map((identity) => `${identity.udfId}:${identity.deviceType}`)).toEqual([
      'SIM00001:F500',
      'SIM00002:0006',
      'SIM00003:F500',
    ]);
    expect(generateIdentities(3, ['F500', '0006'], 5)).toEqual(identities);
    expect(parseCredentialsCsv(identities.map(formatCredentialsLine).join('\n'))).toEqual(identities);
  });
});
