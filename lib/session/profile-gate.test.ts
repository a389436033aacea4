import { matchRoute } from '@/common/routes';
import { profileGateTarget } from './profile-gate';

const complete = { hasBasicProfile: true, hasPhoneNumber: true, changePasswordRequired: false };
const at = (path: string) => matchRoute(path)?.route;

describe('profile-completeness gate', () => {
  it('sends a member through dados, then celular, then senha', () => {
    expect(profileGateTarget({ ...complete, hasBasicProfile: false, hasPhoneNumber: false }, at('/'))).toBe(
      '/completar-cadastro/dados',
    );
    expect(profileGateTarget({ ...complete, hasPhoneNumber: false, changePasswordRequired: true }, at('/'))).toBe(
      '/completar-cadastro/celular',
    );
    expect(profileGateTarget({ ...complete, changePasswordRequired: true }, at('/perfil'))).toBe(
      '/completar-cadastro/senha',
    );
    expect(profileGateTarget(complete, at('/perfil'))).toBeNull();
  });

  it('is active on the completion pages themselves', () => {
    expect(profileGateTarget({ ...complete, hasBasicProfile: false }, at('/completar-cadastro/celular'))).toBe(
      '/completar-cadastro/dados',
    );
  });

  it('lets the e-mail confirmation run first', () => {
    expect(profileGateTarget({ ...complete, hasBasicProfile: false }, at('/confirmar-email'))).toBeNull();
  });
});
