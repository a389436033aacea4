import type { ResolverOptions } from 'react-hook-form';
import { lazyZodResolver } from './lazy-resolver';
import type { loginSchema } from '@/common/validation/login-schema';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<{
  login: string;
  password: string;
}>;

describe('lazyZodResolver', () => {
  it('loads the schema once, on first use or preload, and validates with its pt-BR messages', async () => {
    const load = jest.fn(() => import('@/common/validation/login-schema').then((m) => m.loginSchema('cpf')));
    const resolver = lazyZodResolver(load);
    expect(load).not.toHaveBeenCalled();

    const refused = await resolver({ login: '111.111.111-11', password: '' }, undefined, options);
    expect(refused.errors.login?.message).toBe('CPF inválido. Confira os números.');
    expect(refused.errors.password?.message).toBe('Informe sua senha.');

    await resolver.preload();
    const accepted = await resolver({ login: ' 529.982.247-25 ', password: 'x' }, undefined, options);
    expect(accepted.errors).toEqual({});
    expect(accepted.values).toEqual({ login: '529.982.247-25', password: 'x' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a load that failed (no signal)', async () => {
    const load = jest
      .fn<Promise<ReturnType<typeof loginSchema>>, []>()
      .mockRejectedValueOnce(new Error('Failed to fetch'))
      .mockImplementation(() => import('@/common/validation/login-schema').then((m) => m.loginSchema('any')));
    const resolver = lazyZodResolver(load);
    await expect(resolver.preload()).rejects.toThrow('Failed to fetch');
    const result = await resolver({ login: '', password: '' }, undefined, options);
    expect(result.errors.login?.message).toBe('Informe seu CPF, e-mail ou celular.');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
