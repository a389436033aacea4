// The documents of public-operations.graphql: the login, sign-up and password recovery pages send them without
// Apollo, as plain strings (lib/graphql/request.ts). Kept apart from the Apollo documents so those pages never load
// the generated document trees.
export {
  MUserLoginDocument as MUserLogin,
  MCreateUserDocument as MCreateUser,
  MCreateUserSecondStepDocument as MCreateUserSecondStep,
  MResendCodeDocument as MResendCode,
  MResumeSignUpDocument as MResumeSignUp,
  QPasswordResetChannelsDocument as QPasswordResetChannels,
  MRequestPasswordResetDocument as MRequestPasswordReset,
  MResetPasswordDocument as MResetPassword,
} from '../graphql/generated-public/graphql';
