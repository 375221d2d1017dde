import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

// Being written (issue 10): filled in before this commit's successors land.
export async function graphExportRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
