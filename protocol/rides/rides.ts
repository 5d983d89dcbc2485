/**
 * Rides (backpack pack3; protocol/backpack reads the spec: a vehicle that announces him with an
 * entrance effect when he enters a broadcaster's room, held for some days). Decisions where the
 * spec is silent:
 * - How he gets one: the ride shop (pack3) sells RIDE_OFFERS for credits, after the price
 *   confirmation, one ledger charge per key (reason 'ride'); a repeat of the key answers the same
 *   ride. Each purchase is its own ride in his backpack (kind 'ride'), expiring `days` after it.
 *   The gift package's Fancy Car stays a gift (it is given, not ridden).
 * - One ride is active at a time: the first he gets becomes active by itself; he may choose another
 *   he holds, or none. An expired ride announces nothing.
 * - When he enters a live room (a new visit, not a reload that resumes it) with an active ride,
 *   everyone in the room hears RIDE_ENTRANCE_EVENT ("George arrived in a Fancy Car"); the room
 *   shows it a few seconds, still when the device asks for reduced motion. A One-on-One is not
 *   announced (nobody else is there).
 */
import type { Flag } from '../types';

export const RideApi = {
  /** Ours, member: POST, no body → RideShop (the offers and his rides). */
  getRideShop: '/share/v1/getRideShop',
  /** Ours, member: POST {offer_id, key} → RideBought. */
  buyRide: '/share/v1/buyRide',
  /** Ours, member: POST {item_id} ('' none) → RideShop. */
  setActiveRide: '/share/v1/setActiveRide',
} as const;

export interface RideOffer {
  offer_id: string;
  /** The catalogue item it is drawn from (its picture and name). */
  giftid: string;
  name: string;
  small_imgurl: string;
  days: number;
  /** Credits. */
  credit: number;
}

/** What the shop sells: offer id → catalogue gift, days held, price in hundredths of a credit. */
export const RIDE_OFFERS = [
  { offer_id: 'RIDE-CAR-7', giftid: 'G103', days: 7, hundredths: 700 },
  { offer_id: 'RIDE-CAR-30', giftid: 'G103', days: 30, hundredths: 2000 },
] as const;

export interface MyRide {
  item_id: string;
  giftid: string;
  name: string;
  small_imgurl: string;
  /** Unix seconds. */
  expires_at: number;
  active: Flag;
}

export interface RideShop {
  offers: RideOffer[];
  rides: MyRide[];
}

export interface RideBought {
  ride: MyRide;
  /** His balance after, credits. */
  credit: number;
  /** 1 when this key had bought already: nothing moved now. */
  repeated: Flag;
}

/** Server → everyone in the room: he arrived in his ride. */
export const RIDE_ENTRANCE_EVENT = 'imShare/liveRoomRideNotice';
export interface RideEntrance {
  room_id: string;
  from_id: string;
  nickname: string;
  giftid: string;
  name: string;
  small_imgurl: string;
}

/** How long the room shows an entrance. */
export const RIDE_ENTRANCE_SHOW_MS = 6_000;

/** Ours, 10756-10759. */
export const RideErrno = {
  UNKNOWN_OFFER: 10756,
  NOT_HELD: 10757,
  KEY_REUSED: 10758,
} as const;

export const RideMessages = {
  unknownOffer: 'This ride is not offered.',
  notHeld: 'You do not hold this ride (it may have expired).',
  keyReused: 'This purchase was already made with other choices. Please choose again.',
} as const;

export const RideTexts = {
  shopTitle: 'Ride shop',
  arrived: (nickname: string, name: string) => `${nickname} arrived in a ${name}`,
  none: 'You have no ride yet. A ride announces you when you enter a broadcaster’s room.',
} as const;
