import { describe, expect, it } from 'vitest';
import { tabletColumnKeys } from '../../../components/admin-table';
import { clientColumns } from './client-columns';

describe('clientColumns', () => {
  it('keeps PHONE NUMBER and EDIT at tablet width and lets e-mail and address give way', () => {
    const columns = clientColumns('company', () => undefined);
    expect(tabletColumnKeys(columns)).toEqual(['number', 'full_name', 'company', 'phone', 'edit']);
    expect(columns.find((column) => column.key === 'edit')).toMatchObject({ fixed: 'right' });
  });
});
