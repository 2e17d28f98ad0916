// make-hero-video.mjs stops at once when ffmpeg is missing (imported first, before any drawing).
import { spawnSync } from 'node:child_process';

const probe = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' });
if (probe.error || probe.status !== 0) {
  console.error('ffmpeg is required: apt-get install -y ffmpeg');
  process.exit(1);
}
