// Documents of operations.graphql (codegen writes them beside it): a page ships only the modules it imports.
export {
  ProfileStatusFieldsFragmentDoc as ProfileStatusFields,
  ProfileFieldsFragmentDoc as ProfileFields,
  QMeDocument as QMe,
  MRefreshTokenDocument as MRefreshToken,
} from './operations.generated';
