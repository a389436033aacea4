import { secretsInLog } from './log-secrets';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwidHlwIjoiYWNjZXNzIn0.c2lnbmF0dXJhLWRlLXRlc3RlLWNvbS0zMi1ieXRlcw';

describe('secretsInLog', () => {
  it('finds tokens, unhidden secret fields, known passwords and full CPFs and CNPJs, each with its line', () => {
    const log = [
      '{"level":30,"msg":"request completed","req":{"url":"/graphql"}}',
      `{"level":50,"msg":"falhou","headers":{"authorization":"Bearer ${JWT}"}}`,
      '{"level":40,"variables":{"password":"Serragem#2026"}}',
      '{"level":40,"msg":"CPF 529.982.247-25 e 52998224725 e CNPJ 58.716.523/0001-19"}',
    ].join('\n');
    const found = secretsInLog(log, ['Serragem#2026']).map(({ line, kind }) => `${line} ${kind}`);
    expect(found).toEqual(['2 token', '2 token', '3 senha', '3 senha', '4 cpf', '4 cpf', '4 cnpj']);
  });

  it('never repeats what it found in full', () => {
    const [finding] = secretsInLog('{"cpf":"52998224725"}');
    expect(finding).toEqual({ line: 1, kind: 'cpf', masked: '529…25' });
  });

  it('leaves alone what only looks like one: hidden fields, masked CPFs, timestamps, NF-e keys, ids', () => {
    const log = [
      '{"level":30,"time":1795000000000,"headers":{"authorization":"[oculto]"},"variables":{"password":"[oculto]"}}',
      '{"msg":"CPF 529.***.***-25","accessKey":"35261158716523000119550010000012341000000010"}',
      '{"msg":"nota 12345678901 e pedido 12345678901234","reqId":"0f3a9c2e7b5d41a8b6c9d2e4f1a7b3c5"}',
      // nginx's request ids are hexadecimal: a run of digits inside one may pass the CPF or CNPJ check.
      '{"reqId":"c4a752998224725fe","requestId":"ab58716523000119cd"}',
      // A response time whose digits happen to pass the CNPJ check.
      '{"res":{"statusCode":200},"responseTime":18.854216000007,"msg":"request completed"}',
    ].join('\n');
    expect(secretsInLog(log, ['Serragem#2026'])).toEqual([]);
  });
});
