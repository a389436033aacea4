import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FlatCompat } from '@eslint/eslintrc';

const compat = new FlatCompat({ baseDirectory: dirname(fileURLToPath(import.meta.url)) });

const config = [
  {
    ignores: [
      'node_modules/**',
      '.next/**',
      'out/**',
      'data/**',
      'lib/graphql/generated/**',
      'lib/graphql/generated-public/**',
      'lib/**/*.generated.ts',
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
      // One import direction: app → components → lib. server/ is the API and never reaches the browser bundle.
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
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['server/**', 'scripts/**', 'e2e/**', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
];

export default config;
