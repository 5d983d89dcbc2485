/** Her album: getAnchorAlbum (spec 002 §7), members' interest, and her own list and changes (ours). */
import {
  AddAlbumItemBody,
  AlbumItemBody,
  AnchorAlbumBody,
  EditAlbumItemBody,
  LadyAlbumListBody,
} from '../../../protocol/albums/album-schemas';
import { Api } from '../../../protocol/paths';
import { defineRoute } from '../../http/route';

export const albumRoutes = [
  defineRoute({
    path: Api.getAnchorAlbum,
    auth: 'user',
    schema: AnchorAlbumBody,
    async handler(ctx, body) {
      return ctx.services.albums.anchorAlbum(ctx.caller, body.userid, body);
    },
  }),
  defineRoute({
    path: Api.addAlbumInterested,
    auth: 'man',
    schema: AlbumItemBody,
    async handler(ctx, body) {
      return ctx.services.albums.setInterested(ctx.caller.userid, body.id, true);
    },
  }),
  defineRoute({
    path: Api.deleteAlbumInterested,
    auth: 'man',
    schema: AlbumItemBody,
    async handler(ctx, body) {
      return ctx.services.albums.setInterested(ctx.caller.userid, body.id, false);
    },
  }),
  defineRoute({
    path: Api.ladyAlbumList,
    auth: 'lady',
    schema: LadyAlbumListBody,
    async handler(ctx, body) {
      return ctx.services.albums.anchorAlbum(ctx.caller, ctx.caller.userid, body);
    },
  }),
  defineRoute({
    path: Api.ladyAddAlbumItem,
    auth: 'lady',
    schema: AddAlbumItemBody,
    async handler(ctx, body) {
      return ctx.services.albums.addItem(ctx.caller.userid, {
        uploadId: body.upload_id,
        coverId: body.cover_id,
        desc: body.file_desc,
        isPrivate: body.is_private === 1,
      });
    },
  }),
  defineRoute({
    path: Api.ladyEditAlbumItem,
    auth: 'lady',
    schema: EditAlbumItemBody,
    async handler(ctx, body) {
      return ctx.services.albums.editItem(ctx.caller.userid, body.id, {
        desc: body.file_desc,
        isPrivate: body.is_private === undefined ? undefined : body.is_private === 1,
      });
    },
  }),
  defineRoute({
    path: Api.ladyDeleteAlbumItem,
    auth: 'lady',
    schema: AlbumItemBody,
    async handler(ctx, body) {
      return ctx.services.albums.deleteItem(ctx.caller.userid, body.id);
    },
  }),
];
