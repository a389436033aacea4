import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * The project's own ESLint rules keep the import directions and the outbound guard: these sources are linted as if
 * they lived where their path says, so each case proves that a rule bites (or lets a right import through). ESLint
 * runs in a child process, once for every case: it loads eslint.config.mjs with a dynamic import, which Jest's module
 * system does not run.
 */
const ROOT = path.resolve(__dirname, '..');

const LINT_CASES = `
import { ESLint } from 'eslint';
import path from 'node:path';
const cases = JSON.parse(process.argv[1]);
const RULES = ['import/no-restricted-paths', 'import/no-cycle', 'no-restricted-globals', 'no-restricted-properties', 'no-restricted-imports'];
const eslint = new ESLint({ cwd: process.cwd() });
const out = [];
for (const [file, source] of cases) {
  const [result] = await eslint.lintText(source, { filePath: path.resolve(file) });
  out.push(result.messages.map((m) => m.ruleId).filter((rule) => RULES.includes(rule)));
}
console.log(JSON.stringify(out));
`;

/** The project's own rules each case broke (not the general ones, such as an unused import), one list per case. */
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
    "import { storesList } from '../modules/stores/actions';",
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
  ['lib importing UI', 'lib/network/exemplo.ts', "import { Modal } from '../../components/ui/modal';"],
  [
    'a core module importing a domain module',
    'server/modules/points/exemplo.ts',
    "import { approveInvoice } from '../invoices';",
  ],
  [
    'a domain module importing a read model',
    'server/modules/projects/exemplo.ts',
    "import { showMember } from '../members';",
  ],
  [
    'the API importing the browser’s lib/',
    'server/modules/invoices/exemplo.ts',
    "import { PAINEL_SECTIONS } from '../../../lib/painel/sections';",
  ],
  [
    'an API test importing lib/ beyond the generated documents',
    'server/modules/invoices/exemplo.test.ts',
    "import { staffToken } from '../../../lib/painel/session';",
  ],
  ['common importing lib', 'common/format/exemplo.ts', "import { apiHref } from '../../lib/files/api-href';"],
  [
    'a common test importing lib',
    'common/routing/exemplo.test.ts',
    "import { fixProjectHref } from '../../lib/routing/fix-project-href';",
  ],
  ['common importing the API', 'common/painel/exemplo.ts', "import { hideCpf } from '../../server/privacy/hide';"],
  ['common importing UI', 'common/format/exemplo.ts', "import { Modal } from '../../components/ui/modal';"],
  [
    'a common feature importing another',
    'common/points/exemplo.ts',
    "import { ENVIRONMENT_LABELS } from '../projects/labels';",
  ],
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
  [
    'a read model importing a domain module',
    'server/modules/members/exemplo.ts',
    "import { listOwnProjects } from '../projects';",
  ],
  [
    'a domain module importing a core one',
    'server/modules/invoices/exemplo.ts',
    "import { appendEntries } from '../points';",
  ],
  ['a UI feature importing shared UI', 'components/kiosk/exemplo.tsx', "import { Modal } from '../ui/modal';"],
  [
    'a screen composing features',
    'components/screens/exemplo.tsx',
    "import { InvoiceCard } from '../invoices/invoice-card';",
  ],
  [
    'the API importing common',
    'server/modules/invoices/exemplo.ts',
    "import { formatDate } from '../../../common/format/dates';",
  ],
  [
    'an API test sending the app’s generated documents',
    'server/modules/invoices/exemplo.test.ts',
    "import { QMeDocument } from '../../../lib/graphql/generated/graphql';\nimport { QStaffDashboardDocument } from '../../../lib/painel/operations.generated';",
  ],
  ['lib importing common', 'lib/painel/exemplo.ts', "import { routes } from '@/common/routes';"],
  [
    'a common feature importing a shared folder',
    'common/painel/exemplo.ts',
    "import { formatDate } from '../format/dates';",
  ],
];

type LintCase = readonly [name: string, file: string, source: string];

