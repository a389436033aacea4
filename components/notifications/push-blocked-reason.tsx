import type { PushBlocked } from '@/lib/pwa/use-push-blocked';

const WHY: Record<PushBlocked, string> = {
  denied:
    'As notificações estão bloqueadas neste navegador. Para receber avisos aqui, libere as notificações do site nas ' +
    'configurações do navegador.',
  'ios-add-to-home':
    'No iPhone e no iPad, as notificações só chegam com o clube adicionado à Tela de Início, como explicado acima.',
  'ios-update': 'Este iPhone ou iPad só recebe notificações com o iOS 16.4 ou mais novo.',
  unsupported: 'Este navegador não recebe notificações.',
};

/**
 * Why the push switches of "O que avisar" show off in this browser, for the switches' aria-describedby. Only the
 * switches are shown off: the member's choices stay on the club for the devices that do receive, and "Novidades do
 * clube" is also the consent to SMS and WhatsApp, which this browser has nothing to do with.
 */
export function PushBlockedReason({ id, blocked }: { id: string; blocked: PushBlocked }) {
  return (
    <div id={id} className="alert alert--warning push-blocked-reason">
      <p>{WHY[blocked]}</p>
      <p>
        Por isso, as opções abaixo aparecem desligadas neste aparelho, menos “Novidades do clube”, que também vale para
        SMS e WhatsApp. Suas escolhas continuam guardadas e valem nos aparelhos que recebem as notificações.
      </p>
    </div>
  );
}
