// Documents of public-operations.graphql: pages opened cold send them as strings (lib/graphql/request.ts).
export { QStoreLinkDocument as QStoreLink } from '../graphql/generated-public/graphql';
