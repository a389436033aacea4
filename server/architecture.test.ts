import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * The project's own ESLint rules keep the import directions: these sources are linted as if they lived where their
 * path says, so each case proves that a rule bites (or lets a right import through). ESLint runs in a child process,
 * once for every case: it loads eslint.config.mjs with a dynamic import, which Jest's module system does not run.
 */
const ROOT = path.resolve(__dirname, '..');

const LINT_CASES = `
import { ESLint } from 'eslint';
import path from 'node:path';
const cases = JSON.parse(process.argv[1]);
const eslint = new ESLint({ cwd: process.cwd() });
const out = [];
for (const [file, source] of cases) {
  const [result] = await eslint.lintText(source, { filePath: path.resolve(file) });
  out.push(result.messages.filter((m) => m.ruleId === 'import/no-restricted-paths').map((m) => m.message));
}
console.log(JSON.stringify(out));
`;

function lintAll(cases: readonly (readonly [string, string])[]): string[][] {
  const stdout = execFileSync(process.execPath, ['--input-type=module', '-e', LINT_CASES, JSON.stringify(cases)], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return JSON.parse(stdout) as string[][];
}

const REFUSED: [string, string, string][] = [
  ['a database file importing a module', 'server/db/exemplo.ts', "import { clubModules } from '../modules';"],
  ['the GraphQL layer importing a module', 'server/graphql/exemplo.ts', "import { Throttle } from '../modules/auth';"],
  ['the limits importing GraphQL', 'server/limits/exemplo.ts', "import { buildContext } from '../graphql/context';"],
  ['the HTTP layer importing the app', 'server/http/exemplo.ts', "import { buildApp } from '../app';"],
  [
    'a module importing another module’s file',
    'server/modules/kiosk/exemplo.ts',
    "import { issueCode } from '../auth/codes';",
  ],
  ['the app importing a module’s file', 'server/app.ts', "import { kioskResolvers } from './modules/kiosk/resolvers';"],
  [
    'a terminal command importing a module’s file',
    'server/cli/exemplo.ts',
    "import { storesList } from '../modules/stores/operator';",
  ],
  [
    'the API importing UI code',
    'server/modules/users/exemplo.ts',
    "import { Modal } from '../../../components/ui/modal';",
  ],
  ['a UI feature importing another', 'components/kiosk/exemplo.tsx', "import { LoginForm } from '../auth/login-form';"],
  [
    'shared UI importing a feature',
    'components/ui/exemplo.tsx',
    "import { InvoiceCard } from '../invoices/invoice-card';",
  ],
  ['a lib feature importing another', 'lib/points/exemplo.ts', "import { QProject } from '../projects/operations';"],
  ['lib importing UI', 'lib/format/exemplo.ts', "import { Modal } from '../../components/ui/modal';"],
];
const ALLOWED: [string, string, string][] = [
  [
    'a module importing another module’s index',
    'server/modules/kiosk/exemplo.ts',
    "import { issueCode } from '../auth';",
  ],
  [
    'a module importing a lower layer',
    'server/modules/kiosk/exemplo.ts',
    "import { hashToken } from '../../auth/tokens';",
  ],
  ['the app importing the module list', 'server/app.ts', "import { clubModules } from './modules';"],
  ['a UI feature importing shared UI', 'components/kiosk/exemplo.tsx', "import { Modal } from '../ui/modal';"],
  [
    'a screen composing features',
    'components/screens/exemplo.tsx',
    "import { InvoiceCard } from '../invoices/invoice-card';",
  ],
];

describe('import directions (eslint.config.mjs)', () => {
  let verdicts: string[][];
  beforeAll(() => {
    verdicts = lintAll([...REFUSED, ...ALLOWED].map(([, file, source]) => [file, source] as const));
  });

  it.each(REFUSED.map((c, i) => [c[0], i] as const))('refuses %s', (_case, index) => {
    expect(verdicts[index]).toHaveLength(1);
  });

  it.each(ALLOWED.map((c, i) => [c[0], REFUSED.length + i] as const))('lets through %s', (_case, index) => {
    expect(verdicts[index]).toEqual([]);
  });
});
