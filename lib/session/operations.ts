// The session's documents (operations.graphql, codegen writes them beside it): the member, the token refresh, the
// logout and the e-mail confirmation, all sent from the member's layout.
export {
  ProfileStatusFieldsFragmentDoc as ProfileStatusFields,
  ProfileFieldsFragmentDoc as ProfileFields,
  QMeDocument as QMe,
  MRefreshTokenDocument as MRefreshToken,
  MConfirmEmailDocument as MConfirmEmail,
  MLogoutDocument as MLogout,
} from './operations.generated';
