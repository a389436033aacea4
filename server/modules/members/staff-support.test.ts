import '../../test/esm-shims';
import { DEMO_MEMBER } from '../../seed';
import { createTestApp, fakeClock, gql, loginAs, REFRESH, type FakeClock, type TestApp } from '../../test/helpers';
import { codeOf, enrolStaff, painelGql, type EnrolledStaff } from '../../test/staff';
import { JPEG, newKey, submit } from '../invoices/test/upload-helpers';
import { appendEntries } from '../points';
import { createMember, findUserByCpf } from '../users/repository';
import { showMember } from './actions';

const BIA = {
  name: 'Bia',
  surName: 'Lima',
  cpf: '11144477735',
  email: 'bia.lima@exemplo.com.br',
  phoneNumber: '21991234567',
  password: 'Senha#forte1',
};

const SEARCH = `query ($text: String!) {
  staffMemberSearch(text: $text) {
    kind more
    matches { id name cpfMasked emailMasked phoneMasked disabled since matchedBy }
  }
}`;
const DETAIL_FIELDS = `id name cpfMasked emailMasked phoneMasked emailConfirmed phoneVerified disabled disabledAt
  accountType since lastAccessAt consentPending consentMessage chatbot changePasswordRequired store balance
  sessions { id device region createdAt lastUsedAt }
  devices { device region firstSeenAt lastSeenAt flags otherMembers }
  invoiceCount invoices { id status createdAt issuer totalCents points rejectionReason }
  projectCount projects { id title status }
  orders { id reward status points }
  changes { at actor action detail }`;
const DETAIL = `query ($id: ID!) { staffMember(id: $id) { ${DETAIL_FIELDS} } }`;
const LEDGER = `query ($id: ID!, $first: Int, $after: String) {
  staffMemberLedger(id: $id, first: $first, after: $after) { entries { id kind points description } nextCursor }
}`;
const SWITCHES = {
  password: `mutation ($id: ID!, $reason: String!) { staffMemberRequirePasswordChange(id: $id, reason: $reason) { changePasswordRequired } }`,
  consent: `mutation ($id: ID!, $message: String!, $reason: String!) { staffMemberConsent(id: $id, message: $message, reason: $reason) { consentPending consentMessage } }`,
  chatbot: `mutation ($id: ID!, $on: Boolean!, $reason: String!) { staffMemberChatbot(id: $id, on: $on, reason: $reason) { chatbot } }`,
  accountType: `mutation ($id: ID!, $type: String!, $reason: String!) { staffMemberAccountType(id: $id, type: $type, reason: $reason) { accountType } }`,
  disabled: `mutation ($id: ID!, $disabled: Boolean!, $reason: String!) { staffMemberSetDisabled(id: $id, disabled: $disabled, reason: $reason) { disabled sessions { id } } }`,
  endSessions: `mutation ($id: ID!, $reason: String!) { staffMemberEndSessions(id: $id, reason: $reason) { sessions { id } } }`,
};
const ME = '{ me { id } }';

interface Match {
  id: string;
  name: string;
  cpfMasked: string;
  emailMasked: string;
  phoneMasked: string | null;
  matchedBy: string;
}
type Search = { staffMemberSearch: { kind: string; more: boolean; matches: Match[] } };

let t: TestApp;
let clock: FakeClock;
let support: EnrolledStaff;
let anaId: string;

beforeEach(async () => {
  clock = fakeClock();
  t = await createTestApp({ now: clock.now });
  support = await enrolStaff(t, { email: 'carla@clube.test', roles: ['atendimento'], name: 'Carla Atendimento' });
  await createMember(t.db, BIA);
  anaId = String((await findUserByCpf(t.db, DEMO_MEMBER.cpf))!.id);
});
afterEach(() => t.close());

const search = (text: string, token = support.token) => painelGql<Search>(t.app, SEARCH, { text }, token);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Every spelling of the member's identifiers that must never reach an answer. */
const WHOLE = [DEMO_MEMBER.cpf, '529.982.247-25', DEMO_MEMBER.email, DEMO_MEMBER.phoneNumber, '98765-4321'];
const expectNothingWhole = (answer: unknown) => {
  const text = JSON.stringify(answer);
  for (const whole of WHOLE) expect(text).not.toContain(whole);
};

