import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { LocalDiskStorage, writersFolderOf } from './local-disk';

/** The writers' markers beside a local folder: how a process started after a crash knows it is alone. */
describe('LocalDiskStorage.registerWriter', () => {
  let dir: string;
  let root: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'clube-escritores-'));
    root = path.join(dir, 'uploads');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const host =
    hostname()
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 40) || 'host';
  const markers = () => readdirSync(writersFolderOf(root));

  it('is alone first, not while another live storage writes, and removes its marker on close', async () => {
    const first = new LocalDiskStorage(root);
    expect(await first.registerWriter()).toBe(true);
    // Every start-up sweep asks; the storage registers once.
    expect(await first.registerWriter()).toBe(true);
    expect(markers()).toHaveLength(1);
    const second = new LocalDiskStorage(root);
    expect(await second.registerWriter()).toBe(false);
    expect(markers()).toHaveLength(2);
    await first.close();
    await second.close();
    expect(markers()).toEqual([]);
  });

  it("removes a dead process's marker and counts another host's", async () => {
    mkdirSync(writersFolderOf(root), { recursive: true });
    // A pid far above any the system hands out: that process is gone.
    writeFileSync(path.join(writersFolderOf(root), `${host}-999999999-x`), '');
    const storage = new LocalDiskStorage(root);
    expect(await storage.registerWriter()).toBe(true);
    expect(existsSync(path.join(writersFolderOf(root), `${host}-999999999-x`))).toBe(false);
    await storage.close();

    writeFileSync(path.join(writersFolderOf(root), `outramaquina-1-y`), '');
    const next = new LocalDiskStorage(root);
    expect(await next.registerWriter()).toBe(false);
    await next.close();
  });
});
