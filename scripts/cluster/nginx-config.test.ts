import { describe, expect, it } from 'vitest';
import { nginxConfig } from './nginx-config';

describe('nginxConfig', () => {
  const config = nginxConfig({
    listenPort: 8080,
    instances: ['127.0.0.1:9001', '127.0.0.1:9002'],
    prefix: '/tmp/n',
  });

  it('proxies to every instance, upgrades WebSockets and passes the client address', () => {
    expect(config).toContain('server 127.0.0.1:9001 max_fails=1 fail_timeout=2s;');
    expect(config).toContain('server 127.0.0.1:9002 max_fails=1 fail_timeout=2s;');
    expect(config).toContain('listen 8080;');
    expect(config).toContain('proxy_set_header Upgrade $http_upgrade;');
    expect(config).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    expect(config).toContain('pid /tmp/n/nginx.pid;');
    expect(config.startsWith('daemon off;')).toBe(true);
  });

  it('refuses a proxy with no instance', () => {
    expect(() => nginxConfig({ listenPort: 8080, instances: [], prefix: '/tmp/n' })).toThrow(/at least one/);
  });
});
