import { loginSchema } from './login-schema';

const check = (variant: Parameters<typeof loginSchema>[0], login: string) =>
  loginSchema(variant).safeParse({ login, password: 'x' });

describe('loginSchema', () => {
  it('takes on the celular page a number whose eleven digits are also a valid CPF', () => {
    // 11970426101 passes the CPF check digits; as typed on /login-telefone it is a celular.
    expect(check('phone', '(11) 97042-6101').success).toBe(true);
    expect(check('phone', '(11) 98765-4321').success).toBe(true);
  });

  it('refuses on the celular page what is no celular, in Portuguese', () => {
    const result = check('phone', '1234');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Celular inválido. Use DDD e número, como (11) 98765-4321.');
    expect(check('phone', 'ana@exemplo.com.br').success).toBe(false);
  });
});
