import '../../test/esm-shims';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { DEMO_MEMBER } from '../../seed';
import { createTestApp, fakeClock, gql, loginAs, operatorAt, type TestApp } from '../../test/helpers';
import { uploadsDirOf, LocalDiskStorage } from '../../storage/local-disk';
import { createMember, findUserByCpf } from '../users/repository';
import { terminalActor } from '../staff';
import { approveProject, publishProject, rejectProject } from './actions';
import { sweepProjectPhotos } from './sweep-job';
import {
  bearer,
  jpegPhoto,
  phonePhoto,
  PROJECT,
  RESEND,
  submitProject,
  uploadPhoto,
  uploadPhotos,
  validInput,
  type ProjectResult,
} from './test/project-helpers';

/** Who acts at the terminal, in the audit. */
const OPERATOR = terminalActor('teste');

let t: TestApp;
let dataDir: string;
const START = Date.parse('2026-11-22T12:00:00.000Z');
let clock = fakeClock(START);
let ana: string;
let bia: string;
const BIA = { name: 'Bia', surName: 'Lima', cpf: '11144477735', email: 'bia@exemplo.com.br', password: 'Senha#forte1' };
const HOUR_MS = 60 * 60 * 1000;

beforeEach(async () => {
  clock = fakeClock(START);
  dataDir = mkdtempSync(path.join(tmpdir(), 'clube-projetos-'));
  t = await createTestApp({ dataDir, now: () => clock.now() });
  await createMember(t.db, BIA);
  ana = (await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token;
  bia = (await loginAs(t.app, BIA.email, BIA.password)).token;
});
afterEach(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every file the API stored for projects, as paths on the disk. */
const storedPhotoFiles = (): string[] => {
  const walk = (d: string): string[] =>
    existsSync(d)
      ? readdirSync(d, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)],
        )
      : [];
  return walk(path.join(uploadsDirOf(dataDir), 'projects'));
};

const anaId = async () => (await findUserByCpf(t.db, DEMO_MEMBER.cpf))!.id;

