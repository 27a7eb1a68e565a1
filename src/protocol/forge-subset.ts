// node-forge's index loads all of forge (TLS, X.509, PKCS#7 and #12, SSH, DES, ...): 77 KiB gzip in
// every bundle that seals. Sealing needs PEM, ASN.1, RSA-OAEP, PBKDF2, SHA-256 and AES-CBC; these
// modules alone are 34 KiB. Each registers itself on the shared forge object when imported.
import type Forge from 'node-forge';
import forge from 'node-forge/lib/forge';
import 'node-forge/lib/util';
import 'node-forge/lib/pem';
import 'node-forge/lib/asn1';
import 'node-forge/lib/rsa';
import 'node-forge/lib/pbkdf2';
import 'node-forge/lib/sha256';
import 'node-forge/lib/aes';

export const sealingForge = forge as typeof Forge;

/** forge's own publicKeyFromPem lives in its X.509 module (27 KiB); this is its body for a public key. */
export function publicKeyFromPem(pem: string): Forge.pki.rsa.PublicKey {
  const [message] = sealingForge.pem.decode(pem);
  if (!message || (message.type !== 'PUBLIC KEY' && message.type !== 'RSA PUBLIC KEY')) {
    throw new Error('the public key is not a PEM "PUBLIC KEY" or "RSA PUBLIC KEY"');
  }
  if (message.procType?.type === 'ENCRYPTED') throw new Error('the public key PEM is encrypted');
  return sealingForge.pki.publicKeyFromAsn1(sealingForge.asn1.fromDer(message.body)) as Forge.pki.rsa.PublicKey;
}
