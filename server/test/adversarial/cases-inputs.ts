import type { FastifyInstance } from 'fastify';
import { newKey } from '../../modules/invoices/test/upload-helpers';
import {
  errorsOf,
  isPortuguese,
  HOSTILE_FREE_TEXT,
  HOSTILE_NUMBERS,
  HOSTILE_STRINGS,
  HUNDRED_KB,
  send,
  WRONG_TYPES_FOR_STRING,
  type AdversarialCase,
  type Answer,
} from './harness';

/**
 * Bad values in every field a member types, sent through GraphQL as the app sends them (JSON, variables), each
 * into an otherwise valid request so the field itself is what the API refuses.
 */

export interface InputsContext {
  app: FastifyInstance;
  /** Bearer header of a member with a complete profile (the demo member). */
  member: Record<string, string>;
  /** A sign-up started before the cases run (its step two). */
  signupId: string;
  /** A project photo uploaded before the cases run. */
  photoId: string;
  /** The x-kiosk-key header of a kiosk set up before the cases run. */
  kiosk: Record<string, string>;
}

export function graphqlRequest(
  ctx: InputsContext,
  query: string,
  variables: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return send(ctx.app, {
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({ query, variables }),
  });
}

/** A CPF, an e-mail and a celular nobody in the test database has. */
export const NEW_PERSON = {
  name: 'Carla',
  surName: 'Mendes',
  cpf: '390.533.447-05',
  email: 'carla.mendes@exemplo.com.br',
  phoneNumber: '(21) 99876-5432',
  birthDate: '10/05/1990',
  acceptTerms: true,
  acceptEmailComunications: false,
  acceptMessageComunications: false,
};

const CREATE_USER = `mutation ($input: CreateUserInput!, $slug: String) {
  createUser(input: $input, subsidiarySlug: $slug) { signupId maskedPhone }
}`;
const KIOSK_SIGN_UP = `mutation ($input: CreateUserInput!) { kioskSignUp(input: $input) { status } }`;
const SECOND_STEP = `mutation ($input: CreateUserSecondStepInput!) {
  createUserSecondStep(input: $input) { access_token }
}`;
const LOGIN = `mutation ($login: String!, $password: String!) { userLogin(login: $login, password: $password) { token } }`;
const RESET_CHANNELS = `query ($login: String!) { passwordResetChannels(login: $login) { channel destination } }`;
const REQUEST_RESET = `mutation ($login: String!, $channel: ResetChannel!) {
  requestPasswordReset(login: $login, channel: $channel) { destination }
}`;
const RESET = `mutation ($login: String!, $code: String!, $password: String!) {
  resetPassword(login: $login, code: $code, password: $password) { success }
}`;
const RESUME = `mutation ($cpf: String!) { resumeSignUp(cpf: $cpf) { signupId } }`;
const UPDATE_PROFILE = `mutation ($input: UpdateProfileInput!) { updateProfile(input: $input) { id } }`;
const UPDATE_WORKSHOP = `mutation ($input: UpdateUserWoodWorkInput!) { updateUserWoodWork(input: $input) { id } }`;
const UPDATE_SURVEY = `mutation ($input: UpdateWoodworkSurveyInput!) { updateWoodworkSurvey(input: $input) { id } }`;
const UPDATE_CNPJ = `mutation ($cnpj: String!) { updateCnpj(cnpj: $cnpj) { cnpj } }`;
const REQUEST_PHONE = `mutation ($phone: String!) { requestPhoneChange(phoneNumber: $phone) { maskedPhone } }`;
const CONFIRM_PHONE = `mutation ($code: String!) { confirmPhoneChange(code: $code) { id } }`;
const REQUEST_EMAIL = `mutation ($email: String!) { requestEmailChange(email: $email) { pendingEmail } }`;
const UPDATE_PASSWORD = `mutation ($current: String, $password: String!) {
  updatePassword(currentPassword: $current, password: $password) { access_token }
}`;
const DELETE_ACCOUNT = `mutation ($password: String!) { deleteAccount(password: $password) { success } }`;
const CEP = `query ($cep: String!) { cepAddress(cep: $cep) { cep } }`;
const KEY_CHECK = `query ($key: String!) { invoiceKeyCheck(accessKey: $key) { available message } }`;
const ANSWER_SURVEY = `mutation ($slug: ID!, $answers: [SurveyAnswerInput!]!) {
  answerPromotionSurvey(promotionSlug: $slug, answers: $answers) { answered }
}`;
const SUBMIT_PROJECT = `mutation ($input: ProjectInput!, $photoIds: [ID!]!, $key: String!) {
  submitProject(input: $input, photoIds: $photoIds, idempotencyKey: $key) { id }
}`;
const ACTIVATE_KIOSK = `mutation ($code: String!) { activateKiosk(code: $code) { key } }`;
const HANDOFF = `query ($link: String!) { handoffSignUp(link: $link) { name } }`;
const COMPLETE_HANDOFF = `mutation ($link: String!, $password: String!) {
  completeHandoff(link: $link, password: $password) { access_token }
}`;

