// Documents more than one feature sends (shared-operations.graphql, codegen writes them beside it); each feature's
// own documents live in its lib/ folder.
export { QCepAddressDocument as QCepAddress, QCitiesDocument as QCities } from './shared-operations.generated';
