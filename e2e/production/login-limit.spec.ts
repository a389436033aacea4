import { altchaPayload, expect, test } from '../fixtures';
import { PASSWORD } from '../members';
import { createProductionMember, instanceOf } from './stack';

const LOGIN = `mutation ($login: String!, $password: String!, $altcha: String) {
  userLogin(login: $login, password: $password, altcha: $altcha) { token }
}`;

test('five wrong passwords lock the member out on every API process, even one that saw none of them', async ({
  page,
}) => {
  const member = await createProductionMember();
  const attempt = async (password: string) => {
    const altcha = await altchaPayload(page.request);
    const answer = await page.request.post('/graphql', {
      headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
      data: { query: LOGIN, variables: { login: member.email, password, altcha } },
    });
    const body = (await answer.json()) as { errors?: { message: string }[] };
    return { by: instanceOf(answer) ?? 'nginx', message: body.errors?.[0]?.message };
  };

  const failuresSeenBy = new Map<string, number>();
  for (let i = 0; i < 5; i++) {
    const failure = await attempt('senha-errada-123');
    expect(failure.message).toBe('CPF, e-mail, celular ou senha incorretos.');
    failuresSeenBy.set(failure.by, (failuresSeenBy.get(failure.by) ?? 0) + 1);
  }

  // nginx picks the process: ask with the right password until a process that counted fewer than five failures
  // answers. It must refuse too, because the count is the club's, kept in the database, not the process's.
  let provedShared = false;
  for (let i = 0; i < 10 && !provedShared; i++) {
    const locked = await attempt(PASSWORD);
    expect(locked.message).toBe('Muitas tentativas. Aguarde alguns minutos e tente novamente.');
    provedShared = (failuresSeenBy.get(locked.by) ?? 0) < 5;
    // Each attempt is two requests (challenge, login), so round robin keeps sending logins to one process: one
    // more request moves the next login to the other.
    if (!provedShared) await page.request.get('/altcha/challenge');
  }
  expect(provedShared).toBe(true);
});
