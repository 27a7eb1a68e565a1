// finview renders videos by piping raw frames into Debian's ffmpeg (libx264) and reads them
// back with ffprobe in the tests: installed here when missing and we are root, as Chromium is.
import { existsSync } from 'node:fs';
import { aptInstall, canAptInstall } from './apt-install.mjs';

const FFMPEG_PATH = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';
const FFPROBE_PATH = process.env.FFPROBE_PATH ?? '/usr/bin/ffprobe';

if (!existsSync(FFMPEG_PATH) || !existsSync(FFPROBE_PATH)) {
  if (!canAptInstall()) {
    console.error(
      `ffmpeg is missing (${FFMPEG_PATH}, ${FFPROBE_PATH}) and cannot be installed automatically here.\n` +
        'Install Debian\'s "ffmpeg" package (or set FFMPEG_PATH and FFPROBE_PATH) and run the tests again.',
    );
    process.exit(1);
  }
  console.log('ffmpeg not found: installing Debian\'s ffmpeg package...');
  // Recommends would pull in desktop audio/video servers the renderer never uses.
  aptInstall(['ffmpeg'], { noRecommends: true });
  if (!existsSync(FFMPEG_PATH) || !existsSync(FFPROBE_PATH)) {
    console.error(`apt-get finished but ${FFMPEG_PATH} or ${FFPROBE_PATH} is still missing.`);
    process.exit(1);
  }
}
