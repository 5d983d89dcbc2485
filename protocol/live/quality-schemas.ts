/** The payload schema of setQuality: any short text for quality, so a wrong one gets its own errno. */
import { z } from 'zod';
import { viewerId } from './live-schemas';

export const SetQualityBody = z.object({
  viewer_id: viewerId,
  quality: z.string().max(16),
});
