/**
 * Delivery of phone codes and emails behind one interface. The development
 * provider writes every message to the `outbox` table (read it with
 * `npm run cafe -- outbox` or GET /admin/outbox); the SMTP provider sends
 * email for real (set SPAWNPOINT_SMTP_URL, e.g. smtp://user:pass@host:587,
 * and SPAWNPOINT_MAIL_FROM). SMS always goes to the outbox until a cafe wires
 * an SMS gateway behind the same interface.
 */
import nodemailer from 'nodemailer';
import type { Clock } from '../clock/clock.js';
import { isoNow } from '../clock/clock.js';
import type { Db } from '../db/schema.js';

export interface OutgoingMessage {
  channel: 'sms' | 'email';
  to: string;
  subject: string;
  body: string;
}

export interface DeliveryProvider {
  send(message: OutgoingMessage): Promise<void>;
}

export function outboxProvider(db: Db, clock: Clock): DeliveryProvider {
  return {
    async send(message) {
      await db
        .insertInto('outbox')
        .values({
          channel: message.channel,
          recipient: message.to,
          subject: message.subject,
          body: message.body,
          created_at: isoNow(clock),
        })
        .execute();
    },
  };
}

export function smtpProvider(options: { url: string; from: string }, fallback: DeliveryProvider): DeliveryProvider {
  const transport = nodemailer.createTransport(options.url);
  return {
    async send(message) {
      if (message.channel !== 'email') return fallback.send(message);
      await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.body });
    },
  };
}

/** The provider for this process: SMTP when configured, otherwise the development outbox. */
export function deliveryFromEnv(db: Db, clock: Clock, env: NodeJS.ProcessEnv = process.env): DeliveryProvider {
  const outbox = outboxProvider(db, clock);
  const url = env.SPAWNPOINT_SMTP_URL;
  if (!url) return outbox;
  return smtpProvider({ url, from: env.SPAWNPOINT_MAIL_FROM ?? 'Spawnpoint <no-reply@localhost>' }, outbox);
}
