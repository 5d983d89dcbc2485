/** Rides' calls (paths and shapes in protocol/rides/rides.ts). */
import { RideApi, type RideBought, type RideShop } from '../../../protocol/rides/rides';
import { call } from '../../api/http';

export const getRideShop = () => call<RideShop>(RideApi.getRideShop, {});
export const buyRide = (offer_id: string, key: string) =>
  call<RideBought>(RideApi.buyRide, { offer_id, key });
export const setActiveRide = (item_id: string) => call<RideShop>(RideApi.setActiveRide, { item_id });
