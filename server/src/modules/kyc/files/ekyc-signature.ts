import { X509Certificate, type KeyObject } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import { HttpError } from '../../../errors.js';

// The offline e-KYC's enveloped XML signature (UIDAI signs the whole document: one Reference
// with URI "" and the enveloped-signature transform; RSA-SHA1 over SHA-256 digests so far),
// checked against the certificate the Admin pinned in the KYC settings, never against the
// X509Certificate the file carries in its KeyInfo: anyone can embed their own there.
// What the caller reads afterwards is the XML the signature covers (xml-crypto's
// getSignedReferences), re-parsed, never the uploaded DOM, so an element slipped in beside the
// signed data (signature wrapping) is not in what is read.

const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';
export const EKYC_ROOT = 'OfflinePaperlessKyc';

const notEkyc = () => new HttpError(422, 'kycAadhaarXmlInvalid');
const badSignature = () => new HttpError(422, 'kycAadhaarSignature');

/**
 * Well-formed XML or `kycAadhaarXmlInvalid`. A DOCTYPE is refused before parsing: UIDAI files
 * have none, and a DTD is where entity expansion and external references live.
 */
export function parseXmlStrictly(text: string): Document {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw notEkyc();
  const problems: string[] = [];
  const report = (message: unknown) => {
    problems.push(String(message));
  };
  const document = new DOMParser({ errorHandler: { warning: report, error: report, fatalError: report } }).parseFromString(text, 'text/xml');
  if (problems.length > 0 || !document.documentElement || document.doctype) throw notEkyc();
  return document;
}

/** The bytes as UTF-8 text (what UIDAI writes), or `kycAadhaarXmlInvalid`. */
export function decodeXml(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw notEkyc();
  }
}

function pinnedKey(certificatePem: string): KeyObject {
  try {
    return new X509Certificate(certificatePem).publicKey;
  } catch {
    throw new HttpError(422, 'kycCertificateInvalid');
  }
}

function elementChildren(node: Element): Element[] {
  return Array.from(node.childNodes).filter((child): child is Element => child.nodeType === 1);
}

/**
 * Checks the document's signature against the pinned certificate and answers the signed XML
 * (canonical, the Signature itself removed by the enveloped transform).
 * Not an offline e-KYC → `kycAadhaarXmlInvalid`; unsigned, altered or signed by another key →
 * `kycAadhaarSignature`.
 *
 * The certificate's validity dates are not checked: UIDAI has kept signing files with a
 * certificate past its notAfter, and the Admin chooses which certificate is trusted.
 */
export function verifiedSignedXml(text: string, certificatePem: string): string {
  const key = pinnedKey(certificatePem);
  const document = parseXmlStrictly(text);
  const root = document.documentElement;
  if (root.localName !== EKYC_ROOT || root.namespaceURI) throw notEkyc();

  // Exactly one signature, directly under the root, as UIDAI places it: any other arrangement
  // is not a file UIDAI made.
  const signatures = Array.from(document.getElementsByTagNameNS(DSIG_NS, 'Signature'));
  const [signature] = signatures;
  if (!signature) throw badSignature();
  if (signatures.length !== 1 || signature.parentNode !== root) throw notEkyc();

  const verifier = new SignedXml({
    publicCert: key,
    // Never a key from the document's KeyInfo (xml-crypto 6's default, stated so no upgrade flips it).
    getCertFromKeyInfo: () => null,
  });
  let signed: string[];
  try {
    verifier.loadSignature(signature);
    // The whole document and nothing else: a reference to a part would leave the rest unsigned.
    const references = verifier.getReferences();
    if (references.length !== 1 || references[0]?.uri !== '') throw badSignature();
    if (verifier.checkSignature(text) !== true) throw badSignature();
    signed = verifier.getSignedReferences();
  } catch {
    throw badSignature();
  }
  if (signed.length !== 1 || !signed[0]) throw badSignature();
  return signed[0];
}

/** The signed document's root, re-parsed from the signed XML. */
export function signedRoot(signedXml: string): Element {
  const root = parseXmlStrictly(signedXml).documentElement;
  if (root.localName !== EKYC_ROOT || root.namespaceURI) throw notEkyc();
  return root;
}

/** The child element so named, null when there is none; more than one → `kycAadhaarXmlInvalid`. */
export function optionalChild(parent: Element, name: string): Element | null {
  const found = elementChildren(parent).filter((child) => child.localName === name && !child.namespaceURI);
  if (found.length > 1) throw notEkyc();
  return found[0] ?? null;
}

/** The one child element so named, or `kycAadhaarXmlInvalid`. */
export function onlyChild(parent: Element, name: string): Element {
  const found = optionalChild(parent, name);
  if (!found) throw notEkyc();
  return found;
}
