import { generateNginxConfig, parseApiServers, parseListen } from '../server/hosting/nginx-config';
import { cspOptionsFromBuildEnv } from '../server/http/content-security-policy';

/**
 * Prints the nginx config for hosting out/ behind nginx, with the API processes as an upstream, for the http
 * context: `npm run nginx > /etc/nginx/conf.d/clube.conf`.
 */
try {
  process.stdout.write(
    generateNginxConfig({
      root: process.env.NGINX_ROOT ?? '/srv/clube/out',
      apiServers: parseApiServers(process.env.NGINX_API_SERVERS ?? '127.0.0.1:3000'),
      serverName: process.env.NGINX_SERVER_NAME ?? 'clube.exemplo.com.br',
      listen: parseListen(process.env.NGINX_LISTEN ?? '80'),
      brotli: ['1', 'true'].includes(process.env.NGINX_BROTLI ?? ''),
      // The same NEXT_PUBLIC_* settings the export was built with: another API host, the analytics ids.
      csp: cspOptionsFromBuildEnv(process.env),
    }),
  );
} catch (error) {
  // A bad setting is the operator's to fix: name it, without a stack trace.
  console.error((error as Error).message);
  process.exitCode = 1;
}
