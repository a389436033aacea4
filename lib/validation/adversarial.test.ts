import { safeParse, type $ZodType } from 'zod/v4/core';
import { validateProject } from '../projects/validate';
import { parseAccessKey } from '@/common/validation/access-key';
import { loginSchema } from '@/common/validation/login-schema';
import { recoveryIdentifierSchema, recoveryResetSchema } from '@/common/validation/password-recovery-schema';
import {
  changeCnpjSchema,
  changeEmailSchema,
  changePhoneSchema,
  deleteAccountSchema,
  phoneCodeSchema,
  profileSchema,
  surveySchema,
  workshopSchema,
} from '@/common/validation/profile-schema';
import { signUpSchema, signUpSecondStepSchema } from '@/common/validation/sign-up-schema';

/**
 * The browser's side of the adversarial suite (server/test/adversarial): the forms' own schemas, fed what a member
 * may type or paste into their fields (text into text fields, numbers into the survey's number fields; the API's
 * side covers values of the wrong type). Each value is refused, and every message under a field is Portuguese: never
 * zod's English default ("Too small: expected…", "Invalid input…"), never empty.
 */

const TODAY = () => new Date('2026-11-22T12:00:00Z');

const HUNDRED_KB = 'a'.repeat(100 * 1024);

/** No form field takes these as they are. */
const HOSTILE: readonly (readonly [string, unknown])[] = [
  ['SQL quote', "' OR '1'='1"],
  ['SQL comment', "admin'/*"],
  ['SQL stacked', "'; DROP TABLE users; --"],
  ['100 kB', HUNDRED_KB],
  ['emoji', '🪚🪵🔨💥'],
  ['RTL override', '\u202Egnp.exe'],
  ['null byte', 'abc\u0000def'],
  ['lone surrogate', 'abc\ud800def'],
  ['control characters', '\u0007\u001b[31mvermelho'],
  ['HTML script', '<script>alert(1)</script>'],
  ['only spaces', '     '],
  ['zero-width spaces', '\u200b\u200b\u200b'],
  ['format string', '%s%n{{7*7}}${7*7}'],
];

/** Free text: only what no one types. */
const HOSTILE_FREE_TEXT: readonly (readonly [string, unknown])[] = [
  ['100 kB', HUNDRED_KB],
  ['null byte', 'Rua\u0000 das Flores'],
  ['lone surrogate', 'Rua \udc00 das Flores'],
  ['control characters', 'Rua \u001b[2J das Flores'],
];

const ENGLISH =
  /\b(cannot|expected|received|invalid input|too (small|big)|must|required|unrecognized|string|number|array|object)\b/i;
const PORTUGUESE =
  /[áàâãéêíóôõúç]|\b(o|a|os|as|de|do|da|um|uma|em|no|na|não|informe|use|confira|escolha|campo|senha|código|inválid[oa]|demais|longo)\b/i;
const isPortuguese = (message: string) => message.trim() !== '' && PORTUGUESE.test(message) && !ENGLISH.test(message);

interface FormCase {
  form: string;
  field: string;
  label: string;
  /** The pt-BR messages the form shows, or [] when it accepted the value. */
  messages: () => string[];
}

