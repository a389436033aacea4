// Documents of auth-operations.graphql (codegen writes them beside it): a page ships only the modules it imports.
export {
  MConfirmEmailDocument as MConfirmEmail,
  MUpdatePasswordDocument as MUpdatePassword,
  MLogoutDocument as MLogout,
} from './auth-operations.generated';
