import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** Every metric the club defines: the `name:` of each prom-client metric under server/metrics/. */
const defined = new Set(
  readdirSync(path.join(ROOT, 'server/metrics'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .flatMap((file) => [...read(`server/metrics/${file}`).matchAll(/name: '(clube_[a-z_]+)'/g)].map((m) => m[1]!)),
);

describe('the metrics page and the Grafana dashboard', () => {
  it('list every metric the club defines', () => {
    expect(defined.size).toBeGreaterThanOrEqual(11);
    const page = read('docs/operations/metrics.md');
    expect([...defined].filter((name) => !page.includes(`\`${name}\``))).toEqual([]);
  });

  it('query only metrics that exist', () => {
    const dashboard = read('docs/operations/grafana-dashboard.json');
    JSON.parse(dashboard);
    const queried = new Set(
      [...dashboard.matchAll(/\b(clube_[a-z_]+)/g)].map((m) => m[1]!.replace(/_(bucket|count|sum)$/, '')),
    );
    expect(queried.size).toBeGreaterThanOrEqual(10);
    expect([...queried].filter((name) => !defined.has(name))).toEqual([]);
  });
});
