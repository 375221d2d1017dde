/**
 * The nginx configuration of Vigil behind a reverse proxy (docs/operations.md 'Several instances behind nginx'),
 * used by `npm run cluster` and written out in the docs: one upstream of every instance, WebSocket upgrades,
 * long-lived sockets, the client's address in X-Forwarded-For (the instances set TRUST_PROXY to the proxy), and a
 * retry on the next instance when one is restarting (idempotent requests only).
 */
export type NginxOptions = {
  listenPort: number;
  /** host:port of each Vigil instance. */
  instances: string[];
  /** Where nginx keeps its pid, logs and temporary files (a folder of the caller's). */
  prefix: string;
  /** Run in the foreground as a child process (the cluster script), not as a system daemon. */
  foreground?: boolean;
};

export function nginxConfig(options: NginxOptions): string {
  if (options.instances.length === 0) {
    throw new Error('nginx needs at least one instance');
  }
  const upstream = options.instances.map((address) => `    server ${address} max_fails=1 fail_timeout=2s;`);
  const prefix = options.prefix;
  return `${options.foreground === false ? '' : 'daemon off;\n'}worker_processes auto;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;

events {
  worker_connections 4096;
}

http {
  access_log ${prefix}/access.log;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;

  # A WebSocket upgrade passes Upgrade on; any other request keeps the upstream connection alive.
  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' '';
  }

  upstream vigil {
    least_conn;
${upstream.join('\n')}
    keepalive 32;
  }

  server {
    listen ${options.listenPort};
    # The largest body Vigil takes is a sensor-image or CSV upload; it answers 413 itself past its own limits.
    client_max_body_size 10m;

    location / {
      proxy_pass http://vigil;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # Live sockets stay open for hours; Vigil pings them, so an idle hour means a dead peer.
      proxy_read_timeout 3600s;
      proxy_send_timeout 3600s;
      # An instance that is restarting refuses connections: the request goes to the next one.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 3;
      # Server-sent downloads (CSV exports) stream as Vigil writes them.
      proxy_buffering off;
    }
  }
}
`;
}
