/**
 * Delivery of phone codes and emails behind one interface (issue 25 made it
 * leave the building). Email: SMTP when SPAWNPOINT_SMTP_URL (or
 * SPAWNPOINT_SMTP_URL_FILE) is set, through nodemailer. SMS: the generic HTTP
 * gateway (sms-http.ts) when SPAWNPOINT_SMS_HTTP_URL is set. Phone codes:
 * Twilio Verify (twilio-verify.ts: it makes, sends — SMS or WhatsApp — and
 * checks the code itself) when SPAWNPOINT_TWILIO_VERIFY_SERVICE_SID is set.
 * Whatever is not configured goes to the development outbox (`outbox` table:
 * `npm run cafe -- outbox`, GET /admin/outbox). A gateway that refuses or
 * cannot be reached is a 502 with a plain message; the number, the code, the
 * link and every secret stay out of the logs and the error.
 */
import nodemailer from 'nodemailer';
import type { Clock } from '../clock/clock.js';
import { isoNow } from '../clock/clock.js';
import type { Db } from '../db/schema.js';
import { secretFromEnv } from '../config/env-secrets.js';
import { httpSmsFromEnv } from './sms-http.js';
import { twilioVerifyFromEnv } from './twilio-verify.js';
import { notDelivered, type DeliveryProvider, type PhoneVerification } from './provider.js';

export type { DeliveryProvider, OutgoingMessage, PhoneVerification } from './provider.js';
export { NOT_DELIVERED, notDelivered } from './provider.js';

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
      try {
        await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.body });
      } catch {
        throw notDelivered();
      }
    },
  };
}

/** Email one way, SMS another (each falls back to the outbox when not configured). */
export function routedProvider(email: DeliveryProvider, sms: DeliveryProvider, phoneVerification?: PhoneVerification): DeliveryProvider {
  return {
    send: (message) => (message.channel === 'email' ? email.send(message) : sms.send(message)),
    phoneVerification,
  };
}

/** The provider for this process, from the environment (README "Phone and email delivery"). */
export function deliveryFromEnv(db: Db, clock: Clock, env: NodeJS.ProcessEnv = process.env): DeliveryProvider {
  const outbox = outboxProvider(db, clock);
  const url = secretFromEnv(env, 'SPAWNPOINT_SMTP_URL');
  const email = url ? smtpProvider({ url, from: env.SPAWNPOINT_MAIL_FROM ?? 'Spawnpoint <no-reply@localhost>' }, outbox) : outbox;
  const sms = httpSmsFromEnv(env) ?? outbox;
  return routedProvider(email, sms, twilioVerifyFromEnv(env));
}
