/**
 * What Fastify and mercurius say about a request they could not read (broken JSON, an unknown content type, a body
 * too large, a mutation over GET, a query string of the wrong shape), in the club's language. Their own text is
 * English and sometimes quotes the JSON parser ("… in JSON at position 1").
 */

export const METHOD_NOT_ALLOWED_MESSAGE = 'Esta operação só pode ser enviada por POST.';
export const REQUEST_PARAMETERS_MESSAGE = 'Requisição GraphQL inválida: confira os parâmetros "query" e "variables".';

interface ReadError {
  code?: unknown;
  name?: string;
  message?: string;
}

/** The pt-BR message of a 4xx the request met before GraphQL ran. */
export function requestErrorMessage(error: ReadError, status: number): string {
  const code = typeof error.code === 'string' ? error.code : '';
  if (status === 413 || code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'Requisição grande demais.';
  if (status === 415 || code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return 'Tipo de conteúdo não aceito: envie application/json ou multipart/form-data.';
  }
  if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
    return 'Requisição vazia: envie um objeto JSON com a consulta em "query".';
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.name === 'SyntaxError') return 'JSON inválido na requisição.';
  if (error.message === 'Unknown query') return 'Requisição GraphQL inválida: envie a consulta em "query".';
  // graphql-upload-minimal: a multipart request whose parts do not follow the GraphQL multipart request spec.
  if (/max file uploads/.test(error.message ?? '')) return 'Arquivos demais em um só envio.';
  if (/multipart|'map'|'operations'/.test(error.message ?? '')) {
    return 'Envio de arquivos inválido: confira os campos "operations" e "map".';
  }
  return 'Requisição inválida.';
}

/** Fastify's schema validation of the GET parameters ("querystring/query must be string"). */
export const isRequestSchemaMessage = (message: string): boolean =>
  /^(querystring|body|params|headers)\b/.test(message);
