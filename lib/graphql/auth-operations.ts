// Documents of auth-operations.graphql, one typed export each (codegen): a page ships only the documents it imports.
export {
  MConfirmEmailDocument as MConfirmEmail,
  MUpdatePasswordDocument as MUpdatePassword,
  MLogoutDocument as MLogout,
} from './generated/graphql';