async function approvedInvoiceOf(userId: number, status: 'approved' | 'in_review' = 'approved'): Promise<number> {
  const at = new Date(START).toISOString();
  const key = randomUUID().replace(/-/g, '').padEnd(44, '0').slice(0, 44);
  const row = await t.db
    .insertInto('invoices')
    .values({
      user_id: userId,
      access_key: key,
      idempotency_key: key,
      status,
      uf: 'SP',
      issued_month: '2026-10',
      issuer_cnpj: '58716523000119',
      model: 55,
      series: 1,
      number: 4321,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function sendProject(token = ana, input = validInput()): Promise<ProjectResult> {
  const photos = await uploadPhotos(t.app, token, 1);
  const res = await submitProject(t.app, token, photos, input);
  if (!res.data) throw new Error(JSON.stringify(res.errors));
  return res.data.submitProject;
}

describe('submitProject', () => {
  it('keeps the project with its products, invoices, campaign and photos, in review, with a timeline', async () => {
    const photos = await uploadPhotos(t.app, ana, 2);
    const invoice = await approvedInvoiceOf(await anaId());
    const res = await submitProject(
      t.app,
      ana,
      photos,
      validInput({ invoiceIds: [String(invoice)], campaignSlug: 'clube-premiado' }),
    );
    expect(res.errors).toBeUndefined();
    const project = res.data!.submitProject;
    expect(project).toMatchObject({
      title: 'Cozinha planejada em freijó',
      status: 'IN_REVIEW',
      uf: 'SP',
      city: 'São Paulo',
      description: 'Armários superiores e inferiores,\nilha com tampo em MDF.',
      points: null,
      publishConsent: true,
      published: false,
      campaignSlug: 'clube-premiado',
      campaignTitle: 'Clube Premiado 2026/2027',
      invoices: [{ id: String(invoice), number: 4321 }],
      cover: { id: photos[0] },
    });
    expect(project.products.map((p) => p.name)).toEqual([
      'MDF Freijó Puro 18 mm',
      'Dobradiça reta 35 mm com amortecedor',
    ]);
    expect(project.photos.map((p) => [p.id, p.position, p.alt])).toEqual([
      [photos[0], 0, 'Cozinha planejada em freijó — foto 1 de 2'],
      [photos[1], 1, 'Cozinha planejada em freijó — foto 2 de 2'],
    ]);
    expect(project.events.map((e) => e.status)).toEqual(['RECEIVED', 'IN_REVIEW']);

    const photo = await t.app.inject({ method: 'GET', url: project.photos[0]!.url });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect((await sharp(photo.rawPayload).metadata()).width).toBe(project.photos[0]!.width);
    const thumb = await t.app.inject({ method: 'GET', url: project.photos[0]!.thumbnailUrl });
    expect(thumb.statusCode).toBe(200);
  });

  it('refuses bad input with pt-BR messages on each field', async () => {
    const photos = await uploadPhotos(t.app, ana, 1);
    const other = await approvedInvoiceOf((await findUserByCpf(t.db, BIA.cpf))!.id);
    const waiting = await approvedInvoiceOf(await anaId(), 'in_review');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: 'ab' }, 'title', 'Dê um título de 3 a 120 caracteres ao projeto.'],
      [{ description: 'x'.repeat(2001) }, 'description', 'A descrição pode ter no máximo 2.000 caracteres.'],
      [{ finishedMonth: '2026-12' }, 'finishedMonth', 'O mês de conclusão não pode ser no futuro.'],
      [{ finishedMonth: '2026-13' }, 'finishedMonth', 'Informe o mês em que o projeto foi concluído (mm/aaaa).'],
      [{ uf: 'XX' }, 'uf', 'Escolha o estado onde o projeto foi instalado.'],
      [{ city: 'Cidade Inventada' }, 'city', 'Escolha uma cidade da lista do estado.'],
      [{ productIds: [] }, 'productIds', 'Escolha pelo menos um produto da marca usado no projeto.'],
      [
        { productIds: ['parafuso'] },
        'productIds',
        'Um dos produtos escolhidos não está no catálogo. Escolha de novo na lista.',
      ],
      [{ invoiceIds: [String(other)] }, 'invoiceIds', 'Escolha apenas notas fiscais suas que já foram aprovadas.'],
      [{ invoiceIds: [String(waiting)] }, 'invoiceIds', 'Escolha apenas notas fiscais suas que já foram aprovadas.'],
      [
        { campaignSlug: '104' },
        'campaignSlug',
        'Esta campanha ou promoção não está ativa. Escolha outra ou deixe em branco.',
      ],
    ];
    for (const [override, field, message] of cases) {
      const res = await submitProject(t.app, ana, photos, validInput(override));
      expect({ override, error: res.errors?.[0] }).toEqual({
        override,
        error: expect.objectContaining({
          message,
          extensions: { code: 'BAD_USER_INPUT', fields: { [field]: message } },
        }),
      });
    }
    expect(await t.db.selectFrom('projects').select('id').execute()).toEqual([]);
  });

  it('makes one project from 10 identical concurrent sends', async () => {
    const photos = await uploadPhotos(t.app, ana, 2);
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => submitProject(t.app, ana, photos, validInput(), key)),
    );
    expect(results.map((r) => r.errors)).toEqual(Array(10).fill(undefined));
    expect(new Set(results.map((r) => r.data?.submitProject.id)).size).toBe(1);
    expect(await t.db.selectFrom('projects').select('id').execute()).toHaveLength(1);
    expect(await t.db.selectFrom('project_events').select('id').execute()).toHaveLength(2);
    // A new attempt cannot take photos another project already has.
    const again = await submitProject(t.app, ana, photos);
    expect(again.errors?.[0]?.message).toBe(
      'Uma das fotos já faz parte de outro projeto. Envie-a de novo para usar neste.',
    );
  });

  it('takes 1 to 10 photos, each once', async () => {
    const none = await submitProject(t.app, ana, []);
    expect(none.errors?.[0]?.message).toBe('Envie pelo menos 1 foto do projeto.');
    const photos = await uploadPhotos(t.app, ana, 11);
    const eleven = await submitProject(t.app, ana, photos);
    expect(eleven.errors?.[0]).toMatchObject({
      message: 'Envie no máximo 10 fotos por projeto.',
      extensions: { fields: { photoIds: 'Envie no máximo 10 fotos por projeto.' } },
    });
    const twice = await submitProject(t.app, ana, [photos[0]!, photos[0]!]);
    expect(twice.errors?.[0]?.message).toBe('A mesma foto foi escolhida duas vezes.');
    const ten = await submitProject(t.app, ana, photos.slice(0, 10));
    expect(ten.data?.submitProject.photos).toHaveLength(10);
  });
});

