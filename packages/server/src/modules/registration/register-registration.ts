import type { FastifyInstance } from 'fastify';
import { CaptchaService, captchaVerificationOf } from '../../captcha/captcha.service';
import type { AccountsContext } from '../accounts/register-accounts';
import { UsersService } from '../users/users.service';
import { ActivationService } from './activation.service';
import { registrationRoutes } from './registration.routes';
import { RegistrationService } from './registration.service';

/** Demo registration and account activation (A section 7); activation opens a session through accounts. */
export async function registerRegistration(app: FastifyInstance, ctx: AccountsContext): Promise<void> {
  const { accounts, bus, config, db, mailer } = ctx;
  const captcha = new CaptchaService({ db, verification: captchaVerificationOf(ctx) });
  const users = new UsersService({ db });
  const registration = new RegistrationService({ config, db, mailer, captcha, users });
  const activation = new ActivationService({ config, db, signals: bus, accounts });
  await app.register(registrationRoutes, { ctx, captcha, registration, activation });
}
