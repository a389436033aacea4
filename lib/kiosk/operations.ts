// Documents of public-operations.graphql: pages opened cold send them as strings (lib/graphql/request.ts).
export {
  QKioskDocument as QKiosk,
  MActivateKioskDocument as MActivateKiosk,
  MKioskSignUpDocument as MKioskSignUp,
  QHandoffSignUpDocument as QHandoffSignUp,
  MCompleteHandoffDocument as MCompleteHandoff,
  QKioskHandoffDocument as QKioskHandoff,
} from '../graphql/generated-public/graphql';
