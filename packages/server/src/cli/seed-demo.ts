import type { Database } from '../db/database';
import { describeDemoAccounts, seedDemo } from '../demo/seed-demo';
import { say } from '../runtime';

export async function seedDemoCommand(db: Database): Promise<void> {
  const { created } = await seedDemo(db);
  say(created ? 'Demo data loaded.' : 'Demo data is already loaded; nothing changed.');
  say(describeDemoAccounts());
}
