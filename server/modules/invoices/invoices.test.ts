import '../../test/esm-shims';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync, mkdirSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_MEMBER } from '../../seed';
import { createTestApp, fakeClock, gql, loginAs, type TestApp } from '../../test/helpers';
import { createMember } from '../users/repository';
import { approveInvoice, rejectInvoice } from './actions';
import { LocalDiskStorage, uploadsDirOf } from '../../storage/local-disk';
import { sweepOrphans } from './storage';
import { multipart } from '../../test/multipart';
import { HTML, JPEG, newKey, nfeXml, PDF, RESEND, SUBMIT, submit } from './test/upload-helpers';
import { terminalActor } from '../staff';

/** Who the audit names for the reviews these tests make. */
const reviewer = terminalActor('ti.joao');

let t: TestApp;
let dataDir: string;
const START = Date.parse('2026-11-22T12:00:00.000Z');
let clock = fakeClock(START);
let ana: string;
let bia: string;
const BIA = { name: 'Bia', surName: 'Lima', cpf: '11144477735', email: 'bia@exemplo.com.br', password: 'Senha#forte1' };

beforeEach(async () => {
  clock = fakeClock(START);
  dataDir = mkdtempSync(path.join(tmpdir(), 'clube-nf-'));
  t = await createTestApp({ dataDir, now: () => clock.now() });
  await createMember(t.db, BIA);
  ana = (await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token;
  bia = (await loginAs(t.app, BIA.email, BIA.password)).token;
});
afterEach(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const storedFiles = () => {
  const dir = uploadsDirOf(dataDir);
  const walk = (d: string): string[] =>
    existsSync(d)
      ? readdirSync(d, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)],
        )
      : [];
  return walk(dir);
};

describe('a disabled account', () => {
  it('stops at once: its still-valid access token can neither send an invoice nor read invoices or points', async () => {
    await t.db
      .updateTable('users')
      .set({ disabled_at: new Date(START).toISOString() })
      .where('cpf', '=', DEMO_MEMBER.cpf)
      .execute();
    const sent = await submit(t.app, ana, { accessKey: newKey() }, [{ name: 'nota.jpg', content: JPEG }]);
    expect(sent.errors?.[0]).toMatchObject({ message: 'User disabled', extensions: { code: 'FORBIDDEN' } });
    expect(await t.db.selectFrom('invoices').select('id').execute()).toEqual([]);
    expect(storedFiles()).toEqual([]);
    for (const query of [
      '{ myInvoices(first: 5) { data { id } } }',
      '{ pointsSummary { balance } }',
      '{ pointsEntries(first: 5) { data { points } } }',
    ]) {
      const res = await gql(t.app, query, {}, bearer(ana));
      expect({ query, error: res.errors?.[0]?.message }).toEqual({ query, error: 'User disabled' });
    }
  });
});

