import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { FlatpagesService } from './flatpages.service';
import { oemRoutes } from './oem.routes';
import { OemSettingsService } from './oem-settings.service';
import { RssFeedService } from './rss-feed.service';

/** OEM settings (A section 10): branding, logo, RSS feed and static pages. */
export async function registerOem(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  await app.register(oemRoutes, {
    settings: new OemSettingsService({ db }),
    rssFeed: new RssFeedService({ db }),
    flatpages: new FlatpagesService({ db }),
  });
}