describe('uploadProjectPhoto', () => {
  it('re-encodes without EXIF or GPS, applies the orientation and answers the sizes', async () => {
    const original = await phonePhoto(1200, 800, 6);
    expect((await sharp(original).metadata()).exif?.toString('latin1')).toContain('Celular');
    const res = await uploadPhoto(t.app, ana, original);
    expect(res.errors).toBeUndefined();
    // Orientation 6 turns the 1200×800 landscape pixels into an 800×1200 portrait.
    expect(res.data?.uploadProjectPhoto).toMatchObject({
      width: 800,
      height: 1200,
      thumbnailWidth: 320,
      thumbnailHeight: 480,
    });
    const files = storedPhotoFiles();
    expect(files).toHaveLength(2);
    for (const file of files) {
      const bytes = readFileSync(file);
      const meta = await sharp(bytes).metadata();
      expect({ file: path.basename(file), format: meta.format, exif: meta.exif, xmp: meta.xmp, icc: meta.icc }).toEqual(
        {
          file: path.basename(file),
          format: 'webp',
          exif: undefined,
          xmp: undefined,
          icc: undefined,
        },
      );
      expect(meta.orientation).toBeUndefined();
      expect(bytes.includes(Buffer.from('Celular'))).toBe(false);
    }
    // Through the storage adapter too, as an S3 deployment reads it.
    const storage = new LocalDiskStorage(uploadsDirOf(dataDir));
    const row = await t.db.selectFrom('project_photos').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ width: 800, height: 1200, original_bytes: original.length, format: 'webp' });
    const stored = await storage.get(row.storage_path);
    stored?.body.destroy();
    expect(stored?.contentType).toBe('image/webp');
    await storage.close();
  });

  it('shrinks a large photo to 2,560 px on the long side', async () => {
    const res = await uploadPhoto(t.app, ana, await jpegPhoto(4000, 3000));
    expect(res.data?.uploadProjectPhoto).toMatchObject({
      width: 2560,
      height: 1920,
      thumbnailWidth: 480,
      thumbnailHeight: 360,
    });
  });

  it('returns the same photo for a retry with the same key', async () => {
    const key = randomUUID();
    const bytes = await jpegPhoto();
    const first = await uploadPhoto(t.app, ana, bytes, { idempotencyKey: key });
    const second = await uploadPhoto(t.app, ana, bytes, { idempotencyKey: key });
    expect(second.data?.uploadProjectPhoto.id).toBe(first.data?.uploadProjectPhoto.id);
    expect(await t.db.selectFrom('project_photos').select('id').execute()).toHaveLength(1);
    expect(storedPhotoFiles()).toHaveLength(2);
  });

  it('reads the type from the bytes: a text file or an SVG named .jpg is refused', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect/></svg>');
    for (const content of [Buffer.from('não sou uma foto, sou um texto'), svg]) {
      const res = await uploadPhoto(t.app, ana, content, { name: 'foto.jpg' });
      expect(res.errors?.[0]).toMatchObject({
        message: 'Este arquivo não é uma foto. Envie uma foto JPEG, PNG, WebP ou HEIC.',
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
    // A JPEG header with nothing decodable behind it.
    const broken = await uploadPhoto(
      t.app,
      ana,
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]),
    );
    expect(broken.errors?.[0]?.message).toBe('Não foi possível ler esta foto. Tente outra foto ou tire um print dela.');
    // PNG and WebP are taken.
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#ccc' } })
      .png()
      .toBuffer();
    const webp = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#ccc' } })
      .webp()
      .toBuffer();
    expect((await uploadPhoto(t.app, ana, png, { name: 'a.png' })).data?.uploadProjectPhoto.width).toBe(40);
    expect((await uploadPhoto(t.app, ana, webp, { name: 'a.webp' })).data?.uploadProjectPhoto.width).toBe(40);
    expect(storedPhotoFiles()).toHaveLength(4);
  });

  it('refuses a photo over 10 MB and the request still ends', async () => {
    const big = Buffer.concat([await jpegPhoto(), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await uploadPhoto(t.app, ana, big);
    expect(res.errors?.[0]).toMatchObject({
      message: 'A foto tem mais de 10 MB. Escolha uma foto menor.',
      extensions: { code: 'BAD_USER_INPUT', fields: { file: 'A foto tem mais de 10 MB. Escolha uma foto menor.' } },
    });
    expect(storedPhotoFiles()).toEqual([]);
  });

  it('removes photos no project took after 24 hours, and keeps the others', async () => {
    const [kept] = await uploadPhotos(t.app, ana, 1);
    await submitProject(t.app, ana, [kept!]);
    await uploadPhotos(t.app, ana, 1);
    expect(storedPhotoFiles()).toHaveLength(4);
    const storage = new LocalDiskStorage(uploadsDirOf(dataDir));
    expect(await sweepProjectPhotos(t.db, storage, new Date(START + 23 * HOUR_MS))).toBe(0);
    expect(await sweepProjectPhotos(t.db, storage, new Date(START + 25 * HOUR_MS))).toBe(1);
    await storage.close();
    expect(storedPhotoFiles()).toHaveLength(2);
    expect(await t.db.selectFrom('project_photos').select('id').execute()).toEqual([{ id: Number(kept) }]);
  });
});

