import sharp from 'sharp';
import { verhoeffDigit } from '../../common/domains/kyc/rules';
import { sealedFetch, type ApiSession } from './sealed-api';

// KYC files and subjects for the browser tests, made at test time.

/** An Aadhaar number that passes the Verhoeff check, from 11 digits (the first 2–9). */
export const validAadhaar = (first11: string) => `${first11}${verhoeffDigit(first11)}`;
export const spaced = (digits: string) => `${digits.slice(0, 4)} ${digits.slice(4, 8)} ${digits.slice(8)}`;

/** The card images are 800×500, with `text` printed where CARD_NUMBER says (an Aadhaar number's first 8 digits fill it). */
export const CARD = { width: 800, height: 500 };
export const CARD_NUMBER = { x: 50, y: 265, width: 380, height: 90 };

export function cardImage(text: string, background: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD.width}" height="${CARD.height}">
    <rect width="100%" height="100%" fill="${background}"/>
    <text x="60" y="120" font-size="44" font-family="sans-serif" fill="#202020">GOVERNMENT OF INDIA</text>
    <text x="60" y="330" font-size="64" font-family="monospace" fill="#000000">${text}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

export const SUBJECT = { name: 'Asha Verma', dob: '1990-04-01', gender: 'F', addressLine: '12 MG Road', city: 'Pune', state: 'Maharashtra', pinCode: '411001' };

/** POST kyc/subjects as the upload page sends it: `subject` JSON, then files named by type. */
export function postSubject(session: ApiSession, fields: Record<string, string>, files: Record<string, Buffer>): Promise<Response> {
  const form = new FormData();
  form.append('subject', JSON.stringify({ ...SUBJECT, ...fields }));
  for (const [type, bytes] of Object.entries(files)) form.append(type, new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `${type}.jpg`);
  return sealedFetch(session, 'POST', 'be-api-management/kyc/subjects', form);
}
