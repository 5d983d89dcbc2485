/** Calls for scheduled shows and tickets, on the member's and the broadcaster's side. */
import {
  CreateShowBody,
  FollowShowBody,
  MyTicketListBody,
  ShowIdBody,
  ShowListBody,
  ShowListWithAnchorBody,
} from '../../../protocol/schemas';
import { ShowApi, TICKET_LIST } from '../../../protocol/shows/shows';
import { defineRoute } from '../../http/route';

export const showRoutes = [
  // Either side: a broadcaster sees her own show (without a ticket of hers).
  defineRoute({
    path: ShowApi.getShowDetail,
    auth: 'user',
    schema: ShowIdBody,
    async handler(ctx, body) {
      return ctx.services.shows.detail(body.live_show_id, ctx.caller.userid, ctx.caller.role === 'man');
    },
  }),
  // The member's side.
  defineRoute({
    path: ShowApi.showList,
    auth: 'man',
    schema: ShowListBody,
    async handler(ctx, body) {
      return ctx.services.shows.calendar(ctx.caller.userid, body.start, body.step);
    },
  }),
  defineRoute({
    path: ShowApi.showListWithAnchorId,
    auth: 'man',
    schema: ShowListWithAnchorBody,
    async handler(ctx, body) {
      return ctx.services.shows.byAnchor(
        ctx.caller.userid,
        body.anchor_id,
        body.sort_type,
        body.start,
        body.step,
      );
    },
  }),
  defineRoute({
    path: ShowApi.myTicketList,
    auth: 'man',
    schema: MyTicketListBody,
    async handler(ctx, body) {
      const history = body.type === TICKET_LIST.history;
      return ctx.services.shows.myTickets(ctx.caller.userid, history, body.start, body.step);
    },
  }),
  defineRoute({
    path: ShowApi.buyTicket,
    auth: 'man',
    schema: ShowIdBody,
    async handler(ctx, body) {
      return ctx.services.shows.buy(ctx.caller.userid, body.live_show_id);
    },
  }),
  defineRoute({
    path: ShowApi.followShow,
    auth: 'man',
    schema: FollowShowBody,
    async handler(ctx, body) {
      return ctx.services.shows.follow(ctx.caller.userid, body.live_show_id, body.cancel);
    },
  }),
  // The broadcaster's side.
  defineRoute({
    path: ShowApi.myShowList,
    auth: 'lady',
    schema: ShowListBody,
    async handler(ctx, body) {
      return ctx.services.shows.ownShows(ctx.caller.userid, body.start, body.step);
    },
  }),
  defineRoute({
    path: ShowApi.createShow,
    auth: 'lady',
    schema: CreateShowBody,
    async handler(ctx, body) {
      return ctx.services.shows.create(ctx.caller.userid, body);
    },
  }),
  defineRoute({
    path: ShowApi.cancelShow,
    auth: 'lady',
    schema: ShowIdBody,
    async handler(ctx, body) {
      return ctx.services.shows.cancel(ctx.caller.userid, body.live_show_id);
    },
  }),
];
