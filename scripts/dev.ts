import { spawn } from 'node:child_process';

/**
 * Development: the API (with reload) on API_PORT and `next dev` on PORT, the app calling the API across origins.
 * Routing of the static export is only faithful in `npm start`, which is what the end-to-end tests use.
 */
const port = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '4000';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, SKIP_BUILD: '1', SERVE_STATIC: 'false', CORS_ORIGIN: `http://localhost:${port}` },
  }),
  spawn('npx', ['next', 'dev', '-p', port], {
    stdio: 'inherit',
    env: { ...process.env, NEXT_PUBLIC_GRAPHQL_URL: `http://localhost:${apiPort}/graphql` },
  }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', (code) => (code ? (stop(), process.exit(code)) : undefined)));
