import { existsSync, readdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FlatCompat } from '@eslint/eslintrc';

const compat = new FlatCompat({ baseDirectory: dirname(fileURLToPath(import.meta.url)) });

/**
 * The API's layers, lowest first: a file may import its own layer and those below, never one above. Tests are left
 * out (an integration test below the modules may build a member); so are the composition roots (server/app.ts,
 * main.ts, seed.ts, cli/, build/, hosting/, test/), which sit above everything.
 */
const SERVER_LAYERS = [
  ['./server/db'],
  [
    './server/config.ts',
    './server/adapters',
    './server/storage',
    './server/jobs',
    './server/auth',
    './server/errors',
    './server/metrics',
    './server/logging',
    './server/privacy',
  ],
  ['./server/http', './server/limits'],
  ['./server/graphql', './server/uploads'],
  ['./server/modules'],
];
const TOP = [
  './server/app.ts',
  './server/main.ts',
  './server/seed.ts',
  './server/cli',
  './server/build',
  './server/hosting',
  './server/backup',
];
const TESTS = ['**/*.test.ts', '**/test/**'];

const layerZones = SERVER_LAYERS.map((layer, index) => ({
  target: layer,
  from: [...SERVER_LAYERS.slice(index + 1).flat(), ...TOP],
  message:
    'Imports in the API only go down: db → config, adapters, storage, jobs, auth, errors, metrics, logging → http, limits → graphql, uploads → modules → app.',
}));

