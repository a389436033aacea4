/**
 * The painel's API paths, spelled once for both sides: the server registers them (server/http/api-routes.ts) and the
 * painel calls them. Kept apart from common/api-paths.ts, which member pages load, so nothing of the painel rides in a
 * member's or visitor's page.
 */
export const PAINEL_API_PATHS = {
  /** The staff's own GraphQL endpoint: another schema, other tokens. */
  graphql: '/painel/graphql',
  /** The audit trail as CSV, streamed to an admin's token. */
  auditCsv: '/painel/auditoria.csv',
  /** The invoice queue as CSV, with the filters of the queue's own address, to a reviewer's token. */
  invoicesCsv: '/painel/notas.csv',
  /** The reward-order queue as CSV, by situation, to the rewards desk's token. */
  rewardOrdersCsv: '/painel/premios.csv',
  /** Files for the staff (invoice files, project photos), by short-lived signed links: `/painel/arquivos/<source>-<id>?k=&e=&s=`. */
  files: '/painel/arquivos/',
} as const;
