import { describe, expect, it } from 'vitest';
import { issuesToFields } from './error-handler';

describe('issuesToFields', () => {
  it('groups messages by the first path segment and puts root issues under non_field_errors', () => {
    expect(
      issuesToFields([
        { instancePath: '/email', message: 'Required' },
        { instancePath: '/email', message: 'Required' },
        { instancePath: '/location_access/0/permission', message: 'Bad permission' },
        { instancePath: '/', message: 'Expected object' },
      ]),
    ).toEqual({
      email: ['Required'],
      location_access: ['Bad permission'],
      non_field_errors: ['Expected object'],
    });
  });
});
