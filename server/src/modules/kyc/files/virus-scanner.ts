// Uploaded files are scanned before they are kept (docs/kyc.md "Files"). Callers see this
// interface only; the ClamAV adapter (clamd) is one implementation, "none configured" another.

export type ScanResult = { status: 'clean' } | { status: 'infected'; signature: string } | { status: 'skipped' };

export interface VirusScanner {
  /** False when no scanner is set up: scan() then answers `skipped` without looking. */
  readonly configured: boolean;
  scan(data: Buffer): Promise<ScanResult>;
}

/** A scanner is configured but did not answer (down, unreachable, timed out, refused the stream): the route answers 503 kycScanUnavailable. */
export class ScannerUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ScannerUnavailableError';
  }
}

/** No scanner set up: files are kept with scan_status `skipped` (the KYC scan policy decides whether they may be approved). */
export const noVirusScanner: VirusScanner = {
  configured: false,
  scan: () => Promise.resolve({ status: 'skipped' }),
};
