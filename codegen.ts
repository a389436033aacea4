import type { CodegenConfig } from '@graphql-codegen/cli';

// Operation types come from the club API's own SDL, so the client can never drift from the server.
const config: CodegenConfig = {
  schema: ['server/graphql/scalars.graphql', 'server/modules/*/schema.graphql'],
  documents: ['lib/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', '!lib/graphql/generated/**', '!**/*.test.{ts,tsx}'],
  ignoreNoDocuments: true,
  generates: {
    'lib/graphql/generated/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: { useTypeImports: true, enumsAsTypes: true, avoidOptionals: false },
    },
  },
};

export default config;
