import type { Client, ClientCreate } from '@vigil/contracts';

/** What the add/edit client form holds; the number is empty until typed or prefilled. */
export type ClientFormValues = {
  number: number | null;
  company: string;
  address: string;
  phone: string;
  full_name: string;
  email: string;
  is_active: boolean;
  is_2fa_required: boolean;
  visual_dashboard_enabled: boolean;
  alternative_name: string;
  alternative_email: string;
  alternative_phone: string;
};

export const EMPTY_CLIENT_FORM: ClientFormValues = {
  number: null,
  company: '',
  address: '',
  phone: '',
  full_name: '',
  email: '',
  is_active: true,
  is_2fa_required: false,
  visual_dashboard_enabled: false,
  alternative_name: '',
  alternative_email: '',
  alternative_phone: '',
};

export function toClientFormValues(client: Client): ClientFormValues {
  return {
    number: client.number,
    company: client.company,
    address: client.address,
    phone: client.phone,
    full_name: client.full_name,
    email: client.email,
    is_active: client.is_active,
    is_2fa_required: client.is_2fa_required,
    visual_dashboard_enabled: client.visual_dashboard_enabled,
    alternative_name: client.alternative_name ?? '',
    alternative_email: client.alternative_email ?? '',
    alternative_phone: client.alternative_phone ?? '',
  };
}

function trimmedOrNull(value: string | undefined | null): string | null {
  const text = value?.trim() ?? '';
  return text === '' ? null : text;
}

/** The request body: texts trimmed, empty alternatives sent as null (A section 5). */
export function toClientBody(values: ClientFormValues): ClientCreate {
  return {
    number: values.number ?? 0,
    company: values.company.trim(),
    address: values.address.trim(),
    phone: values.phone.trim(),
    full_name: values.full_name.trim(),
    email: values.email.trim(),
    is_active: values.is_active,
    is_2fa_required: values.is_2fa_required,
    visual_dashboard_enabled: values.visual_dashboard_enabled,
    alternative_name: trimmedOrNull(values.alternative_name),
    alternative_email: trimmedOrNull(values.alternative_email),
    alternative_phone: trimmedOrNull(values.alternative_phone),
  };
}
