import { generateNginxConfig } from '../server/hosting/nginx-config';

/** Prints the nginx server block for hosting out/ behind nginx: `npm run nginx > clube.conf`. */
process.stdout.write(
  generateNginxConfig({
    root: process.env.NGINX_ROOT ?? '/srv/clube/out',
    apiUpstream: process.env.NGINX_API_UPSTREAM ?? 'http://127.0.0.1:3000',
    serverName: process.env.NGINX_SERVER_NAME ?? 'clube.exemplo.com.br',
  }),
);