const PROFILE = {
  birthDate: '14/03/1988',
  gender: 'feminino',
  careerId: '1',
  cep: '01310-100',
  address: 'Avenida Paulista',
  number: '1000',
  complement: 'Sala 5',
  district: 'Bela Vista',
  stateId: '25',
  cityName: 'Campinas',
  acceptEmailComunications: false,
  acceptMessageComunications: true,
};

const WORKSHOP = {
  corporateName: 'Marcenaria Souza LTDA',
  fantasyName: 'Souza Móveis',
  cep: '',
  address: '',
  number: '',
  complement: '',
  district: '',
  stateId: '',
  cityName: '',
  siteUrl: 'www.souzamoveis.com.br',
  instagramUrl: '@souzamoveis',
  facebookUrl: '@souzamoveis',
};

const SURVEY = {
  employeesAmount: 3,
  customerType: 'ambos',
  bedroomProjectGrade: 3,
  kitchenProjectGrade: 5,
  bathroomProjectGrade: 1,
  laundryProjectGrade: 2,
  livingRoomProjectGrade: 4,
  otherProjectTypes: 'Painéis ripados',
  equipmentIds: ['1', '2'],
  otherEquipments: '',
};

export const PROMOTION_ANSWERS = [
  { questionId: 'tamanho-equipe', optionIds: ['duas-a-cinco'] },
  { questionId: 'ambientes', optionIds: ['cozinha', 'dormitorio'] },
  { questionId: 'satisfacao', scale: 5 },
  { questionId: 'premio-desejado', text: 'Uma tupia de bancada' },
];

export const PROJECT = {
  title: 'Cozinha planejada em freijó',
  environment: 'KITCHEN',
  description: 'Armários superiores e inferiores, ilha com tampo em MDF.',
  uf: 'SP',
  city: 'sao paulo',
  finishedMonth: '2026-10',
  productIds: ['mdf-freijo-18'],
  publishConsent: true,
};

/** A valid NF-e key and a few near misses, to go with the hostile strings. */
const VALID_KEY = newKey();
const BAD_KEYS: readonly (readonly [string, string])[] = [
  ['43 digits', VALID_KEY.slice(0, 43)],
  ['45 digits', `${VALID_KEY}1`],
  ['wrong check digit', `${VALID_KEY.slice(0, 43)}${(Number(VALID_KEY[43]) + 1) % 10}`],
  ['unknown state', `99${VALID_KEY.slice(2)}`],
  ['month 13', `3526${'13'}${VALID_KEY.slice(6)}`],
  ['letters in the number', `${VALID_KEY.slice(0, 30)}ABCDEFGHIJKLMN`],
  ['44 zeros', '0'.repeat(44)],
];

const BAD_CNPJS: readonly (readonly [string, string])[] = [
  ['wrong check digits', '11.222.333/0001-00'],
  ['one repeated digit', '11.111.111/1111-11'],
  ['13 digits', '1122233300018'],
  ['letters in the check digits', '12.ABC.345/01DE-3A'],
  ['lower-case nonsense', 'ab.cde.fgh/ijkl-mn'],
];

type Typed = readonly (readonly [string, unknown])[];

interface FieldCases {
  category: string;
  operation: string;
  /** The request with `value` in the field. */
  request: (ctx: InputsContext, value: unknown) => Promise<Answer>;
  values: Typed;
  typeable?: boolean;
  messageOf?: (answer: Answer) => unknown;
}

function expand(get: () => InputsContext, spec: FieldCases): AdversarialCase[] {
  return spec.values.map(([label, value]) => ({
    category: spec.category,
    name: `${spec.operation}: ${label}`,
    typeable: spec.typeable ?? true,
    send: () => spec.request(get(), value),
    ...(spec.messageOf ? { messageOf: spec.messageOf } : {}),
  }));
}

