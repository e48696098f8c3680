import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/*
 * What ffprobe (FFmpeg, decision 019, from the PATH) says of a video or audio file: one call for
 * the school pack's lengths and the video conversion's renditions.
 */

const run = promisify(execFile);

export interface ProbedMedia {
  /** Seconds (an HLS playlist: of its segments); 0 when ffprobe found none. */
  duration: number;
  /** Height of the first video stream; null for sound alone. */
  videoHeight: number | null;
  hasAudio: boolean;
}

export async function probeMedia(file: string): Promise<ProbedMedia> {
  const { stdout } = await run(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'stream=codec_type,height:format=duration', '-of', 'json', file],
    { timeout: 60_000 },
  );
  const found = JSON.parse(stdout) as {
    streams?: { codec_type?: string; height?: number }[];
    format?: { duration?: string };
  };
  const video = found.streams?.find((stream) => stream.codec_type === 'video');
  const duration = Number.parseFloat(found.format?.duration ?? '0');
  return {
    duration: Number.isFinite(duration) ? duration : 0,
    videoHeight: video?.height ?? null,
    hasAudio: found.streams?.some((stream) => stream.codec_type === 'audio') ?? false,
  };
}
