import '../../test/esm-shims';
import sharp from 'sharp';
import { DEMO_MEMBER } from '../../seed';
import { createSharedTestApps, fakeClock, gql, loginAs, type FakeClock, type SharedTestApps } from '../../test/helpers';
import { codeOf, enrolStaff, painelGql, type EnrolledStaff } from '../../test/staff';
import { createMember } from '../users/repository';
import { approveProject } from './actions';
import { terminalActor } from '../staff';
import { bearer, jpegPhoto, PROJECT, submitProject, uploadPhoto, validInput } from './test/project-helpers';

let s: SharedTestApps;
let clock: FakeClock;
let ana: string;
let bia: string;
let rafael: EnrolledStaff;
let sofia: EnrolledStaff;
const BIA = { name: 'Bia', surName: 'Lima', cpf: '11144477735', email: 'bia@exemplo.com.br', password: 'Senha#forte1' };

beforeEach(async () => {
  clock = fakeClock();
  // Two API processes on one database: the reviewers' requests may land on either.
  s = await createSharedTestApps(2, { now: clock.now });
  const t = { app: s.apps[0]!, db: s.db, config: s.config };
  await createMember(s.db, BIA);
  ana = (await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token;
  bia = (await loginAs(t.app, BIA.email, BIA.password)).token;
  rafael = await enrolStaff(t, { email: 'rafael@clube.test', roles: ['revisor'], name: 'Rafael Revisor' });
  sofia = await enrolStaff(t, { email: 'sofia@clube.test', roles: ['revisor'], name: 'Sofia Revisora' });
});
afterEach(() => s.close());

const QUEUE = `query ($filter: StaffProjectFilter, $first: Int, $after: String) {
  staffProjectQueue(filter: $filter, first: $first, after: $after) {
    rows { id title status published memberName memberCpfMasked photoCount publishConsent lease { staffName mine } }
    nextCursor
  }
}`;
const DETAIL = `query ($id: ID!) {
  staffProject(id: $id) {
    id title status description city uf points rejectionReason publishConsent published publishBlocker suggestedPoints
    products { name } photos { id position url thumbnailUrl }
    member { name cpfMasked otherProjects { id title status } }
    events { status note }
    lease { staffName mine }
  }
}`;
const TAKE = 'mutation ($id: ID!) { staffTakeProject(id: $id) { staffName expiresAt mine } }';
const RELEASE = 'mutation ($id: ID!) { staffReleaseProject(id: $id) }';
const APPROVE =
  'mutation ($id: ID!, $points: Int!) { staffApproveProject(id: $id, points: $points) { status points publishBlocker } }';
const REJECT =
  'mutation ($id: ID!, $reason: String!) { staffRejectProject(id: $id, reason: $reason) { status rejectionReason } }';
const PUBLISH = 'mutation ($id: ID!) { staffPublishProject(id: $id) { published publishBlocker } }';
const NEXT = 'query ($after: ID) { staffNextProject(after: $after) }';

interface Row {
  id: string;
  title: string;
  status: string;
  memberName: string;
  memberCpfMasked: string;
  photoCount: number;
  publishConsent: boolean;
  lease: { staffName: string; mine: boolean } | null;
}
type Queue = { staffProjectQueue: { rows: Row[]; nextCursor: string | null } };
interface Detail {
  staffProject: {
    status: string;
    publishBlocker: string | null;
    suggestedPoints: number;
    photos: { id: string; position: number; url: string; thumbnailUrl: string }[];
    member: { name: string; cpfMasked: string; otherProjects: { id: string; title: string; status: string }[] };
    events: { status: string; note: string | null }[];
    lease: { staffName: string; mine: boolean } | null;
  };
}
type Take = { staffTakeProject: { staffName: string; mine: boolean } };

/** A member sends a project with `photos` photos from their phone; its id. */
async function send(token: string, title: string, { photos = 1, publishConsent = true } = {}): Promise<string> {
  const ids: string[] = [];
  for (let i = 0; i < photos; i += 1) {
    const up = await uploadPhoto(
      s.apps[0]!,
      token,
      await jpegPhoto(640, 480, ['#a0522d', '#8b5a2b', '#deb887'][i % 3]),
    );
    ids.push(up.data!.uploadProjectPhoto.id);
  }
  const sent = await submitProject(s.apps[0]!, token, ids, validInput({ title, publishConsent }));
  if (!sent.data) throw new Error(JSON.stringify(sent.errors));
  return sent.data.submitProject.id;
}

const audit = () =>
  s.db
    .selectFrom('staff_audit')
    .select(['actor_kind', 'actor_staff_id', 'role', 'action', 'object_type', 'object_id', 'before', 'after', 'ip'])
    .where('action', 'like', 'project.%')
    .orderBy('id')
    .execute();

describe('the project queue', () => {
  it('lists waiting projects oldest first, a page at a time, with the masked member, photos and consent; filters by status and search', async () => {
    const first = await send(ana, 'Cozinha em freijó', { photos: 2 });
    clock.advance(60_000);
    const second = await send(bia, 'Guarda-roupa de casal', { publishConsent: false });
    clock.advance(60_000);
    const third = await send(ana, 'Home office');

    const page = await painelGql<Queue>(s.apps[0]!, QUEUE, { first: 2 }, rafael.token);
    expect(page.data?.staffProjectQueue.rows).toEqual([
      expect.objectContaining({
        id: first,
        title: 'Cozinha em freijó',
        status: 'in_review',
        memberName: 'Ana Souza',
        memberCpfMasked: '***.982.***-25',
        photoCount: 2,
        publishConsent: true,
        lease: null,
      }),
      expect.objectContaining({ id: second, memberName: 'Bia Lima', photoCount: 1, publishConsent: false }),
    ]);
    expect(JSON.stringify(page.data)).not.toContain(DEMO_MEMBER.cpf);
    const rest = await painelGql<Queue>(
      s.apps[1]!,
      QUEUE,
      { first: 2, after: page.data?.staffProjectQueue.nextCursor },
      rafael.token,
    );
    expect(rest.data?.staffProjectQueue).toMatchObject({ rows: [{ id: third }], nextCursor: null });

    const ids = async (filter: Record<string, unknown>) =>
      (await painelGql<Queue>(s.apps[0]!, QUEUE, { filter }, rafael.token)).data?.staffProjectQueue.rows.map(
        (r) => r.id,
      );
    expect(await ids({ search: 'bia lima' })).toEqual([second]);
    expect(await ids({ search: 'FREIJÓ' })).toEqual([first]);
    expect(await ids({ search: 'bia@exemplo' })).toEqual([second]);
    expect(await ids({ search: '100%' })).toEqual([]);

    // Decided ones, the latest decision first; published ones apart from the approved.
    await approveProject({ db: s.db, config: s.config }, terminalActor('teste'), Number(first));
    clock.advance(60_000);
    await approveProject({ db: s.db, config: s.config }, terminalActor('teste'), Number(third));
    expect(await ids({ status: 'approved' })).toEqual([third, first]);
    expect(await ids({})).toEqual([second]);
    await painelGql(s.apps[0]!, PUBLISH, { id: first }, rafael.token);
    expect(await ids({ status: 'approved' })).toEqual([third]);
    expect(await ids({ status: 'published' })).toEqual([first]);
    expect(await ids({ status: 'rejected' })).toEqual([]);
    const bad = await painelGql(s.apps[0]!, QUEUE, { filter: { status: 'todos' } }, rafael.token);
    expect(bad.errors?.[0]?.message).toBe('Situação inválida: use waiting, approved, rejected ou published.');
    expect(codeOf(await painelGql(s.apps[0]!, QUEUE, { first: 51 }, rafael.token))).toBe('BAD_USER_INPUT');
    expect(codeOf(await painelGql(s.apps[0]!, QUEUE, { after: 'lixo' }, rafael.token))).toBe('BAD_USER_INPUT');
  });
});

describe('one project', () => {
  it('shows every photo at full size by short-lived signed links, the details and the member with a masked CPF', async () => {
    const earlier = await send(ana, 'Banheiro');
    const id = await send(ana, 'Cozinha em freijó', { photos: 3 });
    const detail = await painelGql<Detail>(s.apps[0]!, DETAIL, { id }, rafael.token);
    const project = detail.data!.staffProject;
    expect(project).toMatchObject({
      status: 'in_review',
      suggestedPoints: 500,
      publishBlocker: 'Só é possível publicar um projeto aprovado.',
      member: { name: 'Ana Souza', cpfMasked: '***.982.***-25', otherProjects: [{ id: earlier, title: 'Banheiro' }] },
    });
    expect(JSON.stringify(detail.data)).not.toContain(DEMO_MEMBER.cpf);
    expect(project.photos.map((p) => p.position)).toEqual([0, 1, 2]);

    const { url, thumbnailUrl } = project.photos[1]!;
    expect(url).toMatch(/^\/painel\/arquivos\/foto-\d+\?k=\d+&e=\d+&s=/);
    const full = await s.apps[1]!.inject({ method: 'GET', url });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    expect(full.headers['cache-control']).toBe('no-store');
    expect((await sharp(full.rawPayload).metadata()).width).toBe(640);
    const thumb = await s.apps[0]!.inject({ method: 'GET', url: thumbnailUrl });
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBeLessThan(640);
    // A link of another kind of file, a tampered one or one a few minutes old opens nothing.
    expect((await s.apps[0]!.inject({ method: 'GET', url: url.replace('/foto-', '/nota-') })).statusCode).toBe(404);
    expect((await s.apps[0]!.inject({ method: 'GET', url: url.replace(/s=./, 's=x') })).statusCode).toBe(404);
    clock.advance(5 * 60_000 + 1);
    expect((await s.apps[0]!.inject({ method: 'GET', url })).statusCode).toBe(404);

    expect(codeOf(await painelGql(s.apps[0]!, DETAIL, { id: '999999' }, rafael.token))).toBe('NOT_FOUND');
  });
});

describe('the review lease', () => {
  it('gives a project to one of two reviewers taking it at the same instant; the other sees who has it', async () => {
    for (let round = 0; round < 4; round += 1) {
      const id = await send(ana, `Projeto ${round}`);
      const [a, b] = await Promise.all([
        painelGql<Take>(s.apps[0]!, TAKE, { id }, rafael.token),
        painelGql<Take>(s.apps[1]!, TAKE, { id }, sofia.token),
      ]);
      expect([a, b].filter((r) => r.data?.staffTakeProject.mine)).toHaveLength(1);
      const winner = a.data!.staffTakeProject.mine ? 'Rafael Revisor' : 'Sofia Revisora';
      expect(a.data!.staffTakeProject.staffName).toBe(winner);
      expect(b.data!.staffTakeProject.staffName).toBe(winner);
    }
  });

  it('refuses the other reviewer’s decision, skips the held project in "próximo", and frees it on release or expiry', async () => {
    const id = await send(ana, 'Cozinha');
    const other = await send(bia, 'Sala');
    await painelGql(s.apps[0]!, TAKE, { id }, rafael.token);
    expect((await painelGql<Take>(s.apps[1]!, TAKE, { id }, sofia.token)).data?.staffTakeProject).toMatchObject({
      staffName: 'Rafael Revisor',
      mine: false,
    });
    const refused = await painelGql(s.apps[1]!, REJECT, { id, reason: 'Fotos escuras.' }, sofia.token);
    expect(refused.errors?.[0]?.message).toBe('Rafael Revisor está analisando este projeto. Abra outro.');
    const queue = await painelGql<Queue>(s.apps[0]!, QUEUE, {}, sofia.token);
    expect(queue.data?.staffProjectQueue.rows[0]?.lease).toEqual({ staffName: 'Rafael Revisor', mine: false });
    expect((await painelGql(s.apps[0]!, NEXT, {}, sofia.token)).data).toEqual({ staffNextProject: other });
    expect((await painelGql(s.apps[0]!, NEXT, { after: other }, sofia.token)).data).toEqual({ staffNextProject: null });
    expect((await painelGql(s.apps[0]!, NEXT, { after: other }, rafael.token)).data).toEqual({ staffNextProject: id });

    // Without a lease of one's own, nothing is decided.
    const unheld = await painelGql(s.apps[0]!, APPROVE, { id: other, points: 500 }, sofia.token);
    expect(unheld.errors?.[0]?.message).toBe('Abra o projeto de novo: ele não está mais reservado para você.');

    expect((await painelGql(s.apps[0]!, RELEASE, { id }, sofia.token)).data).toEqual({ staffReleaseProject: false });
    expect((await painelGql(s.apps[0]!, RELEASE, { id }, rafael.token)).data).toEqual({ staffReleaseProject: true });
    expect((await painelGql<Take>(s.apps[1]!, TAKE, { id }, sofia.token)).data?.staffTakeProject.mine).toBe(true);
    clock.advance(5 * 60_000 + 1);
    expect((await painelGql<Take>(s.apps[0]!, TAKE, { id }, rafael.token)).data?.staffTakeProject.mine).toBe(true);
    const late = await painelGql(s.apps[1]!, REJECT, { id, reason: 'Fotos escuras.' }, sofia.token);
    expect(late.errors?.[0]?.message).toBe('Rafael Revisor está analisando este projeto. Abra outro.');
  });
});

describe('approve, refuse and publish', () => {
  it('approves with the points given, credits them once, frees the lease, audits, then publishes with the consent', async () => {
    const id = await send(ana, 'Cozinha em freijó');
    await painelGql(s.apps[0]!, TAKE, { id }, rafael.token);
    for (const points of [-1, 10_000_001]) {
      const res = await painelGql(s.apps[0]!, APPROVE, { id, points }, rafael.token);
      expect(res.errors?.[0]?.message).toBe('Informe os pontos: um número inteiro de 0 a 10.000.000.');
    }
    const approved = await painelGql(s.apps[0]!, APPROVE, { id, points: 650 }, rafael.token);
    expect(approved.data).toEqual({ staffApproveProject: { status: 'approved', points: 650, publishBlocker: null } });
    const ledger = await s.db
      .selectFrom('points_ledger')
      .select(['points', 'description'])
      .where('project_id', '=', Number(id))
      .execute();
    expect(ledger).toEqual([{ points: 650, description: 'Projeto aprovado: Cozinha em freijó' }]);
    expect(await s.db.selectFrom('review_leases').selectAll().execute()).toEqual([]);
    const again = await painelGql(s.apps[1]!, APPROVE, { id, points: 650 }, rafael.token);
    expect(again.errors?.[0]?.message).toBe('Este projeto já foi analisado.');
    expect(codeOf(await painelGql(s.apps[0]!, TAKE, { id }, rafael.token))).toBe('NOT_FOUND');

    const published = await painelGql(s.apps[1]!, PUBLISH, { id }, sofia.token);
    expect(published.data).toEqual({ staffPublishProject: { published: true, publishBlocker: null } });
    // Publishing again changes nothing and writes nothing.
    await painelGql(s.apps[0]!, PUBLISH, { id }, rafael.token);
    expect(await audit()).toEqual([
      expect.objectContaining({ actor_staff_id: rafael.id, action: 'project.take', object_id: id }),
      {
        actor_kind: 'staff',
        actor_staff_id: rafael.id,
        role: 'revisor',
        action: 'project.approve',
        object_type: 'project',
        object_id: id,
        before: JSON.stringify({ status: 'in_review' }),
        after: JSON.stringify({ status: 'approved', points: 650 }),
        ip: '127.0.0.1',
      },
      expect.objectContaining({
        actor_staff_id: sofia.id,
        role: 'revisor',
        action: 'project.publish',
        object_id: id,
        before: JSON.stringify({ published: false }),
        after: JSON.stringify({ published: true }),
      }),
    ]);
  });

  it('refuses with the reason the member reads on their project page, audited', async () => {
    const id = await send(ana, 'Cozinha em freijó');
    await painelGql(s.apps[0]!, TAKE, { id }, sofia.token);
    const short = await painelGql(s.apps[0]!, REJECT, { id, reason: ' ok ' }, sofia.token);
    expect(short.errors?.[0]).toMatchObject({
      message: 'Informe o motivo da recusa (3 a 500 caracteres).',
      extensions: { fields: { reason: 'Informe o motivo da recusa (3 a 500 caracteres).' } },
    });
    const reason = 'As fotos estão escuras.   Envie com mais luz, com as portas abertas.';
    const rejected = await painelGql(s.apps[0]!, REJECT, { id, reason }, sofia.token);
    const text = 'As fotos estão escuras. Envie com mais luz, com as portas abertas.';
    expect(rejected.data).toEqual({ staffRejectProject: { status: 'rejected', rejectionReason: text } });
    const mine = await gql<{ project: { status: string; rejectionReason: string } }>(
      s.apps[1]!,
      PROJECT,
      { id },
      bearer(ana),
    );
    expect(mine.data?.project).toMatchObject({ status: 'REJECTED', rejectionReason: text });
    // And in the inbox, with the reason's first words.
    const inbox = await gql<{ notifications: { data: { kind: string; title: string; body: string }[] } }>(
      s.apps[1]!,
      '{ notifications(first: 5) { data { kind title body } } }',
      {},
      bearer(ana),
    );
    expect(inbox.data?.notifications.data[0]).toMatchObject({ kind: 'PROJECTS', title: 'Projeto recusado' });
    expect(inbox.data?.notifications.data[0]?.body).toContain('As fotos estão escuras.');
    expect(await audit()).toEqual([
      expect.objectContaining({ actor_staff_id: sofia.id, action: 'project.take' }),
      expect.objectContaining({
        actor_staff_id: sofia.id,
        role: 'revisor',
        action: 'project.reject',
        object_id: id,
        after: JSON.stringify({ status: 'rejected', reason: text }),
      }),
    ]);
  });

  it('publishes only with the member’s consent, and says why not', async () => {
    const id = await send(bia, 'Guarda-roupa', { publishConsent: false });
    await approveProject({ db: s.db, config: s.config }, terminalActor('Operador'), Number(id));
    const detail = await painelGql<Detail>(s.apps[0]!, DETAIL, { id }, rafael.token);
    const noConsent =
      'O membro não autorizou a publicação das fotos deste projeto. Ele pode autorizar ao reenviar um projeto.';
    expect(detail.data?.staffProject.publishBlocker).toBe(noConsent);
    const refused = await painelGql(s.apps[0]!, PUBLISH, { id }, rafael.token);
    expect(refused.errors?.[0]).toMatchObject({ message: noConsent, extensions: { code: 'BAD_USER_INPUT' } });
    expect(await s.db.selectFrom('projects').select('published_at').where('id', '=', Number(id)).execute()).toEqual([
      { published_at: null },
    ]);
    // The terminal's approval is in the same trail, under the operator's name.
    expect(await audit()).toEqual([
      expect.objectContaining({
        actor_kind: 'terminal',
        actor_staff_id: null,
        action: 'project.approve',
        object_id: id,
      }),
    ]);
  });
});

describe('who may', () => {
  it('gives a member nothing of the project review, nor a photo without a staff link', async () => {
    const id = await send(ana, 'Cozinha');
    for (const [query, variables] of [
      [QUEUE, {}],
      [DETAIL, { id }],
      [TAKE, { id }],
      [APPROVE, { id, points: 500 }],
      [REJECT, { id, reason: 'Fotos escuras.' }],
      [PUBLISH, { id }],
    ] as const) {
      expect(codeOf(await painelGql(s.apps[0]!, query, variables, ana))).toBe('UNAUTHENTICATED');
    }
    // The member's own API knows none of it, and suggests nothing.
    const guessed = await gql(s.apps[0]!, '{ staffProjectQueue { nextCursor } }', {}, bearer(ana));
    expect(guessed.errors?.[0]?.message).toBe('Cannot query field "staffProjectQueue" on type "Query".');
    const photoId = (await s.db.selectFrom('project_photos').select('id').executeTakeFirstOrThrow()).id;
    expect((await s.apps[0]!.inject({ method: 'GET', url: `/painel/arquivos/foto-${photoId}` })).statusCode).toBe(404);
    expect(await s.db.selectFrom('projects').select('status').where('id', '=', Number(id)).execute()).toEqual([
      { status: 'in_review' },
    ]);
  });
});
