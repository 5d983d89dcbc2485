/**
 * The stand-in phones' voices: once the local center joins a call, each phone page publishes its
 * microphone into an SFU room of its own leg and listens to the other legs' rooms, the live rooms'
 * publish / watch / answer signalling over the same SFU. Audio only: the page offers no camera.
 * A leg that ends closes its room and the connections listening to it.
 */
import type { StandInListenAnswer, StandInPhone } from '../../../protocol/call-service/call-service';
import { notFound } from '../../core/errors';
import { type IceConfig, iceServersFor } from '../../sfu/ice';
import type { Sfu } from '../../sfu/sfu';
import type { LocalCallCenter } from './call-center';

/** The SFU room a phone's microphone goes into. */
const voiceOf = (legId: string) => `call-center:${legId}`;

export class StandInAudio {
  /** Listening connections: viewer id → the leg whose page listens. */
  private readonly listeners = new Map<string, string>();

  constructor(
    private readonly center: LocalCallCenter,
    private readonly sfu: Sfu,
    private readonly ice: IceConfig,
  ) {
    center.onLegEnded((legId) => this.closeLeg(legId));
  }

  /** A bridged phone's microphone: its offer in, the SFU's answer out. */
  async speak(legId: string, offer: string): Promise<{ sdp: string }> {
    this.talking(legId);
    return { sdp: await this.sfu.publish(voiceOf(legId), offer) };
  }

  /** The SFU's offer of another leg's voice in the same call (it may speak later: media starts then). */
  async listen(userid: string, legId: string, fromLegId: string): Promise<StandInListenAnswer> {
    const phone = this.talking(legId);
    const from = this.talking(fromLegId);
    if (from.call_id !== phone.call_id || from.leg_id === phone.leg_id) throw notFound();
    const { viewerId, offer } = await this.sfu.watch(voiceOf(fromLegId));
    this.listeners.set(viewerId, legId);
    return { viewer_id: viewerId, sdp: offer, ice_servers: iceServersFor(userid, this.ice) };
  }

  /** The page's answer to a `listen` offer: the voice starts flowing. */
  async hear(viewerId: string, sdp: string): Promise<Record<string, never>> {
    const legId = this.listeners.get(viewerId);
    if (!legId || !this.center.phone(legId)) throw notFound();
    await this.sfu.answer(viewerId, sdp);
    return {};
  }

  /** A phone that may talk: answered, in a call the center has joined. */
  private talking(legId: string): StandInPhone {
    const phone = this.center.phone(legId);
    if (phone?.state !== 'answered' || phone.bridged !== 1) throw notFound();
    return phone;
  }

  private closeLeg(legId: string): void {
    this.sfu.close(voiceOf(legId));
    for (const [viewerId, listener] of this.listeners) {
      if (listener !== legId) continue;
      this.listeners.delete(viewerId);
      this.sfu.leave(viewerId);
    }
  }
}