describe('ownership', () => {
  it('answers another member the same NOT_FOUND as a missing project, for reads, re-sends and photos', async () => {
    const project = await sendProject(ana);
    await rejectProject(operatorAt(t, START), OPERATOR, Number(project.id), 'Fotos escuras demais.');

    const missing = await gql(t.app, PROJECT, { id: '999999' }, bearer(bia));
    const others = await gql(t.app, PROJECT, { id: project.id }, bearer(bia));
    expect(others.errors).toEqual(missing.errors);
    expect(others.data).toEqual(missing.data);
    expect(others.errors?.[0]).toMatchObject({ message: 'Projeto não encontrado.', extensions: { code: 'NOT_FOUND' } });

    const biaPhotos = await uploadPhotos(t.app, bia, 1);
    const resend = await gql(
      t.app,
      RESEND,
      { id: project.id, input: validInput(), photoIds: biaPhotos, idempotencyKey: randomUUID() },
      bearer(bia),
    );
    const shape = (errors: typeof missing.errors) =>
      errors?.map((e) => ({ message: e.message, extensions: e.extensions }));
    expect(shape(resend.errors)).toEqual(shape(missing.errors));
    const list = await gql<{ projects: { total: number } }>(t.app, '{ projects { total } }', {}, bearer(bia));
    expect(list.data?.projects.total).toBe(0);

    // Ana's photo ids cannot go into Bia's project: they are reported like photos that do not exist.
    const stolen = await submitProject(t.app, bia, [project.photos[0]!.id]);
    expect(stolen.errors?.[0]?.message).toBe(
      'Uma das fotos não foi encontrada (fotos não usadas são apagadas depois de 24 horas). Envie-a de novo.',
    );

    // A link signed for Ana opens for nobody else: another member id or a changed photo id breaks the signature.
    const url = new URL(project.photos[0]!.url, 'http://clube.test');
    const biaId = (await findUserByCpf(t.db, BIA.cpf))!.id;
    const forged = `${url.pathname}?${new URLSearchParams({ ...Object.fromEntries(url.searchParams), u: String(biaId) })}`;
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    const otherPhoto = project.photos[0]!.url.replace(
      `/${project.photos[0]!.id}?`,
      `/${Number(project.photos[0]!.id) + 1}?`,
    );
    expect((await t.app.inject({ method: 'GET', url: otherPhoto })).statusCode).toBe(404);
    // And it expires.
    clock.advance(20 * 60 * 1000);
    expect((await t.app.inject({ method: 'GET', url: project.photos[0]!.url })).statusCode).toBe(404);
  });
});

