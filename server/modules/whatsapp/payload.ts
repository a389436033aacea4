import { z } from 'zod';

/**
 * Meta's webhook body for the `messages` field: a batch of entries, each with changes whose value holds inbound
 * `messages` and/or `statuses` of the club's own. Unknown fields are ignored (Meta adds some without notice); each
 * message and status is read on its own, so one of a type the club does not know never sinks the rest.
 */
export const webhookBody = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              field: z.string(),
              value: z.object({
                metadata: z
                  .object({ phone_number_id: z.string().max(40) })
                  .partial()
                  .optional(),
                messages: z.array(z.unknown()).max(1000).optional(),
                statuses: z.array(z.unknown()).max(1000).optional(),
              }),
            }),
          )
          .max(100),
      }),
    )
    .max(100),
});

const waId = z.string().regex(/^\d{8,15}$/);
const wamid = z.string().min(1).max(200);
const unixSeconds = z
  .string()
  .regex(/^\d{1,12}$/)
  .transform((s) => new Date(Number(s) * 1000).toISOString());

const media = z.object({
  id: z.string().min(1).max(100),
  mime_type: z.string().max(200).optional(),
  sha256: z.string().max(200).optional(),
  caption: z.string().max(4096).optional(),
  filename: z.string().max(300).optional(),
});

export const inboundMessage = z.object({
  from: waId,
  id: wamid,
  timestamp: unixSeconds,
  type: z.string().min(1).max(40),
  text: z.object({ body: z.string().max(4096) }).optional(),
  image: media.optional(),
  document: media.optional(),
  interactive: z
    .object({ button_reply: z.object({ id: z.string().max(256), title: z.string().max(100) }).optional() })
    .optional(),
  button: z.object({ payload: z.string().max(256), text: z.string().max(256) }).optional(),
});

export type InboundMessage = z.infer<typeof inboundMessage>;

export const statusUpdate = z.object({
  id: wamid,
  status: z.enum(['sent', 'delivered', 'read', 'failed', 'deleted']),
  timestamp: unixSeconds,
  recipient_id: z.string().max(40).optional(),
  errors: z
    .array(z.object({ code: z.number().optional(), title: z.string().max(300).optional() }))
    .max(10)
    .optional(),
});

export type StatusUpdate = z.infer<typeof statusUpdate>;

/** What the member sent, as one line for the conversation: the text, the caption, the button pressed. */
export function textOf(message: InboundMessage): string {
  return (
    message.text?.body ??
    message.interactive?.button_reply?.title ??
    message.button?.text ??
    message.image?.caption ??
    message.document?.caption ??
    ''
  );
}

export const mediaOf = (message: InboundMessage) => message.image ?? message.document ?? null;
