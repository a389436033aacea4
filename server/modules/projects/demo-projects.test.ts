import '../../test/esm-shims';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { buildApp } from '../../app';
import { createDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import type { Database } from '../../db/schema';
import { DEMO_MEMBER, seedDemoData } from '../../seed';
import { LocalDiskStorage, uploadsDirOf } from '../../storage/local-disk';
import { fakeClock, gql, loginAs, testConfig } from '../../test/helpers';

let dataDir: string;
let db: Kysely<Database>;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'clube-demo-projetos-'));
  db = createDatabase({ file: path.join(dataDir, 'club.sqlite') });
});
afterEach(async () => {
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

const QUERY = `{
  projects { total data { title status points published rejectionReason invoices { id } photos { url width height } } }
  pointsEntries(first: 50) { data { description points projectId } }
}`;

interface Answer {
  projects: {
    total: number;
    data: {
      title: string;
      status: string;
      points: number | null;
      published: boolean;
      rejectionReason: string | null;
      invoices: { id: string }[];
      photos: { url: string; width: number; height: number }[];
    }[];
  };
  pointsEntries: { data: { description: string; points: number; projectId: string | null }[] };
}

describe('the demo member of a fresh start', () => {
  it('has three projects with shipped photos: approved with points, refused with a reason, in review', async () => {
    const config = testConfig({ dataDir, now: fakeClock().now });
    await migrateToLatest(db);
    await seedDemoData(db, { history: { config, storage: new LocalDiskStorage(uploadsDirOf(dataDir)) } });
    const app = buildApp({ db, config, queryCache: false });
    try {
      const { token } = await loginAs(app, DEMO_MEMBER.email, DEMO_MEMBER.password);
      const { data, errors } = await gql<Answer>(app, QUERY, {}, { authorization: `Bearer ${token}` });
      expect(errors).toBeUndefined();
      const projects = data!.projects.data;
      expect(projects.map((p) => [p.title, p.status])).toEqual([
        ['Home office com nicho em nogueira', 'IN_REVIEW'],
        ['Dormitório de casal com guarda-roupa de correr', 'REJECTED'],
        ['Cozinha planejada em freijó e branco', 'APPROVED'],
      ]);
      const [, refused, approved] = projects;
      expect(refused?.rejectionReason).toMatch(/portas abertas/);
      expect(approved).toMatchObject({ points: 500, published: true });
      expect(approved?.invoices).toHaveLength(1);
      expect(projects.map((p) => p.photos.length)).toEqual([2, 2, 3]);
      const photo = await app.inject({ method: 'GET', url: approved!.photos[0]!.url });
      expect(photo.statusCode).toBe(200);
      expect(await sharp(photo.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1024, height: 768 });
      expect(data!.pointsEntries.data).toContainEqual(
        expect.objectContaining({ description: 'Projeto aprovado: Cozinha planejada em freijó e branco', points: 500 }),
      );
    } finally {
      await app.close();
    }
  });

  it('ships small photos', () => {
    const dir = path.join(__dirname, 'demo');
    const files = readdirSync(dir).filter((f) => f.endsWith('.jpg'));
    expect(files).toHaveLength(7);
    for (const file of files) expect(statSync(path.join(dir, file)).size).toBeLessThan(60 * 1024);
  });
});
