import { eq } from 'drizzle-orm';
import { mailOutbox } from '../../src/db/tables/outbox.table';
import { insertMail } from '../../src/mail/outbox.repo';
import { insertFlatpage } from '../../src/modules/oem/flatpages.repo';
import { multipartFile, TINY_PNG } from '../fixtures/oem';
import { EVERY_SIGNED_IN, PUBLIC, type RouteCase, STAFF_ONLY, SUPERUSER_ONLY } from './cases';
import type { World } from './world';

let sequence = 0;
function nextPageUrl(): string {
  sequence += 1;
  return `/walk-${sequence}/`;
}

async function newFlatpageId({ db }: World): Promise<number> {
  return (await insertFlatpage(db, { url: nextPageUrl(), title: 'Walk', content: '<p>x</p>', css: '' })).id;
}

async function newMailId({ db }: World): Promise<number> {
  sequence += 1;
  const to = `walk-${sequence}@example.test`;
  await insertMail(db, { toAddress: to, subject: 's', textBody: 't', htmlBody: '<p>h</p>', kind: 'test' });
  const [row] = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.toAddress, to));
  return row?.id ?? 0;
}

/** layout-settings/, oem/settings/ (+ logo/), oem/rss-feed/ and the static pages. */
export const oemCases: RouteCase[] = [
  {
    method: 'GET',
    route: '/api/v1/layout-settings/',
    request: () => ({ url: '/api/v1/layout-settings/' }),
    expect: PUBLIC,
  },
  {
    method: 'GET',
    route: '/api/v2/layout-settings/',
    request: () => ({ url: '/api/v2/layout-settings/' }),
    expect: PUBLIC,
  },
  {
    method: 'GET',
    route: '/api/v1/oem/settings/',
    request: () => ({ url: '/api/v1/oem/settings/' }),
    expect: STAFF_ONLY,
  },
  {
    method: 'PATCH',
    route: '/api/v1/oem/settings/',
    request: () => ({ url: '/api/v1/oem/settings/', payload: { support_phone: '+1 555 0100' } }),
    expect: STAFF_ONLY,
  },
  {
    method: 'POST',
    route: '/api/v1/oem/settings/logo/',
    request: () => ({ url: '/api/v1/oem/settings/logo/', ...multipartFile(TINY_PNG) }),
    expect: STAFF_ONLY,
  },
  {
    method: 'DELETE',
    route: '/api/v1/oem/settings/logo/',
    request: () => ({ url: '/api/v1/oem/settings/logo/' }),
    expect: STAFF_ONLY,
  },
  {
    method: 'GET',
    route: '/api/v1/oem/rss-feed/',
    request: () => ({ url: '/api/v1/oem/rss-feed/' }),
    expect: EVERY_SIGNED_IN,
  },
  {
    method: 'POST',
    route: '/api/v1/oem/rss-feed/',
    request: () => ({
      url: '/api/v1/oem/rss-feed/',
      payload: [{ title: 'Walk', description: 'd', url: 'https://maker.test/' }],
    }),
    expect: STAFF_ONLY,
  },
  {
    method: 'GET',
    route: '/api/v2/get-flatpages/',
    request: () => ({ url: '/api/v2/get-flatpages/' }),
    expect: PUBLIC,
  },
  {
    method: 'GET',
    route: '/api/v2/flatpages/',
    request: () => ({ url: '/api/v2/flatpages/' }),
    expect: STAFF_ONLY,
  },
  {
    method: 'POST',
    route: '/api/v2/flatpages/',
    request: () => ({ url: '/api/v2/flatpages/', payload: { url: nextPageUrl(), title: 'Walk' } }),
    expect: STAFF_ONLY,
  },
  {
    method: 'POST',
    route: '/api/v2/flatpages/preview/',
    request: () => ({ url: '/api/v2/flatpages/preview/', payload: { content: '<p>x</p>', css: '' } }),
    expect: STAFF_ONLY,
  },
  {
    method: 'GET',
    route: '/api/v2/flatpages/{id}/',
    request: async (world) => ({ url: `/api/v2/flatpages/${await newFlatpageId(world)}/` }),
    expect: STAFF_ONLY,
  },
  {
    method: 'PATCH',
    route: '/api/v2/flatpages/{id}/',
    request: async (world) => ({
      url: `/api/v2/flatpages/${await newFlatpageId(world)}/`,
      payload: { title: 'New' },
    }),
    expect: STAFF_ONLY,
  },
  {
    method: 'DELETE',
    route: '/api/v2/flatpages/{id}/',
    request: async (world) => ({ url: `/api/v2/flatpages/${await newFlatpageId(world)}/` }),
    expect: STAFF_ONLY,
  },
];

/** outbox/: super users only (not OEM). */
export const outboxCases: RouteCase[] = [
  {
    method: 'GET',
    route: '/api/v1/outbox/',
    request: () => ({ url: '/api/v1/outbox/' }),
    expect: SUPERUSER_ONLY,
  },
  {
    method: 'GET',
    route: '/api/v1/outbox/{id}/',
    request: async (world) => ({ url: `/api/v1/outbox/${await newMailId(world)}/` }),
    expect: SUPERUSER_ONLY,
  },
  {
    method: 'POST',
    route: '/api/v1/outbox/{id}/retry/',
    request: async (world) => ({ url: `/api/v1/outbox/${await newMailId(world)}/retry/` }),
    expect: SUPERUSER_ONLY,
  },
];
