import { renderVideo } from '../modules/finview/render/video.js';
import { decodeWith } from '../lib/upload-guard/image.js';
import type { RenderChildMessage, RenderRequest } from '../modules/finview/render/render-child.js';

// A child process (render-child.ts forks it) that renders one video and exits: whatever the
// render does to memory (sharp, big frames) ends with the process, a heap limit set by the
// parent stops a runaway, and the parent can kill it (and its ffmpeg, same process group) at
// any time. It writes only under the paths it is given; video.ts renames its files into place
// only after ffmpeg exited 0, and the parent stores them only after this process exited 0.

const controller = new AbortController();

// This process renders one video and exits: libvips' defaults (a thread pool, a cache), not the
// server's one thread; every decode still goes through the image guard.
decodeWith(() => import('sharp').then((module) => module.default));

function send(message: RenderChildMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send || !process.connected) return resolve();
    process.send(message, undefined, {}, () => resolve());
  });
}

// The parent died (a kill -9 of the server): stop, so no orphan keeps rendering.
process.on('disconnect', () => {
  controller.abort();
  setTimeout(() => process.exit(1), 2000).unref();
});

process.once('message', (request: RenderRequest) => {
  let lastSent = 0;
  renderVideo(request.video, {
    output: request.output,
    poster: request.poster,
    preset: request.preset,
    crf: request.crf,
    signal: controller.signal,
    onProgress: (done, total) => {
      // A message per frame is cheap, but a 1080p60 render has thousands: at most ~100 a render.
      if (done < total && done - lastSent < total / 100) return;
      lastSent = done;
      void send({ type: 'progress', done, total });
    },
  })
    .then(async (result) => {
      await send({ type: 'done', frames: result.frames, bytes: result.bytes, elapsedMs: result.elapsedMs });
      process.exit(0);
    })
    .catch(async (error: unknown) => {
      await send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
      process.exit(1);
    });
});

void send({ type: 'ready' });
