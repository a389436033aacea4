import { randomBytes } from 'node:crypto';
import { outboundRequest } from '../../adapters/outbound';
import { signWebhook, WHATSAPP_SIGNATURE_HEADER } from '../../adapters/whatsapp-signature';

/**
 * Meta's webhook bodies as its reference shows them, for the embedded stand-in (`npm run whatsapp -- enviar`) and
 * the tests: one change of the `messages` field with the club's number's metadata.
 */
export const STAND_IN_PHONE_NUMBER_ID = '106540352242922';

export const standInWamid = () => `wamid.${randomBytes(18).toString('base64url')}`;

export function webhookOf(value: object): object {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '551140041234', phone_number_id: STAND_IN_PHONE_NUMBER_ID },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

/** One message from a number: Meta's `from`, wamid and timestamp (seconds) around the message's own fields. */
export function messageWebhook(from: string, at: number, message: object, id = standInWamid()): object {
  return webhookOf({
    contacts: [{ profile: { name: 'Membro' }, wa_id: from }],
    messages: [{ from, id, timestamp: String(Math.floor(at / 1000)), ...message }],
  });
}

/**
 * Posts a body to a club's webhook as Meta would: the bytes signed with the app secret. Through the outbound guard,
 * with the server's own origin listed (it runs on this machine or the operator's network).
 */
export async function deliverWebhook(webhookUrl: string, appSecret: string, body: object): Promise<number> {
  const raw = JSON.stringify(body);
  const response = await outboundRequest(
    webhookUrl,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', [WHATSAPP_SIGNATURE_HEADER]: signWebhook(appSecret, raw) },
      body: raw,
    },
    { privateOrigins: [new URL(webhookUrl).origin], timeoutMs: 10_000 },
  );
  return response.status;
}