/** Each module is reached only through its index.ts (its manifest and public API), from other modules and the top. */
const MODULES = readdirSync('server/modules', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const moduleFaces = MODULES.map((name) => `./${name}/index.ts`);
const SHARED_MODULE_FILES = ['./index.ts', './club-module.ts', './service-deps.ts'];
/**
 * The modules' own tiers, lowest first: a module imports its own tier and those below. Core is who and what the club
 * is made of (members' accounts, staff, points, messages, places); the domain is what a member does there; the read
 * models put the domain side by side for the staff (a member's whole story, the home figures) and write nothing of
 * it. import/no-cycle (below) keeps a tier free of cycles within itself.
 */
const MODULE_TIERS = {
  core: [
    'users',
    'staff',
    'notifications',
    'points',
    'stores',
    'products',
    'auth',
    'device-sessions',
    'profile',
    'content',
  ],
  domain: ['invoices', 'projects', 'rewards', 'partner', 'kiosk', 'whatsapp', 'demo'],
  'read model': ['members', 'dashboard'],
};
const tierList = Object.values(MODULE_TIERS);
const tierNames = Object.keys(MODULE_TIERS);
const unlisted = MODULES.filter((name) => !tierList.flat().includes(name));
if (unlisted.length > 0) throw new Error(`eslint.config.mjs: put the module(s) ${unlisted.join(', ')} in a tier.`);
const tierZones = tierList.slice(0, -1).map((tier, index) => ({
  target: tier.map((name) => `./server/modules/${name}`),
  from: tierList
    .slice(index + 1)
    .flat()
    .map((name) => `./server/modules/${name}`),
  message: `A ${tierNames[index]} module does not import a module of a higher tier (${tierNames.join(' → ')}: see docs/architecture.md).`,
}));

const moduleZones = [
  ...MODULES.map((name) => ({
    target: `./server/modules/${name}`,
    from: './server/modules',
    except: [`./${name}`, ...moduleFaces, ...SHARED_MODULE_FILES],
    message: `Another module is reached through its index.ts only (server/modules/<name>/index.ts).`,
  })),
  {
    target: TOP,
    from: './server/modules',
    except: [...moduleFaces, ...SHARED_MODULE_FILES],
    message: 'The app reaches a module through its index.ts only.',
  },
];

/**
 * Every HTTP call the API makes goes through server/adapters/outbound.ts (docs/outbound-calls.md), which refuses
 * internal addresses, pins the connection to the address it checked and follows no redirect: anywhere else in
 * server/ the ways around it are refused. node:http keeps what a server or a type needs; tests start their own
 * servers and clients.
 */
const OUTBOUND_GUARD = 'server/adapters/outbound.ts';
const OUTBOUND_MESSAGE =
  'Calls out of the API go through server/adapters/outbound.ts (outboundRequest, outboundSender): it refuses internal addresses.';
const HTTP_SERVER_SIDE = [
  'IncomingMessage',
  'ServerResponse',
  'Server',
  'createServer',
  'STATUS_CODES',
  'IncomingHttpHeaders',
  'OutgoingHttpHeaders',
];
const outboundRules = {
  'no-restricted-globals': [
    'error',
    ...['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource'].map((name) => ({ name, message: OUTBOUND_MESSAGE })),
  ],
  'no-restricted-properties': [
    'error',
    ...['globalThis', 'global'].map((object) => ({ object, property: 'fetch', message: OUTBOUND_MESSAGE })),
    // web-push would post to the endpoint itself; the club only asks it for the request (generateRequestDetails).
    { object: 'webPush', property: 'sendNotification', message: OUTBOUND_MESSAGE },
  ],
  'no-restricted-imports': [
    'error',
    {
      paths: [
        ...['node:http', 'http', 'node:https', 'https'].map((name) => ({
          name,
          allowImportNames: HTTP_SERVER_SIDE,
          message: OUTBOUND_MESSAGE,
        })),
        ...['node:net', 'net', 'node:tls', 'tls'].map((name) => ({
          name,
          importNames: ['connect', 'createConnection', 'Socket', 'TLSSocket', 'default'],
          message: OUTBOUND_MESSAGE,
        })),
        ...['node:http2', 'http2', 'undici', 'node-fetch', 'axios', 'got'].map((name) => ({
          name,
          message: OUTBOUND_MESSAGE,
        })),
        { name: 'web-push', importNames: ['sendNotification'], message: OUTBOUND_MESSAGE },
      ],
    },
  ],
};

/**
 * Feature folders of the browser code: one feature never imports another's files. What features share lives in the
 * shared folders (components/ui, forms, layout, providers; the non-feature folders of lib/ and common/), and only the
 * composition layers (app/, components/screens and the gates, which show the login or the consent modal in front of
 * a page) put features side by side.
 */
const COMPONENT_FEATURES = [
  'auth',
  'content',
  'invoices',
  'kiosk',
  // The staff's back office: it shares components/ui, forms and layout with the members' screens, nothing else.
  'painel',
  'partner',
  'points',
  'profile',
  'projects',
  'rewards',
];
const COMPONENT_SHARED = ['ui', 'forms', 'layout', 'providers'];
const LIB_FEATURES = [
  'auth',
  'content',
  'home',
  'invoices',
  'kiosk',
  'painel',
  'partner',
  'points',
  'profile',
  'projects',
  'rewards',
  'stores',
];
const featureZones = (root, features, shared) => [
  ...features.map((name) => ({
    target: `./${root}/${name}`,
    from: features.filter((other) => other !== name).map((other) => `./${root}/${other}`),
    message: `A feature does not import another feature's files: move what both need to a shared folder of ${root}/.`,
  })),
  {
    target: shared.map((name) => `./${root}/${name}`),
    from: features.map((name) => `./${root}/${name}`),
    message: `Shared code of ${root}/ does not depend on a feature.`,
  },
];
const LIB_SHARED = readdirSync('lib', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !LIB_FEATURES.includes(entry.name))
  .map((entry) => entry.name);

/**
 * common/ is what the app and the API share (roles, routes, rules, validation, formats, the NF-e XML reader, labels):
 * it sits below lib/ and below server/, so it imports nothing of app/, components/, lib/ or server/, tests included.
 */
const COMMON_ZONE = {
  target: './common',
  from: ['./app', './components', './lib', './server'],
  message: 'common/ is shared by the app and the API: it imports nothing of app/, components/, lib/ or server/.',
};
const COMMON_FEATURES = LIB_FEATURES.filter((name) => existsSync(`common/${name}`));
const COMMON_SHARED = readdirSync('common', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !COMMON_FEATURES.includes(entry.name))
  .map((entry) => entry.name);
/** The API reaches the browser side's code only through common/. */
const SERVER_FROM_LIB = {
  target: './server',
  from: './lib',
  message: 'The API imports of the browser side only common/: move what both need from lib/ to common/.',
};
/**
 * The API's tests (and their helpers in server/test/) act as the app: they send its own GraphQL documents, which
 * codegen writes in lib/ from the app's .graphql files, so the tests exercise the very requests the app makes. That
 * is all they take from lib/.
 */
const SERVER_TESTS_FROM_LIB = {
  target: './server',
  from: [resolve('lib/**')],
  except: ['lib/graphql/generated/**', 'lib/graphql/generated-public/**', 'lib/**/*.generated.ts'].map((glob) =>
    resolve(glob),
  ),
  message: "An API test takes of lib/ only the app's generated GraphQL documents; shared code is in common/.",
};

const config = [
  {
    ignores: [
      'node_modules/**',
      '.next/**',
      'out/**',
      'dist/**',
      'data/**',
      'lib/graphql/generated/**',
      'lib/graphql/generated-public/**',
      'lib/**/*.generated.ts',
      'common/**/*.generated.ts',
      'server/graphql/generated/**',
      'public/**',
      'test-results/**',
      'playwright-report/**',
      'next-env.d.ts',
    ],
  },
  ...compat.extends('next/core-web-vitals', 'next/typescript'),
  {
    rules: {
      // One import direction: app → components → lib → common. server/ is the API and never reaches the browser
      // bundle; of the browser side's code it imports common/ only (its tests, the generated documents too).
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './lib', from: './components', message: 'lib/ must not import UI (app → components → lib).' },
            { target: './lib', from: './app', message: 'lib/ must not import routes (app → components → lib).' },
            { target: './components', from: './app', message: 'components/ must not import routes.' },
            {
              target: ['./app', './components', './lib'],
              from: './server',
              message: 'server/ never enters the browser bundle.',
            },
            { target: './server', from: ['./app', './components'], message: 'The API does not import UI code.' },
            SERVER_TESTS_FROM_LIB,
            COMMON_ZONE,
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['components/**', 'lib/**'],
    ignores: [...TESTS, '**/*.test.tsx'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './lib', from: './components', message: 'lib/ must not import UI (app → components → lib).' },
            { target: './lib', from: './app', message: 'lib/ must not import routes (app → components → lib).' },
            { target: './components', from: './app', message: 'components/ must not import routes.' },
            {
              target: ['./components', './lib'],
              from: './server',
              message: 'server/ never enters the browser bundle.',
            },
            ...featureZones('components', COMPONENT_FEATURES, COMPONENT_SHARED),
            ...featureZones('lib', LIB_FEATURES, LIB_SHARED),
          ],
        },
      ],
    },
  },
  {
    files: ['common/**'],
    ignores: [...TESTS, '**/*.test.tsx'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        { zones: [COMMON_ZONE, ...featureZones('common', COMMON_FEATURES, COMMON_SHARED)] },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: TESTS,
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './server', from: ['./app', './components'], message: 'The API does not import UI code.' },
            SERVER_FROM_LIB,
            ...layerZones,
            ...moduleZones,
            ...tierZones,
          ],
        },
      ],
      // A cycle between files (or modules) of the API: the first pass allowed members ↔ projects, rewards.
      'import/no-cycle': ['error', { ignoreExternal: true, disableScc: true }],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: [...TESTS, OUTBOUND_GUARD],
    rules: outboundRules,
  },
  {
    files: ['server/**', 'scripts/**', 'e2e/**', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
];

export default config;
