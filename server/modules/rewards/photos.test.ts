import '../../test/esm-shims';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_MEMBER } from '../../seed';
import { createTestApp, gql, loginAs, operatorAt, type TestApp } from '../../test/helpers';
import { SEED_REWARDS_DIR } from './catalogue';
import { importRewards, RewardSourceError } from '.';

let t: TestApp;
let headers: { authorization: string };
let folder: string;

beforeEach(async () => {
  t = await createTestApp();
  headers = { authorization: `Bearer ${(await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token}` };
  folder = mkdtempSync(path.join(tmpdir(), 'clube-premios-'));
});
afterEach(async () => {
  rmSync(folder, { recursive: true, force: true });
  await t.close();
});

interface Photo {
  url: string;
  width: number;
  height: number;
  thumbnailUrl: string;
  thumbnailWidth: number;
  thumbnailHeight: number;
  alt: string;
}

const PHOTOS = 'photos { url width height thumbnailUrl thumbnailWidth thumbnailHeight alt }';

const rewardPhotos = async (slug: string) => {
  const res = await gql<{ reward: { photos: Photo[] } }>(
    t.app,
    `query R($slug: ID!) { reward(slug: $slug) { ${PHOTOS} } }`,
    { slug },
    headers,
  );
  expect(res.errors).toBeUndefined();
  return res.data!.reward.photos;
};

const fetchImage = (url: string) => t.app.inject({ method: 'GET', url });

describe('reward photos', () => {
  it('the shipped catalogue has its photos, each served with its size and a thumbnail of at most 480 px', async () => {
    const catalogue = await gql<{ rewards: { data: { slug: string; photos: Photo[] }[] } }>(
      t.app,
      `{ rewards(first: 24) { data { slug ${PHOTOS} } } }`,
      {},
      headers,
    );
    const rewards = catalogue.data!.rewards.data;
    expect(rewards.length).toBeGreaterThan(0);
    for (const reward of rewards) expect(reward.photos.length).toBeGreaterThan(0);

    const [first, second] = await rewardPhotos('serra-esquadria-10');
    expect(first).toMatchObject({
      width: 1024,
      height: 768,
      thumbnailWidth: 480,
      thumbnailHeight: 360,
      alt: expect.stringMatching(/^Serra de esquadria/),
    });
    expect(second?.alt).toMatch(/bisel/);

    const full = await fetchImage(first!.url);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/jpeg');
    expect(full.headers['cache-control']).toContain('immutable');
    const thumbnail = await fetchImage(first!.thumbnailUrl);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(thumbnail.rawPayload.length).toBeLessThan(full.rawPayload.length / 2);
  });

  it('an import takes the photos its files name, and refuses a missing one naming the file', async () => {
    copyFileSync(path.join(SEED_REWARDS_DIR, 'avental-couro.jpg'), path.join(folder, 'foto.jpg'));
    const file = (photos: string) =>
      writeFileSync(
        path.join(folder, 'avental-couro.md'),
        `---\nname: Avental de raspa de couro\ncategory: acessorios\ntype: produto\npoints: 350\nstock: 100\n` +
          `delivery: Pelos Correios.\n${photos}---\n\nAvental com bolsos para lápis, trena e formão.\n`,
      );
    const deps = operatorAt(t, Date.now());

    file(
      'photos:\n  - file: foto.jpg\n    alt: Avental visto de frente\n  - file: falta.jpg\n    alt: Avental de lado\n',
    );
    const refused = importRewards(deps, folder, 'teste');
    await expect(refused).rejects.toBeInstanceOf(RewardSourceError);
    await expect(refused).rejects.toThrow('avental-couro.md: a foto falta.jpg não existe');

    file('photos:\n  - file: foto.jpg\n    alt: Avental visto de frente\n');
    await importRewards(deps, folder, 'teste');
    const photos = await rewardPhotos('avental-couro');
    expect(photos).toHaveLength(1);
    expect(photos[0]).toMatchObject({ alt: 'Avental visto de frente', width: 1024, thumbnailWidth: 480 });

    // A file without photos leaves the reward without any: the page shows its drawing.
    file('');
    await importRewards(deps, folder, 'teste');
    expect(await rewardPhotos('avental-couro')).toEqual([]);
  });
});
