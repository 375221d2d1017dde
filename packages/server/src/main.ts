import { buildApp } from './app';
import { describeDemoControl, startDemoSimulator } from './demo/demo-simulator';
import { describeDemoAccounts, describeDemoHistory, seedDemo } from './demo/seed-demo';
import { startEmbeddedBroker } from './modules/ingest/embedded-broker';
import { startExternalConsumer } from './modules/ingest/external-consumer';
import { countUsers } from './modules/users/users.repo';
import { configOrExit, fail, listenFailure, loadDotEnv, openMigratedDatabase, say } from './runtime';
import { resolveJwtSecret } from './secrets';

loadDotEnv();
const config = configOrExit();
const database = await openMigratedDatabase(config);
const seeded = config.demo ? await seedDemo(database.db) : undefined;
const app = await buildApp(config, { database, jwtSecret: resolveJwtSecret(config) });
// Devices publish to our own broker, or (MQTT_URL) we consume from an external one.
const mqtt = config.mqttUrl
  ? startExternalConsumer({
      url: config.mqttUrl,
      ingest: app.ingest,
      log: app.log,
      connections: config.mqttConsumers,
      clientId: config.mqttClientId,
      shareGroup: config.mqttShareGroup,
    })
  : await startEmbeddedBroker({
      port: config.mqttPort,
      host: config.host,
      ingest: app.ingest,
      guard: app.credentialGuard,
      log: app.log,
    }).catch(async (error: unknown) => {
      await app.close();
      await database.close();
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
        fail(
          `MQTT port ${config.mqttPort} is already in use (another MQTT broker?): set MQTT_PORT or MQTT_URL.`,
        );
      }
      throw error;
    });
const brokerUrl = config.mqttUrl ?? `mqtt://127.0.0.1:${'port' in mqtt ? mqtt.port : config.mqttPort}`;
const simulator = config.demo
  ? await startDemoSimulator(brokerUrl, app.log, config.demoControlPort).catch(async (error: unknown) => {
      await mqtt.close();
      await app.close();
      await database.close();
      fail(
        `The demo simulator could not start: ${error instanceof Error ? error.message : String(error)} (DEMO=0 starts Vigil without the demo).`,
      );
    })
  : undefined;

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) {
    // A second Ctrl-C means now.
    process.exit(1);
  }
  stopping = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  try {
    await simulator?.stop();
    await mqtt.close();
    await app.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'unclean shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  await simulator?.stop();
  await mqtt.close();
  await app.close();
  await database.close();
  fail(listenFailure(error, config));
}

const users = await countUsers(database.db);
say('');
say(`Vigil is running at ${config.publicUrl} (database: ${database.kind} ${database.location})`);
if (config.demo) {
  say(seeded?.created ? describeDemoHistory(seeded.history) : 'Demo data present.');
  say(describeDemoAccounts());
  say(`Simulated demo devices publish to ${brokerUrl} (DEMO=0 turns the demo off).`);
  if (simulator !== undefined) {
    say(describeDemoControl(simulator, config.demoControlPort));
  }
} else if (users === 0) {
  say('No users yet. Create the first one with:');
  say(
    '  npm run cli -- create-superuser --email you@example.com --password "<Strong-Pass-1>" --name "Your Name"',
  );
} else {
  say('Sign in with your account at the address above.');
}
say('API documentation: /api/docs. Stop with Ctrl-C.');
say('');
