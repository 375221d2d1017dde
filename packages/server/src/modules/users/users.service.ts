import { randomBytes } from 'node:crypto';
import { NON_FIELD_ERRORS } from '@vigil/contracts';
import { z } from 'zod';
import { hashPassword } from '../../access/passwords';
import type { Database } from '../../db/database';
import type { NewUserRow, UserRow } from '../../db/tables/users.table';
import { AppError } from '../../errors';
import { isCommonPassword } from './common-passwords';
import { checkPasswordRules } from './password-rules';
import * as usersRepo from './users.repo';

export const USER_MESSAGES = {
  emailTaken: 'A user with that e-mail address already exists.',
  invalidEmail: 'The input is not valid E-mail!',
} as const;

export type RoleFlagsInput = Partial<
  Pick<
    NewUserRow,
    'isSuperuser' | 'isOem' | 'isAccountsManagement' | 'isManager' | 'isEngineer' | 'visualDashboardEnabled'
  >
>;

export type CreateUserInput = {
  email: string;
  password?: string;
  fullName?: string;
  company?: string;
  phone?: string;
  address?: string;
  roles?: RoleFlagsInput;
};

/** 'Ada King Lovelace' → first 'Ada', last 'King Lovelace'. */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') };
}

/** A random key identifying the user to external integrations (me/ auth_key). */
export function newAuthKey(): string {
  return randomBytes(20).toString('hex');
}

/** Throws a 400 listing every password rule the password breaks. */
export function assertPasswordAcceptable(
  password: string,
  personal: { email: string; firstName: string; lastName: string },
) {
  const problems = checkPasswordRules(password, personal, isCommonPassword);
  if (problems.length > 0) {
    throw AppError.validation({ password: problems });
  }
}

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { users: usersRepo };
export type UsersRepositories = typeof REPOSITORIES;
export type UsersDeps = { db: Database; repos?: UsersRepositories };

/** People's accounts: creation with the e-mail and password rules (A section 5). */
export class UsersService {
  private readonly repos: UsersRepositories;

  constructor(private readonly deps: UsersDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
  }

  /** The same service writing in a transaction (or another handle) of the caller. */
  inTransaction(tx: Database): UsersService {
    return new UsersService({ ...this.deps, db: tx });
  }

  /** Creates a user with a checked password (or none, for one who still has to activate). */
  async create(input: CreateUserInput): Promise<UserRow> {
    const email = input.email.trim();
    if (!z.email().safeParse(email).success) {
      throw AppError.validation({ email: [USER_MESSAGES.invalidEmail] });
    }
    const { firstName, lastName } = splitFullName(input.fullName ?? '');
    if (input.password !== undefined) {
      assertPasswordAcceptable(input.password, { email, firstName, lastName });
    }
    if ((await this.repos.users.findUserByEmail(this.deps.db, email)) !== undefined) {
      throw AppError.validation({ email: [USER_MESSAGES.emailTaken] });
    }
    return this.repos.users.insertUser(this.deps.db, {
      email,
      firstName,
      lastName,
      company: input.company ?? '',
      phone: input.phone ?? '',
      address: input.address ?? '',
      passwordHash: input.password === undefined ? null : await hashPassword(input.password),
      passwordChangedAt: input.password === undefined ? null : new Date(),
      authKey: newAuthKey(),
      ...input.roles,
    });
  }
}

/** The first message of an AppError's fields, for one-line command-line output. */
export function firstMessage(error: AppError): string {
  const fields = error.fields ?? {};
  const [field, messages] = Object.entries(fields)[0] ?? [NON_FIELD_ERRORS, [error.message]];
  const text = messages.join(' ');
  return field === NON_FIELD_ERRORS ? text : `${field}: ${text}`;
}
