import type { OutboundSettings } from '../config';
import type { Db } from '../db/schema';
import { outboundSender } from './outbound';

/** How the club reaches a member: SMS to a phone (digits with DDD) and e-mail. */
export interface Messenger {
  sendSms(to: string, text: string): Promise<void>;
  sendEmail(to: string, subject: string, text: string): Promise<void>;
}

/** The embedded default: nothing leaves the machine; `npm run outbox` reads what was "sent". */
export function outboxMessenger(db: Db, now: () => number): Messenger {
  const store = async (channel: 'sms' | 'email', recipient: string, subject: string | null, body: string) => {
    await db
      .insertInto('outbox')
      .values({ channel, recipient, subject, body, created_at: new Date(now()).toISOString() })
      .execute();
  };
  return {
    sendSms: (to, text) => store('sms', to, null, text),
    sendEmail: (to, subject, text) => store('email', to.toLowerCase(), subject, text),
  };
}

/** Sends nothing: for what the club replays rather than does now (the demo's year seeded on an empty club). */
export const unsentMessenger: Messenger = {
  sendSms: () => Promise.resolve(),
  sendEmail: () => Promise.resolve(),
};

export interface SmsProviderSettings {
  /** The provider's HTTP endpoint; receives `{ to: "+55…", text }` as JSON. */
  readonly url: string;
  readonly token: string | undefined;
}

/**
 * A generic HTTP SMS provider (most Brazilian gateways take a JSON POST with a bearer token), through the outbound
 * guard: a gateway on the operator's own network needs its origin in OUTBOUND_PRIVATE_ORIGINS.
 */
export function httpSmsSender(settings: SmsProviderSettings, outbound: OutboundSettings): Messenger['sendSms'] {
  const send = outboundSender(outbound);
  return async (to, text) => {
    const response = await send(settings.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(settings.token ? { authorization: `Bearer ${settings.token}` } : {}),
      },
      body: JSON.stringify({ to: `+55${to}`, text }),
    });
    if (response.status < 200 || response.status > 299) throw new Error(`SMS provider answered ${response.status}`);
  };
}

/** SMTP through nodemailer, loaded only when configured so the embedded default does not pay for it. */
export function smtpEmailSender(smtpUrl: string, from: string): Messenger['sendEmail'] {
  let transport: Promise<{ sendMail: (m: Record<string, string>) => Promise<unknown> }> | undefined;
  return async (to, subject, text) => {
    transport ??= import('nodemailer').then((nodemailer) => nodemailer.createTransport(smtpUrl));
    await (await transport).sendMail({ from, to, subject, text });
  };
}

export interface MessengerSettings {
  readonly smsApiUrl: string | undefined;
  readonly smsApiToken: string | undefined;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly outbound: OutboundSettings;
}

/** Each channel goes to its configured provider, or to the outbox table when none is set. */
export function createMessenger(db: Db, settings: MessengerSettings, now: () => number): Messenger {
  const outbox = outboxMessenger(db, now);
  return {
    sendSms: settings.smsApiUrl
      ? httpSmsSender({ url: settings.smsApiUrl, token: settings.smsApiToken }, settings.outbound)
      : outbox.sendSms,
    sendEmail: settings.smtpUrl ? smtpEmailSender(settings.smtpUrl, settings.mailFrom) : outbox.sendEmail,
  };
}
