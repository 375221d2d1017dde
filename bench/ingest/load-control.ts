import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FromLoadGenerator, LoadConfig, LoadResult, LoadWindow, ToLoadGenerator } from './load-messages';

const GENERATOR = fileURLToPath(new URL('./load-generator.ts', import.meta.url));

/** The bench's handle on the load generator child process. */
export class LoadGenerator {
  private constructor(private readonly child: ChildProcess) {}

  /** Forks the generator and hands it the fleet; no device connects before prepare(). */
  static async connect(config: LoadConfig, nodeArgs: string[] = []): Promise<LoadGenerator> {
    const child = fork(GENERATOR, [], { execArgv: [...nodeArgs, '--import', 'tsx'], stdio: 'inherit' });
    const generator = new LoadGenerator(child);
    const reply = await generator.request({ type: 'connect', config });
    if (reply.type !== 'ready') {
      throw new Error('load generator: unexpected reply to connect');
    }
    return generator;
  }

  /**
   * Connects the fleet's first `devices` (those not connected yet) and waits for trees an earlier step
   * left unacknowledged; throws when a device could not connect.
   */
  async prepare(devices: number): Promise<void> {
    const reply = await this.request({ type: 'prepare', devices });
    if (reply.type !== 'connected') {
      throw new Error('load generator: unexpected reply to prepare');
    }
    if (reply.failed.length > 0) {
      throw new Error(
        `${reply.failed.length} device(s) could not connect to the broker (first: ${reply.failed[0]})`,
      );
    }
  }

  /** The first `devices` publish through the window; resolves with the figures once they drained. */
  async run(window: LoadWindow, devices: number): Promise<LoadResult> {
    const reply = await this.request({ type: 'run', window, devices });
    if (reply.type !== 'result') {
      throw new Error('load generator: unexpected reply to run');
    }
    return reply.result;
  }

  kill(): void {
    if (this.child.exitCode === null) {
      this.child.kill('SIGKILL');
    }
  }

  private request(message: ToLoadGenerator): Promise<FromLoadGenerator> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null) => {
        reject(new Error(`load generator exited with ${code}`));
      };
      this.child.once('exit', onExit);
      this.child.once('message', (reply: FromLoadGenerator) => {
        this.child.off('exit', onExit);
        if (reply.type === 'error') {
          reject(new Error(`load generator: ${reply.message}`));
          return;
        }
        resolve(reply);
      });
      this.child.send(message);
    });
  }
}
