import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { proofTestsRoutes } from './proof-tests.routes';
import { ProofTestService } from './proof-tests.service';

/** Proof tests (docs/proof-tests.md): coverage and the site report. */
export async function registerProofTests(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(proofTestsRoutes, { proofTests: new ProofTestService({ db: ctx.db }) });
}
