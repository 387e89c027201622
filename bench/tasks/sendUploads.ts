/**
 * Sends `count` uploads of `bytes` random bytes at once to a running server, each tried again
 * after Retry-After until it is taken (bench/lib.ts, uploadUntilTaken). A process of its own, so
 * that writing the bodies never delays the pings that parallelUploads.ts times in its process.
 * Arguments: the server's URL, the session cookie, the upload target as JSON, count, bytes.
 * Reports the epoch times (ms) of the first send and the last answer, and the 503s and 429s met.
 */
import { report, type UploadTarget, uploadUntilTaken } from '../lib';

const [url, cookie, targetJson, countText, bytesText] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
];
const target = JSON.parse(targetJson) as UploadTarget;

/** The start of a zip and random bytes: taken by the upload, refused quickly by the validation. */
function uploadFile(bytes: number): Buffer<ArrayBuffer> {
  const content = Buffer.alloc(bytes);
  let state = 0x2545f491;
  for (let i = 0; i < content.length; i += 4) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    content.writeInt32LE(state | 0, i);
  }
  content.set([0x50, 0x4b, 0x03, 0x04]);
  return content;
}

const epochNow = () => performance.timeOrigin + performance.now();
const content = uploadFile(Number(bytesText));
const startedAt = epochNow();
const uploads = await Promise.all(
  Array.from({ length: Number(countText) }, async () => {
    const { refused } = await uploadUntilTaken(url, cookie, target, content);
    return { refused, answeredAt: epochNow() };
  }),
);
report({
  startedAt,
  endedAt: Math.max(...uploads.map((upload) => upload.answeredAt)),
  refused: uploads.reduce((sum, upload) => sum + upload.refused, 0),
});
