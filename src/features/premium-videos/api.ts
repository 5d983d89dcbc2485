/** The premium video calls (paths and answer shapes in protocol/premium-videos/premium-videos.ts). */
import {
  type BuyVideoAnswer,
  type InterestedAnswer,
  type LadyVideoListData,
  PREMIUM_COVER_UPLOAD_PATH,
  PREMIUM_LIST_STEP,
  PREMIUM_VIDEO_UPLOAD_PATH,
  type PremiumUploadAnswer,
  PremiumVideoApi,
  type PremiumVideoDetailData,
  type PremiumVideoListData,
} from '../../../protocol/premium-videos/premium-videos';
import { call } from '../../api/http';
import { uploadWithProgress } from '../../api/upload';

export type { LadyPremiumVideo, PremiumVideo } from '../../../protocol/premium-videos/premium-videos';

export const getAnchorVideos = (anchorId: string) =>
  call<PremiumVideoListData>(PremiumVideoApi.anchorVideoList, { anchor_id: anchorId });
export const getVideoList = (start: number, step = PREMIUM_LIST_STEP) =>
  call<PremiumVideoListData>(PremiumVideoApi.videoList, { start, step });
export const getMyVideoList = (start: number, step = PREMIUM_LIST_STEP) =>
  call<PremiumVideoListData>(PremiumVideoApi.myVideoList, { start, step });
export const getVideoDetail = async (videoId: string) =>
  (await call<PremiumVideoDetailData>(PremiumVideoApi.videoDetail, { video_id: videoId })).video;
export const setInterested = (videoId: string, on: boolean) =>
  call<InterestedAnswer>(on ? PremiumVideoApi.addInterested : PremiumVideoApi.deleteInterested, {
    video_id: videoId,
  });
export const buyVideo = (videoId: string) =>
  call<BuyVideoAnswer>(PremiumVideoApi.buyVideo, { video_id: videoId });

// ---- Broadcasters.

export const getLadyVideos = async () => (await call<LadyVideoListData>(PremiumVideoApi.ladyVideoList)).list;
export const addLadyVideo = (form: {
  video_file_id: string;
  cover_file_id: string;
  title: string;
  description: string;
  duration: number;
}) => call<PremiumVideoDetailData>(PremiumVideoApi.ladyAddVideo, form);
export const editLadyVideo = (videoId: string, title: string, description: string) =>
  call<PremiumVideoDetailData>(PremiumVideoApi.ladyEditVideo, { video_id: videoId, title, description });
export const deleteLadyVideo = (videoId: string) =>
  call<{ video_id: string; buyers: number }>(PremiumVideoApi.ladyDeleteVideo, { video_id: videoId });

export const uploadPremiumVideo = (file: Blob, onProgress: (share: number) => void) =>
  uploadWithProgress<PremiumUploadAnswer>(PREMIUM_VIDEO_UPLOAD_PATH, file, onProgress);
export const uploadPremiumCover = (file: Blob) =>
  uploadWithProgress<PremiumUploadAnswer>(PREMIUM_COVER_UPLOAD_PATH, file);
