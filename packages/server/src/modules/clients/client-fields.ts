import type { Client, ClientCreate, ClientOrdering, ClientUpdate } from '@vigil/contracts';
import type { ClientRow, NewClientRow } from '../../db/tables/clients.table';
import type { ClientSortField } from './clients.repo';

/** A client row as the API answers it (wire-formats.md 'Client'). */
export function toClientResponse(row: ClientRow): Client {
  return {
    id: row.id,
    number: row.number,
    email: row.email,
    full_name: row.fullName,
    company: row.company,
    address: row.address,
    phone: row.phone,
    is_active: row.isActive,
    is_2fa_required: row.is2faRequired,
    visual_dashboard_enabled: row.visualDashboardEnabled,
    alternative_name: row.alternativeName,
    alternative_email: row.alternativeEmail,
    alternative_phone: row.alternativePhone,
  };
}

/** The columns a PATCH body changes; absent fields stay, null alternatives become null. */
export function toClientPatch(input: ClientUpdate): Partial<NewClientRow> {
  const values: Partial<NewClientRow> = {
    number: input.number,
    company: input.company,
    address: input.address,
    phone: input.phone,
    fullName: input.full_name,
    email: input.email,
    isActive: input.is_active,
    is2faRequired: input.is_2fa_required,
    visualDashboardEnabled: input.visual_dashboard_enabled,
    alternativeName: input.alternative_name,
    alternativeEmail: input.alternative_email,
    alternativePhone: input.alternative_phone,
  };
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

export function toNewClient(input: ClientCreate): NewClientRow {
  return {
    number: input.number,
    company: input.company,
    address: input.address,
    phone: input.phone,
    fullName: input.full_name,
    email: input.email,
    isActive: input.is_active ?? true,
    is2faRequired: input.is_2fa_required ?? false,
    visualDashboardEnabled: input.visual_dashboard_enabled ?? false,
    alternativeName: input.alternative_name ?? null,
    alternativeEmail: input.alternative_email ?? null,
    alternativePhone: input.alternative_phone ?? null,
  };
}

const SORT_FIELDS: Record<string, ClientSortField> = {
  id: 'id',
  number: 'number',
  company: 'company',
  email: 'email',
  full_name: 'fullName',
  address: 'address',
  phone: 'phone',
  date_created: 'dateCreated',
};

/** `ordering` of the list (`company`, `-number`, ...); company ascending by default (A section 2). */
export function sortOf(ordering: ClientOrdering | undefined): {
  field: ClientSortField;
  descending: boolean;
} {
  if (ordering === undefined) {
    return { field: 'company', descending: false };
  }
  const descending = ordering.startsWith('-');
  const name = descending ? ordering.slice(1) : ordering;
  return { field: SORT_FIELDS[name] ?? 'company', descending };
}
