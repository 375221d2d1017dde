import {
  CLIENT_MESSAGES,
  type Client,
  type ClientCreate,
  type ClientListQuery,
  type ClientUpdate,
  type Paginated,
  STAFF_ONLY_CLIENT_FIELDS,
} from '@vigil/contracts';
import { assertCanManageClient, assertClientVisible, assertStaff, isStaffUser } from '../../access/access';
import { findAdministeredClientIds } from '../../access/access.repo';
import type { AppContext } from '../../context';
import type { Page } from '../../db/page';
import type { ClientRow } from '../../db/tables/clients.table';
import type { UserRow } from '../../db/tables/users.table';
import { AppError, forbidden, notFound } from '../../errors';
import { pageOf } from '../../http/pagination';
import type { ControlPublisher } from '../../realtime/control-events';
import * as sitesRepo from '../sites/sites.repo';
import * as usersRepo from '../users/users.repo';
import type { UsersService } from '../users/users.service';
import { appointAdministrator } from './client-administrator';
import { sortOf, toClientPatch, toClientResponse, toNewClient } from './client-fields';
import * as clientsRepo from './clients.repo';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { clients: clientsRepo, sites: sitesRepo, users: usersRepo };
export type ClientsRepositories = typeof REPOSITORIES;
export type ClientsDeps = Pick<AppContext, 'config' | 'db' | 'mailer'> & {
  /** Tells the client's live feeds that access changed. */
  signals: ControlPublisher;
  /** Creates the administrator of a client whose e-mail nobody holds yet. */
  users: UsersService;
  repos?: ClientsRepositories;
};

function numberTaken(): AppError {
  return AppError.validation({ number: [CLIENT_MESSAGES.numberTaken] });
}

/** A violation of the unique account number (PostgreSQL 23505), however the driver wraps it. */
function isNumberTakenError(error: unknown): boolean {
  for (let current = error; typeof current === 'object' && current !== null; ) {
    if ('code' in current && current.code === '23505') {
      return 'constraint' in current && current.constraint === 'clients_number_unique';
    }
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}

/** Whether the body sets a field to a new value; e-mails compare case-insensitively. */
function changesField(input: ClientUpdate, before: Client, field: keyof ClientUpdate): boolean {
  const value = input[field];
  if (value === undefined) {
    return false;
  }
  if (field === 'email' && typeof value === 'string') {
    return value.toLowerCase() !== before.email.toLowerCase();
  }
  return value !== before[field];
}

/** Clients (A section 8): the staff list, client details, their administrators and the current client. */
export class ClientsService {
  private readonly repos: ClientsRepositories;

  constructor(private readonly deps: ClientsDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
  }

  /** clients/: staff see every client, accounts management their own; everyone else is refused. */
  async list(
    actor: UserRow,
    query: ClientListQuery,
  ): Promise<{ page: Page } & Omit<Paginated<Client>, 'next' | 'previous'>> {
    let clientIds: number[] | undefined;
    if (!isStaffUser(actor)) {
      if (!actor.isAccountsManagement) {
        throw forbidden();
      }
      clientIds = await findAdministeredClientIds(this.deps.db, actor.id);
    }
    const page = pageOf(query);
    const { count, rows } = await this.repos.clients.findClients(this.deps.db, {
      clientIds,
      q: query.q,
      sort: sortOf(query.ordering),
      ...page,
    });
    return { page, count, results: rows.map(toClientResponse) };
  }

  /** clients/get-next-number/: the highest account number plus one (staff). */
  async nextNumber(actor: UserRow): Promise<number> {
    assertStaff(actor);
    return (await this.repos.clients.getMaxClientNumber(this.deps.db)) + 1;
  }

  /** clients/{id}/: staff, or the client's accounts management. */
  async get(actor: UserRow, id: number): Promise<Client> {
    await assertCanManageClient(this.deps.db, actor, id);
    return toClientResponse(await this.getOr404(id));
  }

  /** POST clients/ (staff): the client and its administrator (A section 3), in one transaction. */
  async create(actor: UserRow, input: ClientCreate): Promise<Client> {
    assertStaff(actor);
    await this.assertNumberFree(input.number);
    try {
      const client = await this.deps.db.transaction(async (tx) => {
        const row = await this.repos.clients.insertClient(tx, toNewClient(input));
        await appointAdministrator(this.deps, tx, row);
        return row;
      });
      return toClientResponse(client);
    } catch (error) {
      // Two creations racing for one number: the loser hears what the check above would have said.
      throw isNumberTakenError(error) ? numberTaken() : error;
    }
  }

  /**
   * PATCH clients/{id}/: staff change anything; the client's accounts management change the contact
   * fields only (STAFF_ONLY_CLIENT_FIELDS: number, e-mail, is_active, is_2fa_required,
   * visual_dashboard_enabled). A new e-mail makes its person an administrator too.
   */
  async update(actor: UserRow, id: number, input: ClientUpdate): Promise<Client> {
    await assertCanManageClient(this.deps.db, actor, id);
    const current = await this.getOr404(id);
    const values = toClientPatch(input);
    if (!isStaffUser(actor)) {
      const before = toClientResponse(current);
      if (STAFF_ONLY_CLIENT_FIELDS.some((field) => changesField(input, before, field))) {
        throw forbidden();
      }
    }
    if (values.number !== undefined) {
      await this.assertNumberFree(values.number, id);
    }
    const emailChanged =
      values.email !== undefined && values.email.toLowerCase() !== current.email.toLowerCase();
    try {
      const client = await this.deps.db.transaction(async (tx) => {
        const row = (await this.repos.clients.updateClientRow(tx, id, values)) ?? current;
        if (emailChanged) {
          await appointAdministrator(this.deps, tx, row);
        }
        return row;
      });
      // is_2fa_required (the gate) or the administrators may have changed: the client's live feeds re-check.
      this.deps.signals.publishControl({ name: 'access-changed', data: { clientId: id } });
      return toClientResponse(client);
    } catch (error) {
      throw isNumberTakenError(error) ? numberTaken() : error;
    }
  }

  /** DELETE clients/{id}/ (staff): its sites and user links go with it; the people stay. */
  async delete(actor: UserRow, id: number): Promise<void> {
    assertStaff(actor);
    if (!(await this.repos.clients.deleteClientRow(this.deps.db, id))) {
      throw notFound();
    }
    this.deps.signals.publishControl({ name: 'access-changed', data: { clientId: id } });
  }

  /** clients/{id}/select/: makes the client current; a current site of another client is dropped. */
  async select(actor: UserRow, id: number): Promise<Client> {
    const { db } = this.deps;
    await assertClientVisible(db, actor, id);
    const client = await this.getOr404(id);
    let keepsLocation = false;
    if (actor.currentLocationId !== null) {
      const location = await this.repos.sites.getLocationById(db, actor.currentLocationId);
      keepsLocation = location?.clientId === client.id;
    }
    await this.repos.users.updateUser(db, actor.id, {
      currentClientId: client.id,
      ...(keepsLocation ? {} : { currentLocationId: null }),
    });
    return toClientResponse(client);
  }

  /** The client or 404. */
  private async getOr404(id: number): Promise<ClientRow> {
    const client = await this.repos.clients.getClientById(this.deps.db, id);
    if (client === undefined) {
      throw notFound();
    }
    return client;
  }

  private async assertNumberFree(number: number, clientId?: number): Promise<void> {
    const holder = await this.repos.clients.getClientByNumber(this.deps.db, number);
    if (holder !== undefined && holder.id !== clientId) {
      throw numberTaken();
    }
  }
}
