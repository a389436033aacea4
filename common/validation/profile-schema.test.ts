import { maskCep, maskCnpj, maskDate, isoToBrDate } from '../format/masks';
import { parseDate, profileSchema, surveySchema, workshopSchema } from './profile-schema';

const today = () => new Date('2026-11-22T12:00:00Z');

const profile = {
  birthDate: '14/03/1988',
  gender: 'feminino',
  careerId: '1',
  cep: '01310-100',
  address: ' Avenida Paulista ',
  number: '1000',
  complement: '',
  district: 'Bela Vista',
  stateId: '25',
  cityName: 'São Paulo',
  acceptEmailComunications: true,
  acceptMessageComunications: false,
};

const workshop = {
  corporateName: '',
  fantasyName: '',
  cep: '',
  address: '',
  number: '',
  complement: '',
  district: '',
  stateId: '',
  cityName: '',
  siteUrl: '',
  instagramUrl: '',
  facebookUrl: '',
};

describe('profile schemas', () => {
  it('reads dd/mm/aaaa and ISO dates of real days only', () => {
    expect(parseDate('14/03/1988')).toBe('1988-03-14');
    expect(parseDate('1988-03-14')).toBe('1988-03-14');
    expect(parseDate('29/02/2023')).toBeNull();
    expect(parseDate('14-03-1988')).toBeNull();
  });

  it('normalises a valid profile for the API', () => {
    const out = profileSchema(today).parse(profile);
    expect(out).toMatchObject({
      birthDate: '1988-03-14',
      cep: '01310100',
      address: 'Avenida Paulista',
      complement: null,
    });
  });

  it('refuses members under 18 on the given day', () => {
    const res = profileSchema(today).safeParse({ ...profile, birthDate: '23/11/2008' });
    expect(res.success ? null : res.error.issues[0]?.message).toBe('O clube é para maiores de 18 anos.');
    expect(profileSchema(today).safeParse({ ...profile, birthDate: '22/11/2008' }).success).toBe(true);
  });

  it('accepts empty workshop fields, adds https:// and checks social hosts', () => {
    expect(workshopSchema.parse(workshop)).toMatchObject({ siteUrl: null, cep: null, stateId: null });
    const out = workshopSchema.parse({
      ...workshop,
      siteUrl: 'marcenaria.com.br',
      instagramUrl: 'https://www.instagram.com/marcenaria',
      facebookUrl: 'm.facebook.com/marcenaria',
    });
    expect(out).toMatchObject({
      siteUrl: 'https://marcenaria.com.br',
      instagramUrl: 'https://www.instagram.com/marcenaria',
      facebookUrl: 'https://m.facebook.com/marcenaria',
    });
    expect(workshopSchema.safeParse({ ...workshop, instagramUrl: 'instagram.com/' }).success).toBe(false);
  });

  it('takes an @handle or a bare name for Instagram and Facebook and keeps the full address', () => {
    const parsed = (instagramUrl: string, facebookUrl = '') =>
      workshopSchema.safeParse({ ...workshop, instagramUrl, facebookUrl });
    expect(parsed('@marcenaria.souza', ' @souzamoveis ').data).toMatchObject({
      instagramUrl: 'https://instagram.com/marcenaria.souza',
      facebookUrl: 'https://facebook.com/souzamoveis',
    });
    expect(parsed('marcenaria_souza').data?.instagramUrl).toBe('https://instagram.com/marcenaria_souza');
    expect(parsed('https://www.instagram.com/marcenaria').data?.instagramUrl).toBe(
      'https://www.instagram.com/marcenaria',
    );
    // A dotted name with no @ reads as an address: one of another site is still refused.
    expect(parsed('souza.com.br').success).toBe(false);
    expect(parsed('@souza moveis').success).toBe(false);
    expect(workshopSchema.safeParse({ ...workshop, siteUrl: 'javascript:alert(1)' }).success).toBe(false);
    expect(workshopSchema.safeParse({ ...workshop, cityName: 'Sorriso' }).success).toBe(false);
  });

  it('takes grades 1 to 5 or none, and de-duplicates equipment', () => {
    const base = {
      employeesAmount: null,
      customerType: null,
      bedroomProjectGrade: 1,
      kitchenProjectGrade: 5,
      bathroomProjectGrade: null,
      laundryProjectGrade: null,
      livingRoomProjectGrade: null,
      otherProjectTypes: '',
      equipmentIds: ['3', '3', '4'],
      otherEquipments: '',
    };
    expect(surveySchema.parse(base).equipmentIds).toEqual(['3', '4']);
    expect(surveySchema.safeParse({ ...base, kitchenProjectGrade: 0 }).success).toBe(false);
    expect(surveySchema.safeParse({ ...base, employeesAmount: Number.NaN }).success).toBe(false);
  });
});

describe('masks', () => {
  it('masks CEP, dates and CNPJ as they are typed', () => {
    expect(maskCep('01310100')).toBe('01310-100');
    expect(maskCep('0131')).toBe('0131');
    expect(maskDate('14031988')).toBe('14/03/1988');
    expect(maskDate('140')).toBe('14/0');
    expect(maskCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(isoToBrDate('1988-03-14')).toBe('14/03/1988');
    expect(isoToBrDate(null)).toBe('');
  });
});