const without = (values: Typed, ...labels: string[]): Typed => values.filter(([label]) => !labels.includes(label));

/** The hostile strings and the wrong GraphQL types, for a String field. */
const stringField: Typed = [...HOSTILE_STRINGS, ...WRONG_TYPES_FOR_STRING];

const SQL_ONLY = HOSTILE_STRINGS.filter(([label]) => label.startsWith('SQL'));

export function inputCases(get: () => InputsContext): AdversarialCase[] {
  const cases: AdversarialCase[] = [];
  const add = (spec: FieldCases) => cases.push(...expand(get, spec));

  // Sign-up, step one: every field of the form, the hostile strings and the wrong types.
  for (const field of ['name', 'surName', 'cpf', 'email', 'phoneNumber', 'birthDate'] as const) {
    add({
      category: 'sign-up',
      operation: `createUser.${field}`,
      request: (ctx, value) => graphqlRequest(ctx, CREATE_USER, { input: { ...NEW_PERSON, [field]: value } }),
      values: field === 'name' ? stringField : HOSTILE_STRINGS,
    });
  }
  add({
    category: 'sign-up',
    operation: 'createUser.acceptTerms',
    request: (ctx, value) => graphqlRequest(ctx, CREATE_USER, { input: { ...NEW_PERSON, acceptTerms: value } }),
    values: [
      ['false', false],
      ['the string "true"', 'true'],
      ['1', 1],
      ['null', null],
    ],
  });
  add({
    category: 'sign-up',
    operation: 'createUser.subsidiarySlug',
    request: (ctx, value) => graphqlRequest(ctx, CREATE_USER, { input: NEW_PERSON, slug: value }),
    values: [...SQL_ONLY, ['100 kB', HUNDRED_KB], ['path traversal', '../../etc/passwd']],
  });
  add({
    category: 'sign-up',
    operation: 'createUser.input',
    request: (ctx, value) => graphqlRequest(ctx, CREATE_USER, { input: value }),
    values: [
      ['a string', 'tudo'],
      ['an array', [NEW_PERSON]],
      ['an unknown field', { ...NEW_PERSON, isAdmin: true }],
      ['a missing field', { ...NEW_PERSON, cpf: undefined }],
    ],
  });
  for (const field of ['cpf', 'birthDate'] as const) {
    add({
      category: 'kiosk',
      operation: `kioskSignUp.${field}`,
      request: (ctx, value) =>
        graphqlRequest(ctx, KIOSK_SIGN_UP, { input: { ...NEW_PERSON, [field]: value } }, ctx.kiosk),
      values: HOSTILE_STRINGS,
    });
  }
  add({
    category: 'kiosk',
    operation: 'activateKiosk.code',
    request: (ctx, value) => graphqlRequest(ctx, ACTIVATE_KIOSK, { code: value }),
    values: stringField,
  });

  // Sign-up, step two and what goes around it.
  add({
    category: 'sign-up',
    operation: 'createUserSecondStep.code',
    request: (ctx, value) =>
      graphqlRequest(ctx, SECOND_STEP, { input: { signupId: ctx.signupId, code: value, password: 'Plaina#2026' } }),
    values: [...without(HOSTILE_STRINGS, 'zero-width'), ['5 digits', '12345'], ['7 digits', '1234567']],
  });
  add({
    category: 'sign-up',
    operation: 'createUserSecondStep.password',
    request: (ctx, value) =>
      graphqlRequest(ctx, SECOND_STEP, { input: { signupId: ctx.signupId, code: '000000', password: value } }),
    values: [
      ['100 kB', HUNDRED_KB],
      ['7 characters', 'abc1234'],
      ['a common password', '12345678'],
      ['a number', 12345678],
    ],
  });
  add({
    category: 'sign-up',
    operation: 'createUserSecondStep.signupId',
    request: (ctx, value) =>
      graphqlRequest(ctx, SECOND_STEP, { input: { signupId: value, code: '123456', password: 'Plaina#2026' } }),
    values: [...SQL_ONLY, ['100 kB', HUNDRED_KB], ['null byte', 'abc\u0000'], ['an object', { id: 1 }]],
  });
  add({
    category: 'sign-up',
    operation: 'resumeSignUp.cpf',
    request: (ctx, value) => graphqlRequest(ctx, RESUME, { cpf: value }),
    values: stringField,
  });

  // Login.
  add({
    category: 'login',
    operation: 'userLogin.login',
    request: (ctx, value) => graphqlRequest(ctx, LOGIN, { login: value, password: 'Serragem#2026' }),
    values: stringField,
  });
  add({
    category: 'login',
    operation: 'userLogin.password',
    request: (ctx, value) => graphqlRequest(ctx, LOGIN, { login: '52998224725', password: value }),
    values: [...SQL_ONLY, ['100 kB', HUNDRED_KB], ['null byte', 'Serragem#2026\u0000'], ...WRONG_TYPES_FOR_STRING],
  });

  // Password recovery.
  add({
    category: 'recovery',
    operation: 'passwordResetChannels.login',
    request: (ctx, value) => graphqlRequest(ctx, RESET_CHANNELS, { login: value }),
    values: stringField,
  });
  add({
    category: 'recovery',
    operation: 'requestPasswordReset.channel',
    request: (ctx, value) => graphqlRequest(ctx, REQUEST_RESET, { login: 'marceneiro@exemplo.com.br', channel: value }),
    values: [
      ['an unknown channel', 'WHATSAPP'],
      ['lower case', 'sms'],
      ['SQL', "SMS' OR '1'='1"],
      ['a number', 1],
    ],
  });
  add({
    category: 'recovery',
    operation: 'resetPassword.code',
    request: (ctx, value) =>
      graphqlRequest(ctx, RESET, { login: 'marceneiro@exemplo.com.br', code: value, password: 'Plaina#2026' }),
    values: without(HOSTILE_STRINGS, 'zero-width', 'only spaces'),
  });

  // Profile.
  const member = (ctx: InputsContext) => ctx.member;
  for (const field of ['birthDate', 'gender', 'careerId', 'cep', 'stateId', 'cityName'] as const) {
    add({
      category: 'profile',
      operation: `updateProfile.${field}`,
      request: (ctx, value) =>
        graphqlRequest(ctx, UPDATE_PROFILE, { input: { ...PROFILE, [field]: value } }, member(ctx)),
      values: field === 'birthDate' ? stringField : HOSTILE_STRINGS,
    });
  }
  for (const field of ['address', 'number', 'district', 'complement'] as const) {
    add({
      category: 'profile',
      operation: `updateProfile.${field}`,
      request: (ctx, value) =>
        graphqlRequest(ctx, UPDATE_PROFILE, { input: { ...PROFILE, [field]: value } }, member(ctx)),
      values: HOSTILE_FREE_TEXT,
    });
  }
  for (const field of ['siteUrl', 'instagramUrl', 'facebookUrl'] as const) {
    add({
      category: 'profile',
      operation: `updateUserWoodWork.${field}`,
      request: (ctx, value) =>
        graphqlRequest(ctx, UPDATE_WORKSHOP, { input: { ...WORKSHOP, [field]: value } }, member(ctx)),
      values: [
        ...without(HOSTILE_STRINGS, 'only spaces'),
        ['javascript: URL', 'javascript:alert(1)'],
        ['data: URL', 'data:text/html,<script>alert(1)</script>'],
        ['file: URL', 'file:///etc/passwd'],
      ],
    });
  }
  for (const field of ['corporateName', 'fantasyName'] as const) {
    add({
      category: 'profile',
      operation: `updateUserWoodWork.${field}`,
      request: (ctx, value) =>
        graphqlRequest(ctx, UPDATE_WORKSHOP, { input: { ...WORKSHOP, [field]: value } }, member(ctx)),
      values: HOSTILE_FREE_TEXT,
    });
  }
  for (const field of ['employeesAmount', 'kitchenProjectGrade', 'bedroomProjectGrade'] as const) {
    add({
      category: 'profile',
      operation: `updateWoodworkSurvey.${field}`,
      request: (ctx, value) =>
        graphqlRequest(ctx, UPDATE_SURVEY, { input: { ...SURVEY, [field]: value } }, member(ctx)),
      values: field === 'employeesAmount' ? without(HOSTILE_NUMBERS, 'zero') : HOSTILE_NUMBERS,
    });
  }
  add({
    category: 'profile',
    operation: 'updateWoodworkSurvey.customerType',
    request: (ctx, value) =>
      graphqlRequest(ctx, UPDATE_SURVEY, { input: { ...SURVEY, customerType: value } }, member(ctx)),
    values: without(HOSTILE_STRINGS, 'only spaces', 'zero-width'),
  });
  add({
    category: 'profile',
    operation: 'updateWoodworkSurvey.otherEquipments',
    request: (ctx, value) =>
      graphqlRequest(ctx, UPDATE_SURVEY, { input: { ...SURVEY, otherEquipments: value } }, member(ctx)),
    values: HOSTILE_FREE_TEXT,
  });
  add({
    category: 'profile',
    operation: 'updateWoodworkSurvey.equipmentIds',
    request: (ctx, value) =>
      graphqlRequest(ctx, UPDATE_SURVEY, { input: { ...SURVEY, equipmentIds: value } }, member(ctx)),
    values: [
      ['an SQL id', ["1' OR '1'='1"]],
      ['a negative id', ['-1']],
      ['an id that does not exist', ['999999']],
      ['101 ids', Array.from({ length: 101 }, (_, i) => String(i + 1))],
      ['a string instead of a list', '1,2,3'],
    ],
  });
  add({
    category: 'profile',
    operation: 'requestPhoneChange.phoneNumber',
    request: (ctx, value) => graphqlRequest(ctx, REQUEST_PHONE, { phone: value }, member(ctx)),
    values: stringField,
  });
  add({
    category: 'profile',
    operation: 'confirmPhoneChange.code',
    request: (ctx, value) => graphqlRequest(ctx, CONFIRM_PHONE, { code: value }, member(ctx)),
    values: without(HOSTILE_STRINGS, 'zero-width', 'only spaces'),
  });
  add({
    category: 'profile',
    operation: 'requestEmailChange.email',
    request: (ctx, value) => graphqlRequest(ctx, REQUEST_EMAIL, { email: value }, member(ctx)),
    values: [
      ...stringField,
      ['two @', 'a@b@exemplo.com.br'],
      ['CRLF header injection', 'ana@exemplo.com.br\r\nBcc: todos@exemplo.com.br'],
    ],
  });
  add({
    category: 'profile',
    operation: 'updatePassword.currentPassword',
    request: (ctx, value) =>
      graphqlRequest(ctx, UPDATE_PASSWORD, { current: value, password: 'Plaina#2026' }, member(ctx)),
    values: [...SQL_ONLY, ['100 kB', HUNDRED_KB], ['null byte', 'Serragem#2026\u0000']],
  });
  add({
    category: 'profile',
    operation: 'deleteAccount.password',
    request: (ctx, value) => graphqlRequest(ctx, DELETE_ACCOUNT, { password: value }, member(ctx)),
    values: [...SQL_ONLY, ['100 kB', HUNDRED_KB], ['null byte', 'Serragem#2026\u0000'], ['a number', 2026]],
  });
  add({
    category: 'profile',
    operation: 'cepAddress.cep',
    request: (ctx, value) => graphqlRequest(ctx, CEP, { cep: value }, member(ctx)),
    values: without(stringField, 'null'),
  });

  // CNPJ.
  add({
    category: 'cnpj',
    operation: 'updateCnpj.cnpj',
    request: (ctx, value) => graphqlRequest(ctx, UPDATE_CNPJ, { cnpj: value }, member(ctx)),
    values: [...stringField, ...BAD_CNPJS],
  });

  // Invoice access key (typed or scanned before the files go).
  add({
    category: 'access key',
    operation: 'invoiceKeyCheck.accessKey',
    request: (ctx, value) => graphqlRequest(ctx, KEY_CHECK, { key: value }, member(ctx)),
    values: [...without(HOSTILE_STRINGS, 'only spaces'), ...BAD_KEYS],
    messageOf: (answer) =>
      (answer.json as { data?: { invoiceKeyCheck?: { message?: string } } } | null)?.data?.invoiceKeyCheck?.message ??
      errorsOf(answer)[0]?.message,
  });
  add({
    category: 'access key',
    operation: 'invoiceKeyCheck.accessKey (wrong type)',
    request: (ctx, value) => graphqlRequest(ctx, KEY_CHECK, { key: value }, member(ctx)),
    values: WRONG_TYPES_FOR_STRING,
  });

  // Promotion survey answers.
  const answersWith = (index: number, patch: Record<string, unknown>) =>
    PROMOTION_ANSWERS.map((answer, i) => (i === index ? { ...answer, ...patch } : answer));
  add({
    category: 'survey',
    operation: 'answerPromotionSurvey.text',
    request: (ctx, value) =>
      graphqlRequest(
        ctx,
        ANSWER_SURVEY,
        { slug: 'clube-premiado', answers: answersWith(3, { text: value }) },
        member(ctx),
      ),
    values: [...HOSTILE_FREE_TEXT, ['a number', 42], ['an object', { texto: 'x' }]],
  });
  add({
    category: 'survey',
    operation: 'answerPromotionSurvey.scale',
    request: (ctx, value) =>
      graphqlRequest(
        ctx,
        ANSWER_SURVEY,
        { slug: 'clube-premiado', answers: answersWith(2, { scale: value }) },
        member(ctx),
      ),
    values: HOSTILE_NUMBERS,
  });
  add({
    category: 'survey',
    operation: 'answerPromotionSurvey.optionIds',
    request: (ctx, value) =>
      graphqlRequest(
        ctx,
        ANSWER_SURVEY,
        { slug: 'clube-premiado', answers: answersWith(0, { optionIds: value }) },
        member(ctx),
      ),
    values: [
      ...SQL_ONLY.map(([label, v]) => [label, [v]] as const),
      ['100 kB', [HUNDRED_KB]],
      ['101 options', Array.from({ length: 101 }, () => 'so-eu')],
    ],
  });
  add({
    category: 'survey',
    operation: 'answerPromotionSurvey.questionId',
    request: (ctx, value) =>
      graphqlRequest(
        ctx,
        ANSWER_SURVEY,
        { slug: 'clube-premiado', answers: answersWith(1, { questionId: value }) },
        member(ctx),
      ),
    values: [...SQL_ONLY, ['100 kB', HUNDRED_KB], ['null byte', 'ambientes\u0000']],
  });
  add({
    category: 'survey',
    operation: 'answerPromotionSurvey.answers',
    request: (ctx, value) =>
      graphqlRequest(ctx, ANSWER_SURVEY, { slug: 'clube-premiado', answers: value }, member(ctx)),
    values: [
      ['an empty list', []],
      ['the same answer twice', [...PROMOTION_ANSWERS, PROMOTION_ANSWERS[0]]],
      ['an object', { questionId: 'satisfacao', scale: 5 }],
      ['a text on the scale question', answersWith(2, { scale: null, text: 'cinco' })],
    ],
  });

  // Project fields.
  const project = (ctx: InputsContext, input: unknown, photoIds: unknown = [ctx.photoId], key: unknown = undefined) =>
    graphqlRequest(
      ctx,
      SUBMIT_PROJECT,
      { input, photoIds, key: key === undefined ? `adversarial-${Math.random().toString(36).slice(2)}` : key },
      member(ctx),
    );
  for (const field of ['title', 'description'] as const) {
    add({
      category: 'project',
      operation: `submitProject.${field}`,
      request: (ctx, value) => project(ctx, { ...PROJECT, [field]: value }),
      values: [
        ...HOSTILE_FREE_TEXT,
        ['only spaces', '    '],
        field === 'title' ? ['2 characters', 'ab'] : ['2,001 characters', 'x'.repeat(2001)],
        ['a number', 12345],
      ],
    });
  }
  for (const field of ['uf', 'city', 'finishedMonth', 'campaignSlug'] as const) {
    add({
      category: 'project',
      operation: `submitProject.${field}`,
      request: (ctx, value) => project(ctx, { ...PROJECT, [field]: value }),
      values: [
        ...without(HOSTILE_STRINGS, ...(field === 'campaignSlug' ? ['only spaces'] : [])),
        ...(field === 'finishedMonth'
          ? ([
              ['the future', '2031-01'],
              ['before 2000', '1999-12'],
              ['month 13', '2026-13'],
              ['month 00', '2026-00'],
            ] as const)
          : []),
        ...(field === 'uf' ? ([['an unknown state', 'XX']] as const) : []),
        ...(field === 'city' ? ([['a city not in the list', 'Cidade Inventada']] as const) : []),
      ],
    });
  }
  add({
    category: 'project',
    operation: 'submitProject.environment',
    request: (ctx, value) => project(ctx, { ...PROJECT, environment: value }),
    values: [
      ['an unknown room', 'PORAO'],
      ['lower case', 'kitchen'],
      ['a number', 1],
      ['SQL', "KITCHEN' --"],
    ],
  });
  add({
    category: 'project',
    operation: 'submitProject.productIds',
    request: (ctx, value) => project(ctx, { ...PROJECT, productIds: value }),
    values: [
      ['an empty list', []],
      ['an unknown product', ['mdf-de-ouro']],
      ['SQL', ["mdf-freijo-18' OR '1'='1"]],
      ['100 kB', [HUNDRED_KB]],
      ['101 products', Array.from({ length: 101 }, () => 'mdf-freijo-18')],
    ],
  });
  add({
    category: 'project',
    operation: 'submitProject.invoiceIds',
    request: (ctx, value) => project(ctx, { ...PROJECT, invoiceIds: value }),
    values: [
      ['an invoice that does not exist', ['999999']],
      ['a negative id', ['-1']],
      ['SQL', ['1 OR 1=1']],
      ['a huge id', ['9'.repeat(40)]],
    ],
  });
  add({
    category: 'project',
    operation: 'submitProject.publishConsent',
    request: (ctx, value) => project(ctx, { ...PROJECT, publishConsent: value }),
    values: [
      ['the string "sim"', 'sim'],
      ['null', null],
    ],
  });
  add({
    category: 'project',
    operation: 'submitProject.photoIds',
    request: (ctx, value) => project(ctx, PROJECT, value),
    values: [
      ['no photo', []],
      ['a photo that does not exist', ['999999']],
      ['SQL', ["1' OR '1'='1"]],
      ['11 photos', Array.from({ length: 11 }, (_, i) => String(i + 1))],
      ['the same photo twice', 'twice'],
    ],
  });
  add({
    category: 'project',
    operation: 'submitProject.idempotencyKey',
    request: (ctx, value) => project(ctx, PROJECT, [ctx.photoId], value),
    values: [...SQL_ONLY, ['100 kB', HUNDRED_KB], ['empty', '']],
    typeable: false,
  });

  // The kiosk's hand-off link (opened from an SMS) and e-mail confirmation token (opened from an e-mail).
  add({
    category: 'links',
    operation: 'handoffSignUp.link',
    request: (ctx, value) => graphqlRequest(ctx, HANDOFF, { link: value }),
    values: [...SQL_ONLY, ['100 kB', HUNDRED_KB], ['null byte', 'abc\u0000']],
  });
  add({
    category: 'links',
    operation: 'completeHandoff.link',
    request: (ctx, value) => graphqlRequest(ctx, COMPLETE_HANDOFF, { link: value, password: 'Plaina#2026' }),
    values: [...SQL_ONLY, ['100 kB', HUNDRED_KB]],
  });

  // Page sizes, cursors, dates and ids of the lists and pages (from the address bar or "Carregar mais").
  const pages: readonly (readonly [string, string, (value: unknown) => Record<string, unknown>, Typed])[] = [
    ['myInvoices.first', 'query ($v: Int) { myInvoices(first: $v) { hasMore } }', (v) => ({ v }), HOSTILE_NUMBERS],
    [
      'myInvoices.after',
      'query ($v: String) { myInvoices(after: $v) { hasMore } }',
      (v) => ({ v }),
      [...SQL_ONLY, ['100 kB', HUNDRED_KB], ['a negative cursor', '-1']],
    ],
    [
      'pointsEntries.first',
      'query ($v: Int) { pointsEntries(first: $v) { hasMore } }',
      (v) => ({ v }),
      HOSTILE_NUMBERS,
    ],
    [
      'pointsEntries.from',
      'query ($v: String) { pointsEntries(from: $v) { hasMore } }',
      (v) => ({ v }),
      [...SQL_ONLY, ['100 kB', HUNDRED_KB], ['day 45 of month 13', '2026-13-45'], ['dd/mm/aaaa', '01/02/2026']],
    ],
    [
      'pointsEntries.to before from',
      'query ($v: String) { pointsEntries(from: "2026-11-01", to: $v) { hasMore } }',
      (v) => ({ v }),
      [['a day before', '2026-10-01']],
    ],
    [
      'pointsEntries.kinds',
      'query ($v: [PointsEntryKind!]) { pointsEntries(kinds: $v) { hasMore } }',
      (v) => ({ v }),
      [
        ['an unknown kind', ['ROUBO']],
        ['SQL', ["CREDIT' OR '1'='1"]],
      ],
    ],
    ['projects.page', 'query ($v: Int) { projects(page: $v) { total } }', (v) => ({ v }), HOSTILE_NUMBERS],
    ['projects.pageSize', 'query ($v: Int) { projects(pageSize: $v) { total } }', (v) => ({ v }), HOSTILE_NUMBERS],
    [
      'customCampaigns.page',
      'query ($v: Int) { customCampaigns(page: $v) { total } }',
      (v) => ({ v }),
      HOSTILE_NUMBERS,
    ],
    ['promotions.pageSize', 'query ($v: Int) { promotions(pageSize: $v) { total } }', (v) => ({ v }), HOSTILE_NUMBERS],
    [
      'customCampaign.id',
      'query ($v: ID!) { customCampaign(id: $v) { id } }',
      (v) => ({ v }),
      [...SQL_ONLY, ['100 kB', HUNDRED_KB], ['path traversal', '../../etc/passwd']],
    ],
    [
      'promotion.slug',
      'query ($v: ID!) { promotion(slug: $v) { slug } }',
      (v) => ({ v }),
      [...SQL_ONLY, ['100 kB', HUNDRED_KB], ['null byte', 'clube-premiado\u0000']],
    ],
    [
      'faqItem.slug',
      'query ($v: ID!) { faqItem(subjectSlug: "pontos", slug: $v) { slug } }',
      (v) => ({ v }),
      [...SQL_ONLY, ['100 kB', HUNDRED_KB]],
    ],
    [
      'ruleBook.version',
      'query ($v: ID) { ruleBook(version: $v) { version } }',
      (v) => ({ v }),
      [...SQL_ONLY, ['100 kB', HUNDRED_KB]],
    ],
    [
      'invoice.id',
      'query ($v: ID!) { invoice(id: $v) { id } }',
      (v) => ({ v }),
      [...SQL_ONLY, ['a huge id', '9'.repeat(40)], ['a negative id', '-1']],
    ],
    [
      'project.id',
      'query ($v: ID!) { project(id: $v) { id } }',
      (v) => ({ v }),
      [...SQL_ONLY, ['a huge id', '9'.repeat(40)], ['a fraction', '1.5']],
    ],
    [
      'endSession.id',
      'mutation ($v: ID!) { endSession(id: $v) }',
      (v) => ({ v }),
      [...SQL_ONLY, ['100 kB', HUNDRED_KB]],
    ],
  ];
  for (const [operation, query, variables, values] of pages) {
    add({
      category: 'pages',
      operation,
      request: (ctx, value) => graphqlRequest(ctx, query, variables(value), member(ctx)),
      values,
    });
  }
  // A sign-up link's slug: the answer is UNKNOWN (the page says so in Portuguese), never a store.
  for (const [label, slug] of [
    ...SQL_ONLY,
    ['100 kB', HUNDRED_KB],
    ['upper case', 'LOJA-CENTRO'],
    ['null byte', 'loja-centro\u0000'],
    ['path traversal', '../loja-centro'],
  ] as const) {
    cases.push({
      category: 'pages',
      name: `storeLink.slug: ${label}`,
      typeable: false,
      mayStore: true,
      send: () => graphqlRequest(get(), 'query ($v: String!) { storeLink(slug: $v) { status } }', { v: slug }),
      verify: (answer) => {
        const status = (answer.json as { data?: { storeLink?: { status?: string } } } | null)?.data?.storeLink?.status;
        const message = errorsOf(answer)[0]?.message;
        return status === 'UNKNOWN' || (message !== undefined && isPortuguese(message))
          ? []
          : [`not refused: ${answer.body.slice(0, 200)}`];
      },
    });
  }
  for (const [label, search] of [...HOSTILE_STRINGS, ['a LIKE wildcard', '%_%'] as const]) {
    cases.push({
      category: 'pages',
      name: `productCatalog.search: ${label}`,
      typeable: true,
      mayStore: true,
      send: () =>
        graphqlRequest(get(), 'query ($v: String) { productCatalog(search: $v) { id } }', { v: search }, get().member),
      verify: (answer) => {
        const problems: string[] = [];
        if (answer.status >= 500 || errorsOf(answer).some((e) => e.extensions?.code === 'INTERNAL_SERVER_ERROR')) {
          problems.push(`crashed: ${answer.body.slice(0, 200)}`);
        }
        const found = (answer.json as { data?: { productCatalog?: unknown[] } } | null)?.data?.productCatalog;
        // A search never matches the whole catalogue by accident (a LIKE wildcard or an SQL quote).
        if (Array.isArray(found) && found.length > 5 && /[\p{L}\p{N}]/u.test(search)) {
          problems.push(`${found.length} products found`);
        }
        return problems;
      },
    });
  }

  return cases.map((c) =>
    c.name === 'submitProject.photoIds: the same photo twice'
      ? {
          ...c,
          send: () => {
            const ctx = get();
            return project(ctx, PROJECT, [ctx.photoId, ctx.photoId]);
          },
        }
      : c,
  );
}
