import { describeEvent, firstWords, type NotificationEvent } from './events';

const CPF = '529.982.247-25';

/** A reward order shipped by Correios, as the fulfilment writes its notice. */
const SHIPPED = {
  type: 'reward-order',
  userId: 1,
  orderId: 12,
  rewardName: 'Serra tico-tico',
  status: 'shipped',
  shipment: { carrier: 'Correios', trackingCode: 'QB123456789BR' },
} as const;

describe('what a notification says', () => {
  it('gives every event a kind, a short pt-BR text and the screen a tap opens', () => {
    const events: [NotificationEvent, string, string, string][] = [
      [
        { type: 'invoice-cancelled', userId: 1, label: 'NF-e nº 123', points: 250 },
        'invoices',
        'Nota cancelada pela Sefaz',
        '/minhas-nfs',
      ],
      [
        { type: 'project-approved', userId: 1, title: 'Cozinha planejada', points: 300 },
        'projects',
        'Projeto aprovado',
        '/projetos',
      ],
      [
        { type: 'project-refused', userId: 1, title: 'Cozinha', reason: 'Fotos escuras demais' },
        'projects',
        'Projeto recusado',
        '/projetos',
      ],
      [SHIPPED, 'rewards', 'Resgate enviado', '/meus-resgates#pedido-12'],
      [
        { type: 'partner-transfer', userId: 1, transferId: 4, partnerName: 'Voa Mais', completed: false },
        'rewards',
        'Transferência não concluída',
        '/premios/transferir',
      ],
      [
        { type: 'club-news', userId: 1, title: 'Feira de marcenaria', body: 'Sábado na loja.', url: '/promocoes' },
        'news',
        'Feira de marcenaria',
        '/promocoes',
      ],
    ];
    for (const [event, kind, title, url] of events) {
      expect(describeEvent(event)).toMatchObject({ kind, title, url });
      expect(describeEvent(event).body.length).toBeLessThanOrEqual(180);
    }
  });

  it('names the parcel of a shipped order by its tracking code, which no clipping of a long text cuts', () => {
    const shipped = describeEvent(SHIPPED);
    expect(shipped.body).toBe(
      'Seu resgate nº 12 (Serra tico-tico) foi enviado. Código de rastreio: QB123456789BR (Correios). Acompanhe a entrega no app.',
    );
    const corrected = describeEvent({
      type: 'reward-order',
      userId: 1,
      orderId: 1234567,
      rewardName: 'Kit de fresas de metal duro com haste de 8 mm para tupia',
      status: 'tracking-corrected',
      shipment: { carrier: 'Transportadora Rodoviária Expressa do Interior Paulista', trackingCode: 'A'.repeat(40) },
    });
    expect(corrected.title).toBe('Rastreio corrigido');
    expect(corrected.body.length).toBeLessThanOrEqual(180);
    expect(corrected.body).toContain(`Novo código: ${'A'.repeat(40)} (`);
  });

  it('takes anything shaped like a CPF, a CNPJ or an amount in reais out of text a person typed', () => {
    const said = describeEvent({
      type: 'project-refused',
      userId: 1,
      title: `Armário do CPF ${CPF}`,
      reason: 'Nota 12.345.678/0001-95 de R$ 2.500,00 não é do cadastro',
    });
    expect(said.body).not.toMatch(/529|982|2\.500|12\.345/);
    expect(firstWords('um dois três quatro cinco seis sete oito nove dez')).toBe(
      'um dois três quatro cinco seis sete oito…',
    );
  });

  it('opens only a path of the app, never another site', () => {
    const said = describeEvent({ type: 'club-news', userId: 1, title: 'Oi', body: 'Veja', url: 'https://outro.site' });
    expect(said.url).toBe('/');
    for (const url of ['//outro.site/x', '/\\outro.site']) {
      expect(describeEvent({ type: 'club-news', userId: 1, title: 'Oi', body: 'Veja', url }).url).toBe('/');
    }
  });
});
