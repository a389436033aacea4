import { fireEvent, render, screen } from '@testing-library/react';
import { KioskScreen } from './kiosk-screen';

/** The API's answer once an address has used up its wrong set-up codes (server/modules/kiosk/service.ts). */
const refusedForTheAddress = {
  data: null,
  errors: [
    {
      message: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
      extensions: { code: 'TOO_MANY_REQUESTS' },
    },
  ],
};
const wrongCode = {
  data: null,
  errors: [
    {
      message: 'Código inválido ou vencido. Peça um novo código à equipe do Clube do Marceneiro.',
      extensions: { code: 'BAD_USER_INPUT' },
    },
  ],
};

/** jsdom has no Response: the parts of one that the app's GraphQL client reads. */
const answerWith = (body: unknown) =>
  jest.fn(() =>
    Promise.resolve({
      status: 200,
      headers: new Headers({ 'content-type': 'application/json' }),
      text: () => Promise.resolve(JSON.stringify(body)),
    } as unknown as Response),
  ) as unknown as typeof fetch;

describe('KioskScreen set-up', () => {
  // The app's client logs every refused operation as a warning (the console contract of the member pages).
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => {}));
  afterEach(() => localStorage.clear());

  async function typeCode(code: string) {
    render(<KioskScreen />);
    const field = await screen.findByLabelText('Código do totem');
    fireEvent.change(field, { target: { value: code } });
    fireEvent.click(screen.getByRole('button', { name: 'Ativar totem' }));
    return field;
  }

  it('tells the attendant to wait and ask for a new code when the address is refused, keeping the typed code', async () => {
    global.fetch = answerWith(refusedForTheAddress);
    const field = await typeCode('ABCD EFGH');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Muitas tentativas. Aguarde alguns minutos e peça um novo código à equipe do Clube do Marceneiro.',
    );
    expect(field).toHaveValue('ABCD EFGH');
    expect(screen.getByRole('heading', { name: 'Configurar o totem' })).toBeInTheDocument();
  });

  it('shows the API message for a wrong code', async () => {
    global.fetch = answerWith(wrongCode);
    await typeCode('ABCDEFGH');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Código inválido ou vencido. Peça um novo código à equipe do Clube do Marceneiro.',
    );
  });
});
