/** Flowers and real gifts (spec 002 §7 getCartGiftTypeNum, getResentRecipientList; the rest ours). */
import {
  AdvanceDeliveryBody,
  AnchorIdBody,
  CartAddBody,
  CartRemoveBody,
  CartSetBody,
  CheckoutBody,
  DeliveryPageBody,
  OperatorDeliveryListBody,
  OptionalAnchorBody,
  OrderIdBody,
} from '../../../protocol/flowers/flower-schemas';
import { FlowerApi } from '../../../protocol/flowers/flowers';
import { Empty } from '../../../protocol/schemas';
import { defineRoute } from '../../http/route';

export const flowerRoutes = [
  defineRoute({
    path: FlowerApi.getStoreList,
    auth: 'man',
    schema: AnchorIdBody,
    handler: (ctx, body) => ctx.services.flowers.store(body.anchor_id),
  }),
  defineRoute({
    path: FlowerApi.getCartList,
    auth: 'man',
    schema: OptionalAnchorBody,
    handler: (ctx, body) => ctx.services.flowers.cart(ctx.caller.userid, body.anchor_id),
  }),
  defineRoute({
    path: FlowerApi.addCart,
    auth: 'man',
    schema: CartAddBody,
    handler: (ctx, body) =>
      ctx.services.flowers.setLine(ctx.caller.userid, body.anchor_id, body.item_id, body.num, true),
  }),
  defineRoute({
    path: FlowerApi.updateCart,
    auth: 'man',
    schema: CartSetBody,
    handler: (ctx, body) =>
      ctx.services.flowers.setLine(ctx.caller.userid, body.anchor_id, body.item_id, body.num),
  }),
  defineRoute({
    path: FlowerApi.removeCart,
    auth: 'man',
    schema: CartRemoveBody,
    handler: (ctx, body) => ctx.services.flowers.setLine(ctx.caller.userid, body.anchor_id, body.item_id, 0),
  }),
  defineRoute({
    path: FlowerApi.getCartGiftTypeNum,
    auth: 'man',
    schema: OptionalAnchorBody,
    handler: (ctx, body) => ctx.services.flowers.typeNum(ctx.caller.userid, body.anchor_id),
  }),
  defineRoute({
    path: FlowerApi.checkout,
    auth: 'man',
    schema: CheckoutBody,
    handler: (ctx, body) =>
      ctx.services.flowers.checkout(
        ctx.caller.userid,
        body.anchor_id,
        body.order_key,
        body.total,
        body.offer_key,
      ),
  }),
  defineRoute({
    path: FlowerApi.cancelOrder,
    auth: 'man',
    schema: OrderIdBody,
    handler: (ctx, body) => ctx.services.flowers.cancel(ctx.caller.userid, body.order_id),
  }),
  defineRoute({
    path: FlowerApi.getDeliveryList,
    auth: 'man',
    schema: DeliveryPageBody,
    handler: (ctx, body) => ctx.services.flowers.deliveries(ctx.caller.userid, body.start, body.step),
  }),
  defineRoute({
    path: FlowerApi.getResentRecipientList,
    auth: 'man',
    schema: Empty,
    handler: (ctx) => ctx.services.flowers.recentRecipients(ctx.caller.userid),
  }),
  defineRoute({
    path: FlowerApi.operatorDeliveryList,
    auth: 'operator',
    operatorRole: 'deliveries',
    schema: OperatorDeliveryListBody,
    handler: (ctx, body) => ctx.services.flowers.operatorList(body.status || 'open'),
  }),
  defineRoute({
    path: FlowerApi.operatorAdvance,
    auth: 'operator',
    operatorRole: 'deliveries',
    schema: AdvanceDeliveryBody,
    handler: (ctx, body) => ctx.services.flowers.advance(body.order_id, body.status, body.photo_url),
  }),
];
