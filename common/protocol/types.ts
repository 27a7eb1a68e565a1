export interface SealInput {
  username: string;
  userId: string;
  accessToken: string;
  rcKey: string;
  publicKeyPem: string;
  /** Fixed only by tests and vectors; a real request takes 16 fresh random bytes. */
  salt?: Uint8Array;
  /** Epoch ms; defaults to Date.now(). */
  ts?: number;
}

export interface SealedHeaders {
  Authorization: string;
  'encrypted-key': string;
  'key-padding': string;
  'unique-req-id': string;
}

export interface Sealer {
  readonly kind: 'webcrypto' | 'forge-worker';
  seal(input: SealInput): Promise<SealedHeaders>;
}

export interface SealWorkerRequest {
  id: number;
  input: SealInput;
}

export type SealWorkerResponse =
  | { id: number; headers: SealedHeaders }
  | { id: number; error: string };