const issuesOf = (schema: $ZodType, input: unknown): string[] => {
  const parsed = safeParse(schema, input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

const VALID = {
  signUp: {
    name: 'Carla',
    surName: 'Mendes',
    cpf: '390.533.447-05',
    email: 'carla@exemplo.com.br',
    phoneNumber: '(21) 99876-5432',
    birthDate: '10/05/1990',
    acceptTerms: true,
    acceptEmailComunications: false,
    acceptMessageComunications: false,
  },
  secondStep: { code: '123456', password: 'Plaina#2026', passwordConfirmation: 'Plaina#2026' },
  profile: {
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
  },
  workshop: {
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
  },
  survey: {
    employeesAmount: 3,
    customerType: 'ambos',
    bedroomProjectGrade: 3,
    kitchenProjectGrade: 5,
    bathroomProjectGrade: 1,
    laundryProjectGrade: 2,
    livingRoomProjectGrade: 4,
    otherProjectTypes: '',
    equipmentIds: ['1'],
    otherEquipments: '',
  },
  project: {
    title: 'Cozinha planejada',
    environment: 'KITCHEN',
    description: 'Armários e ilha.',
    stateId: '25',
    city: 'São Paulo',
    finishedMonth: '2026-10',
    productIds: ['mdf-freijo-18'],
    invoiceIds: [],
    campaignSlug: '',
    publishConsent: true,
  },
};

function schemaCases(
  form: string,
  schema: $ZodType,
  valid: Record<string, unknown>,
  fields: readonly string[],
  values: readonly (readonly [string, unknown])[],
): FormCase[] {
  return fields.flatMap((field) =>
    values.map(([label, value]) => ({
      form,
      field,
      label,
      messages: () => issuesOf(schema, { ...valid, [field]: value }),
    })),
  );
}

const NUMBERS: readonly (readonly [string, unknown])[] = [
  ['negative', -1],
  ['2^31', 2 ** 31],
  ['a fraction', 1.5],
  ['NaN', Number.NaN],
  ['Infinity', Number.POSITIVE_INFINITY],
  ['a numeric string', '3'],
];

const CASES: FormCase[] = [
  ...schemaCases(
    'sign-up',
    signUpSchema(TODAY),
    VALID.signUp,
    ['name', 'surName', 'cpf', 'email', 'phoneNumber', 'birthDate'],
    HOSTILE,
  ),
  ...schemaCases('sign-up step two', signUpSecondStepSchema, VALID.secondStep, ['code'], HOSTILE),
  ...schemaCases(
    'sign-up step two',
    signUpSecondStepSchema,
    VALID.secondStep,
    ['password'],
    [
      ['7 characters', 'abc1234'],
      ['a common password', '12345678'],
      ['129 characters', 'x'.repeat(129)],
    ],
  ),
  ...(['any', 'cpf', 'email', 'phone'] as const).flatMap((variant) =>
    schemaCases(
      `login (${variant})`,
      loginSchema(variant),
      { login: '52998224725', password: 'x' },
      ['login'],
      HOSTILE,
    ),
  ),
  ...schemaCases(
    'recovery',
    recoveryIdentifierSchema,
    { login: '52998224725' },
    ['login'],
    [
      ['100 kB', HUNDRED_KB],
      ['only spaces', '   '],
    ],
  ),
  ...schemaCases('recovery reset', recoveryResetSchema, VALID.secondStep, ['code'], HOSTILE),
  ...schemaCases(
    'profile',
    profileSchema(TODAY),
    VALID.profile,
    ['birthDate', 'gender', 'careerId', 'cep', 'stateId', 'cityName'],
    HOSTILE,
  ),
  ...schemaCases(
    'profile',
    profileSchema(TODAY),
    VALID.profile,
    ['address', 'number', 'district', 'complement'],
    HOSTILE_FREE_TEXT,
  ),
  ...schemaCases('workshop', workshopSchema, VALID.workshop, ['corporateName', 'fantasyName'], HOSTILE_FREE_TEXT),
  ...schemaCases(
    'workshop',
    workshopSchema,
    VALID.workshop,
    ['siteUrl', 'instagramUrl', 'facebookUrl'],
    [
      ...HOSTILE.filter(([label]) => label !== 'only spaces'),
      ['javascript: URL', 'javascript:alert(1)'],
      ['file: URL', 'file:///etc/passwd'],
    ],
  ),
  ...schemaCases('workshop survey', surveySchema, VALID.survey, ['employeesAmount', 'kitchenProjectGrade'], NUMBERS),
  ...schemaCases('workshop survey', surveySchema, VALID.survey, ['customerType'], HOSTILE),
  ...schemaCases('workshop survey', surveySchema, VALID.survey, ['otherEquipments'], HOSTILE_FREE_TEXT),
  ...schemaCases(
    'workshop survey',
    surveySchema,
    VALID.survey,
    ['equipmentIds'],
    [
      ['an SQL id', ["1' OR '1'='1"]],
      ['51 ids', Array.from({ length: 51 }, (_, i) => String(i + 1))],
    ],
  ),
  ...schemaCases(
    'CNPJ',
    changeCnpjSchema,
    { cnpj: '' },
    ['cnpj'],
    [...HOSTILE, ['wrong check digits', '11.222.333/0001-00'], ['one repeated digit', '11.111.111/1111-11']],
  ),
  ...schemaCases('celular', changePhoneSchema, { phoneNumber: '' }, ['phoneNumber'], HOSTILE),
  ...schemaCases('celular code', phoneCodeSchema, { code: '' }, ['code'], HOSTILE),
  ...schemaCases(
    'e-mail',
    changeEmailSchema,
    { email: '' },
    ['email'],
    [...HOSTILE, ['CRLF header injection', 'ana@exemplo.com.br\r\nBcc: todos@exemplo.com.br']],
  ),
  ...schemaCases(
    'delete account',
    deleteAccountSchema,
    { password: 'x', confirmation: true },
    ['password'],
    [
      ['empty', ''],
      ['over 1,024 characters', 'x'.repeat(1025)],
    ],
  ),
  ...HOSTILE.filter(([, value]) => typeof value === 'string').map(([label, value]) => ({
    form: 'invoice',
    field: 'accessKey',
    label: String(label),
    messages: () => {
      const parsed = parseAccessKey(value as string);
      return parsed.ok ? [] : [parsed.message];
    },
  })),
  ...(['title', 'description', 'finishedMonth'] as const).flatMap((field) =>
    [
      ['empty', ''],
      ['only spaces', '   '],
      ...(field === 'title' ? [['121 characters', 'x'.repeat(121)] as const] : []),
      ...(field === 'description' ? [['2,001 characters', 'x'.repeat(2001)] as const] : []),
      ...(field === 'finishedMonth' ? [['the future', '2031-01'] as const, ['SQL', "2026-1' --"] as const] : []),
    ].map(([label, value]) => ({
      form: 'project',
      field,
      label,
      messages: () => Object.values(validateProject({ ...VALID.project, [field]: value }, TODAY())),
    })),
  ),
];

describe('the forms refuse what a member should not send, in pt-BR', () => {
  it('has a case for every field', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(300);
  });

  it('every valid form passes as it is', () => {
    expect(issuesOf(signUpSchema(TODAY), VALID.signUp)).toEqual([]);
    expect(issuesOf(profileSchema(TODAY), VALID.profile)).toEqual([]);
    expect(issuesOf(workshopSchema, VALID.workshop)).toEqual([]);
    expect(issuesOf(surveySchema, VALID.survey)).toEqual([]);
    expect(validateProject(VALID.project, TODAY())).toEqual({});
  });

  it('refuses each value with Portuguese messages only', () => {
    const problems = CASES.flatMap((c) => {
      const where = `${c.form}.${c.field}: ${c.label}`;
      let messages: string[];
      try {
        messages = c.messages();
      } catch (error) {
        return [`${where}: threw ${(error as Error).message}`];
      }
      if (messages.length === 0) return [`${where}: accepted`];
      return messages.filter((m) => !isPortuguese(m)).map((m) => `${where}: not pt-BR: ${JSON.stringify(m)}`);
    });
    expect(problems).toEqual([]);
  });
});
