import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { reportReachable } from '../network/reachability';
import { errorMessage, NETWORK_ERROR_MESSAGE, OFFLINE_ACTION_MESSAGE } from './errors';

describe('errorMessage', () => {
  afterEach(() => reportReachable(true));

  it('says in place that an action needs the club when the phone has no signal', () => {
    reportReachable(false);
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(OFFLINE_ACTION_MESSAGE);
    expect(OFFLINE_ACTION_MESSAGE).toMatch(/^Sem conexão: isso precisa do clube\./);
  });

  it('keeps the club’s own answers: its refusals, and a server error when it was reached', () => {
    reportReachable(false);
    const refusal = new CombinedGraphQLErrors({ errors: [{ message: 'Pontos insuficientes.' }] });
    expect(errorMessage(refusal)).toBe('Pontos insuficientes.');
    const serverError = new ServerError('Internal', {
      response: { status: 500, headers: { get: () => null } } as unknown as Response,
      bodyText: '',
    });
    expect(errorMessage(serverError)).toBe(NETWORK_ERROR_MESSAGE);
    reportReachable(true);
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(NETWORK_ERROR_MESSAGE);
  });
});
