/**
 * A stand-in phone's voice once the center joins its call: the page's microphone goes to the SFU
 * and every other leg's voice comes back, with the live rooms' signalling (rtc.ts: our offer out
 * for a microphone, the server's offer answered for what we hear). Audio only.
 */
import { publishCamera, receive } from '../live/rtc';
import { hear, listen, speak } from './phones-api';

export interface HeardVoice {
  /** Whose phone it comes from. */
  owner: string;
  stream: MediaStream;
}

export interface PhoneLine {
  voices: HeardVoice[];
  hangUp(): void;
}

/** Opens the line of `legId`: its microphone out, the voices of `others` (leg id and owner) in. */
export async function openPhoneLine(
  legId: string,
  others: { legId: string; owner: string }[],
): Promise<PhoneLine> {
  const connections: RTCPeerConnection[] = [];
  let microphone: MediaStream | undefined;
  const hangUp = () => {
    for (const pc of connections) pc.close();
    for (const track of microphone?.getTracks() ?? []) track.stop();
  };
  try {
    microphone = await navigator.mediaDevices.getUserMedia({ audio: true, video: false });
    connections.push(await publishCamera(microphone, (sdp) => speak(legId, sdp)));
    const voices: HeardVoice[] = [];
    for (const other of others) {
      const offer = await listen(legId, other.legId);
      const heard = await receive(offer, (sdp) => hear(offer.viewer_id, sdp));
      connections.push(heard.pc);
      voices.push({ owner: other.owner, stream: heard.stream });
    }
    return { voices, hangUp };
  } catch (error) {
    hangUp();
    throw error;
  }
}
