/**
 * SMS goes out through a provider. The embedded default is the local outbox (outbox.ts): nothing
 * leaves the machine, each message is written to the sms_outbox table and to the server log, and a
 * person running the demo reads it at /dev/sms-outbox. A real gateway implements the same interface.
 */
export interface SmsMessage {
  /** '+<area code> <number>'. */
  to: string;
  /** The member the message is for (for the outbox page). */
  userId: string;
  /** What the text is for (the outbox page shows it). */
  purpose: 'verify' | 'reminder' | 'unlock';
  body: string;
}

export interface SmsProvider {
  /** 'local' for the outbox; a real provider's name otherwise. */
  readonly name: string;
  /** Sends one message; throws when it could not be sent. */
  send(message: SmsMessage): Promise<void>;
}

/** A number as the outbox and the message show it. */
export const phoneNumberOf = (areaCode: string, phoneNo: string) =>
  `+${areaCode.replace(/^\+/, '')} ${phoneNo}`;
