// Documents of operations.graphql, one typed export each (codegen): a page ships only the documents it imports.
export {
  ProfileStatusFieldsFragmentDoc as ProfileStatusFields,
  ProfileFieldsFragmentDoc as ProfileFields,
  QMeDocument as QMe,
  MRefreshTokenDocument as MRefreshToken,
} from './generated/graphql';
