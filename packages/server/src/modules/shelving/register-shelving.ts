import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { latestTreeReader } from '../ingest/latest-tree';
import { shelvingRoutes } from './shelving.routes';
import { ShelvingService } from './shelving.service';
import { ShelvingTimer } from './shelving-timer';

declare module 'fastify' {
  interface FastifyInstance {
    /** Ends shelves at their time (tests call drain()). */
    shelvingTimer: ShelvingTimer;
  }
}

/**
 * Shelving (issue 27, docs/shelving.md): the calls, and the timer that ends shelves at their time. The effect of
 * a shelf on the channels lives where each channel is: the notifications projector marks the rows, the e-mail
 * rules and the escalation skip them, the web spares the toast and the sound.
 */
export async function registerShelving(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const timer = new ShelvingTimer({ db: ctx.db, events: ctx.events, log: app.log });
  app.addHook('onReady', async () => timer.start());
  app.decorate('shelvingTimer', timer);
  app.addHook('onClose', async () => timer.stop());

  const latestTree = latestTreeReader(ctx.db, app.ingest);
  await app.register(shelvingRoutes, {
    shelving: new ShelvingService({ db: ctx.db, events: ctx.events, latestTree }),
  });
}
