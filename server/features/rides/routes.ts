/** Rides' calls (ours: protocol/rides). */
import { RideApi } from '../../../protocol/rides/rides';
import { BuyRideBody, SetActiveRideBody } from '../../../protocol/rides/rides-schemas';
import { Empty } from '../../../protocol/schemas';
import { defineRoute } from '../../http/route';

export const rideRoutes = [
  defineRoute({
    path: RideApi.getRideShop,
    auth: 'man',
    schema: Empty,
    handler: (ctx) => ctx.services.rides.shop(ctx.caller.userid),
  }),
  defineRoute({
    path: RideApi.buyRide,
    auth: 'man',
    schema: BuyRideBody,
    handler: (ctx, body) => ctx.services.rides.buy(ctx.caller.userid, body.offer_id, body.key),
  }),
  defineRoute({
    path: RideApi.setActiveRide,
    auth: 'man',
    schema: SetActiveRideBody,
    handler: (ctx, body) => ctx.services.rides.setActive(ctx.caller.userid, body.item_id),
  }),
];
