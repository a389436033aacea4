import { signUpSchema } from './sign-up-schema';

const TODAY = () => new Date('2026-11-24T12:00:00Z');
const valid = {
  name: 'Ana',
  surName: 'Souza',
  cpf: '529.982.247-25',
  email: 'ana@exemplo.com.br',
  phoneNumber: '(11) 98765-4321',
  birthDate: '14/03/1988',
  acceptTerms: true,
  acceptEmailComunications: true,
  acceptMessageComunications: false,
};

const birthDateError = (birthDate: string) =>
  signUpSchema(TODAY)
    .safeParse({ ...valid, birthDate })
    .error?.issues.find((i) => i.path[0] === 'birthDate')?.message;

describe('sign-up birth date', () => {
  it('is typed as dd/mm/aaaa, like the profile, and reaches the API as aaaa-mm-dd', () => {
    expect(signUpSchema(TODAY).parse(valid).birthDate).toBe('1988-03-14');
    // API clients may still send the ISO date.
    expect(signUpSchema(TODAY).parse({ ...valid, birthDate: '1988-03-14' }).birthDate).toBe('1988-03-14');
  });

  it('names what is wrong in Portuguese', () => {
    expect(birthDateError('')).toBe('Informe sua data de nascimento.');
    expect(birthDateError('31/02/1990')).toBe('Data inválida. Use dd/mm/aaaa.');
    expect(birthDateError('25/11/2008')).toBe('O clube é para maiores de 18 anos.');
    expect(birthDateError('24/11/2008')).toBeUndefined();
    expect(birthDateError('01/01/1900')).toBe('Confira o ano de nascimento.');
  });
});
