import { REGISTER_MESSAGES, type RegisterRequest } from '@vigil/contracts';
import type { CaptchaService } from '../../captcha/captcha.service';
import type { AppContext } from '../../context';
import { uniqueViolationOf } from '../../db/unique-violation';
import { AppError } from '../../errors';
import * as clientsRepo from '../clients/clients.repo';
import * as sitesRepo from '../sites/sites.repo';
import { sendActivation } from '../users/activation';
import * as membershipsRepo from '../users/memberships.repo';
import * as usersRepo from '../users/users.repo';
import type { UsersService } from '../users/users.service';
import * as usersClientsRepo from '../users/users-clients.repo';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = {
  clients: clientsRepo,
  sites: sitesRepo,
  users: usersRepo,
  usersClients: usersClientsRepo,
  memberships: membershipsRepo,
};
export type RegistrationRepositories = typeof REPOSITORIES;
export type RegistrationDeps = Pick<AppContext, 'config' | 'db' | 'mailer'> & {
  /** Uses up the solved captcha of the form. */
  captcha: CaptchaService;
  /** Creates the person with the account rules. */
  users: UsersService;
  repos?: RegistrationRepositories;
};

/** The site every demo client starts with; its person manages it. */
export const DEMO_SITE = { title: 'Demo Site', timezone: 'UTC' } as const;

function emailTaken(): AppError {
  return AppError.validation({ email: [REGISTER_MESSAGES.emailTaken] });
}

/** Demo registration (A section 7): a client, its demo site and its first person, who activates by e-mail. */
export class RegistrationService {
  private readonly repos: RegistrationRepositories;

  constructor(private readonly deps: RegistrationDeps) {
    this.repos = deps.repos ?? REPOSITORIES;
  }

  /**
   * POST register-for-demo/: uses the captcha up, then creates in one transaction a client for the
   * company, its 'Demo Site', and the person as the client's accounts management (A section 3: the
   * person with the client's e-mail administers it) and Manager of the site, without a password; the
   * activation e-mail goes out with the same transaction.
   */
  async registerForDemo(input: RegisterRequest): Promise<void> {
    await this.deps.captcha.assertRedeemed(input.captcha);
    if ((await this.repos.users.findUserByEmail(this.deps.db, input.email)) !== undefined) {
      throw emailTaken();
    }
    // Two registrations at once may pick the same next client number: the loser tries again.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.createDemoAccount(input);
        return;
      } catch (error) {
        const constraint = uniqueViolationOf(error);
        const isEmailTaken = error instanceof AppError && error.fields?.email !== undefined;
        if (isEmailTaken || constraint === 'users_email_lower_key') {
          throw emailTaken();
        }
        if (constraint !== 'clients_number_unique' || attempt === 3) {
          throw error;
        }
      }
    }
  }

  private async createDemoAccount(input: RegisterRequest): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const client = await this.repos.clients.insertClient(tx, {
        number: (await this.repos.clients.getMaxClientNumber(tx)) + 1,
        company: input.company,
        fullName: input.name,
        email: input.email,
        address: '',
        phone: '',
      });
      const site = await this.repos.sites.insertLocation(tx, {
        ...DEMO_SITE,
        clientId: client.id,
        address: '',
        fullName: input.name,
        email: input.email,
      });
      const user = await this.deps.users.inTransaction(tx).create({
        email: input.email,
        fullName: input.name,
        company: input.company,
        roles: { isAccountsManagement: true },
      });
      await this.repos.usersClients.linkUserToClient(tx, client.id, user.id, { asAdministrator: true });
      await this.repos.memberships.upsertMembership(tx, {
        locationId: site.id,
        userId: user.id,
        permission: 'Manager',
      });
      await this.repos.users.updateUser(tx, user.id, {
        currentClientId: client.id,
        currentLocationId: site.id,
      });
      await sendActivation(this.deps, user, tx);
    });
  }
}
