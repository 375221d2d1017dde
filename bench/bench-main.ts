/**
 * The frame every PostgreSQL bench entry shares: bad options print the usage (exit 2), Ctrl-C stops the server
 * and drops the bench database (exit 130), an unreachable PostgreSQL (or another service) says how to fix it (exit 2), and the exit
 * code is the verdict (0 pass, 1 a missed target or a failure). Cleanup always runs.
 */
import { PostgresUnreachableError, ServiceUnreachableError } from './ingest/bench-database';
import { Cleanup } from './ingest/run-bench';

export type BenchEntry<Options> = {
  /** e.g. 'bench:api', in messages. */
  name: string;
  usage: string;
  parse(argv: string[]): Options;
  /** What to add to "Start it" when PostgreSQL does not answer. */
  unreachableHint: string;
  /** Runs the bench, prints and saves its summary; true when every target held. */
  run(options: Options, cleanup: Cleanup, say: (line: string) => void): Promise<boolean>;
};

export const say = (line: string) => process.stdout.write(`${line}\n`);

export async function benchMain<Options>(entry: BenchEntry<Options>): Promise<never> {
  let options: Options;
  try {
    options = entry.parse(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(
      `${error instanceof Error ? error.message : String(error)}\nUsage: ${entry.usage}\n`,
    );
    process.exit(2);
  }
  const cleanup = new Cleanup();
  let interrupted = false;
  process.once('SIGINT', () => {
    interrupted = true;
    process.stderr.write('Interrupted: stopping the server and dropping the bench database …\n');
    void cleanup.run().then(() => process.exit(130));
  });
  let exitCode = 0;
  try {
    exitCode = (await entry.run(options, cleanup, say)) ? 0 : 1;
  } catch (error) {
    if (error instanceof PostgresUnreachableError) {
      process.stderr.write(`${error.message} Start it${entry.unreachableHint}.\n`);
      exitCode = 2;
    } else if (error instanceof ServiceUnreachableError) {
      process.stderr.write(`${error.message}\n`);
      exitCode = 2;
    } else if (!interrupted) {
      process.stderr.write(`${entry.name} failed: ${error instanceof Error ? error.stack : String(error)}\n`);
      exitCode = 1;
    }
  } finally {
    await cleanup.run();
  }
  process.exit(exitCode);
}
