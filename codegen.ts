import type { CodegenConfig } from '@graphql-codegen/cli';

// Operation types come from the club API's own SDL, so the client can never drift from the server. Each feature keeps
// its documents in its lib/ folder (lib/profile/*-operations.graphql, lib/session/operations.graphql); only what
// several features send lives in lib/graphql/, beside the generated types every document shares.
const memberSchema = ['server/graphql/scalars.graphql', 'server/modules/*/schema.graphql'];
// The painel's schema (/painel/graphql) is another one: each module's staff.graphql. Each output names its schema,
// since codegen adds a root schema to every output's own.
const staffSchema = ['server/modules/*/staff.graphql'];
// The painel's documents are checked against the staff schema, never the members'.
const memberDocuments = ['lib/**/*.graphql', '!lib/**/public-*.graphql', '!lib/painel/**'];

const config: CodegenConfig = {
  ignoreNoDocuments: true,
  generates: {
    // The operation and fragment types, one file: components import their types from here.
    'lib/graphql/generated/': {
      schema: memberSchema,
      documents: memberDocuments,
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: { useTypeImports: true, enumsAsTypes: true, avoidOptionals: false },
    },
    // The documents themselves, one module beside each .graphql file (operations.generated.ts), re-exported by its
    // operations.ts: a page ships only its own domain's documents. From one shared module, webpack would keep in it
    // every document any page uses, and every member page would carry all of them.
    lib: {
      schema: memberSchema,
      documents: memberDocuments,
      preset: 'near-operation-file',
      presetConfig: { extension: '.generated.ts', baseTypesPath: 'graphql/generated/graphql.ts' },
      plugins: ['typescript-operations', 'typed-document-node'],
      config: { useTypeImports: true, enumsAsTypes: true, avoidOptionals: false },
    },
    // What pages opened cold send (login, sign-up, recovery, kiosk): plain query strings for the light fetch of
    // lib/graphql/request.ts, so those pages load neither Apollo nor graphql's printer.
    'lib/graphql/generated-public/graphql.ts': {
      schema: memberSchema,
      documents: ['lib/**/public-*.graphql', '!lib/painel/**'],
      // Plugins rather than the preset, which does not pass on pureMagicComment: a page keeps only the strings it uses.
      plugins: ['typescript-operations', 'typed-document-node'],
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        avoidOptionals: false,
        documentMode: 'string',
        pureMagicComment: true,
      },
    },
    // The schemas' enums and input types for common/ (the labels keyed by a status, the painel's queue filter), which
    // the app and the API both import and which may not reach into lib/. The documents' own types match them.
    'common/member-schema.generated.ts': {
      schema: memberSchema,
      plugins: ['typescript'],
      config: { useTypeImports: true, enumsAsTypes: true, avoidOptionals: false, onlyOperationTypes: true },
    },
    'common/staff-schema.generated.ts': {
      schema: staffSchema,
      plugins: ['typescript'],
      config: { useTypeImports: true, enumsAsTypes: true, avoidOptionals: false, onlyOperationTypes: true },
    },
    // The API's resolver signatures, so resolvers read their arguments from the SDL instead of hand-typing them.
    'server/graphql/generated/resolvers-types.ts': {
      schema: memberSchema,
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
    // The painel's operations, types and documents in one module of its own: only painel pages import it. Plain
    // query strings for its fetch (lib/painel/request.ts), like the cold pages': no Apollo in the painel.
    'lib/painel/operations.generated.ts': {
      schema: staffSchema,
      documents: ['lib/painel/**/*.graphql'],
      plugins: ['typescript-operations', 'typed-document-node'],
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        avoidOptionals: false,
        documentMode: 'string',
        pureMagicComment: true,
      },
    },
    // The staff resolvers' signatures, with the painel's own context.
    'server/graphql/generated/staff-resolvers-types.ts': {
      schema: staffSchema,
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        contextType: '../staff-context#StaffContext',
        useIndexSignature: false,
      },
    },
  },
};

export default config;