describe('submitInvoice', () => {
  it('stores a photo with a typed key, decodes the key and puts the invoice "Em análise"', async () => {
    const key = newKey();
    const res = await submit(t.app, ana, { accessKey: key.replace(/(.{4})/g, '$1 ') }, [
      { name: 'nota.jpg', content: JPEG },
    ]);
    expect(res.errors).toBeUndefined();
    const inv = res.data?.submitInvoice;
    expect(inv).toMatchObject({ accessKey: key, status: 'IN_REVIEW', hasXml: false, points: null });
    expect(inv?.files).toEqual([expect.objectContaining({ name: 'nota.jpg', kind: 'jpeg', sizeBytes: JPEG.length })]);
    expect(inv?.events.map((e) => e.status)).toEqual(['RECEIVED', 'IN_REVIEW']);
    const row = await t.db.selectFrom('invoice_files').selectAll().executeTakeFirstOrThrow();
    expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(storedFiles()).toHaveLength(1);
  });

  it('approves automatically a well-formed XML of a registered store bought by the member within 90 days', async () => {
    const key = newKey();
    const res = await submit(t.app, ana, {}, [
      { name: 'nfe.xml', content: nfeXml(key, DEMO_MEMBER.cpf, '2026-11-10T10:00:00-03:00', '250.90') },
    ]);
    expect(res.errors).toBeUndefined();
    expect(res.data?.submitInvoice).toMatchObject({
      accessKey: key,
      status: 'APPROVED',
      hasXml: true,
      totalCents: 25090,
      points: 250,
    });
    const me = await gql<{ me: { pointsBalance: number } }>(t.app, '{ me { pointsBalance } }', {}, bearer(ana));
    expect(me.data?.me.pointsBalance).toBe(250);
  });

  it("names the partner store of an invoice's CNPJ whatever was sent, and no name for an unknown CNPJ", async () => {
    await submit(t.app, ana, { accessKey: newKey() }, [{ name: 'nota.jpg', content: JPEG }]);
    await submit(t.app, ana, { accessKey: newKey('33000167000101') }, [{ name: 'nota.pdf', content: PDF }]);
    await submit(t.app, ana, { accessKey: newKey('06990590000123') }, [{ name: 'outra.jpg', content: JPEG }]);
    const res = await gql<{ myInvoices: { data: { issuerCnpj: string; issuerName: string | null }[] } }>(
      t.app,
      '{ myInvoices(first: 5) { data { issuerCnpj issuerName } } }',
      {},
      bearer(ana),
    );
    expect(res.data?.myInvoices.data).toEqual([
      { issuerCnpj: '06990590000123', issuerName: null },
      { issuerCnpj: '33000167000101', issuerName: 'Loja Centro Chapas e Ferragens' },
      { issuerCnpj: '58716523000119', issuerName: 'Madeireira Paulista' },
    ]);
  });

  it('keeps in review (and flags) an XML whose buyer is someone else, or too old, or from an unknown store', async () => {
    const other = await submit(t.app, ana, {}, [
      { name: 'a.xml', content: nfeXml(newKey(), '11144477735', '2026-11-10T10:00:00-03:00') },
    ]);
    expect(other.data?.submitInvoice).toMatchObject({
      status: 'IN_REVIEW',
      flagReason: 'O comprador da nota não é o CPF do cadastro.',
    });
    const old = await submit(t.app, ana, {}, [
      { name: 'b.xml', content: nfeXml(newKey(), DEMO_MEMBER.cpf, '2026-07-01T10:00:00-03:00') },
    ]);
    expect(old.data?.submitInvoice.status).toBe('IN_REVIEW');
    expect(old.data?.submitInvoice.events.at(-1)?.note).toContain('mais de 90 dias');
    const store = await submit(t.app, ana, {}, [
      { name: 'c.xml', content: nfeXml(newKey('06990590000123'), DEMO_MEMBER.cpf, '2026-11-10T10:00:00-03:00') },
    ]);
    expect(store.data?.submitInvoice.events.at(-1)?.note).toContain('Loja ainda não cadastrada');
  });

  it('refuses a wrong check digit, a malformed XML and a key that differs from the XML', async () => {
    const key = newKey();
    const wrong = key.slice(0, 43) + String((Number(key[43]) + 1) % 10);
    const a = await submit(t.app, ana, { accessKey: wrong }, [{ name: 'n.jpg', content: JPEG }]);
    expect(a.errors?.[0]).toMatchObject({
      message: 'Chave de acesso inválida: o dígito verificador não confere. Confira os números.',
      extensions: { code: 'BAD_USER_INPUT', fields: { accessKey: expect.any(String) } },
    });
    const broken = await submit(t.app, ana, {}, [
      { name: 'n.xml', content: nfeXml(key, DEMO_MEMBER.cpf, '2026-11-10').subarray(0, 200) },
    ]);
    expect(broken.errors?.[0]?.message).toContain('XML da nota está corrompido');
    const mismatch = await submit(t.app, ana, { accessKey: newKey() }, [
      { name: 'n.xml', content: nfeXml(key, DEMO_MEMBER.cpf, '2026-11-10') },
    ]);
    expect(mismatch.errors?.[0]?.message).toBe(
      'A chave de acesso digitada não é a mesma do XML enviado. Confira a chave ou o arquivo.',
    );
    expect(storedFiles()).toHaveLength(0);
    expect(await t.db.selectFrom('invoices').select('id').execute()).toHaveLength(0);
  });

  it('refuses a duplicate key: "when" for the same member, "already registered" for another', async () => {
    const key = newKey();
    await submit(t.app, ana, { accessKey: key }, [{ name: 'n.jpg', content: JPEG }]);
    const again = await submit(t.app, ana, { accessKey: key }, [{ name: 'n.jpg', content: JPEG }]);
    expect(again.errors?.[0]?.message).toBe(
      'Você já enviou esta nota fiscal em 22/11/2026. Acompanhe o andamento na sua lista de notas.',
    );
    const other = await submit(t.app, bia, { accessKey: key }, [{ name: 'n.jpg', content: JPEG }]);
    expect(other.errors?.[0]?.message).toBe(
      'Esta nota fiscal já está cadastrada no clube e não pode ser enviada de novo.',
    );
    const check = await gql<{ invoiceKeyCheck: { available: boolean; message: string } }>(
      t.app,
      'query ($k: String!) { invoiceKeyCheck(accessKey: $k) { available message } }',
      { k: key },
      bearer(bia),
    );
    expect(check.data?.invoiceKeyCheck).toEqual({
      available: false,
      message: expect.stringContaining('já está cadastrada'),
    });
    expect(storedFiles()).toHaveLength(1);
  });

  it('makes one invoice from 10 identical concurrent requests', async () => {
    const key = newKey();
    const idempotencyKey = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        submit(t.app, ana, { accessKey: key, idempotencyKey }, [{ name: 'n.pdf', content: PDF }]),
      ),
    );
    const ids = new Set(results.map((r) => r.data?.submitInvoice.id));
    expect(results.map((r) => r.errors)).toEqual(Array(10).fill(undefined));
    expect(ids.size).toBe(1);
    expect(await t.db.selectFrom('invoices').select('id').execute()).toHaveLength(1);
    expect(await t.db.selectFrom('invoice_files').select('id').execute()).toHaveLength(1);
    expect(storedFiles()).toHaveLength(1);
  });

  it('sniffs types from bytes: a .pdf that is really HTML is refused', async () => {
    const res = await submit(t.app, ana, { accessKey: newKey() }, [
      { name: 'ok.jpg', content: JPEG },
      { name: 'nota.pdf', content: HTML, type: 'application/pdf' },
    ]);
    expect(res.errors?.[0]).toMatchObject({
      message:
        'O arquivo "nota.pdf" não é uma foto (JPEG, PNG ou HEIC), um PDF ou o XML da NF-e. Escolha outro arquivo.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(storedFiles()).toHaveLength(0);
  });

  it('refuses a file over 10 MB and a sixth file, with pt-BR messages, and the request still ends', async () => {
    const big = Buffer.concat([JPEG, Buffer.alloc(11 * 1024 * 1024)]);
    const res = await submit(t.app, ana, { accessKey: newKey() }, [{ name: 'grande.jpg', content: big }]);
    expect(res.errors?.[0]?.message).toBe(
      'O arquivo "grande.jpg" tem mais de 10 MB. Envie uma foto menor ou um PDF mais leve.',
    );
    const six = await submit(
      t.app,
      ana,
      { accessKey: newKey() },
      Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.jpg`, content: JPEG })),
    );
    expect(six.errors?.[0]?.message).toBe('Envie no máximo 5 arquivos por nota fiscal.');
    expect(storedFiles()).toHaveLength(0);
  });

  it('keeps the multipart CSRF rule: no preflight header, no upload', async () => {
    const res = await submit(t.app, ana, { accessKey: newKey() }, [{ name: 'n.jpg', content: JPEG }], {});
    expect(res.statusCode).toBe(400);
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
  });

  it('needs a session', async () => {
    const res = await submit(t.app, 'nao-e-token', { accessKey: newKey() }, [{ name: 'n.jpg', content: JPEG }]);
    expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('ownership', () => {
  it("one member cannot list, open, download or re-send another member's invoice", async () => {
    const res = await submit(t.app, ana, { accessKey: newKey() }, [{ name: 'n.jpg', content: JPEG }]);
    const inv = res.data!.submitInvoice;
    await rejectInvoice(t, reviewer, Number(inv.id), 'Foto ilegível');

    const list = await gql<{ myInvoices: { data: unknown[] } }>(
      t.app,
      '{ myInvoices { data { id } } }',
      {},
      bearer(bia),
    );
    expect(list.data?.myInvoices.data).toEqual([]);
    const open = await gql(t.app, 'query ($id: ID!) { invoice(id: $id) { id } }', { id: inv.id }, bearer(bia));
    expect(open.errors?.[0]).toMatchObject({
      message: 'Nota fiscal não encontrada.',
      extensions: { code: 'NOT_FOUND' },
    });

    const body = multipart(
      RESEND,
      { id: inv.id, idempotencyKey: randomUUID(), files: [null] },
      ['variables.files.0'],
      [{ name: 'x.jpg', content: JPEG }],
    );
    const resend = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': body.contentType, 'apollo-require-preflight': 'true', ...bearer(bia) },
      payload: body.payload,
    });
    expect(resend.json().errors[0]).toMatchObject({ extensions: { code: 'NOT_FOUND' } });

    // The owner's signed link opens the file; a link re-signed for another member, or tampered with, does not.
    const url = inv.files[0]!.url;
    const ok = await t.app.inject({ method: 'GET', url });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/jpeg');
    expect(ok.rawPayload.equals(JPEG)).toBe(true);
    const biaId = String(
      (await t.db.selectFrom('users').select('id').where('email', '=', BIA.email).executeTakeFirstOrThrow()).id,
    );
    expect((await t.app.inject({ method: 'GET', url: url.replace(/u=\d+/, `u=${biaId}`) })).statusCode).toBe(404);
    clock.advance(11 * 60 * 1000);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});

describe('review and re-send', () => {
  it('a refused invoice shows its reason and takes corrected files once; approval credits the points', async () => {
    const res = await submit(t.app, ana, { accessKey: newKey() }, [{ name: 'borrada.jpg', content: JPEG }]);
    const id = res.data!.submitInvoice.id;
    await rejectInvoice(t, reviewer, Number(id), 'Foto ilegível: envie outra mais nítida.');
    const seen = await gql<{ invoice: { status: string; rejectionReason: string } }>(
      t.app,
      'query ($id: ID!) { invoice(id: $id) { status rejectionReason } }',
      { id },
      bearer(ana),
    );
    expect(seen.data?.invoice).toEqual({
      status: 'REJECTED',
      rejectionReason: 'Foto ilegível: envie outra mais nítida.',
    });

    const idempotencyKey = randomUUID();
    const send = () => {
      const body = multipart(
        RESEND,
        { id, idempotencyKey, files: [null] },
        ['variables.files.0'],
        [{ name: 'nitida.pdf', content: PDF }],
      );
      return t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': body.contentType, 'apollo-require-preflight': 'true', ...bearer(ana) },
        payload: body.payload,
      });
    };
    const first = (await send()).json();
    expect(first.errors).toBeUndefined();
    expect(first.data.resendInvoice).toMatchObject({ status: 'IN_REVIEW', files: [{ name: 'nitida.pdf' }] });
    expect(first.data.resendInvoice.events.map((e: { status: string }) => e.status)).toEqual([
      'RECEIVED',
      'IN_REVIEW',
      'REJECTED',
      'RECEIVED',
      'IN_REVIEW',
    ]);
    const retry = (await send()).json();
    expect(retry.data.resendInvoice.files).toHaveLength(1);

    await expect(approveInvoice(t, reviewer, Number(id))).rejects.toThrow('informe os pontos');
    await approveInvoice(t, reviewer, Number(id), 120);
    const me = await gql<{ me: { pointsBalance: number } }>(t.app, '{ me { pointsBalance } }', {}, bearer(ana));
    expect(me.data?.me.pointsBalance).toBe(120);
    await expect(approveInvoice(t, reviewer, Number(id), 120)).rejects.toThrow('já foi analisada');
  });

  it("lists the member's invoices newest first with keyset pages", async () => {
    for (let i = 0; i < 3; i++)
      await submit(t.app, ana, { accessKey: newKey() }, [{ name: `n${i}.jpg`, content: JPEG }]);
    const q = 'query ($after: String) { myInvoices(first: 2, after: $after) { data { id } hasMore nextCursor } }';
    const p1 = await gql<{ myInvoices: { data: { id: string }[]; hasMore: boolean; nextCursor: string } }>(
      t.app,
      q,
      {},
      bearer(ana),
    );
    expect(p1.data?.myInvoices.data).toHaveLength(2);
    expect(p1.data?.myInvoices.hasMore).toBe(true);
    const p2 = await gql<{ myInvoices: { data: { id: string }[]; hasMore: boolean } }>(
      t.app,
      q,
      { after: p1.data?.myInvoices.nextCursor },
      bearer(ana),
    );
    expect(p2.data?.myInvoices).toMatchObject({ hasMore: false });
    const ids = [...p1.data!.myInvoices.data, ...p2.data!.myInvoices.data].map((d) => Number(d.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const tooBig = await gql(t.app, '{ myInvoices(first: 500) { hasMore } }', {}, bearer(ana));
    expect(tooBig.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('myInvoiceCounts', () => {
  it("counts only the member's own invoices, and those waiting for review and refused apart", async () => {
    const q = '{ myInvoiceCounts { total waiting refused } }';
    expect((await gql(t.app, q, {}, bearer(bia))).data).toEqual({
      myInvoiceCounts: { total: 0, waiting: 0, refused: 0 },
    });
    const first = await submit(t.app, bia, { accessKey: newKey() }, [{ name: 'a.jpg', content: JPEG }]);
    await submit(t.app, bia, { accessKey: newKey() }, [{ name: 'b.jpg', content: JPEG }]);
    const third = await submit(t.app, bia, { accessKey: newKey() }, [{ name: 'c.jpg', content: JPEG }]);
    await submit(t.app, ana, { accessKey: newKey() }, [{ name: 'd.jpg', content: JPEG }]);
    await approveInvoice(t, reviewer, Number(first.data!.submitInvoice.id), 50);
    await rejectInvoice(t, reviewer, Number(third.data!.submitInvoice.id), 'Foto ilegível.');
    expect((await gql(t.app, q, {}, bearer(bia))).data).toEqual({
      myInvoiceCounts: { total: 3, waiting: 1, refused: 1 },
    });
    expect((await gql(t.app, q)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('myRefusedInvoices', () => {
  const q = '{ myRefusedInvoices { id reasonStart } }';
  type Refused = { myRefusedInvoices: { id: string; reasonStart: string }[] };

  it("lists the member's refused invoices, latest refusal first, with the reason's first words, until re-sent", async () => {
    const sent = [];
    for (const name of ['a.jpg', 'b.jpg', 'c.jpg']) {
      sent.push((await submit(t.app, bia, { accessKey: newKey() }, [{ name, content: JPEG }])).data!.submitInvoice.id);
    }
    await submit(t.app, ana, { accessKey: newKey() }, [{ name: 'd.jpg', content: JPEG }]);
    const [older, approved, newer] = sent as [string, string, string];
    await rejectInvoice(
      t,
      reviewer,
      Number(older),
      'A foto cortou a chave de acesso. Envie a nota inteira, bem iluminada.',
    );
    clock.advance(60_000);
    await rejectInvoice(t, reviewer, Number(newer), 'Nota de outro CPF.');
    await approveInvoice(t, reviewer, Number(approved), 50);
    expect((await gql<Refused>(t.app, q, {}, bearer(bia))).data?.myRefusedInvoices).toEqual([
      { id: newer, reasonStart: 'Nota de outro CPF.' },
      { id: older, reasonStart: 'A foto cortou a chave de acesso. Envie a nota inteira, bem…' },
    ]);
    expect((await gql<Refused>(t.app, q, {}, bearer(ana))).data?.myRefusedInvoices).toEqual([]);

    const body = multipart(
      RESEND,
      { id: newer, idempotencyKey: randomUUID(), files: [null] },
      ['variables.files.0'],
      [{ name: 'nitida.pdf', content: PDF }],
    );
    const resent = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': body.contentType, 'apollo-require-preflight': 'true', ...bearer(bia) },
      payload: body.payload,
    });
    expect(resent.json().errors).toBeUndefined();
    expect((await gql<Refused>(t.app, q, {}, bearer(bia))).data?.myRefusedInvoices).toEqual([
      { id: older, reasonStart: 'A foto cortou a chave de acesso. Envie a nota inteira, bem…' },
    ]);
    expect((await gql(t.app, q)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('orphan sweep', () => {
  it('removes temporary files and stored files without a row, and keeps referenced ones', async () => {
    await submit(t.app, ana, { accessKey: newKey() }, [{ name: 'n.jpg', content: JPEG }]);
    const dir = uploadsDirOf(dataDir);
    mkdirSync(path.join(dir, 'tmp'), { recursive: true });
    mkdirSync(path.join(dir, '2026', '10'), { recursive: true });
    writeFileSync(path.join(dir, 'tmp', 'x.part'), 'meio arquivo');
    writeFileSync(path.join(dir, '2026', '10', 'orfao.jpg'), 'sem linha');
    // Profile photos share DATA_DIR/uploads but are not invoice files: the sweep leaves them alone.
    const photo = path.join(dir, 'profile', `${'a'.repeat(32)}.jpg`);
    mkdirSync(path.dirname(photo), { recursive: true });
    writeFileSync(photo, 'foto de perfil');
    const old = new Date(clock.now() - 2 * 60 * 60 * 1000);
    utimesSync(path.join(dir, 'tmp', 'x.part'), old, old);
    utimesSync(path.join(dir, '2026', '10', 'orfao.jpg'), old, old);
    utimesSync(photo, old, old);
    const referenced = async (p: string) =>
      !!(await t.db.selectFrom('invoice_files').select('id').where('storage_path', '=', p).executeTakeFirst());
    expect(await sweepOrphans(new LocalDiskStorage(dir), referenced, new Date(clock.now()))).toBe(2);
    expect(storedFiles()).toHaveLength(2);
    expect(existsSync(photo)).toBe(true);
  });
});

export { SUBMIT };
