import type { Generated } from 'kysely';

declare module '../../db/schema' {
  interface Database {
    whatsapp_deliveries: WhatsappDeliveriesTable;
    whatsapp_messages: WhatsappMessagesTable;
    whatsapp_statuses: WhatsappStatusesTable;
    whatsapp_media: WhatsappMediaTable;
    whatsapp_handovers: WhatsappHandoversTable;
    whatsapp_notices: WhatsappNoticesTable;
    whatsapp_notice_cursor: WhatsappNoticeCursorTable;
  }
}

/**
 * The durable queue between Meta's webhook and the work: each signed delivery is written as it came and answered 200
 * at once; the inbox job claims it (a lease, as the notifications outbox does), does the work and marks it done.
 */
export interface WhatsappDeliveriesTable {
  id: Generated<number>;
  /** The delivery's JSON as Meta sent it; emptied once the work is done. */
  body: string;
  received_at: string;
  attempts: Generated<number>;
  /** Null once done or given up. */
  next_attempt_at: string | null;
  claimed_by: string | null;
  claimed_until: string | null;
  done_at: string | null;
  last_error: string | null;
}

export type WhatsappDirection = 'in' | 'out';

/** What the outbound send job does with a message of the club's: send it, or nothing more. */
export type WhatsappSendState = 'queued' | 'sent' | 'local' | 'failed';

/** Every message of the channel, both ways, kept 90 days for support and then deleted by the daily job. */
export interface WhatsappMessagesTable {
  id: Generated<number>;
  /** WhatsApp's message id (`wamid.…`): unique, so a redelivered webhook does nothing twice. */
  wamid: string;
  direction: WhatsappDirection;
  /** The member's WhatsApp id as Meta writes it: country code and number, digits only. */
  wa_id: string;
  /** The member the number belongs to, when it is one's verified celular. */
  user_id: number | null;
  /** WhatsApp's message type: text, image, document, interactive… */
  kind: string;
  /** The text, a caption, or the title of the button pressed; for an interactive reply of ours, its JSON. */
  body: string;
  media_id: string | null;
  /** When it was written (inbound: WhatsApp's timestamp; outbound: when queued). */
  created_at: string;
  /** Outbound only. */
  send_state: WhatsappSendState | null;
  attempts: Generated<number>;
  next_attempt_at: string | null;
  claimed_by: string | null;
  claimed_until: string | null;
  last_error: string | null;
}

/** Meta's status callbacks of our messages, one row per status reached: they may come in any order. */
export interface WhatsappStatusesTable {
  wamid: string;
  status: string;
  /** WhatsApp's timestamp of the status. */
  at: string;
  /** For `failed`: Meta's error code and title. */
  error: string | null;
  received_at: string;
}

/**
 * Where a member's file sent to the number stands: `waiting` for the rest of its nota (a short window, or its key),
 * `needs_key` once the bot asked for the key, `done` when it went into an invoice, `refused` when it could not.
 */
export type WhatsappMediaState = 'waiting' | 'needs_key' | 'done' | 'refused';

/** A photo, PDF or XML a member sent, on its way to an invoice (server/modules/whatsapp/media-invoices.ts). */
export interface WhatsappMediaTable {
  id: Generated<number>;
  /** The inbound message that carried it; the row goes with the message after 90 days. */
  message_id: number;
  user_id: number;
  wa_id: string;
  /** Meta's media id (embedded: the id `npm run whatsapp -- enviar --arquivo` kept the file under). */
  media_id: string;
  mime_type: string | null;
  file_name: string | null;
  /** The 44 digits from the caption, or from a message after it. */
  access_key: string | null;
  state: WhatsappMediaState;
  invoice_id: number | null;
  received_at: string;
  attempts: Generated<number>;
  next_attempt_at: string | null;
  claimed_by: string | null;
  claimed_until: string | null;
  last_error: string | null;
}

/** Why a member's chat with a person ended: staff ended it in the painel, or the member left the app ("Sair"). */
export type HandoverEnd = 'staff' | 'logout';

/** A member's conversation handed to a person ("atendente"): the bot stays quiet but for commands while it is open. */
export interface WhatsappHandoversTable {
  id: Generated<number>;
  user_id: number;
  opened_at: string;
  closed_at: string | null;
  closed_reason: HandoverEnd | null;
}

/**
 * What became of a notice for a member who accepted "Por SMS e WhatsApp": sent as a message (within 24 hours of the
 * member's last message), as the approved template (after them), or kept in the app only (after them, no template).
 */
export type WhatsappNoticeOutcome = 'message' | 'template' | 'app-only';

/** One row per notice the channel considered: its primary key keeps a notice from going twice. */
export interface WhatsappNoticesTable {
  notification_id: number;
  user_id: number;
  /** The message queued for it (none for `app-only`; emptied when the message is deleted after 90 days). */
  message_id: number | null;
  outcome: WhatsappNoticeOutcome;
  at: string;
}

/** One row (id 1): the last notice the channel read. */
export interface WhatsappNoticeCursorTable {
  id: number;
  last_notification_id: number;
}
