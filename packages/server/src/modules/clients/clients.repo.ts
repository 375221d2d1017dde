import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { type ClientRow, clients, type NewClientRow } from '../../db/tables/clients.table';
import { hasValuesToSet } from '../../db/update-values';

export async function getClientById(db: Database, id: number): Promise<ClientRow | undefined> {
  const [row] = await db.select().from(clients).where(eq(clients.id, id)).limit(1);
  return row;
}

export async function insertClient(db: Database, values: NewClientRow): Promise<ClientRow> {
  const [row] = await db.insert(clients).values(values).returning();
  if (row === undefined) {
    throw new Error('insert into clients returned no row');
  }
  return row;
}

export async function getClientByNumber(db: Database, number: number): Promise<ClientRow | undefined> {
  const [row] = await db.select().from(clients).where(eq(clients.number, number)).limit(1);
  return row;
}

/** The highest account number in use, or 0 when there is no client yet. */
export async function getMaxClientNumber(db: Database): Promise<number> {
  const [row] = await db.select({ max: sql<number | null>`max(${clients.number})` }).from(clients);
  return Number(row?.max ?? 0);
}

export type ClientSortField =
  | 'id'
  | 'number'
  | 'company'
  | 'email'
  | 'fullName'
  | 'address'
  | 'phone'
  | 'dateCreated';

export type ClientSearch = {
  /** Only these clients; undefined for every client. */
  clientIds?: number[];
  /** Matched case-insensitively against company, e-mail, full name, number and address. */
  q?: string;
  sort: { field: ClientSortField; descending: boolean };
  limit: number;
  offset: number;
};

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function searchCondition(search: ClientSearch): SQL | undefined {
  const conditions: SQL[] = [];
  if (search.clientIds !== undefined) {
    conditions.push(inArray(clients.id, search.clientIds));
  }
  if (search.q !== undefined && search.q !== '') {
    const pattern = containsPattern(search.q);
    const matches = or(
      ilike(clients.company, pattern),
      ilike(clients.email, pattern),
      ilike(clients.fullName, pattern),
      ilike(clients.address, pattern),
      sql`${clients.number}::text ilike ${pattern}`,
    );
    if (matches !== undefined) {
      conditions.push(matches);
    }
  }
  return and(...conditions);
}

const TEXT_SORT_FIELDS = new Set<ClientSortField>(['company', 'email', 'fullName', 'address', 'phone']);

function orderOf(sort: ClientSearch['sort']): SQL[] {
  const column = clients[sort.field];
  // Names sort as people read them, whatever their case; the id keeps pages stable.
  const key = TEXT_SORT_FIELDS.has(sort.field) ? sql`lower(${column})` : sql`${column}`;
  return [sort.descending ? desc(key) : asc(key), asc(clients.id)];
}

/** One page of clients and the number of all that match. */
export async function findClients(
  db: Database,
  search: ClientSearch,
): Promise<{ count: number; rows: ClientRow[] }> {
  if (search.clientIds !== undefined && search.clientIds.length === 0) {
    return { count: 0, rows: [] };
  }
  const where = searchCondition(search);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(clients)
      .where(where)
      .orderBy(...orderOf(search.sort))
      .limit(search.limit)
      .offset(search.offset),
    db.select({ count: sql<number>`count(*)::int` }).from(clients).where(where),
  ]);
  return { count: total?.count ?? 0, rows };
}

export async function updateClientRow(
  db: Database,
  id: number,
  values: Partial<NewClientRow>,
): Promise<ClientRow | undefined> {
  if (!hasValuesToSet(values)) {
    return getClientById(db, id);
  }
  const [row] = await db.update(clients).set(values).where(eq(clients.id, id)).returning();
  return row;
}

/** Deletes the client; its sites, memberships and user links go with it (foreign-key cascades). */
export async function deleteClientRow(db: Database, id: number): Promise<boolean> {
  const rows = await db.delete(clients).where(eq(clients.id, id)).returning({ id: clients.id });
  return rows.length > 0;
}
