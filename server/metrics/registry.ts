import { Counter, Histogram, Registry } from 'prom-client';

/**
 * The metrics one API process keeps for its whole life, whatever app it builds: every request, GraphQL operation and
 * business event adds to them. Prometheus scrapes each process (METRICS_PORT) and adds them up across processes.
 * The gauges read from the database at each scrape live with the scrape's server (server/metrics/app-gauges.ts).
 */
export const processRegistry = new Registry();

/** Seconds, from a fast API answer to an upload on a weak signal. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export const httpRequestDuration = new Histogram({
  name: 'clube_http_request_duration_seconds',
  help: 'Tempo de resposta das requisições HTTP, por rota (o padrão da rota, nunca a URL), método e status.',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [processRegistry],
});

export const graphqlOperationDuration = new Histogram({
  name: 'clube_graphql_operation_duration_seconds',
  help: 'Tempo das operações GraphQL dos membros, por nome e resultado (ok, user_error, internal).',
  labelNames: ['operation', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [processRegistry],
});

export const invoiceEvents = new Counter({
  name: 'clube_invoices_total',
  help: 'Notas fiscais por evento: sent (enviada por um membro), approved (aprovada), refused (recusada).',
  labelNames: ['event'] as const,
  registers: [processRegistry],
});

export const pointsMoved = new Counter({
  name: 'clube_points_total',
  help: 'Pontos por direção: credited (creditados) e spent (gastos em resgates e transferências).',
  labelNames: ['direction'] as const,
  registers: [processRegistry],
});

export const redemptions = new Counter({
  name: 'clube_redemptions_total',
  help: 'Resgates de prêmios feitos pelos membros.',
  registers: [processRegistry],
});

export const signUps = new Counter({
  name: 'clube_signups_total',
  help: 'Cadastros concluídos (membro criado após o código do celular).',
  registers: [processRegistry],
});
