import type { Client } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { toClientBody, toClientFormValues } from './client-form-values';

const client: Client = {
  id: 4,
  number: 1001,
  email: 'accounts@northfield.demo',
  full_name: 'Hannah Price',
  company: 'Northfield Grain Co.',
  address: '1200 Elevator Road',
  phone: '+1 402 555 0110',
  is_active: true,
  is_2fa_required: false,
  visual_dashboard_enabled: true,
  alternative_name: null,
  alternative_email: 'backup@northfield.demo',
  alternative_phone: null,
};

describe('client form values', () => {
  it('shows missing alternatives as empty fields', () => {
    const values = toClientFormValues(client);
    expect(values.alternative_name).toBe('');
    expect(values.alternative_email).toBe('backup@northfield.demo');
  });

  it('sends empty alternatives as null and trims the texts', () => {
    const body = toClientBody({
      ...toClientFormValues(client),
      company: '  Northfield  ',
      alternative_email: '   ',
      alternative_name: ' Bob ',
    });
    expect(body).toMatchObject({
      company: 'Northfield',
      alternative_name: 'Bob',
      alternative_email: null,
      alternative_phone: null,
      number: 1001,
    });
  });
});
