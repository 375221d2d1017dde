import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/tables/users.table';
import { updateUser } from './users.repo';

/** 256-bit random, URL-safe activation key. */
export function newActivationKey(): string {
  return randomBytes(32).toString('base64url');
}

/** The activation link of A section 2: {PUBLIC_URL}register/activate/{activationKey}. */
export function activationLink(publicUrl: string, key: string): string {
  return `${publicUrl}register/activate/${key}`;
}

/**
 * Gives the user a fresh single-use activation key (the old one stops working) and e-mails the link.
 * Pass a transaction to do both atomically with the change that caused it.
 */
export async function sendActivation(
  ctx: Pick<AppContext, 'config' | 'db' | 'mailer'>,
  user: Pick<UserRow, 'id' | 'email' | 'firstName'>,
  tx?: Database,
): Promise<string> {
  const db = tx ?? ctx.db;
  const key = newActivationKey();
  await updateUser(db, user.id, {
    activationKey: key,
    activationKeyCreatedAt: new Date(),
    termsAcceptedAt: null,
  });
  const link = activationLink(ctx.config.publicUrl, key);
  const days = Math.round(ctx.config.activationTtlSeconds / 86_400);
  const greeting = user.firstName === '' ? 'Hello,' : `Hello ${user.firstName},`;
  const text = [
    greeting,
    '',
    'An account has been created for you on Vigil, the hazard monitoring portal.',
    `Activate it and choose your password here (the link works once, for ${days} days):`,
    link,
    '',
    'If you did not expect this e-mail, you can ignore it.',
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p><p>An account has been created for you on Vigil, the hazard monitoring portal.</p><p><a href="${escapeHtml(link)}">Activate your account and choose your password</a> (the link works once, for ${days} days).</p><p>If you did not expect this e-mail, you can ignore it.</p>`;
  await ctx.mailer.send(
    { to: user.email, subject: 'Activate your Vigil account', text, html, kind: 'activation' },
    tx,
  );
  return key;
}

/** Minimal escaping for values placed in mail HTML. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
