import { queryOptions } from '@tanstack/react-query';
import {
  CLIENTS_PAGE_SIZE,
  type Client,
  type ClientCreate,
  type ClientOrdering,
  ClientSchema,
  type ClientUpdate,
  NextClientNumberSchema,
  type Paginated,
  paginatedSchema,
} from '@vigil/contracts';
import { api, ignoreBody } from './client';

export type ClientListParams = { page: number; q?: string; ordering?: ClientOrdering };

const ClientPageSchema = paginatedSchema(ClientSchema);

/** Query keys of the clients domain; invalidating `all` refreshes every client view (and the next number). */
export const clientKeys = {
  all: ['clients'] as const,
  list: (params: ClientListParams) => [...clientKeys.all, 'list', params] as const,
  one: (id: number) => [...clientKeys.all, 'one', id] as const,
  nextNumber: () => [...clientKeys.all, 'next-number'] as const,
};

export function clientsQuery(params: ClientListParams) {
  return queryOptions({
    queryKey: clientKeys.list(params),
    queryFn: ({ signal }) => listClients(params, signal),
  });
}

export function clientQuery(id: number) {
  return queryOptions({ queryKey: clientKeys.one(id), queryFn: ({ signal }) => getClient(id, signal) });
}

/** The account number to prefill, asked afresh each time the form opens. */
export function nextClientNumberQuery() {
  return queryOptions({
    queryKey: clientKeys.nextNumber(),
    queryFn: ({ signal }) => getNextClientNumber(signal),
    staleTime: 0,
  });
}

/** GET clients/?limit&offset&q&ordering: one page of 20 (A section 9). */
export function listClients(
  { page, q, ordering }: ClientListParams,
  signal?: AbortSignal,
): Promise<Paginated<Client>> {
  return api.get('clients/', {
    query: { limit: CLIENTS_PAGE_SIZE, offset: (page - 1) * CLIENTS_PAGE_SIZE, q, ordering },
    parse: ClientPageSchema.parse,
    signal,
  });
}

/** GET clients/get-next-number/: the account number to prefill. */
export async function getNextClientNumber(signal?: AbortSignal): Promise<number> {
  const { next_client_number } = await api.get('clients/get-next-number/', {
    parse: NextClientNumberSchema.parse,
    signal,
  });
  return next_client_number;
}

export function getClient(id: number, signal?: AbortSignal): Promise<Client> {
  return api.get(`clients/${id}/`, { parse: ClientSchema.parse, signal });
}

/** POST clients/ (201). */
export function createClient(body: ClientCreate): Promise<Client> {
  return api.post('clients/', { body, parse: ClientSchema.parse });
}

/** PATCH clients/{id}/ (200). */
export function updateClient(id: number, body: ClientUpdate): Promise<Client> {
  return api.patch(`clients/${id}/`, { body, parse: ClientSchema.parse });
}

/** DELETE clients/{id}/ (204). */
export function deleteClient(id: number): Promise<void> {
  return api.delete(`clients/${id}/`, { parse: ignoreBody });
}

/** POST clients/{id}/select/: makes the client the current one. */
export function selectClient(id: number): Promise<Client> {
  return api.post(`clients/${id}/select/`, { parse: ClientSchema.parse });
}
