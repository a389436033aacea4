import { isValidCpf } from './cpf';
import { classifyLoginIdentifier } from './login-identifier';

describe('login identifier', () => {
  it('validates CPF check digits', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
  });

  it('tells CPF, e-mail and celular apart', () => {
    expect(classifyLoginIdentifier('529.982.247-25')).toEqual({ kind: 'cpf', value: '52998224725' });
    expect(classifyLoginIdentifier(' Marceneiro@Exemplo.com.br ')).toEqual({
      kind: 'email',
      value: 'marceneiro@exemplo.com.br',
    });
    expect(classifyLoginIdentifier('(11) 98765-4321')).toEqual({ kind: 'phone', value: '11987654321' });
    expect(classifyLoginIdentifier('+55 11 98765-4321')).toEqual({ kind: 'phone', value: '11987654321' });
    expect(classifyLoginIdentifier('1234')).toEqual({ kind: 'unknown', value: '1234' });
    expect(classifyLoginIdentifier('ana@')).toMatchObject({ kind: 'unknown' });
  });
});