describe('finding a member', () => {
  it('finds by CPF, e-mail or celular in any spelling, and by name, always masked', async () => {
    const ana = {
      id: anaId,
      name: 'Ana Souza',
      cpfMasked: '***.982.***-25',
      emailMasked: 'ma********@exemplo.com.br',
      phoneMasked: '(11) 9****-4321',
    };
    for (const [text, kind, matchedBy] of [
      ['529.982.247-25', 'CPF_OR_PHONE', 'CPF'],
      [' 52998224725 ', 'CPF_OR_PHONE', 'CPF'],
      ['Marceneiro@Exemplo.com.br', 'EMAIL', 'EMAIL'],
      ['(11) 98765-4321', 'PHONE', 'PHONE'],
      ['+55 11 98765 4321', 'PHONE', 'PHONE'],
      ['ana sou', 'NAME', 'NAME'],
    ] as const) {
      const res = await search(text);
      expect(res.errors).toBeUndefined();
      expect(res.data?.staffMemberSearch).toEqual({
        kind,
        more: false,
        matches: [{ ...ana, matchedBy, disabled: false, since: expect.any(String) }],
      });
      expectNothingWhole(res);
    }
    // Part of a name matches every word; an identifier that is nobody's finds no one.
    expect((await search('lima')).data?.staffMemberSearch.matches.map((m) => m.name)).toEqual(['Bia Lima']);
    expect((await search('111.444.777-35')).data?.staffMemberSearch.matches.map((m) => m.name)).toEqual(['Bia Lima']);
    expect((await search('nobody@exemplo.com.br')).data?.staffMemberSearch.matches).toEqual([]);
  });

  it('says in Portuguese what to type when the text is no CPF, e-mail, celular or name', async () => {
    for (const [text, message] of [
      ['   ', 'Digite o CPF, o e-mail, o celular ou o nome do membro.'],
      ['123.456', 'Digite o CPF com 11 números ou o celular com DDD (10 ou 11 números).'],
      ['ana@', 'E-mail incompleto. Confira o endereço.'],
      ['an', 'Digite ao menos 3 letras do nome.'],
      ['a'.repeat(101), 'Use no máximo 100 caracteres.'],
    ]) {
      const res = await search(text!);
      expect(codeOf(res)).toBe('BAD_USER_INPUT');
      expect(res.errors?.[0]).toMatchObject({ message, extensions: { fields: { text: message } } });
    }
  });

  it('refuses a member token, and staff without atendimento', async () => {
    const { token } = await loginAs(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    expect(codeOf(await search(DEMO_MEMBER.cpf, token))).toBe('UNAUTHENTICATED');
    expect(codeOf(await painelGql(t.app, DETAIL, { id: anaId }, token))).toBe('UNAUTHENTICATED');
    expect(
      codeOf(await painelGql(t.app, SWITCHES.disabled, { id: anaId, disabled: true, reason: 'teste' }, token)),
    ).toBe('UNAUTHENTICATED');
    const reviewer = await enrolStaff(t, { email: 'rafael@clube.test', roles: ['revisor'] });
    expect(codeOf(await search(DEMO_MEMBER.cpf, reviewer.token))).toBe('FORBIDDEN');
    expect((await findUserByCpf(t.db, DEMO_MEMBER.cpf))?.disabled_at).toBeNull();
  });
});

describe("a member's page", () => {
  it('shows the account, the live sessions, the invoices and the extract a page at a time, newest first', async () => {
    const { token } = await loginAs(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    clock.advance(60_000);
    const sent = await submit(t.app, token, { accessKey: newKey() }, [{ name: 'nota.jpg', content: JPEG }]);
    const user = (await findUserByCpf(t.db, DEMO_MEMBER.cpf))!;
    for (const [points, description] of [
      [100, 'Nota aprovada'],
      [50, 'Bônus de boas-vindas'],
      [-30, 'Resgate'],
    ] as const) {
      clock.advance(60_000);
      await appendEntries(
        t.db,
        user.id,
        [{ userId: user.id, kind: points > 0 ? 'credit' : 'adjustment', points, description }],
        new Date(clock.now()),
      );
    }

    const res = await painelGql<{ staffMember: Record<string, unknown> }>(t.app, DETAIL, { id: anaId }, support.token);
    expect(res.errors).toBeUndefined();
    expect(res.data?.staffMember).toMatchObject({
      name: 'Ana Souza',
      cpfMasked: '***.982.***-25',
      emailConfirmed: true,
      phoneVerified: true,
      disabled: false,
      accountType: 'member',
      chatbot: true,
      consentPending: false,
      changePasswordRequired: false,
      balance: 120,
      lastAccessAt: new Date(Date.parse('2026-11-22T12:00:00.000Z')).toISOString(),
      sessions: [{ device: 'Aparelho desconhecido' }],
      invoiceCount: 1,
      invoices: [{ id: sent.data!.submitInvoice.id, issuer: '58.716.523/0001-19' }],
      projectCount: 0,
      orders: [],
    });
    expectNothingWhole(res);

    const first = await painelGql<{ staffMemberLedger: { entries: { description: string }[]; nextCursor: string } }>(
      t.app,
      LEDGER,
      { id: anaId, first: 2 },
      support.token,
    );
    expect(first.data?.staffMemberLedger.entries.map((e) => e.description)).toEqual([
      'Resgate',
      'Bônus de boas-vindas',
    ]);
    const rest = await painelGql<{ staffMemberLedger: { entries: { description: string }[]; nextCursor: null } }>(
      t.app,
      LEDGER,
      { id: anaId, first: 2, after: first.data?.staffMemberLedger.nextCursor },
      support.token,
    );
    expect(rest.data?.staffMemberLedger).toEqual({
      entries: [expect.objectContaining({ description: 'Nota aprovada' })],
      nextCursor: null,
    });
    expect(codeOf(await painelGql(t.app, LEDGER, { id: anaId, after: 'x' }, support.token))).toBe('BAD_USER_INPUT');
    expect(codeOf(await painelGql(t.app, DETAIL, { id: '999999' }, support.token))).toBe('NOT_FOUND');
    expect(codeOf(await painelGql(t.app, DETAIL, { id: 'abc' }, support.token))).toBe('NOT_FOUND');
  });
});

interface AuditRow {
  actor_kind: string;
  actor_name: string;
  role: string | null;
  action: string;
  object_id: string | null;
  before: string | null;
  after: string | null;
  ip: string | null;
}
const auditLines = (action: string) =>
  t.db.selectFrom('staff_audit').selectAll().where('action', '=', action).orderBy('id').execute() as Promise<
    AuditRow[]
  >;

describe('the switches', () => {
  it('each one changes the member, writes one audit line with the reason, before → after, which the member page lists', async () => {
    const cases = [
      [
        SWITCHES.password,
        {},
        'member.require-password-change',
        { change_password_required: 0 },
        { change_password_required: 1 },
      ],
      [
        SWITCHES.consent,
        { message: 'Mudamos o regulamento da campanha de dezembro.' },
        'member.consent',
        { consent_pending: 0, consent_message: null },
        { consent_pending: 1, consent_message: 'Mudamos o regulamento da campanha de dezembro.' },
      ],
      [
        SWITCHES.chatbot,
        { on: false },
        'member.chatbot-off',
        { chatbot_invoice_upload_enabled: 1 },
        { chatbot_invoice_upload_enabled: 0 },
      ],
      [
        SWITCHES.accountType,
        { type: 'editor' },
        'member.account-type',
        { account_type: 'member' },
        { account_type: 'editor' },
      ],
    ] as const;
    for (const [document, args, action, before, after] of cases) {
      const reason = `Pedido do membro pelo telefone (${action})`;
      const res = await painelGql(t.app, document, { id: anaId, ...args, reason }, support.token);
      expect(res.errors).toBeUndefined();
      const lines = await auditLines(action);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        actor_kind: 'staff',
        actor_name: 'Carla Atendimento <carla@clube.test>',
        role: 'atendimento',
        object_id: anaId,
        ip: '127.0.0.1',
      });
      expect(JSON.parse(lines[0]!.before!)).toEqual(before);
      expect(JSON.parse(lines[0]!.after!)).toEqual({ ...after, reason });
    }
    const detail = await painelGql<{ staffMember: Record<string, unknown> }>(
      t.app,
      DETAIL,
      { id: anaId },
      support.token,
    );
    expect(detail.data?.staffMember).toMatchObject({
      changePasswordRequired: true,
      consentPending: true,
      chatbot: false,
      accountType: 'editor',
    });
    // The terminal's `members show` still reads its own lines, with who and why.
    const { audit } = await showMember(t, DEMO_MEMBER.cpf);
    expect(audit[0]).toMatchObject({
      actor: 'Carla Atendimento <carla@clube.test>',
      action: 'account-type',
      detail: 'editor · motivo: Pedido do membro pelo telefone (member.account-type)',
    });
  });

  it('asks for the reason, and checks every value, before changing anything', async () => {
    for (const [document, args, field, message] of [
      [SWITCHES.password, { reason: '  ' }, 'reason', 'Informe o motivo: ele fica registrado na auditoria.'],
      [SWITCHES.chatbot, { on: true, reason: 'ok' }, 'reason', 'O motivo precisa ter de 3 a 500 caracteres.'],
      [SWITCHES.endSessions, { reason: 'x'.repeat(501) }, 'reason', 'O motivo precisa ter de 3 a 500 caracteres.'],
      [
        SWITCHES.consent,
        { message: 'curto', reason: 'Regulamento novo' },
        'message',
        'A mensagem do consentimento precisa ter de 10 a 1000 caracteres.',
      ],
      [
        SWITCHES.accountType,
        { type: 'admin', reason: 'Pedido da loja' },
        'type',
        'Tipo de conta inválido: use member ou editor.',
      ],
    ] as const) {
      const res = await painelGql(t.app, document, { id: anaId, ...args }, support.token);
      expect(codeOf(res)).toBe('BAD_USER_INPUT');
      expect(res.errors?.[0]).toMatchObject({ message, extensions: { fields: { [field]: message } } });
    }
    expect(await t.db.selectFrom('staff_audit').select('action').where('action', 'like', 'member.%').execute()).toEqual(
      [],
    );
    const unknown = await painelGql(
      t.app,
      SWITCHES.disabled,
      { id: '999999', disabled: true, reason: 'Fraude' },
      support.token,
    );
    expect(unknown.errors?.[0]).toMatchObject({
      message: 'Nenhum membro com esse CPF, e-mail ou celular.',
      extensions: { code: 'NOT_FOUND' },
    });
  });

  it("disables a member ('User disabled' at their next request), enables them again, and ends every session", async () => {
    const first = await loginAs(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const disabled = await painelGql<{ staffMemberSetDisabled: { disabled: boolean; sessions: unknown[] } }>(
      t.app,
      SWITCHES.disabled,
      { id: anaId, disabled: true, reason: 'Suspeita de notas de outra pessoa' },
      support.token,
    );
    expect(disabled.data?.staffMemberSetDisabled).toEqual({ disabled: true, sessions: [] });
    expect((await gql(t.app, ME, {}, bearer(first.token))).errors?.[0]).toMatchObject({ message: 'User disabled' });
    expect((await gql(t.app, REFRESH, { refreshToken: first.refresh_token })).data).toBeFalsy();
    const [disableLine] = await auditLines('member.disable');
    expect(JSON.parse(disableLine!.before!)).toEqual({ disabled_at: null, sessions: 1 });
    expect(JSON.parse(disableLine!.after!)).toMatchObject({ sessions: 0, reason: 'Suspeita de notas de outra pessoa' });

    await painelGql(
      t.app,
      SWITCHES.disabled,
      { id: anaId, disabled: false, reason: 'Conferido com o membro' },
      support.token,
    );
    const again = await loginAs(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    expect((await gql(t.app, ME, {}, bearer(again.token))).errors).toBeUndefined();
    expect(await auditLines('member.enable')).toHaveLength(1);

    const ended = await painelGql<{ staffMemberEndSessions: { sessions: unknown[] } }>(
      t.app,
      SWITCHES.endSessions,
      { id: anaId, reason: 'Celular perdido' },
      support.token,
    );
    expect(ended.data?.staffMemberEndSessions.sessions).toEqual([]);
    expect((await gql(t.app, ME, {}, bearer(again.token))).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const [endLine] = await auditLines('member.end-sessions');
    expect(JSON.parse(endLine!.before!)).toEqual({ sessions: 1 });
    expect(JSON.parse(endLine!.after!)).toEqual({ sessions: 0, reason: 'Celular perdido' });
  });
});
