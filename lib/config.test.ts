import { config, readConfig } from './config';

describe('config', () => {
  it('has the resend-code timer at 30 seconds by default, never undefined', () => {
    expect(config.resendCodeTimerSeconds).toBe(30);
    expect(readConfig({}).resendCodeTimerSeconds).toBe(30);
    expect(readConfig({ NEXT_PUBLIC_RESEND_CODE_TIMER: '' }).resendCodeTimerSeconds).toBe(30);
    expect(readConfig({ NEXT_PUBLIC_RESEND_CODE_TIMER: 'abc' }).resendCodeTimerSeconds).toBe(30);
    expect(readConfig({ NEXT_PUBLIC_RESEND_CODE_TIMER: '45' }).resendCodeTimerSeconds).toBe(45);
  });

  // The defaults of docs/product.md#13-configuration.
  it('embeds the documented defaults', () => {
    const c = readConfig({});
    expect(c).toMatchObject({
      environment: 'production',
      maintenanceMode: false,
      humanVerification: true,
      graphqlUrl: '/graphql',
      graphqlGetForQueries: false,
      basePath: '/',
      devServerPort: 3000,
    });
    expect(c.tagManagerId).toBeUndefined();
    expect(c.analyticsId).toBeUndefined();
    expect(c.whatsappNumber).toMatch(/^\d{12,13}$/);
  });

  it('reads overrides from NEXT_PUBLIC_* variables', () => {
    const c = readConfig({
      NEXT_PUBLIC_MAINTENANCE_MODE: 'true',
      NEXT_PUBLIC_HUMAN_VERIFICATION: 'false',
      NEXT_PUBLIC_GTM_ID: 'GTM-ABC',
      NEXT_PUBLIC_GRAPHQL_URL: 'https://api.exemplo.com.br/graphql',
      NEXT_PUBLIC_WHATSAPP_NUMBER: '+55 (11) 91234-5678',
    });
    expect(c).toMatchObject({
      maintenanceMode: true,
      humanVerification: false,
      tagManagerId: 'GTM-ABC',
      graphqlUrl: 'https://api.exemplo.com.br/graphql',
      whatsappNumber: '5511912345678',
    });
  });

  it('sends the session-security calls to the API itself unless told otherwise', () => {
    expect(readConfig({}).sessionSecurity).toEqual({ url: '', clientId: 'clube-web', secret: 'publico' });
    expect(readConfig({ NEXT_PUBLIC_GRAPHQL_URL: 'https://api.exemplo.com.br/graphql' }).sessionSecurity.url).toBe(
      'https://api.exemplo.com.br',
    );
    const c = readConfig({
      NEXT_PUBLIC_SESSION_SECURITY_URL: 'https://seguranca.exemplo.com.br/',
      NEXT_PUBLIC_SESSION_SECURITY_CLIENT_ID: 'clube-app',
      NEXT_PUBLIC_SESSION_SECURITY_SECRET: 's3',
    });
    expect(c.sessionSecurity).toEqual({ url: 'https://seguranca.exemplo.com.br', clientId: 'clube-app', secret: 's3' });
  });
});
