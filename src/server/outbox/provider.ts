/** What every delivery provider is (the development outbox, SMTP, the SMS gateway, Twilio Verify), and the one error a failure becomes. */
import { HttpError } from '../base/errors.js';

export interface OutgoingMessage {
  channel: 'sms' | 'email';
  to: string;
  subject: string;
  body: string;
}

/** A gateway that makes, sends and checks phone codes itself (Twilio Verify). */
export interface PhoneVerification {
  start(phone: string): Promise<void>;
  /** True only when the gateway approves this code for this number. */
  check(phone: string, code: string): Promise<boolean>;
}

export interface DeliveryProvider {
  send(message: OutgoingMessage): Promise<void>;
  /** When set, phone codes are the gateway's, not ours (auth/phone-codes.ts). */
  phoneVerification?: PhoneVerification;
}

export const NOT_DELIVERED = 'The message could not be sent. Please try again later.';

/** The one error a gateway failure becomes (nothing of the message in it). */
export const notDelivered = () => new HttpError(502, NOT_DELIVERED);
