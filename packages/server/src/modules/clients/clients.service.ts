import type { Client, ClientListQuery, Paginated } from '@vigil/contracts';
import { assertCanManageClient, assertClientVisible, assertStaff, isStaffUser } from '../../access/access';
import { findAdministeredClientIds } from '../../access/access.repo';
import type { Database } from '../../db/database';
import type { Page } from '../../db/page';
import type { ClientRow } from '../../db/tables/clients.table';
import type { UserRow } from '../../db/tables/users.table';
import { forbidden, notFound } from '../../errors';
import { pageOf } from '../../http/pagination';
import type { ControlPublisher } from '../../realtime/control-events';
import { getLocationById } from '../sites/sites.repo';
import { updateUser } from '../users/users.repo';
import { sortOf, toClientResponse } from './client-fields';
import { deleteClientRow, findClients, getClientById, getMaxClientNumber } from './clients.repo';

/** The client or 404. */
export async function getClientOr404(db: Database, id: number): Promise<ClientRow> {
  const client = await getClientById(db, id);
  if (client === undefined) {
    throw notFound();
  }
  return client;
}

/** clients/: staff see every client, accounts management their own; everyone else is refused. */
export async function listClients(
  db: Database,
  actor: UserRow,
  query: ClientListQuery,
): Promise<{ page: Page } & Omit<Paginated<Client>, 'next' | 'previous'>> {
  let clientIds: number[] | undefined;
  if (!isStaffUser(actor)) {
    if (!actor.isAccountsManagement) {
      throw forbidden();
    }
    clientIds = await findAdministeredClientIds(db, actor.id);
  }
  const page = pageOf(query);
  const { count, rows } = await findClients(db, {
    clientIds,
    q: query.q,
    sort: sortOf(query.ordering),
    ...page,
  });
  return { page, count, results: rows.map(toClientResponse) };
}

/** clients/get-next-number/: the highest account number plus one (staff). */
export async function getNextClientNumber(db: Database, actor: UserRow): Promise<number> {
  assertStaff(actor);
  return (await getMaxClientNumber(db)) + 1;
}

/** clients/{id}/: staff, or the client's accounts management. */
export async function getClient(db: Database, actor: UserRow, id: number): Promise<Client> {
  await assertCanManageClient(db, actor, id);
  return toClientResponse(await getClientOr404(db, id));
}

/** DELETE clients/{id}/ (staff): its sites and user links go with it; the people stay. */
export async function deleteClient(
  db: Database,
  actor: UserRow,
  id: number,
  signals: ControlPublisher,
): Promise<void> {
  assertStaff(actor);
  if (!(await deleteClientRow(db, id))) {
    throw notFound();
  }
  signals.publishControl({ name: 'access-changed', data: { clientId: id } });
}

/** clients/{id}/select/: makes the client current; a current site of another client is dropped. */
export async function selectClient(db: Database, actor: UserRow, id: number): Promise<Client> {
  await assertClientVisible(db, actor, id);
  const client = await getClientOr404(db, id);
  let keepsLocation = false;
  if (actor.currentLocationId !== null) {
    const location = await getLocationById(db, actor.currentLocationId);
    keepsLocation = location?.clientId === client.id;
  }
  await updateUser(db, actor.id, {
    currentClientId: client.id,
    ...(keepsLocation ? {} : { currentLocationId: null }),
  });
  return toClientResponse(client);
}
