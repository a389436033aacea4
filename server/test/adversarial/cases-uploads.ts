import { randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { sampleNfeXml } from '../../../common/invoices/nfe-xml';
import { newKey } from '../../modules/invoices/test/upload-helpers';
import { errorsOf, send, type AdversarialCase, type Answer } from './harness';

/**
 * Files and multipart requests no screen of the app sends: NF-e XML with external entities and entity bombs, SVG
 * with a script as a photo, path-traversal names, files over the limits, and multipart bodies whose `map` points at
 * the wrong variables. Each: no 500, no engine message, a pt-BR message with a stable code, nothing stored (no row,
 * no file left in the storage folder, temporary ones included).
 */

export interface UploadsContext {
  app: FastifyInstance;
  db: Kysely<Database>;
  /** Bearer headers of several members, so the per-member invoice limit never decides a case. */
  members: Record<string, string>[];
  /** The demo member's CPF, the buyer of the sample NF-e. */
  buyerCpf: string;
}

export interface Part {
  name: string;
  /** A file part when set. */
  filename?: string;
  type?: string;
  content: string | Buffer;
}

/** A multipart body from parts as given: the order, the names and the JSON are the case's to break. */
export function multipartBody(parts: readonly Part[], boundary = `----clube${randomUUID()}`) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.filename === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.filename}"`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.filename === undefined ? '' : `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n`}\r\n`,
      ),
      Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const SUBMIT = `mutation ($input: SubmitInvoiceInput!) { submitInvoice(input: $input) { id files { name } } }`;
const PROFILE_PHOTO = `mutation ($file: Upload) { updateProfileImage(file: $file) { profileImage } }`;
const PROJECT_PHOTO = `mutation ($file: Upload!, $key: String!) { uploadProjectPhoto(file: $file, idempotencyKey: $key) { id } }`;

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF foto da nota')]);
const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>',
);
const SVG_BARE = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/graphql")</script></svg>');
const HTML = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(600, 0x90)]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

