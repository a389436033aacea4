// The profile's documents, one module per .graphql file (codegen), re-exported here: a page ships only the modules of
// what it shows (package.json's sideEffects lets webpack skip this file for the module it names).
export {
  WoodworkSurveyFieldsFragmentDoc as WoodworkSurveyFields,
  UserWoodWorkFieldsFragmentDoc as UserWoodWorkFields,
  QProfileDocument as QProfile,
  QProfileOptionsDocument as QProfileOptions,
  MUpdateProfileDocument as MUpdateProfile,
} from './profile-operations.generated';
export {
  QEquipmentsDocument as QEquipments,
  MUpdateUserWoodWorkDocument as MUpdateUserWoodWork,
  MUpdateWoodworkSurveyDocument as MUpdateWoodworkSurvey,
} from './workshop-operations.generated';
export {
  MUpdateProfileImageDocument as MUpdateProfileImage,
  MUpdateCnpjDocument as MUpdateCnpj,
  MRequestPhoneChangeDocument as MRequestPhoneChange,
  MConfirmPhoneChangeDocument as MConfirmPhoneChange,
  MRequestEmailChangeDocument as MRequestEmailChange,
} from './account-operations.generated';
export { MUpdatePasswordDocument as MUpdatePassword } from './password-operations.generated';
export { MAnswerConsentDocument as MAnswerConsent } from './consent-operations.generated';
export {
  QMyDataDocument as QMyData,
  MDeleteAccountDocument as MDeleteAccount,
  QMySessionsDocument as QMySessions,
  MEndSessionDocument as MEndSession,
  MEndOtherSessionsDocument as MEndOtherSessions,
} from './privacy-operations.generated';
