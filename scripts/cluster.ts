// npm run cluster -- --instances 2 [--port 8080] [--no-demo]: N compiled Vigil instances and nginx in front, on
// free ports, against DATABASE_URL, REDIS_URL and MQTT_URL (docs/operations.md 'Several instances behind nginx').
// Prints the URL; Ctrl-C stops everything.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { hasNginx, startCluster } from './cluster/start-cluster';

const argv = process.argv.slice(2);
const flagValue = (flag: string) => {
  const index = argv.indexOf(flag);
  return index === -1 ? undefined : argv[index + 1];
};
const instances = Number(flagValue('--instances') ?? 2);
const port = flagValue('--port') === undefined ? undefined : Number(flagValue('--port'));
if (!Number.isInteger(instances) || instances < 1 || instances > 16 || (port !== undefined && !(port > 0))) {
  console.error('Usage: npm run cluster -- --instances N (1-16) [--port P] [--no-demo]');
  process.exit(2);
}
const { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, MQTT_URL: mqttUrl } = process.env;
if (!databaseUrl || !redisUrl || !mqttUrl) {
  console.error(
    'Several instances share one PostgreSQL, one Redis and one MQTT broker: set DATABASE_URL, REDIS_URL and MQTT_URL\n' +
      '(e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/vigil REDIS_URL=redis://127.0.0.1:6379 MQTT_URL=mqtt://127.0.0.1:1883).',
  );
  process.exit(2);
}
if (!hasNginx()) {
  console.error('nginx is not installed: apt-get install nginx');
  process.exit(2);
}
const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/ensure-build.ts'], {
  cwd: path.resolve(import.meta.dirname, '..'),
  stdio: 'inherit',
});
if (build.status !== 0) {
  process.exit(build.status ?? 1);
}

const cluster = await startCluster({
  instances,
  port,
  databaseUrl,
  redisUrl,
  mqttUrl,
  demo: !argv.includes('--no-demo'),
  log: (source, text) => process.stdout.write(text.replace(/^(?=.)/gm, `[${source}] `)),
});
console.log(
  `\nVigil: ${cluster.url} (${instances} instances behind nginx: ${cluster.instances.map((i) => i.port).join(', ')}). Stop with Ctrl-C.`,
);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) {
      process.exit(1);
    }
    stopping = true;
    console.log('Stopping nginx and the instances …');
    void cluster.stop().then(() => process.exit(0));
  });
}