describe('review', () => {
  it('credits the points of an approval once, however often approve runs, and lists them on the extract', async () => {
    const project = await sendProject(ana);
    const first = await approveProject(operatorAt(t, START + HOUR_MS), OPERATOR, Number(project.id));
    expect(first).toMatchObject({ alreadyApproved: false, project: { status: 'approved', points: 500 } });
    const again = await Promise.all([
      approveProject(operatorAt(t, START + 2 * HOUR_MS), OPERATOR, Number(project.id)),
      approveProject(operatorAt(t, START + 2 * HOUR_MS), OPERATOR, Number(project.id), 900),
    ]);
    expect(again.map((a) => a.alreadyApproved)).toEqual([true, true]);
    const ledger = await t.db.selectFrom('points_ledger').select(['points', 'description', 'project_id']).execute();
    expect(ledger).toEqual([
      { points: 500, description: 'Projeto aprovado: Cozinha planejada em freijó', project_id: Number(project.id) },
    ]);
    const extract = await gql<{
      pointsEntries: { data: { points: number; description: string; projectId: string }[] };
    }>(t.app, '{ pointsEntries(first: 5) { data { points description projectId invoiceId } } }', {}, bearer(ana));
    expect(extract.data?.pointsEntries.data).toEqual([
      {
        points: 500,
        description: 'Projeto aprovado: Cozinha planejada em freijó',
        projectId: project.id,
        invoiceId: null,
      },
    ]);
    const view = await gql<{ project: ProjectResult }>(t.app, PROJECT, { id: project.id }, bearer(ana));
    expect(view.data?.project).toMatchObject({ status: 'APPROVED', points: 500 });
    expect(view.data?.project.events.map((e) => e.status)).toEqual(['RECEIVED', 'IN_REVIEW', 'APPROVED']);
    await expect(rejectProject(operatorAt(t, START), OPERATOR, Number(project.id), 'tarde demais')).rejects.toThrow(
      'Este projeto já foi aprovado.',
    );
  });

  it('goes reject → resend (same project, photos replaced) → approve', async () => {
    const project = await sendProject(ana);
    const oldPhoto = project.photos[0]!.id;
    await rejectProject(
      operatorAt(t, START + HOUR_MS),
      OPERATOR,
      Number(project.id),
      'As fotos estão escuras. Envie com mais luz.',
    );
    const rejected = await gql<{ project: ProjectResult }>(t.app, PROJECT, { id: project.id }, bearer(ana));
    expect(rejected.data?.project).toMatchObject({
      status: 'REJECTED',
      rejectionReason: 'As fotos estão escuras. Envie com mais luz.',
    });

    const newPhotos = await uploadPhotos(t.app, ana, 2);
    const key = randomUUID();
    const variables = {
      id: project.id,
      input: validInput({ title: 'Cozinha planejada em freijó, com luz' }),
      photoIds: [newPhotos[1], oldPhoto, newPhotos[0]],
      idempotencyKey: key,
    };
    const resent = await gql<{ resendProject: ProjectResult }>(t.app, RESEND, variables, bearer(ana));
    expect(resent.errors).toBeUndefined();
    expect(resent.data?.resendProject).toMatchObject({
      id: project.id,
      title: 'Cozinha planejada em freijó, com luz',
      status: 'IN_REVIEW',
      rejectionReason: null,
      cover: { id: newPhotos[1] },
    });
    expect(resent.data?.resendProject.photos.map((p) => p.id)).toEqual([newPhotos[1], oldPhoto, newPhotos[0]]);
    expect(resent.data?.resendProject.events.map((e) => [e.status, e.note])).toEqual([
      ['RECEIVED', null],
      ['IN_REVIEW', 'Aguardando a análise da equipe do clube.'],
      ['REJECTED', 'As fotos estão escuras. Envie com mais luz.'],
      ['RECEIVED', 'Reenviado com as correções.'],
      ['IN_REVIEW', 'Aguardando a análise da equipe do clube.'],
    ]);
    // A retry of the same re-send answers the project as it is; a re-send of a project in review is refused.
    const retry = await gql<{ resendProject: ProjectResult }>(t.app, RESEND, variables, bearer(ana));
    expect(retry.data?.resendProject.events).toHaveLength(5);
    const notRefused = await gql(t.app, RESEND, { ...variables, idempotencyKey: randomUUID() }, bearer(ana));
    expect(notRefused.errors?.[0]).toMatchObject({
      message: 'Só é possível reenviar um projeto recusado.',
      extensions: { code: 'BAD_USER_INPUT' },
    });

    const approved = await approveProject(operatorAt(t, START + 3 * HOUR_MS), OPERATOR, Number(project.id), 750);
    expect(approved.project).toMatchObject({ status: 'approved', points: 750 });
    expect(await t.db.selectFrom('projects').select('id').execute()).toHaveLength(1);
    expect(await t.db.selectFrom('points_ledger').select('points').execute()).toEqual([{ points: 750 }]);
  });

  it('publishes only an approved project whose member consented', async () => {
    const withConsent = await sendProject(ana);
    const without = await sendProject(ana, validInput({ publishConsent: false }));
    await expect(publishProject(operatorAt(t, START), OPERATOR, Number(withConsent.id))).rejects.toThrow(
      'Só é possível publicar um projeto aprovado.',
    );
    await approveProject(operatorAt(t, START), OPERATOR, Number(withConsent.id));
    await approveProject(operatorAt(t, START), OPERATOR, Number(without.id));
    await expect(publishProject(operatorAt(t, START), OPERATOR, Number(without.id))).rejects.toThrow(
      'O membro não autorizou a publicação das fotos deste projeto.',
    );
    expect(await publishProject(operatorAt(t, START), OPERATOR, Number(withConsent.id))).toMatchObject({
      alreadyPublished: false,
    });
    const view = await gql<{ project: ProjectResult }>(t.app, PROJECT, { id: withConsent.id }, bearer(ana));
    expect(view.data?.project.published).toBe(true);
  });
});

