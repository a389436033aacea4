import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { MSetWhatsappChannel } from '@/lib/whatsapp/operations';
import { WhatsappSwitch } from './whatsapp-switch';

const turnOn = { request: { query: MSetWhatsappChannel, variables: { on: true } } };

describe('WhatsappSwitch', () => {
  it('moves under the finger at once and says the channel is on once saved', async () => {
    render(
      <MockedProvider
        mocks={[
          {
            ...turnOn,
            result: { data: { setWhatsappChannel: { __typename: 'User', id: '1', chatbotInvoiceUploadEnabled: true } } },
          },
        ]}
      >
        <WhatsappSwitch on={false} />
      </MockedProvider>,
    );
    const channel = screen.getByRole('switch', { name: /Enviar notas pelo WhatsApp/ });
    fireEvent.click(channel);
    expect(channel).toBeChecked();
    expect(await screen.findByText(/WhatsApp ligado/)).toBeInTheDocument();
    expect(channel).toBeChecked();
  });

  it('goes back when the save fails, and says so', async () => {
    render(
      <MockedProvider mocks={[{ ...turnOn, error: new Error('sem rede') }]}>
        <WhatsappSwitch on={false} />
      </MockedProvider>,
    );
    const channel = screen.getByRole('switch', { name: /Enviar notas pelo WhatsApp/ });
    fireEvent.click(channel);
    expect(await screen.findByText('Não foi possível salvar. Verifique a conexão e tente de novo.')).toBeInTheDocument();
    expect(channel).not.toBeChecked();
  });
});
