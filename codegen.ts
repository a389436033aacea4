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
    // The API's resolver signatures, so resolvers read their arguments from the SDL instead of hand-typing them.
    'server/graphql/generated/resolvers-types.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        contextType: '../context#ApiContext',
        useIndexSignature: false,
        // Objects whose resolvers receive the service's own shape (lazy fields, numeric ids) rather than the SDL type.
        mappers: {
          User: '../../modules/users/service#MeResult',
          UserWoodWork: '../../modules/profile/service#WoodWorkView',
          Survey: '../../modules/content/service#SurveyParent',
        },
        scalars: { Upload: 'Promise<import("../../uploads/file-upload").FileUpload>' },
      },
    },
  },
};

export default config;