describe('projects and productCatalog', () => {
  it('pages newest first, by keyset or page number, with the total', async () => {
    const ids: string[] = [];
    for (let i = 1; i <= 3; i++) {
      clock.advance(60_000);
      ids.push((await sendProject(ana, validInput({ title: `Projeto ${i}` }))).id);
    }
    await sendProject(bia);
    const query = `query ($page: Int, $pageSize: Int, $after: String) {
      projects(page: $page, pageSize: $pageSize, after: $after) { data { id title cover { id } } total page pageSize hasMore nextCursor }
    }`;
    type Page = {
      projects: { data: { id: string; title: string }[]; total: number; hasMore: boolean; nextCursor: string | null };
    };
    const first = await gql<Page>(t.app, query, { pageSize: 2 }, bearer(ana));
    expect(first.data?.projects).toMatchObject({ total: 3, hasMore: true, nextCursor: ids[1] });
    expect(first.data?.projects.data.map((p) => p.title)).toEqual(['Projeto 3', 'Projeto 2']);
    const next = await gql<Page>(t.app, query, { pageSize: 2, after: first.data?.projects.nextCursor }, bearer(ana));
    expect(next.data?.projects).toMatchObject({ total: 3, hasMore: false, nextCursor: null });
    expect(next.data?.projects.data.map((p) => p.id)).toEqual([ids[0]]);
    const second = await gql<Page>(t.app, query, { page: 2, pageSize: 2 }, bearer(ana));
    expect(second.data?.projects.data.map((p) => p.id)).toEqual([ids[0]]);
    const tooBig = await gql(t.app, query, { pageSize: 25 }, bearer(ana));
    expect(tooBig.errors?.[0]?.message).toBe('O tamanho da página deve ficar entre 1 e 24.');
  });

  it('searches the catalogue without minding accents or case, and lists all of it when empty', async () => {
    const search = (text: string | null) =>
      gql<{ productCatalog: { id: string; name: string; category: string }[] }>(
        t.app,
        'query ($s: String) { productCatalog(search: $s) { id name category } }',
        { s: text },
        bearer(ana),
      );
    const all = (await search(null)).data?.productCatalog ?? [];
    expect(all.length).toBeGreaterThanOrEqual(20);
    expect(all.length).toBeLessThanOrEqual(40);
    expect(new Set(all.map((p) => p.category))).toEqual(
      new Set(['Painéis MDF', 'Painéis MDP', 'Fitas de borda', 'Dobradiças', 'Corrediças', 'Puxadores']),
    );
    const hinges = (await search('DOBRADICA')).data?.productCatalog ?? [];
    expect(hinges.length).toBeGreaterThan(0);
    expect(hinges.every((p) => p.category === 'Dobradiças')).toBe(true);
    expect((await search('  freijó 18 ')).data?.productCatalog.map((p) => p.id)).toEqual(['mdf-freijo-18']);
    expect((await search('salvia')).data?.productCatalog.map((p) => p.name)).toEqual(['MDF Verde Sálvia 18 mm']);
    expect((await search('100%_')).data?.productCatalog).toEqual([]);
    const anonymous = await gql(t.app, '{ productCatalog { id } }');
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe("home's reminders: myProjectCounts and myOpenProjects", () => {
  const OPEN = `{
    myProjectCounts { total waiting refused }
    myOpenProjects { id title status reasonStart }
  }`;
  type Open = {
    myProjectCounts: { total: number; waiting: number; refused: number };
    myOpenProjects: { id: string; title: string; status: string; reasonStart: string | null }[];
  };

  it('lists the refused projects first with their reason’s first words, then those waiting, and drops the approved', async () => {
    const refused = await sendProject(ana, validInput({ title: 'Guarda-roupa de correr' }));
    clock.advance(60_000);
    const waiting = await sendProject(ana, validInput({ title: 'Home office' }));
    clock.advance(60_000);
    const approved = await sendProject(ana, validInput({ title: 'Cozinha' }));
    await sendProject(bia);
    await rejectProject(
      operatorAt(t, START + HOUR_MS),
      OPERATOR,
      Number(refused.id),
      'As fotos não mostram o guarda-roupa aberto. Envie uma foto com as portas abertas e o interior.',
    );
    await approveProject(operatorAt(t, START + HOUR_MS), OPERATOR, Number(approved.id));

    const res = await gql<Open>(t.app, OPEN, {}, bearer(ana));
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({
      myProjectCounts: { total: 3, waiting: 1, refused: 1 },
      myOpenProjects: [
        {
          id: refused.id,
          title: 'Guarda-roupa de correr',
          status: 'REJECTED',
          reasonStart: 'As fotos não mostram o guarda-roupa aberto. Envie uma foto…',
        },
        { id: waiting.id, title: 'Home office', status: 'IN_REVIEW', reasonStart: null },
      ],
    });
  });

  it('takes a corrected and resent project off the refused ones', async () => {
    const project = await sendProject(ana);
    await rejectProject(operatorAt(t, START + HOUR_MS), OPERATOR, Number(project.id), 'Fotos escuras.');
    const before = await gql<Open>(t.app, OPEN, {}, bearer(ana));
    expect(before.data?.myOpenProjects).toEqual([
      expect.objectContaining({ status: 'REJECTED', reasonStart: 'Fotos escuras.' }),
    ]);
    const photoIds = await uploadPhotos(t.app, ana, 1);
    const resent = await gql(
      t.app,
      RESEND,
      { id: project.id, input: validInput(), photoIds, idempotencyKey: randomUUID() },
      bearer(ana),
    );
    expect(resent.errors).toBeUndefined();
    const after = await gql<Open>(t.app, OPEN, {}, bearer(ana));
    expect(after.data).toEqual({
      myProjectCounts: { total: 1, waiting: 1, refused: 0 },
      myOpenProjects: [expect.objectContaining({ id: project.id, status: 'IN_REVIEW', reasonStart: null })],
    });
  });

  it('answers a member with no projects with zeros and nothing open, and a visitor with UNAUTHENTICATED', async () => {
    await sendProject(ana);
    expect((await gql<Open>(t.app, OPEN, {}, bearer(bia))).data).toEqual({
      myProjectCounts: { total: 0, waiting: 0, refused: 0 },
      myOpenProjects: [],
    });
    expect((await gql(t.app, OPEN)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