/** A PNG whose header says 100,000 × 100,000 pixels (ten gigapixels) and whose data is a few bytes. */
function pixelBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(100_000, 0);
  header.writeUInt32BE(100_000, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A well-formed NF-e of a registered store bought by the member, with `doctype` before its root element. */
function nfeWith(doctype: string, buyerCpf: string, name = 'Ana &xxe; Souza'): Buffer {
  const key = newKey();
  const xml = sampleNfeXml({
    accessKey: key,
    issuerCnpj: key.slice(6, 20),
    buyerCpf,
    issuedAt: '2026-11-10T10:00:00-03:00',
    total: '250.00',
  });
  const withName = xml.replace(/<xNome>[^<]*<\/xNome>/, `<xNome>${name}</xNome>`);
  return Buffer.from(withName.replace(/(<\?xml[^>]*\?>)?/, (decl) => `${decl}${doctype}`));
}

const billionLaughs = [
  '<!DOCTYPE nfeProc [',
  '<!ENTITY lol "lol">',
  ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`),
  ']>',
].join('');

function invoiceRequest(
  ctx: UploadsContext,
  index: number,
  files: { name: string; content: Buffer }[],
  accessKey?: string,
) {
  const body = multipartBody([
    {
      name: 'operations',
      content: JSON.stringify({
        query: SUBMIT,
        variables: { input: { idempotencyKey: randomUUID(), files: files.map(() => null), accessKey } },
      }),
    },
    {
      name: 'map',
      content: JSON.stringify(Object.fromEntries(files.map((_, i) => [String(i), [`variables.input.files.${i}`]]))),
    },
    ...files.map((file, i) => ({ name: String(i), filename: file.name, content: file.content })),
  ]);
  return post(ctx, index, body);
}

function post(ctx: UploadsContext, index: number, body: { payload: Buffer; contentType: string }, headers = {}) {
  const member = ctx.members[index % ctx.members.length] ?? {};
  return send(ctx.app, {
    method: 'POST',
    url: '/graphql',
    headers: { ...member, 'content-type': body.contentType, 'apollo-require-preflight': 'true', ...headers },
    payload: body.payload,
  });
}

function photoRequest(ctx: UploadsContext, index: number, kind: 'profile' | 'project', name: string, content: Buffer) {
  const query = kind === 'profile' ? PROFILE_PHOTO : PROJECT_PHOTO;
  const variables = kind === 'profile' ? { file: null } : { file: null, key: `adversario-${randomUUID()}` };
  return post(
    ctx,
    index,
    multipartBody([
      { name: 'operations', content: JSON.stringify({ query, variables }) },
      { name: 'map', content: JSON.stringify({ 0: ['variables.file'] }) },
      { name: '0', filename: name, content },
    ]),
  );
}

/** A stored invoice file's name as the member sees it: no folder, no control character, bounded. */
function safeStoredNames(answer: Answer): string[] {
  const names =
    (answer.json as { data?: { submitInvoice?: { files?: { name: string }[] } } } | null)?.data?.submitInvoice?.files ??
    [];
  return names
    .filter((f) => /[\\/\u0000-\u001f]/.test(f.name) || f.name.length > 120)
    .map((f) => `unsafe stored name ${JSON.stringify(f.name.slice(0, 80))}`);
}

export function uploadCases(get: () => UploadsContext): AdversarialCase[] {
  const cases: AdversarialCase[] = [];
  let serial = 0;
  const add = (
    category: string,
    name: string,
    sendCase: (ctx: UploadsContext, index: number) => Promise<Answer>,
    extra: Partial<AdversarialCase> = {},
  ) => {
    const index = serial++;
    cases.push({ category, name, typeable: true, send: () => sendCase(get(), index), ...extra });
  };

  // NF-e XML with entities: never expanded, never fetched, refused.
  const xmlBombs: readonly (readonly [string, (cpf: string) => Buffer])[] = [
    [
      'XXE reading /etc/passwd',
      (cpf) => nfeWith('<!DOCTYPE nfeProc [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>', cpf),
    ],
    ['XXE reading the JWT secret', (cpf) => nfeWith('<!DOCTYPE nfeProc [<!ENTITY xxe SYSTEM "jwt-secret">]>', cpf)],
    ['XXE over HTTP', (cpf) => nfeWith('<!DOCTYPE nfeProc [<!ENTITY xxe SYSTEM "http://127.0.0.1:1/x">]>', cpf)],
    ['an external DTD', (cpf) => nfeWith('<!DOCTYPE nfeProc SYSTEM "http://127.0.0.1:1/nfe.dtd">', cpf, 'Ana Souza')],
    [
      'a parameter entity',
      (cpf) => nfeWith('<!DOCTYPE nfeProc [<!ENTITY % p SYSTEM "file:///etc/passwd"> %p;]>', cpf, 'Ana Souza'),
    ],
    ['billion laughs', (cpf) => nfeWith(billionLaughs, cpf, 'Ana &lol9; Souza')],
    [
      'quadratic blow-up',
      (cpf) => nfeWith(`<!DOCTYPE nfeProc [<!ENTITY a "${'a'.repeat(50_000)}">]>`, cpf, `Ana ${'&a;'.repeat(2_000)}`),
    ],
    ['an internal entity', (cpf) => nfeWith('<!DOCTYPE nfeProc [<!ENTITY xxe "Maria">]>', cpf)],
    ['a DOCTYPE alone', (cpf) => nfeWith('<!DOCTYPE nfeProc>', cpf, 'Ana Souza')],
    [
      'an XML over 2 MB',
      (cpf) => Buffer.concat([nfeWith('', cpf, 'Ana Souza'), Buffer.from(`<!-- ${'x'.repeat(2_200_000)} -->`)]),
    ],
    [
      '10,000 nested elements',
      () => Buffer.from(`<?xml version="1.0"?>${'<a>'.repeat(10_000)}${'</a>'.repeat(10_000)}`),
    ],
    ['an SVG with a script', () => SVG],
  ];
  for (const [name, build] of xmlBombs) {
    add('NF-e XML', name, (ctx, i) => invoiceRequest(ctx, i, [{ name: 'nota.xml', content: build(ctx.buyerCpf) }]));
  }

  // Files that are not what they claim, or over the limits, as an invoice.
  const invoiceFiles: readonly (readonly [string, string, Buffer | (() => Buffer)])[] = [
    ['an SVG named .jpg', 'nota.jpg', SVG],
    ['an SVG without a declaration', 'nota.svg', SVG_BARE],
    ['HTML named .pdf', 'nota.pdf', HTML],
    ['a Windows program', 'nota.pdf', EXE],
    ['a GIF', 'nota.gif', GIF],
    ['an empty file', 'nota.pdf', Buffer.alloc(0)],
    [
      'a file over 10 MB',
      'nota.pdf',
      () => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024 + 10, 0x20)]),
    ],
  ];
  for (const [name, filename, content] of invoiceFiles) {
    add('invoice file', name, (ctx, i) =>
      invoiceRequest(ctx, i, [{ name: filename, content: typeof content === 'function' ? content() : content }]),
    );
  }
  add('invoice file', 'six files', (ctx, i) =>
    invoiceRequest(
      ctx,
      i,
      Array.from({ length: 6 }, (_, n) => ({ name: `nota${n}.jpg`, content: JPEG })),
    ),
  );
  add('invoice file', 'eleven files', (ctx, i) =>
    invoiceRequest(
      ctx,
      i,
      Array.from({ length: 11 }, (_, n) => ({ name: `nota${n}.jpg`, content: JPEG })),
    ),
  );

  // Path-traversal and hostile file names: a refused file keeps nothing; an accepted photo keeps a safe name.
  const names: readonly (readonly [string, string])[] = [
    ['../../etc/passwd', '../../etc/passwd'],
    ['..\\..\\windows\\win.ini', '..\\..\\windows\\win.ini'],
    ['an absolute path', '/etc/cron.d/clube'],
    ['URL-encoded dots', '%2e%2e%2f%2e%2e%2fjwt-secret'],
    ['a null byte', 'nota.jpg\u0000.php'],
    ['a CRLF header injection', 'nota.jpg\r\nContent-Type: text/html'],
    ['a 10,000-character name', `${'a'.repeat(10_000)}.jpg`],
    ['an RTL override', 'nota\u202Egpj.exe'],
    ['emoji', '🧾🪚.jpg'],
    ['only dots', '..'],
  ];
  for (const [label, filename] of names) {
    add('path traversal', `SVG named ${label}`, (ctx, i) => invoiceRequest(ctx, i, [{ name: filename, content: SVG }]));
    add(
      'path traversal',
      `JPEG named ${label}`,
      (ctx, i) => invoiceRequest(ctx, i, [{ name: filename, content: JPEG }], newKey()),
      { mayStore: true, verify: safeStoredNames },
    );
  }

  // Photos: the profile photo and a project photo, with what is not a photo.
  const photos: readonly (readonly [string, string, Buffer | (() => Buffer)])[] = [
    ['an SVG with a script', 'foto.svg', SVG],
    ['an SVG named .jpg', 'foto.jpg', SVG_BARE],
    ['HTML named .png', 'foto.png', HTML],
    ['a GIF', 'foto.gif', GIF],
    ['an empty file', 'foto.jpg', Buffer.alloc(0)],
    ['a JPEG header and garbage', 'foto.jpg', Buffer.concat([JPEG, Buffer.alloc(2000, 0x41)])],
    ['a PNG of ten gigapixels', 'foto.png', pixelBomb],
    ['a file over the limit', 'foto.jpg', () => Buffer.concat([JPEG, Buffer.alloc(10 * 1024 * 1024 + 10, 0x41)])],
    ['an SVG named ../../x.jpg', '../../x.jpg', SVG],
  ];
  for (const kind of ['profile', 'project'] as const) {
    for (const [name, filename, content] of photos) {
      add(`${kind} photo`, name, (ctx, i) =>
        photoRequest(ctx, i, kind, filename, typeof content === 'function' ? content() : content),
      );
    }
  }

  // Multipart bodies that break the GraphQL multipart request spec.
  const ops = (variables: unknown) => JSON.stringify({ query: SUBMIT, variables });
  const input = (files: unknown[] = [null]) => ({ input: { idempotencyKey: randomUUID(), files } });
  const file = (name = '0'): Part => ({ name, filename: 'nota.jpg', content: JPEG, type: 'image/jpeg' });
  const maps: readonly (readonly [string, () => Part[]])[] = [
    [
      'map to a variable that does not exist',
      () => [
        { name: 'operations', content: ops(input()) },
        { name: 'map', content: '{"0":["variables.nada"]}' },
        file(),
      ],
    ],
    [
      'map to a file index past the list',
      () => [
        { name: 'operations', content: ops(input()) },
        { name: 'map', content: '{"0":["variables.input.files.7"]}' },
        file(),
      ],
    ],
    [
      'map to a text variable',
      () => [
        { name: 'operations', content: ops(input()) },
        { name: 'map', content: '{"0":["variables.input.idempotencyKey"]}' },
        file(),
      ],
    ],
    [
      'map to the query itself',
      () => [{ name: 'operations', content: ops(input()) }, { name: 'map', content: '{"0":["query"]}' }, file()],
    ],
    [
      'map to __proto__',
      () => [
        { name: 'operations', content: ops(input()) },
        { name: 'map', content: '{"0":["variables.__proto__.files"]}' },
        file(),
      ],
    ],
    [
      'map with a path that is not a list',
      () => [
        { name: 'operations', content: ops(input()) },
        { name: 'map', content: '{"0":"variables.input.files.0"}' },
        file(),
      ],
    ],
    [
      'map that is a list',
      () => [
        { name: 'operations', content: ops(input()) },
        { name: 'map', content: '[["variables.input.files.0"]]' },
        file(),
      ],
    ],
    [
      'map that is not JSON',
      () => [{ name: 'operations', content: ops(input()) }, { name: 'map', content: '{0: variables}' }, file()],
    ],
    [
      'duplicate map entries for one path',
      () => [
        { name: 'operations', content: ops(input()) },
        { name: 'map', content: '{"0":["variables.input.files.0"],"1":["variables.input.files.0"]}' },
        file('0'),
        file('1'),
      ],
    ],
    [
      'one file mapped to the same path twice',
      () => [
        { name: 'operations', content: ops(input()) },
        { name: 'map', content: '{"0":["variables.input.files.0","variables.input.files.0"]}' },
        file(),
      ],
    ],
    [
      'a mapped file that never comes',
      () => [
        { name: 'operations', content: ops(input()) },
        { name: 'map', content: '{"0":["variables.input.files.0"]}' },
      ],
    ],
    [
      'a file that is not in the map',
      () => [{ name: 'operations', content: ops(input()) }, { name: 'map', content: '{}' }, file('9')],
    ],
    [
      'map before operations',
      () => [
        { name: 'map', content: '{"0":["variables.input.files.0"]}' },
        { name: 'operations', content: ops(input()) },
        file(),
      ],
    ],
    ['no operations', () => [{ name: 'map', content: '{"0":["variables.input.files.0"]}' }, file()]],
    ['no map', () => [{ name: 'operations', content: ops(input()) }, file()]],
    [
      'operations that are not JSON',
      () => [
        { name: 'operations', content: '{query: nada}' },
        { name: 'map', content: '{}' },
      ],
    ],
    [
      'operations that are a batch',
      () => [
        {
          name: 'operations',
          content: JSON.stringify([
            { query: SUBMIT, variables: input() },
            { query: SUBMIT, variables: input() },
          ]),
        },
        { name: 'map', content: '{"0":["0.variables.input.files.0","1.variables.input.files.0"]}' },
        file(),
      ],
    ],
    [
      'operations over 100 kB',
      () => [
        { name: 'operations', content: ops({ ...input(), pad: 'x'.repeat(110_000) }) },
        { name: 'map', content: '{}' },
      ],
    ],
    [
      'a third text field',
      () => [
        { name: 'operations', content: ops(input()) },
        { name: 'map', content: '{"0":["variables.input.files.0"]}' },
        { name: 'extra', content: 'x' },
        file(),
      ],
    ],
    [
      'a file sent where operations go',
      () => [
        { name: 'operations', filename: 'ops.json', content: ops(input()) },
        { name: 'map', content: '{}' },
      ],
    ],
  ];
  for (const [name, parts] of maps) add('multipart map', name, (ctx, i) => post(ctx, i, multipartBody(parts())));

  const raw = (contentType: string, payload: string) => (ctx: UploadsContext, i: number) =>
    post(ctx, i, { contentType, payload: Buffer.from(payload) });
  add('multipart body', 'no boundary', raw('multipart/form-data', '--x\r\n\r\n--x--'));
  add('multipart body', 'an empty boundary', raw('multipart/form-data; boundary=', '--\r\n\r\n----'));
  add(
    'multipart body',
    'a boundary that is not in the body',
    raw('multipart/form-data; boundary=nada', '--outra\r\n\r\n--outra--'),
  );
  add('multipart body', 'cut before its end', (ctx, i) => {
    const body = multipartBody([
      { name: 'operations', content: ops(input()) },
      { name: 'map', content: '{"0":["variables.input.files.0"]}' },
      file(),
    ]);
    return post(ctx, i, {
      contentType: body.contentType,
      payload: body.payload.subarray(0, body.payload.length - 200),
    });
  });
  add(
    'multipart body',
    'a part without headers',
    raw('multipart/form-data; boundary=b', '--b\r\n\r\nsem cabeçalho\r\n--b--\r\n'),
  );
  add('multipart body', 'without the preflight header', (ctx, i) => {
    const body = multipartBody([
      { name: 'operations', content: ops(input()) },
      { name: 'map', content: '{"0":["variables.input.files.0"]}' },
      file(),
    ]);
    const member = ctx.members[i % ctx.members.length] ?? {};
    return send(ctx.app, {
      method: 'POST',
      url: '/graphql',
      headers: { ...member, 'content-type': body.contentType },
      payload: body.payload,
    });
  });

  return cases;
}

/** For a case whose answer refused the request: the message the member sees. */
export const firstMessage = (answer: Answer): unknown => errorsOf(answer)[0]?.message;
