import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';
import { sealWithForge } from '../src/protocol/seal-forge';
import { sealWithWebCrypto } from '../src/protocol/seal-webcrypto';
import type { SealInput } from '../common/protocol/types';
import { ms, summarize } from './stats';

// The client's two sealing paths, timed per request. Measured under Node:
// WebCrypto is the same engine family the page uses, and forge is forced to
// pure JavaScript exactly as it runs in a browser's Web Worker.
export async function benchSealCost(rounds = 60): Promise<void> {
  // @types/node-forge does not declare forge.options.
  (forge as unknown as { options: { usePureJavaScript: boolean } }).options.usePureJavaScript = true;
  const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 3072 });
  const input: SealInput = {
    username: 'analyst',
    userId: '3',
    accessToken: 'x'.repeat(43),
    rcKey: '00000001.c2VlZDlyYy1rZXktMDAwMDAwMDEtc2VjcmV0',
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };

  await sealWithWebCrypto(input); // warm the key import cache, as a session does
  const webcrypto: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const start = performance.now();
    await sealWithWebCrypto(input);
    webcrypto.push(performance.now() - start);
  }

  sealWithForge(input);
  const forgeTimes: number[] = [];
  for (let round = 0; round < Math.ceil(rounds / 3); round += 1) {
    const start = performance.now();
    sealWithForge(input);
    forgeTimes.push(performance.now() - start);
  }

  const w = summarize(webcrypto);
  const f = summarize(forgeTimes);
  console.log('\n## Client sealing cost per request (RSA 3072, PBKDF2-SHA-256 x10000)');
  console.log(`webcrypto        mean ${ms(w.mean)}  p50 ${ms(w.p50)}  p95 ${ms(w.p95)}  (n=${webcrypto.length})`);
  console.log(`forge (pure JS)  mean ${ms(f.mean)}  p50 ${ms(f.p50)}  p95 ${ms(f.p95)}  (n=${forgeTimes.length}; runs in a Web Worker in the page)`);
}
