import { GraphQLUpload } from 'graphql-upload-minimal';

/** The `Upload` scalar of server/graphql/scalars.graphql, shared by every module that receives files. */
export const scalarResolvers = {
  Upload: {
    parseValue: GraphQLUpload.parseValue,
    parseLiteral: GraphQLUpload.parseLiteral,
    serialize: GraphQLUpload.serialize,
  },
};
