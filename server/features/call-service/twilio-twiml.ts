/**
 * The TwiML the Twilio call center answers with: the press-1 step on his phone, the conference
 * named by the call that bridges the legs, and a hang-up for a leg whose call is over.
 */
import twilio from 'twilio';

/** How long his phone waits for a key after the prompt, and how many prompts before goodbye. */
const GATHER_TIMEOUT_S = 5;
export const GATHER_ATTEMPTS = 3;

/** His leg: one digit, posted to `action` (also when nothing was pressed in time). */
export function pressOneTwiml(action: string): string {
  const response = new twilio.twiml.VoiceResponse();
  const gather = response.gather({
    input: ['dtmf'],
    numDigits: 1,
    timeout: GATHER_TIMEOUT_S,
    action,
    method: 'POST',
    actionOnEmptyResult: true,
  });
  gather.say('Your Glimmer call is ready. Press 1 to be connected.');
  return response.toString();
}

/**
 * A leg enters the conference named by the call. Until a leg that starts it enters (the last leg
 * the call needs, once the call is connected) the others wait there with hold music; any leg
 * leaving ends it for all.
 */
export function conferenceTwiml(callId: string, start: boolean, greeting?: string): string {
  const response = new twilio.twiml.VoiceResponse();
  if (greeting) response.say(greeting);
  response
    .dial()
    .conference({ startConferenceOnEnter: start, endConferenceOnExit: true, beep: 'false' }, callId);
  return response.toString();
}

/** The call is over (or he never pressed 1): the leg is hung up. */
export function hangUpTwiml(farewell?: string): string {
  const response = new twilio.twiml.VoiceResponse();
  if (farewell) response.say(farewell);
  response.hangup();
  return response.toString();
}
