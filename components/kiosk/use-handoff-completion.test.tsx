import { act, renderHook } from '@testing-library/react';
import { HANDOFF_POLL_MS, useHandoffCompletion } from './use-handoff-completion';

const LINK = 'a'.repeat(43);
const URL_OF_LINK = `https://clube.exemplo.com.br/completar-cadastro?link=${LINK}`;

/** jsdom has no Response: the parts of one that the app's GraphQL client reads. */
const reply = (body: unknown) =>
  Promise.resolve({
    status: 200,
    headers: new Headers({ 'content-type': 'application/json' }),
    text: () => Promise.resolve(JSON.stringify(body)),
  } as unknown as Response);

/** Lets the timer's request and its answer run. */
const nextPoll = () =>
  act(async () => {
    jest.advanceTimersByTime(HANDOFF_POLL_MS);
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  });

describe('useHandoffCompletion', () => {
  let answers: (() => Promise<Response>)[];
  let sent: { headers: Record<string, string>; body: { variables: unknown } }[];

  beforeEach(() => {
    jest.useFakeTimers();
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    sent = [];
    global.fetch = jest.fn((_url: RequestInfo | URL, init?: RequestInit) => {
      sent.push({
        headers: init?.headers as Record<string, string>,
        body: JSON.parse(String(init?.body)) as { variables: unknown },
      });
      return (answers.shift() ?? (() => reply({ data: { kioskHandoff: 'WAITING' } })))();
    }) as unknown as typeof fetch;
  });
  afterEach(() => jest.useRealTimers());

  it('asks with the kiosk key every few seconds, through a lost answer, until the phone is done', async () => {
    answers = [
      () => reply({ data: { kioskHandoff: 'WAITING' } }),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => reply({ data: { kioskHandoff: 'COMPLETED' } }),
    ];
    const completed = jest.fn();
    renderHook(() => useHandoffCompletion('chave-do-totem', URL_OF_LINK, completed));
    await nextPoll();
    await nextPoll();
    expect(completed).not.toHaveBeenCalled();
    await nextPoll();
    expect(completed).toHaveBeenCalledTimes(1);
    expect(sent).toHaveLength(3);
    expect(sent[0]?.headers['x-kiosk-key']).toBe('chave-do-totem');
    expect(sent[0]?.body.variables).toEqual({ link: LINK });
    await nextPoll();
    expect(sent).toHaveLength(3);
  });

  it('stops asking once the link is closed, or the club refuses, and never without a link', async () => {
    answers = [() => reply({ data: { kioskHandoff: 'CLOSED' } })];
    renderHook(() => useHandoffCompletion('chave-do-totem', URL_OF_LINK, jest.fn()));
    await nextPoll();
    await nextPoll();
    expect(sent).toHaveLength(1);

    answers = [() => reply({ data: null, errors: [{ message: 'Não', extensions: { code: 'NOT_FOUND' } }] })];
    renderHook(() => useHandoffCompletion('chave-do-totem', URL_OF_LINK, jest.fn()));
    await nextPoll();
    await nextPoll();
    expect(sent).toHaveLength(2);

    renderHook(() => useHandoffCompletion('chave-do-totem', null, jest.fn()));
    await nextPoll();
    expect(sent).toHaveLength(2);
  });
});