/** Each refused case breaks exactly its rule; each allowed one breaks none of the project's rules. */
function describeLintCases(
  title: string,
  refused: readonly (readonly [...LintCase, string])[],
  allowed: readonly LintCase[],
) {
  describe(title, () => {
    let verdicts: string[][];
    beforeAll(() => {
      verdicts = lintAll([...refused, ...allowed].map(([, file, source]) => [file, source] as const));
    });

    it.each(refused.map((c, i) => [c[0], i, c[3]] as const))('refuses %s', (_case, index, rule) => {
      expect(verdicts[index]).toEqual([rule]);
    });

    it.each(allowed.map((c, i) => [c[0], refused.length + i] as const))('lets through %s', (_case, index) => {
      expect(verdicts[index]).toEqual([]);
    });
  });
}

describeLintCases(
  'import directions (eslint.config.mjs)',
  REFUSED.map((c) => [...c, 'import/no-restricted-paths'] as const),
  ALLOWED,
);

/**
 * No cycle between the API's files, within a module or across modules of one tier: here notifications' own notify.ts
 * imports points, whose expiry reminders already import notifications. The source is linted as that real file, so
 * the cycle runs through the files on disk.
 */
describeLintCases(
  'import cycles (eslint.config.mjs)',
  [
    [
      'a file importing a module that imports it back',
      'server/modules/notifications/notify.ts',
      "import { appendEntries } from '../points';\nexport const append = appendEntries;",
      'import/no-cycle',
    ],
    [
      'a module’s file importing its own index',
      'server/modules/points/expiry-reminders.ts',
      "import { getBalance } from './index';\nexport const balance = getBalance;",
      'import/no-cycle',
    ],
  ],
  [
    [
      'the same import where nothing leads back',
      'server/modules/invoices/exemplo.ts',
      "import { appendEntries } from '../points';\nexport const append = appendEntries;",
    ],
  ],
);

/** Every call out goes through server/adapters/outbound.ts (docs/outbound-calls.md); each way around it is refused. */
const OUTBOUND_REFUSED: (readonly [...LintCase, string])[] = [
  [
    'a bare fetch',
    'server/modules/kiosk/exemplo.ts',
    "export const f = () => fetch('https://x');",
    'no-restricted-globals',
  ],
  [
    'globalThis.fetch',
    'server/adapters/exemplo.ts',
    "export const f = () => globalThis.fetch('https://x');",
    'no-restricted-properties',
  ],
  [
    'node:http’s request through its default import',
    'server/jobs/exemplo.ts',
    "import http from 'node:http';\nexport const f = () => http.request('http://x');",
    'no-restricted-imports',
  ],
  [
    'node:https’s request',
    'server/modules/partner/exemplo.ts',
    "import { request } from 'node:https';\nexport const f = request;",
    'no-restricted-imports',
  ],
  [
    'undici',
    'server/adapters/exemplo.ts',
    "import { fetch } from 'undici';\nexport const f = fetch;",
    'no-restricted-imports',
  ],
  [
    'a raw socket',
    'server/adapters/exemplo.ts',
    "import { connect } from 'node:net';\nexport const f = connect;",
    'no-restricted-imports',
  ],
  [
    'web-push sending by itself',
    'server/modules/notifications/exemplo.ts',
    "import webPush from 'web-push';\nexport const f = () => webPush.sendNotification({ endpoint: 'x', keys: { p256dh: 'a', auth: 'b' } });",
    'no-restricted-properties',
  ],
];
const OUTBOUND_ALLOWED: LintCase[] = [
  [
    'the guard itself',
    'server/adapters/outbound.ts',
    "import http from 'node:http';\nexport const f = () => http.request('http://x');",
  ],
  [
    'a server-side class of node:http',
    'server/uploads/exemplo.ts',
    "import { IncomingMessage } from 'node:http';\nexport const m = IncomingMessage;",
  ],
  [
    'node:net’s address checks',
    'server/limits/exemplo.ts',
    "import { isIPv6 } from 'node:net';\nexport const f = isIPv6;",
  ],
  [
    'a test starting its own client',
    'server/modules/kiosk/exemplo.test.ts',
    "export const f = () => fetch('http://127.0.0.1:1');",
  ],
];

describeLintCases('outbound calls (eslint.config.mjs)', OUTBOUND_REFUSED, OUTBOUND_ALLOWED);
