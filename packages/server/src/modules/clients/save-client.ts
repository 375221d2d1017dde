import {
  CLIENT_MESSAGES,
  type Client,
  type ClientCreate,
  type ClientUpdate,
  STAFF_ONLY_CLIENT_FIELDS,
} from '@vigil/contracts';
import { assertCanManageClient, assertStaff, isStaffUser } from '../../access/access';
import type { AppContext } from '../../context';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/tables/users.table';
import { AppError, forbidden } from '../../errors';
import { appointAdministrator } from './client-administrator';
import { toClientPatch, toClientResponse, toNewClient } from './client-fields';
import { getClientByNumber, insertClient, updateClientRow } from './clients.repo';
import { getClientOr404 } from './clients.service';

type SaveContext = Pick<AppContext, 'config' | 'db' | 'mailer' | 'bus'>;

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

async function assertNumberFree(db: Database, number: number, clientId?: number): Promise<void> {
  const holder = await getClientByNumber(db, number);
  if (holder !== undefined && holder.id !== clientId) {
    throw numberTaken();
  }
}

/** POST clients/ (staff): the client and its administrator (A section 3), in one transaction. */
export async function createClient(ctx: SaveContext, actor: UserRow, input: ClientCreate): Promise<Client> {
  assertStaff(actor);
  await assertNumberFree(ctx.db, input.number);
  try {
    const client = await ctx.db.transaction(async (tx) => {
      const row = await insertClient(tx, toNewClient(input));
      await appointAdministrator(ctx, tx, row);
      return row;
    });
    return toClientResponse(client);
  } catch (error) {
    // Two creations racing for one number: the loser hears what the check above would have said.
    throw isNumberTakenError(error) ? numberTaken() : error;
  }
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

/**
 * PATCH clients/{id}/: staff change anything; the client's accounts management change the contact
 * fields only (STAFF_ONLY_CLIENT_FIELDS: number, e-mail, is_active, is_2fa_required,
 * visual_dashboard_enabled). A new e-mail makes its person an administrator too.
 */
export async function updateClient(
  ctx: SaveContext,
  actor: UserRow,
  id: number,
  input: ClientUpdate,
): Promise<Client> {
  await assertCanManageClient(ctx.db, actor, id);
  const current = await getClientOr404(ctx.db, id);
  const values = toClientPatch(input);
  if (!isStaffUser(actor)) {
    const before = toClientResponse(current);
    if (STAFF_ONLY_CLIENT_FIELDS.some((field) => changesField(input, before, field))) {
      throw forbidden();
    }
  }
  if (values.number !== undefined) {
    await assertNumberFree(ctx.db, values.number, id);
  }
  const emailChanged =
    values.email !== undefined && values.email.toLowerCase() !== current.email.toLowerCase();
  try {
    const client = await ctx.db.transaction(async (tx) => {
      const row = (await updateClientRow(tx, id, values)) ?? current;
      if (emailChanged) {
        await appointAdministrator(ctx, tx, row);
      }
      return row;
    });
    // is_2fa_required (the gate) or the administrators may have changed: the client's live feeds re-check.
    ctx.bus.publishControl({ name: 'access-changed', data: { clientId: id } });
    return toClientResponse(client);
  } catch (error) {
    throw isNumberTakenError(error) ? numberTaken() : error;
  }
}
